//! Project thumbnails arrive as `data:image/png;base64,...` URLs (the canvas
//! captures a 400x300 PNG, see `dastyar_core::thumbnail`). Only a well-formed,
//! reasonably small PNG is kept.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;

const PREFIX: &str = "data:image/png;base64,";
/// Largest decoded picture.
pub const MAX_BYTES: usize = 1024 * 1024;
/// Largest width or height.
pub const MAX_SIDE: u32 = 4096;
const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
const IEND: [u8; 12] = [0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82];

/// Why a thumbnail was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThumbnailError {
    /// Not a `data:image/png;base64,` URL.
    NotPngDataUrl,
    /// The base64 does not decode.
    BadBase64,
    /// Decoded, but not a PNG (signature, header or end missing or corrupt).
    NotPng,
    /// Over [`MAX_BYTES`] or [`MAX_SIDE`].
    TooLarge,
}

impl ThumbnailError {
    pub fn reason(self) -> &'static str {
        match self {
            ThumbnailError::NotPngDataUrl => "expected a data:image/png;base64, URL",
            ThumbnailError::BadBase64 => "the base64 does not decode",
            ThumbnailError::NotPng => "not a PNG picture",
            ThumbnailError::TooLarge => "the picture is too large",
        }
    }
}

/// A checked thumbnail: its data URL as it will be stored, and its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thumbnail {
    pub data_url: String,
    pub width: u32,
    pub height: u32,
}

/// Checks a data URL and returns it in its stored form.
pub fn parse(data_url: &str) -> Result<Thumbnail, ThumbnailError> {
    let data_url = data_url.trim();
    let head = data_url.get(..PREFIX.len()).ok_or(ThumbnailError::NotPngDataUrl)?;
    if !head.eq_ignore_ascii_case(PREFIX) {
        return Err(ThumbnailError::NotPngDataUrl);
    }
    let encoded = &data_url[PREFIX.len()..];
    // Refuse before decoding what cannot fit.
    if encoded.len() > MAX_BYTES.div_ceil(3) * 4 {
        return Err(ThumbnailError::TooLarge);
    }
    let bytes = STANDARD.decode(encoded).map_err(|_| ThumbnailError::BadBase64)?;
    if bytes.len() > MAX_BYTES {
        return Err(ThumbnailError::TooLarge);
    }
    let (width, height) = png_size(&bytes)?;
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(ThumbnailError::TooLarge);
    }
    Ok(Thumbnail { data_url: format!("{PREFIX}{encoded}"), width, height })
}

/// Width and height from a PNG's header, after checking the signature, the
/// header chunk (length, type, CRC, field values) and the closing IEND chunk.
fn png_size(bytes: &[u8]) -> Result<(u32, u32), ThumbnailError> {
    const HEADER_END: usize = 8 + 4 + 4 + 13 + 4;
    if bytes.len() < HEADER_END + IEND.len() || bytes[..8] != SIGNATURE || !bytes.ends_with(&IEND) {
        return Err(ThumbnailError::NotPng);
    }
    let length = u32::from_be_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if length != 13 || &bytes[12..16] != b"IHDR" {
        return Err(ThumbnailError::NotPng);
    }
    let stored_crc = u32::from_be_bytes(bytes[29..33].try_into().expect("4 bytes"));
    if crc32(&bytes[12..29]) != stored_crc {
        return Err(ThumbnailError::NotPng);
    }
    let header = &bytes[16..29];
    let width = u32::from_be_bytes(header[0..4].try_into().expect("4 bytes"));
    let height = u32::from_be_bytes(header[4..8].try_into().expect("4 bytes"));
    let (depth, colour, compression, filter, interlace) =
        (header[8], header[9], header[10], header[11], header[12]);
    let depth_ok = match colour {
        0 => matches!(depth, 1 | 2 | 4 | 8 | 16),
        3 => matches!(depth, 1 | 2 | 4 | 8),
        2 | 4 | 6 => matches!(depth, 8 | 16),
        _ => false,
    };
    if width == 0 || height == 0 || !depth_ok || compression != 0 || filter != 0 || interlace > 1 {
        return Err(ThumbnailError::NotPng);
    }
    Ok((width, height))
}

/// The CRC-32 PNG chunks carry (ISO 3309, polynomial 0xEDB88320).
fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xedb8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A real 1x1 PNG.
    const ONE_PIXEL: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

    #[test]
    fn crc_matches_the_png_spec() {
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    #[test]
    fn a_real_png_passes() {
        let thumb = parse(&format!("data:image/png;base64,{ONE_PIXEL}")).unwrap();
        assert_eq!((thumb.width, thumb.height), (1, 1));
        assert!(thumb.data_url.starts_with(PREFIX));
        assert!(parse(&format!("DATA:image/PNG;base64,{ONE_PIXEL}")).is_ok());
    }

    #[test]
    fn everything_else_is_refused() {
        assert_eq!(parse(""), Err(ThumbnailError::NotPngDataUrl));
        assert_eq!(parse("data:image/jpeg;base64,AAAA"), Err(ThumbnailError::NotPngDataUrl));
        assert_eq!(parse("data:image/png;base64,@@@"), Err(ThumbnailError::BadBase64));
        assert_eq!(parse("data:image/png;base64,aGVsbG8gd29ybGQ="), Err(ThumbnailError::NotPng));
        let mut png = STANDARD.decode(ONE_PIXEL).unwrap();
        png[20] ^= 1; // corrupt the width: the CRC no longer matches
        assert_eq!(
            parse(&format!("{PREFIX}{}", STANDARD.encode(&png))),
            Err(ThumbnailError::NotPng)
        );
        let huge = "A".repeat(MAX_BYTES * 2);
        assert_eq!(parse(&format!("{PREFIX}{huge}")), Err(ThumbnailError::TooLarge));
    }
}

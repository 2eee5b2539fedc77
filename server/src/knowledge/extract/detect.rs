//! Which reader a file needs, from its name, its declared type and its
//! first bytes. The bytes win for the binary formats (a PDF named `.txt`
//! is still a PDF); the name decides among the text formats, which have no
//! signature.

use super::Format;

const PDF_MAGIC: &[u8] = b"%PDF-";
const ZIP_MAGIC: &[u8] = b"PK\x03\x04";
/// An OLE compound file: what a password turns a DOCX or XLSX into (and
/// what the old binary `.doc` and `.xls` are).
pub(super) const OLE_MAGIC: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

impl Format {
    /// The format of a file, or `None` when no reader takes it.
    ///
    /// `first_bytes` needs only the start of the file (1 KiB is plenty).
    pub fn detect(file_name: &str, mime_type: Option<&str>, first_bytes: &[u8]) -> Option<Format> {
        let claimed = by_extension(file_name).or_else(|| mime_type.and_then(by_mime));
        // PDF writers may put a little junk before the header; readers allow 1 KiB.
        let head = &first_bytes[..first_bytes.len().min(1024)];
        if head.windows(PDF_MAGIC.len()).any(|window| window == PDF_MAGIC) {
            return Some(Format::Pdf);
        }
        if first_bytes.starts_with(ZIP_MAGIC) {
            return match claimed {
                Some(format @ (Format::Docx | Format::Xlsx)) => Some(format),
                // A zip's first entries name its kind: `word/…` or `xl/…`.
                _ if contains(first_bytes, b"word/") => Some(Format::Docx),
                _ if contains(first_bytes, b"xl/") => Some(Format::Xlsx),
                _ => None,
            };
        }
        if first_bytes.starts_with(OLE_MAGIC) {
            // Only a DOCX or XLSX by name: its reader tells a password-protected
            // one from an old binary document.
            return claimed.filter(|format| matches!(format, Format::Docx | Format::Xlsx));
        }
        match claimed {
            Some(Format::Pdf | Format::Docx | Format::Xlsx) => claimed,
            _ if looks_binary(first_bytes) => None,
            Some(text_format) => Some(text_format),
            // No name or type we know, but text: read it as plain text.
            None => Some(Format::Text),
        }
    }
}

fn by_extension(file_name: &str) -> Option<Format> {
    let (_, extension) = file_name.rsplit_once('.')?;
    Some(match extension.to_ascii_lowercase().as_str() {
        "txt" | "text" => Format::Text,
        "md" | "markdown" => Format::Markdown,
        "csv" => Format::Csv,
        "json" => Format::Json,
        "html" | "htm" => Format::Html,
        "pdf" => Format::Pdf,
        "docx" => Format::Docx,
        "xlsx" => Format::Xlsx,
        _ => return None,
    })
}

fn by_mime(mime_type: &str) -> Option<Format> {
    let essence = mime_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    Some(match essence.as_str() {
        "text/plain" => Format::Text,
        "text/markdown" | "text/x-markdown" => Format::Markdown,
        "text/csv" => Format::Csv,
        "application/json" => Format::Json,
        "text/html" => Format::Html,
        "application/pdf" => Format::Pdf,
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document" => Format::Docx,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" => Format::Xlsx,
        _ => return None,
    })
}

/// Text has no NUL bytes, unless it is UTF-16 (which starts with a BOM here).
fn looks_binary(first_bytes: &[u8]) -> bool {
    let utf16 = first_bytes.starts_with(&[0xFF, 0xFE]) || first_bytes.starts_with(&[0xFE, 0xFF]);
    !utf16 && first_bytes.contains(&0)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|window| window == needle)
}

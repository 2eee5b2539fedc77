//! What DOCX and XLSX share: both are zip packages of XML, and a password
//! turns either into an OLE compound file holding an encrypted package.

use std::io::Cursor;

use zip::ZipArchive;

use super::ExtractError;
use super::budget::too_large;
use super::detect::OLE_MAGIC;

/// The most a package may unpack to, as its entries declare. The zip
/// reader fails an entry that inflates past its declared size, so this
/// bounds what a zip bomb can make us inflate.
pub(super) const MAX_UNPACKED_BYTES: u64 = 256 * 1024 * 1024;

/// The zip package inside an Office file, once it is known to be neither
/// password-protected nor a bomb.
pub(super) fn open_package(bytes: &[u8]) -> Result<ZipArchive<Cursor<&[u8]>>, ExtractError> {
    if bytes.starts_with(OLE_MAGIC) {
        // Office keeps a protected file's package in the stream named
        // "EncryptedPackage" (its directory names are UTF-16). Any other
        // compound file is an old binary .doc or .xls, which no reader takes.
        let name: Vec<u8> = "EncryptedPackage".encode_utf16().flat_map(u16::to_le_bytes).collect();
        let encrypted = bytes.windows(name.len()).any(|window| window == name.as_slice());
        return Err(if encrypted { ExtractError::Encrypted } else { ExtractError::Unsupported });
    }
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|_| ExtractError::Corrupt)?;
    let mut unpacked = 0u64;
    for index in 0..archive.len() {
        let entry = archive.by_index_raw(index).map_err(|_| ExtractError::Corrupt)?;
        unpacked = unpacked.saturating_add(entry.size());
    }
    if unpacked > MAX_UNPACKED_BYTES {
        return Err(too_large());
    }
    Ok(archive)
}

//! Plain text and Markdown (which reads fine as it is), and the decoding
//! the other text formats share.

use std::borrow::Cow;

use encoding_rs::{Encoding, WINDOWS_1256};

use super::budget::Budget;
use super::{ExtractError, Location, Section};

pub(super) fn read(bytes: &[u8]) -> Result<Vec<Section>, ExtractError> {
    let text = decode(bytes);
    Budget::default().spend(&text)?;
    Ok(vec![Section { location: Location::Whole, text: text.into_owned() }])
}

/// A text file's characters: UTF-8 (its BOM dropped), UTF-16 when a BOM
/// says so, and otherwise Windows-1256, in which older Persian files were
/// saved (it maps every byte, so this never fails).
pub(super) fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if let Some((encoding, bom_length)) = Encoding::for_bom(bytes) {
        return encoding.decode_without_bom_handling(&bytes[bom_length..]).0;
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => WINDOWS_1256.decode_without_bom_handling(bytes).0,
    }
}

//! The characters a file has given so far, against [`MAX_TEXT_CHARS`].

use super::{ExtractError, MAX_TEXT_CHARS};

/// Counts text as a reader gives it, so a reader stops as soon as a file
/// is too large instead of first building all of its text.
#[derive(Debug, Default)]
pub(super) struct Budget {
    used: usize,
}

impl Budget {
    /// Counts `text`; past the limit the file is too large.
    pub(super) fn spend(&mut self, text: &str) -> Result<(), ExtractError> {
        self.used = self.used.saturating_add(text.chars().count());
        if self.used > MAX_TEXT_CHARS { Err(too_large()) } else { Ok(()) }
    }
}

pub(super) fn too_large() -> ExtractError {
    ExtractError::TooLarge { limit_chars: MAX_TEXT_CHARS }
}

//! Names people type (a user's name, a project's name and category): trimmed,
//! and within a length counted in characters, not bytes, as sent.

use dastyar_core::MessageCode;

use crate::error::ApiError;

/// Longest user name.
pub const USER_NAME_MAX: usize = 100;
/// Longest project name.
pub const PROJECT_NAME_MAX: usize = 200;
/// Longest project category.
pub const CATEGORY_MAX: usize = 100;

/// Why a name was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameError {
    Blank,
    TooLong,
}

impl NameError {
    /// The 422 this refusal answers with, on `field` whose limit is `max`.
    pub fn on(self, field: &str, max: usize) -> ApiError {
        match self {
            NameError::Blank => ApiError::invalid(field, MessageCode::FieldRequired),
            NameError::TooLong => ApiError::InvalidInput {
                field: Some(field.to_owned()),
                reason: format!("longer than {max} characters"),
            },
        }
    }
}

/// The trimmed name, if it is not blank and at most `max` characters.
pub fn required(name: &str, max: usize) -> Result<String, NameError> {
    match optional(name, max)? {
        Some(name) => Ok(name),
        None => Err(NameError::Blank),
    }
}

/// The trimmed text, `None` when blank; too long (counted as sent, white
/// space included, as a text field's limit counts) is still an error.
pub fn optional(text: &str, max: usize) -> Result<Option<String>, NameError> {
    if text.chars().count() > max {
        return Err(NameError::TooLong);
    }
    let text = text.trim();
    if text.is_empty() { Ok(None) } else { Ok(Some(text.to_owned())) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trimmed_non_blank_and_bounded_in_characters() {
        assert_eq!(required("  پروژهٔ من ", 200), Ok("پروژهٔ من".into()));
        assert_eq!(required(" \t\n", 200), Err(NameError::Blank));
        assert_eq!(required(&"ا".repeat(200), 200).map(|s| s.chars().count()), Ok(200));
        assert_eq!(required(&"ا".repeat(201), 200), Err(NameError::TooLong));
        assert_eq!(optional("  ", 10), Ok(None));
        assert_eq!(optional("x", 0), Err(NameError::TooLong));
        assert_eq!(optional(&format!(" {} ", "ا".repeat(199)), 200), Err(NameError::TooLong));
    }
}

//! A bank card number as the mock gateway takes it: 16 digits, typed in
//! Persian or ASCII digits, spaces and dashes allowed.

use super::FieldError;
use crate::digits::ascii_digits;
use crate::messages::MessageCode;

/// A card number as a pattern, for documents (ECMA-262 and Python read it
/// alike): 16 ASCII, Persian or Arabic-Indic digits among spaces and dashes.
/// [`card_last_four`] is the rule itself.
pub const CARD_NUMBER_PATTERN: &str = "^[ -]*([0-9\\u06F0-\\u06F9\\u0660-\\u0669][ -]*){16}$";

/// The card's last four digits, or `card_number_invalid`.
pub fn card_last_four(card_number: &str) -> Result<String, FieldError> {
    let digits: String =
        ascii_digits(card_number).chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if digits.len() != 16 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(FieldError::new("card_number", MessageCode::CardNumberInvalid));
    }
    Ok(digits[12..].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_digits_in_any_script() {
        assert_eq!(card_last_four("6037-9977-1234-5678").unwrap(), "5678");
        assert_eq!(card_last_four("۶۰۳۷ ۹۹۷۷ ۱۲۳۴ ۵۶۷۸").unwrap(), "5678");
        assert_eq!(card_last_four("6037997712345678").unwrap(), "5678");
        for bad in ["6037-9977-1234", "6037x99771234567", "", "60379977123456789"] {
            assert_eq!(
                card_last_four(bad),
                Err(FieldError::new("card_number", MessageCode::CardNumberInvalid)),
                "{bad}"
            );
        }
    }
}

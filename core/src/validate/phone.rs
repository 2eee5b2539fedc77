//! Iranian mobile numbers, the receptors of the SMS node (spec §5 "Field
//! formats"): optional +98 or 0, then 9 and nine more digits; spaces ignored.
//! The normal form has a leading 0 ("09123456789"), as Kavenegar shows it.

use super::FieldError;
use crate::digits::ascii_digit;
use crate::messages::MessageCode;

const FIELD: &str = "receptor";

/// Normalises one Iranian mobile number to "09xxxxxxxxx".
///
/// Whitespace anywhere is dropped and Persian (۰-۹) or Arabic-Indic (٠-٩)
/// digits become ASCII, because that is what people type on Persian
/// keyboards. Anything else (dashes, letters, a "98" prefix without the plus)
/// is refused: the spec allows nothing more.
pub fn normalize_iranian_mobile(input: &str) -> Result<String, FieldError> {
    let invalid = || FieldError::new(FIELD, MessageCode::PhoneInvalid);
    if input.trim().is_empty() {
        return Err(FieldError::new(FIELD, MessageCode::FieldRequired));
    }

    let mut ascii = String::with_capacity(input.len());
    for c in input.chars() {
        if c.is_whitespace() {
            continue;
        }
        match ascii_digit(c) {
            Some(d) => ascii.push(d),
            None if c == '+' => ascii.push('+'),
            None => return Err(invalid()),
        }
    }

    let national = ascii.strip_prefix("+98").or_else(|| ascii.strip_prefix('0')).unwrap_or(&ascii);
    let well_formed = national.len() == 10
        && national.starts_with('9')
        && national.bytes().all(|b| b.is_ascii_digit());
    if well_formed { Ok(format!("0{national}")) } else { Err(invalid()) }
}

pub fn is_valid_iranian_mobile(input: &str) -> bool {
    normalize_iranian_mobile(input).is_ok()
}

/// Normalises a comma-separated list of receptors (Kavenegar takes them
/// comma-separated; the Persian comma '،' is accepted too). Every entry must
/// be a valid number, an empty entry is an error (it is usually a typo), and
/// repeated numbers are sent once, in their first position.
pub fn normalize_receptors(input: &str) -> Result<Vec<String>, FieldError> {
    if input.trim().is_empty() {
        return Err(FieldError::new(FIELD, MessageCode::FieldRequired));
    }
    let mut numbers: Vec<String> = Vec::new();
    for entry in input.split([',', '،']) {
        if entry.trim().is_empty() {
            return Err(FieldError::new(FIELD, MessageCode::PhoneInvalid));
        }
        let number = normalize_iranian_mobile(entry)?;
        if !numbers.contains(&number) {
            numbers.push(number);
        }
    }
    Ok(numbers)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(input: &str) -> String {
        normalize_iranian_mobile(input).unwrap_or_else(|e| panic!("{input:?}: {e:?}"))
    }

    fn code(input: &str) -> MessageCode {
        normalize_iranian_mobile(input).expect_err(input).code
    }

    #[test]
    fn accepted_forms_normalise_to_a_leading_zero() {
        assert_eq!(ok("+989123456789"), "09123456789");
        assert_eq!(ok("09123456789"), "09123456789");
        assert_eq!(ok("9123456789"), "09123456789");
        assert_eq!(ok("0912 345 6789"), "09123456789");
        assert_eq!(ok(" +98 912 345 67 89 "), "09123456789");
        assert_eq!(ok("\t0912\u{a0}345 6789"), "09123456789");
    }

    #[test]
    fn persian_and_arabic_indic_digits_become_ascii() {
        assert_eq!(ok("۰۹۱۲۳۴۵۶۷۸۹"), "09123456789");
        assert_eq!(ok("+۹۸۹۱۲۳۴۵۶۷۸۹"), "09123456789");
        assert_eq!(ok("٠٩١٢٣٤٥٦٧٨٩"), "09123456789");
        assert_eq!(ok("۰۹۱۲ 345 ٦٧٨٩"), "09123456789");
    }

    #[test]
    fn wrong_lengths_are_refused() {
        // Nine and eleven digits after the leading 9.
        assert_eq!(code("0912345678"), MessageCode::PhoneInvalid);
        assert_eq!(code("091234567890"), MessageCode::PhoneInvalid);
        assert_eq!(code("912345678"), MessageCode::PhoneInvalid);
        assert_eq!(code("+98912345678"), MessageCode::PhoneInvalid);
        assert_eq!(code("+9891234567890"), MessageCode::PhoneInvalid);
    }

    #[test]
    fn other_forms_are_refused() {
        for input in [
            "08123456789",       // not a mobile
            "8123456789",        // no leading 9
            "+98 0912 345 6789", // both prefixes
            "+9809123456789",
            "989123456789", // 98 without the plus
            "0098 912 345 6789",
            "0912-345-6789", // dashes are not in the spec
            "0912345678a",
            "+0912345678",
            "09123+456789",
            "+",
        ] {
            assert_eq!(code(input), MessageCode::PhoneInvalid, "{input:?}");
        }
    }

    #[test]
    fn blank_is_required() {
        assert_eq!(code(""), MessageCode::FieldRequired);
        assert_eq!(code("   "), MessageCode::FieldRequired);
        assert_eq!(normalize_iranian_mobile("").unwrap_err().field, "receptor");
    }

    #[test]
    fn is_valid_agrees() {
        assert!(is_valid_iranian_mobile("0912 345 6789"));
        assert!(!is_valid_iranian_mobile("0912-345-6789"));
    }

    #[test]
    fn receptor_lists() {
        assert_eq!(
            normalize_receptors("09123456789, +989351112233،9123456789").unwrap(),
            vec!["09123456789".to_owned(), "09351112233".to_owned()]
        );
        assert_eq!(normalize_receptors(" 0912 345 6789 ").unwrap(), vec!["09123456789"]);
        assert_eq!(
            normalize_receptors("09123456789,,09351112233").unwrap_err().code,
            MessageCode::PhoneInvalid
        );
        assert_eq!(
            normalize_receptors("09123456789,").unwrap_err().code,
            MessageCode::PhoneInvalid
        );
        assert_eq!(
            normalize_receptors("09123456789, 0812").unwrap_err(),
            FieldError::new("receptor", MessageCode::PhoneInvalid)
        );
        assert_eq!(normalize_receptors(" ").unwrap_err().code, MessageCode::FieldRequired);
    }
}

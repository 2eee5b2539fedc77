//! How many parts a text is sent as, which is what Kavenegar charges for:
//! any character outside ASCII makes the whole text UCS-2 (70 characters in
//! one part, 67 per part once split), otherwise GSM (160, or 153 per part).
//! Characters are UTF-16 units, as operators count them.

/// The longest text Kavenegar takes (413 beyond).
pub(super) const MAX_MESSAGE_CHARS: usize = 900;

pub(super) fn parts(text: &str) -> i64 {
    let units = text.encode_utf16().count();
    let unicode = !text.is_ascii();
    let (single, part) = if unicode { (70, 67) } else { (160, 153) };
    let parts = if units <= single { 1 } else { units.div_ceil(part) };
    i64::try_from(parts).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_by_alphabet() {
        assert_eq!(parts("hello"), 1);
        assert_eq!(parts(&"a".repeat(160)), 1);
        assert_eq!(parts(&"a".repeat(161)), 2);
        assert_eq!(parts(&"س".repeat(70)), 1);
        assert_eq!(parts(&"س".repeat(71)), 2);
        assert_eq!(parts(&"س".repeat(135)), 3);
        assert_eq!(parts(&format!("{}س", "a".repeat(69))), 1);
    }
}

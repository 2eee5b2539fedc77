//! Persian digits: people read numbers as ۰–۹ and often type them that way.

/// Replaces ASCII digits with Persian ones (۰–۹); everything else stays.
pub fn persian_digits(text: &str) -> String {
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) if c.is_ascii_digit() => char::from_u32('۰' as u32 + d).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// Replaces Persian (۰–۹) and Arabic-Indic (٠–٩) digits with ASCII ones.
pub fn ascii_digits(text: &str) -> String {
    text.chars().map(|c| ascii_digit(c).unwrap_or(c)).collect()
}

/// The ASCII digit for an ASCII, Persian or Arabic-Indic digit.
pub fn ascii_digit(c: char) -> Option<char> {
    let value = match c {
        '0'..='9' => c as u32 - '0' as u32,
        '۰'..='۹' => c as u32 - '۰' as u32,
        '٠'..='٩' => c as u32 - '٠' as u32,
        _ => return None,
    };
    char::from_digit(value, 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_convert_both_ways() {
        assert_eq!(persian_digits("limit 12, used 3.5"), "limit ۱۲, used ۳.۵");
        assert_eq!(ascii_digits("۰۹۱۲ ٣٤٥"), "0912 345");
        assert_eq!(ascii_digits(&persian_digits("0123456789")), "0123456789");
    }
}

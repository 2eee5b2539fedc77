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
    text.chars()
        .map(|c| match c {
            '۰'..='۹' => char::from_u32('0' as u32 + (c as u32 - '۰' as u32)).unwrap_or(c),
            '٠'..='٩' => char::from_u32('0' as u32 + (c as u32 - '٠' as u32)).unwrap_or(c),
            _ => c,
        })
        .collect()
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

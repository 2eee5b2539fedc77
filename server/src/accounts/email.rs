//! E-mail addresses: a sanity check, and the lower-cased form that is stored
//! and looked up (so one address is one account whatever its case).

/// RFC 5321's limit on a forward path.
pub const MAX_LEN: usize = 254;

/// The stored form: trimmed and lower-cased.
pub fn normalize(email: &str) -> String {
    email.trim().to_lowercase()
}

/// One `@`, something on both sides, no whitespace, at most 254 characters.
pub fn is_valid(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    email.chars().count() <= MAX_LEN
        && !local.is_empty()
        && !domain.is_empty()
        && !domain.contains('@')
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanity() {
        assert!(is_valid("a@b"));
        assert!(is_valid("sara.ahmadi+x@example.ir"));
        for bad in ["", "ab", "@b", "a@", "a@b@c", "a b@c", "a@b\tc", "a@b\n"] {
            assert!(!is_valid(bad), "{bad:?}");
        }
        let long = format!("{}@example.com", "a".repeat(250));
        assert!(!is_valid(&long));
    }

    #[test]
    fn normalised_lower_case() {
        assert_eq!(normalize("  Sara@Example.IR "), "sara@example.ir");
    }
}

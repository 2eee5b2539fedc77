//! E-mail addresses: a sanity check, and the lower-cased form that is stored
//! and looked up (so one address is one account whatever its case).

/// RFC 5321's limit on a forward path.
pub const MAX_LEN: usize = 254;

/// The stored form: trimmed and lower-cased.
pub fn normalize(email: &str) -> String {
    email.trim().to_lowercase()
}

/// One `@`, something before it, a domain name after it (dot-separated
/// labels of letters, digits and inner hyphens, ending in a top-level name of
/// two or more letters, or `xn--…`), no whitespace, at most 254 characters.
/// Letters of any script count, so Persian domain names pass.
pub fn is_valid(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    email.chars().count() <= MAX_LEN
        && !local.is_empty()
        && !email.chars().any(|c| c.is_whitespace() || c.is_control())
        && is_domain(domain)
}

fn is_domain(domain: &str) -> bool {
    let labels: Vec<&str> = domain.split('.').collect();
    let Some(top) = labels.last() else { return false };
    labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty()
                && label.chars().count() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
        && (top.starts_with("xn--")
            || (top.chars().count() >= 2 && top.chars().all(char::is_alphabetic)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sanity() {
        assert!(is_valid("sara.ahmadi+x@example.ir"));
        assert!(is_valid("a@mail.example.co.uk"));
        assert!(is_valid("info@دستیار.ایران"));
        assert!(is_valid("x@xn--mgba3a4f16a.xn--mgba3a4f16a"));
        for bad in [
            "",
            "ab",
            "@b",
            "a@",
            "a@b",
            "a@b@c.ir",
            "a b@c.ir",
            "a@b\tc.ir",
            "a@b.ir\n",
            "a@.ir",
            "a@b..ir",
            "a@-b.ir",
            "a@b-.ir",
            "a@b.i",
            "a@b.123",
            "a@b_c.ir",
            "a@b.ir.",
        ] {
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

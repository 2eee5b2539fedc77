//! Passwords: the strength rule, and argon2 hashing and checking.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

/// At least this many characters...
pub const MIN_LEN: usize = 8;
/// ...and at most this many (hashing is costly; nobody types more).
pub const MAX_LEN: usize = 256;

/// Whether a new password is acceptable: long enough, with a letter and a digit
/// (any script's letters and digits count, so Persian ones do too).
pub fn is_strong(password: &str) -> bool {
    password.chars().count() >= MIN_LEN
        && password.chars().any(char::is_alphabetic)
        && password.chars().any(char::is_numeric)
}

/// The argon2id PHC string for a password, with a fresh random salt.
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let mut salt = [0u8; 16];
    rand::fill(&mut salt);
    let salt = SaltString::encode_b64(&salt)?;
    Ok(Argon2::default().hash_password(password.as_bytes(), &salt)?.to_string())
}

/// Whether `password` matches a stored hash (a malformed hash matches nothing).
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strength() {
        assert!(is_strong("abcdefg1"));
        assert!(is_strong("گذرواژه۱۲۳"));
        assert!(!is_strong("abc123"));
        assert!(!is_strong("abcdefgh"));
        assert!(!is_strong("12345678"));
        assert!(!is_strong(""));
    }

    #[test]
    fn hashes_verify_and_differ() {
        let a = hash("secret123").unwrap();
        let b = hash("secret123").unwrap();
        assert_ne!(a, b, "salts differ");
        assert!(a.starts_with("$argon2id$"));
        assert!(verify("secret123", &a));
        assert!(!verify("secret124", &a));
        assert!(!verify("secret123", "not a hash"));
    }
}

//! Passwords: the strength rule, and argon2 hashing and checking.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use dastyar_core::MessageCode;

/// At least this many characters...
pub const MIN_LEN: usize = 8;
/// ...and at most this many (hashing is costly; nobody types more).
pub const MAX_LEN: usize = 256;

/// zxcvbn's score a new password needs: 2 resists guessing online, where
/// sign-ins are rate-limited (0 and 1 are common passwords, words with a
/// digit, keyboard rows and sequences).
const MIN_SCORE: u8 = 2;
/// zxcvbn's time grows quickly with length; what follows this adds strength anyway.
const SCORED_CHARS: usize = 64;

/// Whether a new password is acceptable: long enough, with a letter and a digit
/// (any script's letters and digits count, so Persian ones do too).
fn is_strong(password: &str) -> bool {
    password.chars().count() >= MIN_LEN
        && password.chars().any(char::is_alphabetic)
        && password.chars().any(char::is_numeric)
}

/// Checks a new password: [`is_strong`], then not easily guessed, also from
/// what the account says of itself (`user_inputs`: e-mail, name).
pub fn check_new(password: &str, user_inputs: &[&str]) -> Result<(), MessageCode> {
    if !is_strong(password) {
        return Err(MessageCode::PasswordTooWeak);
    }
    let scored: String = password.chars().take(SCORED_CHARS).collect();
    let mut inputs: Vec<&str> = user_inputs.to_vec();
    // The parts of the e-mail count too: "sara" from sara@example.com.
    inputs.extend(user_inputs.iter().flat_map(|i| i.split(['@', '.', ' '])));
    if u8::from(zxcvbn::zxcvbn(&scored, &inputs).score()) < MIN_SCORE {
        return Err(MessageCode::PasswordCommon);
    }
    Ok(())
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
    fn common_and_personal_passwords_are_refused() {
        let inputs = ["sara@example.com", "سارا احمدی"];
        for common in ["password1", "qwerty123", "abcdefg1", "secret123", "sara12345", "1qaz2wsx"] {
            assert_eq!(check_new(common, &inputs), Err(MessageCode::PasswordCommon), "{common}");
        }
        assert_eq!(check_new("short1", &inputs), Err(MessageCode::PasswordTooWeak));
        for fine in ["گذرواژه۱۲۳", "Tehran-Shiraz-1403", "sib-golab-1402", "long enough 123"]
        {
            assert_eq!(check_new(fine, &inputs), Ok(()), "{fine}");
        }
        let long = format!("{}1", "x".repeat(super::MAX_LEN - 1));
        assert!(check_new(&long, &inputs).is_err(), "scored in bounded time, and weak");
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

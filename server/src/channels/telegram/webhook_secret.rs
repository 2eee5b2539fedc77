//! The secret Telegram sends with every webhook post
//! (`X-Telegram-Bot-Api-Secret-Token`). A fresh one is made each time the
//! webhook is set; only its SHA-256 is stored, so the database alone does
//! not let anyone post updates as Telegram.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// 32 random bytes as 43 characters of `A-Za-z0-9_-`, as Telegram requires.
pub fn generate() -> String {
    let bytes: [u8; 32] = rand::random();
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What the database keeps of a secret.
pub fn hash(secret: &str) -> String {
    Sha256::digest(secret.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether the header Telegram sent matches the stored hash.
pub fn matches(sent: Option<&str>, stored_hash: Option<&str>) -> bool {
    match (sent, stored_hash) {
        (Some(sent), Some(stored)) => hash(sent).as_bytes() == stored.as_bytes(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_takes_only_the_characters_telegram_allows() {
        let secret = generate();
        assert_eq!(secret.len(), 43);
        assert!(secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
        assert_ne!(secret, generate());
    }

    #[test]
    fn only_the_same_secret_matches() {
        let secret = generate();
        let stored = hash(&secret);
        assert!(matches(Some(&secret), Some(&stored)));
        assert!(!matches(Some("another"), Some(&stored)));
        assert!(!matches(None, Some(&stored)));
        assert!(!matches(Some(&secret), None));
    }
}

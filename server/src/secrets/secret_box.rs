//! Sealing secrets with the server's key: XChaCha20-Poly1305 (a random
//! 192-bit nonce per value, so nonces never repeat in practice), bound to
//! where the secret lives (kind and field) so a sealed value copied into
//! another field does not open. The key is `DASTYAR_SECRET_KEY` or one
//! generated into the data folder.

use std::fmt;
use std::io;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};
use dastyar_core::secrets;

use crate::config::{Config, SECRET_KEY_FILE};
use crate::generated_secret;

const NONCE_LEN: usize = 24;

/// Seals and opens secrets; holds the key (never printed).
#[derive(Clone)]
pub struct SecretBox {
    cipher: XChaCha20Poly1305,
}

impl fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretBox(..)")
    }
}

/// Why the key could not be had.
#[derive(Debug)]
pub enum KeyError {
    Io(io::Error),
    /// Not 64 hex digits; says where it came from.
    Malformed(String),
}

impl fmt::Display for KeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeyError::Io(e) => write!(f, "the key for secrets at rest: {e}"),
            KeyError::Malformed(source) => write!(
                f,
                "{source} must be 64 hex digits (32 bytes), for example from `openssl rand -hex 32`"
            ),
        }
    }
}

impl std::error::Error for KeyError {}

/// A sealed value that does not open: another key, or changed by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable;

impl SecretBox {
    /// The box for the configured key, generating and storing one when none is set.
    pub fn from_config(config: &Config) -> Result<SecretBox, KeyError> {
        let (text, source) = match config.secret_key() {
            Some(key) => (key.to_owned(), "DASTYAR_SECRET_KEY".to_owned()),
            None => {
                let path = config.data_dir.join(SECRET_KEY_FILE);
                let key = generated_secret::load_or_create(&path, "DASTYAR_SECRET_KEY")
                    .map_err(KeyError::Io)?;
                (key, path.display().to_string())
            }
        };
        let key = parse_hex_key(&text).ok_or(KeyError::Malformed(source))?;
        Ok(SecretBox::from_key(key))
    }

    pub fn from_key(key: [u8; 32]) -> SecretBox {
        SecretBox { cipher: XChaCha20Poly1305::new(&Key::from(key)) }
    }

    /// `plain` sealed for the place `context` names, with its mask's hint in clear.
    pub fn seal(&self, plain: &str, context: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::fill(&mut nonce);
        let sealed = self
            .cipher
            .encrypt(
                &XNonce::from(nonce),
                Payload { msg: plain.as_bytes(), aad: context.as_bytes() },
            )
            .expect("a secret of any length the API accepts encrypts");
        let mut bytes = nonce.to_vec();
        bytes.extend_from_slice(&sealed);
        secrets::sealed(&URL_SAFE_NO_PAD.encode(bytes), &secrets::hint(plain))
    }

    /// The plain text of a stored secret; one stored before sealing existed
    /// is plain already.
    pub fn open(&self, stored: &str, context: &str) -> Result<String, Unreadable> {
        let Some((ciphertext, _hint)) = secrets::parse_sealed(stored) else {
            return Ok(stored.to_owned());
        };
        let bytes = URL_SAFE_NO_PAD.decode(ciphertext).map_err(|_| Unreadable)?;
        if bytes.len() < NONCE_LEN {
            return Err(Unreadable);
        }
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        let nonce: [u8; NONCE_LEN] = nonce.try_into().map_err(|_| Unreadable)?;
        let plain = self
            .cipher
            .decrypt(&XNonce::from(nonce), Payload { msg: sealed, aad: context.as_bytes() })
            .map_err(|_| Unreadable)?;
        String::from_utf8(plain).map_err(|_| Unreadable)
    }
}

fn parse_hex_key(text: &str) -> Option<[u8; 32]> {
    let text = text.trim();
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    let mut key = [0u8; 32];
    for (byte, pair) in key.iter_mut().zip(text.as_bytes().chunks(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret_box() -> SecretBox {
        SecretBox::from_key([7; 32])
    }

    #[test]
    fn sealed_values_open_only_with_their_key_and_place() {
        let token = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11";
        let sealed = secret_box().seal(token, "telegram.bot_token");
        assert!(secrets::is_sealed(&sealed), "{sealed}");
        assert!(!sealed.contains("ABC-DEF"), "{sealed}");
        assert_eq!(secrets::mask(&sealed), "••••ew11");
        assert_eq!(secret_box().open(&sealed, "telegram.bot_token").unwrap(), token);
        // A fresh nonce each time.
        assert_ne!(secret_box().seal(token, "telegram.bot_token"), sealed);
        assert_eq!(secret_box().open(&sealed, "sms.api_key"), Err(Unreadable));
        assert_eq!(
            SecretBox::from_key([8; 32]).open(&sealed, "telegram.bot_token"),
            Err(Unreadable)
        );
        let tampered = sealed.replacen("sealed:v1:A", "sealed:v1:B", 1);
        if tampered != sealed {
            assert_eq!(secret_box().open(&tampered, "telegram.bot_token"), Err(Unreadable));
        }
        assert_eq!(secret_box().open("sealed:v1:!!:", "x"), Err(Unreadable));
        assert_eq!(secret_box().open("sealed:v1:AAAA:", "x"), Err(Unreadable));
    }

    #[test]
    fn plain_values_from_before_sealing_read_as_they_are() {
        assert_eq!(secret_box().open("1:abc", "telegram.bot_token").unwrap(), "1:abc");
        assert_eq!(secret_box().open("", "x").unwrap(), "");
    }

    #[test]
    fn keys_are_64_hex_digits() {
        assert_eq!(parse_hex_key(&"0f".repeat(32)), Some([15; 32]));
        assert_eq!(parse_hex_key(&format!(" {} ", "AB".repeat(32))), Some([0xab; 32]));
        for bad in ["", "short", &"0f".repeat(31), &"zz".repeat(32), &"ۀ".repeat(32)] {
            assert_eq!(parse_hex_key(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_key_is_generated_once_or_taken_from_the_setting() {
        let dir = std::env::temp_dir().join(format!("dastyar-key-{:016x}", rand::random::<u64>()));
        let config = Config::with_data_dir(&dir);
        let sealed = SecretBox::from_config(&config).unwrap().seal("secret", "x");
        assert_eq!(SecretBox::from_config(&config).unwrap().open(&sealed, "x").unwrap(), "secret");
        assert!(dir.join(SECRET_KEY_FILE).is_file());

        let mut configured = Config::with_data_dir(dir.join("other"));
        configured.secret_key = Some("not hex".into());
        let error = SecretBox::from_config(&configured).unwrap_err().to_string();
        assert!(error.contains("DASTYAR_SECRET_KEY") && error.contains("64 hex"), "{error}");
        configured.secret_key = Some("11".repeat(32));
        let sealed = SecretBox::from_config(&configured).unwrap().seal("secret", "x");
        assert_eq!(SecretBox::from_key([0x11; 32]).open(&sealed, "x").unwrap(), "secret");
        assert!(!dir.join("other").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}

//! The JWT secret: `DASTYAR_JWT_SECRET`, or one generated on first start and
//! kept in the data folder (`jwt-secret`, readable by the owner only).

use std::io;

use crate::config::{Config, JWT_SECRET_FILE};
use crate::generated_secret;

/// Below this many bytes a configured secret is accepted with a warning.
const RECOMMENDED_LEN: usize = 32;

/// The secret in force, generating and storing one when none is configured.
pub fn jwt_secret(config: &Config) -> io::Result<Vec<u8>> {
    if let Some(secret) = config.jwt_secret() {
        if secret.len() < RECOMMENDED_LEN {
            tracing::warn!("DASTYAR_JWT_SECRET is shorter than {RECOMMENDED_LEN} bytes");
        }
        return Ok(secret.as_bytes().to_vec());
    }
    let path = config.data_dir.join(JWT_SECRET_FILE);
    Ok(generated_secret::load_or_create(&path, "DASTYAR_JWT_SECRET")?.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir() -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dastyar-secret-{:016x}", rand::random::<u64>()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn generated_into_the_data_folder_once() {
        let dir = temp_dir();
        let config = Config::with_data_dir(dir.join("data"));
        let first = jwt_secret(&config).unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(jwt_secret(&config).unwrap(), first);
        assert!(dir.join("data").join(JWT_SECRET_FILE).is_file());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_configured_secret_wins() {
        let dir = temp_dir();
        let mut config = Config::with_data_dir(dir.join("data"));
        config.jwt_secret = Some("configured-secret".into());
        assert_eq!(jwt_secret(&config).unwrap(), b"configured-secret");
        assert!(!dir.join("data").exists());
        std::fs::remove_dir_all(dir).unwrap();
    }
}

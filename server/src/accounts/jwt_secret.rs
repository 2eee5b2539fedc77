//! The JWT secret: `DASTYAR_JWT_SECRET`, or one generated on first start and
//! kept in the data folder (`jwt-secret`, readable by the owner only).

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

use crate::config::{Config, JWT_SECRET_FILE};

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
    load_or_create(&config.data_dir.join(JWT_SECRET_FILE))
}

fn load_or_create(path: &Path) -> io::Result<Vec<u8>> {
    if let Some(folder) = path.parent().filter(|f| !f.as_os_str().is_empty()) {
        fs::create_dir_all(folder)?;
    }
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(mut file) => {
            let secret = generate();
            file.write_all(secret.as_bytes())?;
            file.sync_all()?;
            tracing::info!(path = %path.display(), "generated a new JWT secret");
            Ok(secret.into_bytes())
        }
        // Already there (perhaps another instance just wrote it): use it.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            let secret = fs::read_to_string(path)?.trim().to_owned();
            if secret.is_empty() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{} is empty: delete it or set DASTYAR_JWT_SECRET", path.display()),
                ));
            }
            Ok(secret.into_bytes())
        }
        Err(e) => Err(e),
    }
}

/// 32 random bytes, hex-encoded.
fn generate() -> String {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir() -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("dastyar-secret-{:016x}", rand::random::<u64>()));
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn generated_once_then_reused_and_private() {
        let dir = temp_dir();
        let config = Config::with_data_dir(dir.join("data"));
        let first = jwt_secret(&config).unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(jwt_secret(&config).unwrap(), first);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode =
                fs::metadata(dir.join("data").join(JWT_SECRET_FILE)).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_configured_secret_wins() {
        let dir = temp_dir();
        let mut config = Config::with_data_dir(dir.join("data"));
        config.jwt_secret = Some("configured-secret".into());
        assert_eq!(jwt_secret(&config).unwrap(), b"configured-secret");
        assert!(!dir.join("data").exists());
        fs::remove_dir_all(dir).unwrap();
    }
}

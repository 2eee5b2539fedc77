//! A secret generated on first start and kept in the data folder, readable
//! by the owner only, for settings that have one when none is configured
//! (the JWT secret, the key for secrets at rest).

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::Path;

/// The secret stored at `path` (trimmed), generating 32 random bytes,
/// hex-encoded, when there is none. `setting` names the variable that
/// replaces the file, for the error when the file is empty.
pub fn load_or_create(path: &Path, setting: &str) -> io::Result<String> {
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
            tracing::info!(path = %path.display(), "generated a new secret");
            Ok(secret)
        }
        // Already there (perhaps another instance just wrote it): use it.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            let secret = fs::read_to_string(path)?.trim().to_owned();
            if secret.is_empty() {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{} is empty: delete it or set {setting}", path.display()),
                ));
            }
            Ok(secret)
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

    #[test]
    fn generated_once_then_reused_and_private() {
        let dir =
            std::env::temp_dir().join(format!("dastyar-secret-{:016x}", rand::random::<u64>()));
        let path = dir.join("data").join("some-secret");
        let first = load_or_create(&path, "SOME_SECRET").unwrap();
        assert_eq!(first.len(), 64);
        assert!(first.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(load_or_create(&path, "SOME_SECRET").unwrap(), first);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        }
        fs::write(&path, "\n").unwrap();
        let empty = load_or_create(&path, "SOME_SECRET").unwrap_err().to_string();
        assert!(empty.contains("SOME_SECRET"), "{empty}");
        fs::remove_dir_all(dir).unwrap();
    }
}

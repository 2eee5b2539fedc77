//! Opening the pool: the SQLite file's folder, WAL mode and foreign keys.

use std::path::PathBuf;
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

use super::Backend;

pub(super) async fn pool(url: &str, backend: Backend) -> Result<AnyPool, sqlx::Error> {
    sqlx::any::install_default_drivers();
    let options = AnyPoolOptions::new().acquire_timeout(Duration::from_secs(10));
    match backend {
        Backend::Postgres => options.max_connections(10).connect(url).await,
        Backend::Sqlite => {
            let folder = sqlite_file(url).and_then(|f| f.parent().map(PathBuf::from));
            if let Some(folder) = folder.filter(|f| !f.as_os_str().is_empty()) {
                std::fs::create_dir_all(&folder).map_err(sqlx::Error::Io)?;
            }
            let url = creating_file(url);
            let pool = options
                .max_connections(8)
                // sqlx turns foreign keys on for every SQLite connection by
                // default; say so anyway, the schema's cascades depend on it.
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        sqlx::query("PRAGMA foreign_keys = ON").execute(&mut *conn).await?;
                        // Writers outside a transaction wait this long for
                        // the write lock before giving up.
                        sqlx::query("PRAGMA busy_timeout = 30000").execute(&mut *conn).await?;
                        Ok(())
                    })
                })
                .connect(&url)
                .await?;
            // WAL is a property of the file: set once, every connection uses it.
            let mode: (String,) =
                sqlx::query_as("PRAGMA journal_mode = WAL").fetch_one(&pool).await?;
            if !mode.0.eq_ignore_ascii_case("wal") && !mode.0.eq_ignore_ascii_case("memory") {
                tracing::warn!(journal_mode = %mode.0, "SQLite did not switch to WAL mode");
            }
            Ok(pool)
        }
    }
}

/// A `sqlite:` URL that creates its file when it is missing, as the default
/// database does: SQLite's URL form opens read-write without creating unless
/// told `mode=rwc`, and people write the README's `sqlite://path/new.db`.
/// A `mode` the URL sets itself is kept.
fn creating_file(url: &str) -> String {
    let Some(query_at) = url.find('?') else {
        return if sqlite_file(url).is_some() { format!("{url}?mode=rwc") } else { url.to_owned() };
    };
    let has_mode = url[query_at + 1..].split('&').any(|pair| pair.starts_with("mode="));
    if has_mode || sqlite_file(url).is_none() { url.to_owned() } else { format!("{url}&mode=rwc") }
}

/// The file a `sqlite:` URL names, if it names one (not `:memory:`).
fn sqlite_file(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split(['?', '#']).next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:").then(|| PathBuf::from(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_created_unless_the_url_says_otherwise() {
        assert_eq!(creating_file("sqlite://data/new.db"), "sqlite://data/new.db?mode=rwc");
        assert_eq!(creating_file("sqlite:///abs/new.db"), "sqlite:///abs/new.db?mode=rwc");
        assert_eq!(
            creating_file("sqlite:new.db?cache=shared"),
            "sqlite:new.db?cache=shared&mode=rwc"
        );
        assert_eq!(creating_file("sqlite://data/x.db?mode=ro"), "sqlite://data/x.db?mode=ro");
        assert_eq!(creating_file("sqlite::memory:"), "sqlite::memory:");
    }

    #[test]
    fn sqlite_urls_name_their_file() {
        assert_eq!(
            sqlite_file("sqlite://data/dastyar.db?mode=rwc"),
            Some("data/dastyar.db".into())
        );
        assert_eq!(sqlite_file("sqlite:///tmp/x/y.db"), Some("/tmp/x/y.db".into()));
        assert_eq!(sqlite_file("sqlite:y.db"), Some("y.db".into()));
        assert_eq!(sqlite_file("sqlite::memory:"), None);
        assert_eq!(sqlite_file("postgres://a@b/c"), None);
    }
}

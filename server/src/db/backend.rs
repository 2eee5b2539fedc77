//! Which database a URL names.

/// The two backends the same binary runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend for a database URL, by its scheme.
    pub fn from_url(url: &str) -> Result<Backend, sqlx::Error> {
        let scheme = url.split_once(':').map_or("", |(scheme, _)| scheme);
        match scheme.to_ascii_lowercase().as_str() {
            "sqlite" => Ok(Backend::Sqlite),
            "postgres" | "postgresql" => Ok(Backend::Postgres),
            _ => Err(sqlx::Error::Configuration(
                format!("unsupported database URL scheme {scheme:?}: use sqlite:// or postgres://")
                    .into(),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_pick_the_backend() {
        assert_eq!(Backend::from_url("sqlite://data/x.db").unwrap(), Backend::Sqlite);
        assert_eq!(Backend::from_url("sqlite::memory:").unwrap(), Backend::Sqlite);
        assert_eq!(Backend::from_url("postgres://u@h/db").unwrap(), Backend::Postgres);
        assert_eq!(Backend::from_url("PostgreSQL://u@h/db").unwrap(), Backend::Postgres);
        assert!(Backend::from_url("mysql://u@h/db").is_err());
        assert!(Backend::from_url("data/x.db").is_err());
    }
}

//! The embedded migrations: the same schema, in each backend's DDL.

use sqlx::AnyPool;
use sqlx::migrate::Migrator;

use super::Backend;

static SQLITE: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES: Migrator = sqlx::migrate!("./migrations/postgres");

pub(super) async fn run(pool: &AnyPool, backend: Backend) -> Result<(), sqlx::Error> {
    let migrator = match backend {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    };
    migrator.run(pool).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_backends_have_the_same_migrations() {
        let versions = |m: &Migrator| {
            m.iter().map(|m| (m.version, m.description.to_string())).collect::<Vec<_>>()
        };
        assert!(SQLITE.iter().next().is_some());
        assert_eq!(versions(&SQLITE), versions(&POSTGRES));
    }
}

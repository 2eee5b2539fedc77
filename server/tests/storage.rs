//! Storage: SQLite runs in WAL mode with foreign keys on, and the data folder
//! appears by itself.

mod common;

use common::{Backend, TestEnv};
use dastyar_server::Config;
use dastyar_server::db::Db;

#[tokio::test]
async fn sqlite_is_wal_with_foreign_keys_and_creates_its_folder() {
    let env = TestEnv::new(Backend::Sqlite).await;
    let app = env.app().await;
    assert!(env.dir.join("db/dastyar.db").is_file(), "the database folder was created");
    assert!(
        env.dir.join("data/jwt-secret").is_file(),
        "the secret was generated in the data folder"
    );
    let pool = app.state.db.pool();
    for _ in 0..3 {
        let mode: (String,) = sqlx::query_as("PRAGMA journal_mode").fetch_one(pool).await.unwrap();
        assert_eq!(mode.0, "wal");
        let keys: (i64,) = sqlx::query_as("PRAGMA foreign_keys").fetch_one(pool).await.unwrap();
        assert_eq!(keys.0, 1);
    }
    drop(app);
    env.remove().await;
}

#[tokio::test]
async fn the_default_database_lives_in_the_data_folder() {
    let env = TestEnv::new(Backend::Sqlite).await;
    let config = Config::with_data_dir(env.dir.join("fresh/data"));
    let db = Db::open(&config.database_url()).await.unwrap();
    assert!(env.dir.join("fresh/data/dastyar.db").is_file());
    db.close().await;
    env.remove().await;
}

//! The SQLite and PostgreSQL migrations are written twice, once per dialect;
//! they must build the same tables with the same columns.

mod common;

use std::collections::BTreeSet;

use common::{Backend, TestEnv, postgres_url};

type Columns = BTreeSet<(String, String)>;

async fn columns(backend: Backend) -> Columns {
    let env = TestEnv::new(backend).await;
    let app = env.app().await;
    let sql = match backend {
        Backend::Sqlite => {
            "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'"
        }
        Backend::Postgres => {
            "SELECT table_name::text, column_name::text FROM information_schema.columns \
             WHERE table_schema = current_schema()"
        }
    };
    let rows: Vec<(String, String)> =
        sqlx::query_as(sql).fetch_all(app.state.db.pool()).await.unwrap();
    drop(app);
    env.remove().await;
    rows.into_iter().filter(|(table, _)| table != "_sqlx_migrations").collect()
}

#[tokio::test]
async fn both_backends_have_the_same_tables_and_columns() {
    let sqlite = columns(Backend::Sqlite).await;
    assert!(sqlite.contains(&("nodes".into(), "kind".into())), "{sqlite:?}");
    assert!(sqlite.contains(&("credit_ledger".into(), "entry_key".into())), "{sqlite:?}");
    if postgres_url().is_none() {
        eprintln!("PostgreSQL tests skipped: TEST_POSTGRES_URL is not set");
        return;
    }
    let postgres = columns(Backend::Postgres).await;
    let only_sqlite: Vec<_> = sqlite.difference(&postgres).collect();
    let only_postgres: Vec<_> = postgres.difference(&sqlite).collect();
    assert!(
        only_sqlite.is_empty() && only_postgres.is_empty(),
        "only on SQLite: {only_sqlite:?}; only on PostgreSQL: {only_postgres:?}"
    );
}

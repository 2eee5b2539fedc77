//! Storage: the data survives a restart, SQLite runs in WAL mode with foreign
//! keys on, the data folder appears by itself, and deleting a project takes
//! everything in it along.

mod common;

use axum::http::StatusCode;
use common::{Backend, TestEnv, for_each_backend};
use dastyar_server::Config;
use dastyar_server::db::Db;
use serde_json::json;

#[tokio::test]
async fn data_survives_a_restart() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("persist@example.com").await;
        let id = app.create_project(&token, "ماندگار").await;
        app.put(
            &format!("/api/projects/{id}/category"),
            Some(&token),
            json!({"category": "آزمایش"}),
        )
        .await;

        let app = app.restart().await;
        // The same secret signs tokens, so the old token still works...
        let project = app.get(&format!("/api/projects/{id}"), Some(&token)).await;
        assert_eq!(project.status, StatusCode::OK, "{}", project.text());
        assert_eq!(project.json()["name"], "ماندگار");
        assert_eq!(project.json()["category"], "آزمایش");
        // ...and the account still logs in.
        let login = app
            .post(
                "/api/auth/login",
                None,
                json!({"email": "persist@example.com", "password": common::PASSWORD}),
            )
            .await;
        assert_eq!(login.status, StatusCode::OK);
        // Migrations ran once each: a second start found nothing to do.
        let applied: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM _sqlx_migrations")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite"))
            .unwrap()
            .count();
        assert_eq!(applied.0, i64::try_from(files).unwrap());
    })
    .await;
}

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

#[tokio::test]
async fn deleting_a_project_deletes_its_nodes_and_edges() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("cascade@example.com").await;
        let keep = app.create_project(&token, "بماند").await;
        let gone = app.create_project(&token, "برود").await;
        let pool = app.state.db.pool();
        let now = dastyar_server::db::timestamp::now();
        let mut nodes = Vec::new();
        for project in [keep, gone, gone] {
            let row: (i64,) = sqlx::query_as(
                "INSERT INTO nodes (project_id, kind, name, position_x, position_y, data, created_at, updated_at)
                 VALUES ($1, 'assistant', 'n', 250.5, 150, '{}', $2, $2) RETURNING id",
            )
            .bind(project)
            .bind(&now)
            .fetch_one(pool)
            .await
            .unwrap();
            nodes.push(row.0);
        }
        sqlx::query(
            "INSERT INTO edges (project_id, source_type, source_id, target_type, target_id, edge_data, created_at)
             VALUES ($1, 'assistant', $2, 'assistant', $3, '{}', $4)",
        )
        .bind(gone)
        .bind(nodes[1])
        .bind(nodes[2])
        .bind(&now)
        .execute(pool)
        .await
        .unwrap();
        sqlx::query("INSERT INTO jobs (user_id, kind, payload, created_at, updated_at) VALUES ($1, 'assistant', '{}', $2, $2)")
            .bind(user)
            .bind(&now)
            .execute(pool)
            .await
            .unwrap();
        let x: (f64,) = sqlx::query_as("SELECT position_x FROM nodes WHERE id = $1").bind(nodes[0]).fetch_one(pool).await.unwrap();
        assert_eq!(x.0, 250.5);

        assert_eq!(app.delete(&format!("/api/projects/{gone}"), Some(&token)).await.status, StatusCode::NO_CONTENT);
        let count = |sql: &'static str| async move {
            let row: (i64,) = sqlx::query_as(sql).fetch_one(pool).await.unwrap();
            row.0
        };
        assert_eq!(count("SELECT COUNT(*) FROM nodes").await, 1);
        assert_eq!(count("SELECT COUNT(*) FROM edges").await, 0);
        assert_eq!(count("SELECT COUNT(*) FROM projects").await, 1);
        assert_eq!(count("SELECT COUNT(*) FROM jobs").await, 1);
        // A node must belong to a project that exists.
        let orphan = sqlx::query(
            "INSERT INTO nodes (project_id, kind, created_at, updated_at) VALUES ($1, 'assistant', $2, $2)",
        )
        .bind(gone)
        .bind(&now)
        .execute(pool)
        .await;
        assert!(orphan.is_err(), "foreign keys are enforced");
    })
    .await;
}

#[tokio::test]
async fn a_database_outage_is_a_json_500() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("outage@example.com").await;
        app.state.db.close().await;
        app.get("/api/projects", Some(&token)).await.assert_error(500, "internal_error");
        app.post(
            "/api/auth/login",
            None,
            json!({"email": "outage@example.com", "password": common::PASSWORD}),
        )
        .await
        .assert_error(500, "internal_error");
    })
    .await;
}

/// Nodes without a size, then with one, on the same pooled connections: the
/// statement cached for the first must take the second (on PostgreSQL a null
/// double once poisoned it, see `store::nodes::insert`).
#[tokio::test]
async fn nodes_with_and_without_a_size_share_one_statement() {
    use dastyar_core::data::NodePayload;
    use dastyar_core::geometry::Position;
    use dastyar_core::status::CreationStatus;
    use dastyar_core::{NodeKind, data::NodeData};
    use dastyar_server::store::nodes::{self, NewNode};

    for_each_backend(|app| async move {
        let (token, user) = app.register("sizes@example.com").await;
        let project = app.create_project(&token, "اندازه").await;
        let node = |kind: NodeKind, size: Option<f64>| NewNode {
            project_id: project,
            name: kind.label().to_owned(),
            position: Position::default(),
            container_id: None,
            width: size,
            height: size,
            status: CreationStatus::Success,
            payload: NodeData::default_for(kind).to_payload().unwrap(),
        };
        // The pool hands out its idle connections in turn: first every one of
        // them (at most 10) stores a node without a size, then with one.
        for _ in 0..12 {
            let plain = nodes::insert(&app.state.db, user, &node(NodeKind::Assistant, None))
                .await
                .unwrap()
                .unwrap();
            assert_eq!((plain.width, plain.height), (None, None));
        }
        for _ in 0..12 {
            let sized = nodes::insert(&app.state.db, user, &node(NodeKind::Container, Some(400.0)))
                .await
                .unwrap()
                .unwrap();
            assert_eq!((sized.width, sized.height), (Some(400.0), Some(400.0)));
            assert!(matches!(sized.payload().unwrap(), NodePayload::Container(_)));
        }
    })
    .await;
}

#[tokio::test]
async fn a_sqlite_url_to_a_file_not_there_yet_creates_it() {
    let env = TestEnv::new(Backend::Sqlite).await;
    for relative in ["sub/new.db", "other/deeper/named.sqlite"] {
        let file = env.dir.join(relative);
        assert!(!file.exists());
        // The README's form, with no `mode=rwc`.
        let db = Db::open(&format!("sqlite://{}", file.display())).await.expect("opens");
        assert!(file.exists(), "{} created", file.display());
        let users: (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM users").fetch_one(db.pool()).await.unwrap();
        assert_eq!(users.0, 0, "migrated");
        db.close().await;
    }
    // A read-only URL is taken at its word: nothing is created.
    let missing = env.dir.join("ro/missing.db");
    assert!(Db::open(&format!("sqlite://{}?mode=ro", missing.display())).await.is_err());
    assert!(!missing.exists());
    env.remove().await;
}

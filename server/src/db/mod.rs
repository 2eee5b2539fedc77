//! Storage: one `sqlx::AnyPool` over SQLite or PostgreSQL, chosen by the URL
//! scheme, with embedded migrations per backend.
//!
//! Every query is written once, in SQL both backends accept: `$1`-style
//! placeholders (SQLite reads `$N` as the N-th argument), `RETURNING`, and only
//! the types `Any` carries (64-bit integers, doubles, text). Timestamps are
//! RFC 3339 text (see [`timestamp`]), JSON is text.

mod backend;
mod migrate;
mod open;
pub mod timestamp;

pub use backend::Backend;

use std::sync::Arc;

use sqlx::AnyPool;
use tokio::sync::{Mutex, OwnedMutexGuard};

/// The database: a pool and which backend it talks to.
#[derive(Debug, Clone)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    /// SQLite transactions queue here, in order, before taking the write lock.
    write_gate: Arc<Mutex<()>>,
}

impl Db {
    /// Opens the database at `url` (creating a SQLite file and its folder when
    /// missing) and brings its schema up to date.
    pub async fn open(url: &str) -> Result<Db, sqlx::Error> {
        let backend = Backend::from_url(url)?;
        let pool = open::pool(url, backend).await?;
        migrate::run(&pool, backend).await?;
        Ok(Db { pool, backend, write_gate: Arc::new(Mutex::new(())) })
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Waits for this process's turn to open a write transaction (see `store::tx`).
    pub async fn write_turn(&self) -> OwnedMutexGuard<()> {
        self.write_gate.clone().lock_owned().await
    }

    /// Waits for every connection to be returned and closes them.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

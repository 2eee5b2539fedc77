//! A transaction, for writes that must land together (an edge and its side
//! effects on the nodes it joins, a container's removal and its freed
//! children). Checks that decide a write run inside the same transaction:
//! SQLite takes the write lock up front (`BEGIN IMMEDIATE`), so transactions
//! run one at a time, and they queue for it in order at the process's write
//! gate first: SQLite's own busy wait is not fair, and under a steady stream
//! of writers one could wait past its timeout. PostgreSQL locks the rows read
//! for update ([`Tx::for_update`]).

use sqlx::{Any, AnyConnection, Transaction};
use tokio::sync::OwnedMutexGuard;

use crate::db::{Backend, Db};

pub struct Tx {
    inner: Transaction<'static, Any>,
    backend: Backend,
    /// Held until the transaction ends (SQLite only).
    _turn: Option<OwnedMutexGuard<()>>,
}

impl Tx {
    pub async fn begin(db: &Db) -> Result<Tx, sqlx::Error> {
        let (inner, turn) = match db.backend() {
            Backend::Sqlite => {
                let turn = db.write_turn().await;
                (db.pool().begin_with("BEGIN IMMEDIATE").await?, Some(turn))
            }
            Backend::Postgres => (db.pool().begin().await?, None),
        };
        Ok(Tx { inner, backend: db.backend(), _turn: turn })
    }

    /// Makes every write of the transaction durable. Dropping a `Tx` without
    /// committing rolls it back.
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.inner.commit().await
    }

    /// The connection, as an executor for the store's queries.
    pub fn conn(&mut self) -> &mut AnyConnection {
        &mut self.inner
    }

    /// The database the transaction runs on.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The clause that locks the rows a `SELECT` reads until the transaction
    /// ends: `FOR UPDATE` on PostgreSQL, nothing on SQLite (where the whole
    /// database is already locked for writing).
    pub fn for_update(&self) -> &'static str {
        match self.backend {
            Backend::Postgres => " FOR UPDATE",
            Backend::Sqlite => "",
        }
    }
}

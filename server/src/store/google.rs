//! The `google_flows` and `google_links` tables: OAuth flows waiting for
//! Google's redirect, and each authorised node's sealed tokens, the version
//! of its file last read and when the re-sync looks at it next.

use sqlx::FromRow;

use crate::db::{Db, timestamp};

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct FlowRow {
    pub node_id: i64,
    pub user_id: i64,
    /// Sealed.
    pub verifier: String,
    pub expires_at: String,
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct LinkRow {
    pub node_id: i64,
    pub user_id: i64,
    /// Sealed.
    pub access_token: String,
    /// Sealed.
    pub refresh_token: String,
    pub expires_at: String,
    pub synced_version: Option<String>,
    pub next_sync_at: String,
}

const LINK_COLUMNS: &str =
    "node_id, user_id, access_token, refresh_token, expires_at, synced_version, next_sync_at";

/// Keeps a flow started for a node (a node has one at a time: a new one
/// replaces what an earlier click left).
pub async fn start_flow(db: &Db, state_hash: &str, flow: &FlowRow) -> Result<(), sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    sqlx::query("DELETE FROM google_flows WHERE node_id = $1 OR expires_at < $2")
        .bind(flow.node_id)
        .bind(timestamp::now())
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO google_flows (state_hash, node_id, user_id, verifier, expires_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(state_hash)
    .bind(flow.node_id)
    .bind(flow.user_id)
    .bind(&flow.verifier)
    .bind(&flow.expires_at)
    .bind(timestamp::now())
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// Takes the flow a state names, once: a second redirect with the same
/// state finds nothing.
pub async fn take_flow(db: &Db, state_hash: &str) -> Result<Option<FlowRow>, sqlx::Error> {
    sqlx::query_as(
        "DELETE FROM google_flows WHERE state_hash = $1 \
         RETURNING node_id, user_id, verifier, expires_at",
    )
    .bind(state_hash)
    .fetch_optional(db.pool())
    .await
}

/// Keeps a node's tokens after its owner authorised it.
pub async fn save_link(db: &Db, link: &LinkRow) -> Result<(), sqlx::Error> {
    let now = timestamp::now();
    sqlx::query(
        "INSERT INTO google_links (node_id, user_id, access_token, refresh_token, expires_at, \
         synced_version, next_sync_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $7) \
         ON CONFLICT (node_id) DO UPDATE SET access_token = $3, refresh_token = $4, \
         expires_at = $5, synced_version = NULL, next_sync_at = $6, updated_at = $7",
    )
    .bind(link.node_id)
    .bind(link.user_id)
    .bind(&link.access_token)
    .bind(&link.refresh_token)
    .bind(&link.expires_at)
    .bind(&link.next_sync_at)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(())
}

pub async fn link(db: &Db, node_id: i64) -> Result<Option<LinkRow>, sqlx::Error> {
    let sql = format!("SELECT {LINK_COLUMNS} FROM google_links WHERE node_id = $1");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(node_id).fetch_optional(db.pool()).await
}

/// A refreshed access token.
pub async fn set_access(
    db: &Db,
    node_id: i64,
    access_token: &str,
    expires_at: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE google_links SET access_token = $2, expires_at = $3, updated_at = $4 \
         WHERE node_id = $1",
    )
    .bind(node_id)
    .bind(access_token)
    .bind(expires_at)
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The version of the file last read.
pub async fn set_synced(db: &Db, node_id: i64, version: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE google_links SET synced_version = $2 WHERE node_id = $1")
        .bind(node_id)
        .bind(version)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Forgets a node's tokens (Google revoked them).
pub async fn remove_link(db: &Db, node_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM google_links WHERE node_id = $1")
        .bind(node_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Links whose re-sync is due at `now`, oldest first.
pub async fn due(db: &Db, now: &str, limit: i64) -> Result<Vec<LinkRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {LINK_COLUMNS} FROM google_links WHERE next_sync_at <= $1 \
         ORDER BY next_sync_at LIMIT $2"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).bind(limit).fetch_all(db.pool()).await
}

/// Moves a link's next re-sync from `was` to `next`: whether this caller
/// did (of several instances, one takes each run).
pub async fn take_due(db: &Db, node_id: i64, was: &str, next: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE google_links SET next_sync_at = $3 WHERE node_id = $1 AND next_sync_at = $2",
    )
    .bind(node_id)
    .bind(was)
    .bind(next)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

//! The `sms_sends` table: every send an SMS node made through Kavenegar,
//! what Kavenegar answered, and each message's delivery as last asked.

use sqlx::{AssertSqlSafe, FromRow};

use crate::db::{Db, timestamp};

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct SendRow {
    pub id: i64,
    pub node_id: i64,
    pub user_id: i64,
    pub origin: String,
    pub method: String,
    pub message: String,
    pub template: Option<String>,
    pub segments: i64,
    pub estimated_cost: i64,
    pub cost: i64,
    pub status: String,
    pub provider_status: Option<i64>,
    pub response_message: String,
    /// JSON: one object per receptor.
    pub entries: String,
    pub assistant_id: Option<i64>,
    pub api_key_hash: String,
    pub created_at: String,
    pub checked_at: Option<String>,
}

/// A send to keep.
#[derive(Debug, Clone)]
pub struct NewSend<'a> {
    pub node_id: i64,
    pub user_id: i64,
    pub origin: &'a str,
    pub method: &'a str,
    pub message: &'a str,
    pub template: Option<&'a str>,
    pub segments: i64,
    pub estimated_cost: i64,
    pub cost: i64,
    pub status: &'a str,
    pub provider_status: Option<i64>,
    pub response_message: &'a str,
    pub entries: &'a str,
    pub assistant_id: Option<i64>,
    pub api_key_hash: &'a str,
}

/// A template sent with a key, how often and when last.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct TemplateUse {
    pub template: String,
    pub sends: i64,
    pub last_sent_at: String,
}

const COLUMNS: &str = "id, node_id, user_id, origin, method, message, template, segments, \
     estimated_cost, cost, status, provider_status, response_message, entries, assistant_id, \
     api_key_hash, created_at, checked_at";

pub async fn insert(db: &Db, send: &NewSend<'_>) -> Result<SendRow, sqlx::Error> {
    let sql = format!(
        "INSERT INTO sms_sends (node_id, user_id, origin, method, message, template, segments,
                                estimated_cost, cost, status, provider_status, response_message,
                                entries, assistant_id, api_key_hash, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         RETURNING {COLUMNS}"
    );
    sqlx::query_as(AssertSqlSafe(sql))
        .bind(send.node_id)
        .bind(send.user_id)
        .bind(send.origin)
        .bind(send.method)
        .bind(send.message)
        .bind(send.template)
        .bind(send.segments)
        .bind(send.estimated_cost)
        .bind(send.cost)
        .bind(send.status)
        .bind(send.provider_status)
        .bind(send.response_message)
        .bind(send.entries)
        .bind(send.assistant_id)
        .bind(send.api_key_hash)
        .bind(timestamp::now())
        .fetch_one(db.pool())
        .await
}

/// The node's sends, newest first, at most `limit`.
pub async fn of_node(
    db: &Db,
    user_id: i64,
    node_id: i64,
    limit: i64,
) -> Result<Vec<SendRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM sms_sends WHERE node_id = $1 AND user_id = $2
         ORDER BY id DESC LIMIT $3"
    );
    sqlx::query_as(AssertSqlSafe(sql))
        .bind(node_id)
        .bind(user_id)
        .bind(limit)
        .fetch_all(db.pool())
        .await
}

/// How many of a node's sends came from `origin` since `since` (stored form),
/// refused ones too: an attempt costs Kavenegar a call all the same.
pub async fn count_since(
    db: &Db,
    node_id: i64,
    origin: &str,
    since: &str,
) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM sms_sends WHERE node_id = $1 AND origin = $2 AND created_at >= $3",
    )
    .bind(node_id)
    .bind(origin)
    .bind(since)
    .fetch_one(db.pool())
    .await?;
    Ok(count)
}

pub async fn count_of_node(db: &Db, user_id: i64, node_id: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM sms_sends WHERE node_id = $1 AND user_id = $2")
            .bind(node_id)
            .bind(user_id)
            .fetch_one(db.pool())
            .await?;
    Ok(count)
}

pub async fn get(
    db: &Db,
    user_id: i64,
    node_id: i64,
    id: i64,
) -> Result<Option<SendRow>, sqlx::Error> {
    let sql =
        format!("SELECT {COLUMNS} FROM sms_sends WHERE id = $1 AND node_id = $2 AND user_id = $3");
    sqlx::query_as(AssertSqlSafe(sql))
        .bind(id)
        .bind(node_id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await
}

/// Forgets the node's sends; how many there were.
pub async fn delete_of_node(db: &Db, user_id: i64, node_id: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM sms_sends WHERE node_id = $1 AND user_id = $2")
        .bind(node_id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected())
}

/// Keeps the entries as Kavenegar last reported their delivery.
/// When it was checked.
pub async fn set_entries_checked(db: &Db, id: i64, entries: &str) -> Result<String, sqlx::Error> {
    let now = timestamp::now();
    sqlx::query("UPDATE sms_sends SET entries = $2, checked_at = $3 WHERE id = $1")
        .bind(id)
        .bind(entries)
        .bind(&now)
        .execute(db.pool())
        .await?;
    Ok(now)
}

/// The templates the user sent successfully with the key of `api_key_hash`,
/// most recently used first.
pub async fn templates_used(
    db: &Db,
    user_id: i64,
    api_key_hash: &str,
) -> Result<Vec<TemplateUse>, sqlx::Error> {
    sqlx::query_as(
        "SELECT template, COUNT(*) AS sends, MAX(created_at) AS last_sent_at FROM sms_sends
         WHERE user_id = $1 AND api_key_hash = $2 AND status = 'sent' AND template IS NOT NULL
         GROUP BY template ORDER BY MAX(created_at) DESC, template",
    )
    .bind(user_id)
    .bind(api_key_hash)
    .fetch_all(db.pool())
    .await
}

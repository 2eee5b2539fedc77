//! The `companies` and `frames` tables: the businesses frames and bots talk
//! for, and the chat frames registered for iframe nodes (their public keys).

use sqlx::FromRow;

use super::tx::Tx;
use crate::db::{Db, timestamp};

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct CompanyRow {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub created_at: String,
    pub updated_at: String,
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct FrameRow {
    pub id: i64,
    pub node_id: i64,
    pub user_id: i64,
    pub company_id: i64,
    pub public_key: String,
    pub created_at: String,
    pub updated_at: String,
}

const COMPANY_COLUMNS: &str = "id, user_id, name, created_at, updated_at";
const FRAME_COLUMNS: &str = "id, node_id, user_id, company_id, public_key, created_at, updated_at";

/// The user's company named `name` (the oldest, if several), made if none is.
pub async fn company_named(db: &Db, user_id: i64, name: &str) -> Result<CompanyRow, sqlx::Error> {
    let sql = format!(
        "SELECT {COMPANY_COLUMNS} FROM companies WHERE user_id = $1 AND name = $2 ORDER BY id LIMIT 1"
    );
    let found = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(name)
        .fetch_optional(db.pool())
        .await?;
    if let Some(found) = found {
        return Ok(found);
    }
    let sql = format!(
        "INSERT INTO companies (user_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3)
         RETURNING {COMPANY_COLUMNS}"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(name)
        .bind(timestamp::now())
        .fetch_one(db.pool())
        .await
}

/// One of the user's companies.
pub async fn company(db: &Db, user_id: i64, id: i64) -> Result<Option<CompanyRow>, sqlx::Error> {
    let sql = format!("SELECT {COMPANY_COLUMNS} FROM companies WHERE id = $1 AND user_id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(user_id).fetch_optional(db.pool()).await
}

/// Renames one of the user's companies.
pub async fn rename_company(db: &Db, user_id: i64, id: i64, name: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE companies SET name = $3, updated_at = $4 WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .bind(name)
        .bind(timestamp::now())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Registers the node's frame for the company, with `public_key` when it is
/// new (a frame registered before keeps its key).
pub async fn register(
    db: &Db,
    node_id: i64,
    user_id: i64,
    company_id: i64,
    public_key: &str,
) -> Result<FrameRow, sqlx::Error> {
    let sql = format!(
        "INSERT INTO frames (node_id, user_id, company_id, public_key, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (node_id) DO UPDATE SET company_id = $3, updated_at = $5
         RETURNING {FRAME_COLUMNS}"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(node_id)
        .bind(user_id)
        .bind(company_id)
        .bind(public_key)
        .bind(timestamp::now())
        .fetch_one(db.pool())
        .await
}

/// The frame a public key names (anyone may hold the key: it is in the page).
pub async fn by_key(db: &Db, public_key: &str) -> Result<Option<FrameRow>, sqlx::Error> {
    let sql = format!("SELECT {FRAME_COLUMNS} FROM frames WHERE public_key = $1");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(public_key).fetch_optional(db.pool()).await
}

/// The user's frame for node `node_id`.
pub async fn by_node(db: &Db, user_id: i64, node_id: i64) -> Result<Option<FrameRow>, sqlx::Error> {
    let sql = format!("SELECT {FRAME_COLUMNS} FROM frames WHERE node_id = $1 AND user_id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(node_id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await
}

/// The user's frame `id`.
pub async fn get(db: &Db, user_id: i64, id: i64) -> Result<Option<FrameRow>, sqlx::Error> {
    let sql = format!("SELECT {FRAME_COLUMNS} FROM frames WHERE id = $1 AND user_id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(user_id).fetch_optional(db.pool()).await
}

/// The frames of one of the user's companies, oldest first.
pub async fn of_company(
    db: &Db,
    user_id: i64,
    company_id: i64,
) -> Result<Vec<FrameRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {FRAME_COLUMNS} FROM frames WHERE company_id = $1 AND user_id = $2 ORDER BY id"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(company_id)
        .bind(user_id)
        .fetch_all(db.pool())
        .await
}

/// Unregisters the user's frame `id` (its key stops working); whether there was one.
pub async fn delete(db: &Db, user_id: i64, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM frames WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Moves everything of the user's companies `from` (frames, conversations)
/// into company `into`, and deletes them.
pub async fn merge_companies(
    tx: &mut Tx,
    user_id: i64,
    into: i64,
    from: &[i64],
) -> Result<(), sqlx::Error> {
    for id in from.iter().filter(|id| **id != into) {
        for sql in [
            "UPDATE frames SET company_id = $1 WHERE company_id = $2 AND user_id = $3",
            "UPDATE conversations SET company_id = $1 WHERE company_id = $2 AND user_id = $3",
            "DELETE FROM companies WHERE id = $2 AND user_id = $3 AND $1 = $1",
        ] {
            sqlx::query(sql).bind(into).bind(id).bind(user_id).execute(tx.conn()).await?;
        }
    }
    Ok(())
}

/// How many conversations a company has.
pub async fn conversation_count(db: &Db, company_id: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM conversations WHERE company_id = $1")
            .bind(company_id)
            .fetch_one(db.pool())
            .await?;
    Ok(count)
}

//! The `credit_ledger` table: append-only; a user's balance is the sum of
//! their entries. Each entry has a key that can be written once, so a grant
//! (a payment's credits, a month's allowance) can never land twice.

use sqlx::{Any, Executor};

use crate::db::{Db, timestamp};

/// Why credits came or went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// Bought: a package or a custom amount.
    Purchase,
    /// The plan's allowance for a month.
    MonthlyGrant,
    /// Spent on a model's answer.
    Usage,
}

impl Reason {
    fn as_str(self) -> &'static str {
        match self {
            Reason::Purchase => "purchase",
            Reason::MonthlyGrant => "monthly_grant",
            Reason::Usage => "usage",
        }
    }
}

/// An entry to append.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<'a> {
    pub user_id: i64,
    /// Credits: positive granted, negative spent.
    pub amount: i64,
    pub reason: Reason,
    /// Unique: the entry is appended only if no entry has this key yet.
    pub key: &'a str,
    pub payment_id: Option<i64>,
}

/// Appends an entry unless one with its key exists; whether it was appended.
pub async fn append<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    entry: &Entry<'_>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO credit_ledger (user_id, amount, reason, entry_key, payment_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (entry_key) DO NOTHING",
    )
    .bind(entry.user_id)
    .bind(entry.amount)
    .bind(entry.reason.as_str())
    .bind(entry.key)
    .bind(entry.payment_id)
    .bind(timestamp::now())
    .execute(ex)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The user's balance, and whether one of their entries has `key`: one
/// read where a request would otherwise make two.
pub async fn balance_and_has_key(
    db: &Db,
    user_id: i64,
    key: &str,
) -> Result<(i64, bool), sqlx::Error> {
    let (sum, has): (i64, i64) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT),
                CAST(COALESCE(MAX(CASE WHEN entry_key = $2 THEN 1 ELSE 0 END), 0) AS BIGINT)
         FROM credit_ledger WHERE user_id = $1",
    )
    .bind(user_id)
    .bind(key)
    .fetch_one(db.pool())
    .await?;
    Ok((sum, has == 1))
}

/// The user's balance: the sum of their entries.
pub async fn balance(db: &Db, user_id: i64) -> Result<i64, sqlx::Error> {
    // PostgreSQL sums BIGINT as NUMERIC; the cast keeps it an integer on both.
    let (sum,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM credit_ledger WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(db.pool())
    .await?;
    Ok(sum)
}

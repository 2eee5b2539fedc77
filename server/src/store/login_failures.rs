//! The `login_failures` table: wrong passwords per e-mail address, shared by
//! every instance (see `accounts::login_throttle` for the rule).

use crate::db::Db;

/// Until when sign-ins for `email` are refused, if that is after `now`.
pub async fn locked_until(db: &Db, email: &str, now: &str) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT locked_until FROM login_failures WHERE email = $1 AND locked_until > $2",
    )
    .bind(email)
    .bind(now)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(|r| r.0))
}

/// Counts a wrong password for `email` at `now`, starting the count again
/// when the last one was before `forget_before`; the failures counted.
pub async fn record(
    db: &Db,
    email: &str,
    now: &str,
    forget_before: &str,
) -> Result<i64, sqlx::Error> {
    let (failures,): (i64,) = sqlx::query_as(
        "INSERT INTO login_failures (email, failures, last_failed_at) VALUES ($1, 1, $2)
         ON CONFLICT (email) DO UPDATE SET
             failures = CASE WHEN login_failures.last_failed_at < $3 THEN 1
                             ELSE login_failures.failures + 1 END,
             last_failed_at = $2
         RETURNING failures",
    )
    .bind(email)
    .bind(now)
    .bind(forget_before)
    .fetch_one(db.pool())
    .await?;
    Ok(failures)
}

/// Refuses sign-ins for `email` until `until`.
pub async fn lock(db: &Db, email: &str, until: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE login_failures SET locked_until = $2 WHERE email = $1")
        .bind(email)
        .bind(until)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Forgets the failures of `email` (it signed in).
pub async fn clear(db: &Db, email: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM login_failures WHERE email = $1")
        .bind(email)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// Forgets every address whose last failure was before `before` and which
/// is not locked; how many.
pub async fn forget_older_than(db: &Db, before: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM login_failures
         WHERE last_failed_at < $1 AND (locked_until IS NULL OR locked_until < $1)",
    )
    .bind(before)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected())
}

//! The `schedules` and `schedule_runs` tables: when each scheduler or
//! trigger switched on is due next, and each time one fired. A run is
//! unique per (node, due time), so of several instances one fires it; a run
//! left `running` past its lease belonged to an instance that stopped, and
//! is taken over.

use serde::Serialize;
use sqlx::{AssertSqlSafe, FromRow};

use super::tx::Tx;
use crate::db::{Backend, Db, timestamp};

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ScheduleRow {
    pub node_id: i64,
    pub user_id: i64,
    pub kind: String,
    pub next_due_at: Option<String>,
    pub runs: i64,
    pub max_runs: Option<i64>,
    pub last_run_at: Option<String>,
}

const SCHEDULE_COLUMNS: &str = "node_id, user_id, kind, next_due_at, runs, max_runs, last_run_at";

/// Keeps a schedule as `row` says (inserting it the first time).
pub async fn put(tx: &mut Tx, row: &ScheduleRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO schedules
             (node_id, user_id, kind, next_due_at, runs, max_runs, last_run_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
         ON CONFLICT (node_id) DO UPDATE SET
             kind = excluded.kind, next_due_at = excluded.next_due_at, runs = excluded.runs,
             max_runs = excluded.max_runs, last_run_at = excluded.last_run_at,
             updated_at = excluded.updated_at",
    )
    .bind(row.node_id)
    .bind(row.user_id)
    .bind(row.kind.as_str())
    .bind(row.next_due_at.as_deref())
    .bind(row.runs)
    .bind(row.max_runs)
    .bind(row.last_run_at.as_deref())
    .bind(timestamp::now())
    .execute(tx.conn())
    .await?;
    Ok(())
}

/// A schedule, locked until the transaction ends.
pub async fn lock(tx: &mut Tx, node_id: i64) -> Result<Option<ScheduleRow>, sqlx::Error> {
    let sql =
        format!("SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE node_id = $1{}", tx.for_update());
    sqlx::query_as(AssertSqlSafe(sql)).bind(node_id).fetch_optional(tx.conn()).await
}

pub async fn get(db: &Db, node_id: i64) -> Result<Option<ScheduleRow>, sqlx::Error> {
    let sql = format!("SELECT {SCHEDULE_COLUMNS} FROM schedules WHERE node_id = $1");
    sqlx::query_as(AssertSqlSafe(sql)).bind(node_id).fetch_optional(db.pool()).await
}

/// Up to `limit` schedules due at `now`, the longest due first (not locked:
/// [`lock_due`] takes each).
pub async fn due(db: &Db, now: &str, limit: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT node_id FROM schedules WHERE next_due_at <= $1
         ORDER BY next_due_at, node_id LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// The schedule if it is still due at `now`, locked; `None` when another
/// instance holds it or has moved it on. PostgreSQL skips a row another
/// transaction holds instead of waiting for it; SQLite has one writer.
pub async fn lock_due(
    tx: &mut Tx,
    node_id: i64,
    now: &str,
) -> Result<Option<ScheduleRow>, sqlx::Error> {
    let skip_locked = match tx.backend() {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let sql = format!(
        "SELECT {SCHEDULE_COLUMNS} FROM schedules
         WHERE node_id = $1 AND next_due_at <= $2{skip_locked}"
    );
    sqlx::query_as(AssertSqlSafe(sql)).bind(node_id).bind(now).fetch_optional(tx.conn()).await
}

/// The earliest time any schedule is due, to sleep until it.
pub async fn earliest_due(db: &Db) -> Result<Option<String>, sqlx::Error> {
    let row: (Option<String>,) =
        sqlx::query_as("SELECT MIN(next_due_at) FROM schedules").fetch_one(db.pool()).await?;
    Ok(row.0)
}

/// Who asked for a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RequestedBy {
    /// Its schedule came due.
    Schedule,
    /// "Run now" / test-run: outside the schedule, not counted in its runs.
    User,
}

impl RequestedBy {
    pub fn as_str(self) -> &'static str {
        match self {
            RequestedBy::Schedule => "schedule",
            RequestedBy::User => "user",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct RunRow {
    pub id: i64,
    pub node_id: i64,
    pub user_id: i64,
    pub due_at: String,
    pub requested_by: String,
    pub missed: i64,
    pub state: String,
    pub instance: String,
    pub lease_until: String,
    pub attempts: i64,
    pub started_at: String,
    pub finished_at: Option<String>,
    pub outcome: Option<String>,
    pub error: Option<String>,
}

const RUN_COLUMNS: &str = "id, node_id, user_id, due_at, requested_by, missed, state, instance, \
     lease_until, attempts, started_at, finished_at, outcome, error";

/// A run to record as started.
#[derive(Debug, Clone)]
pub struct NewRun<'a> {
    pub node_id: i64,
    pub user_id: i64,
    pub due_at: &'a str,
    pub requested_by: RequestedBy,
    pub missed: i64,
    pub instance: &'a str,
    pub lease_until: &'a str,
    pub started_at: &'a str,
}

/// Records a run as started by `instance`; `None` when the node already
/// has a run for that due time (another instance fired it).
pub async fn insert_run(tx: &mut Tx, run: &NewRun<'_>) -> Result<Option<RunRow>, sqlx::Error> {
    let sql = format!(
        "INSERT INTO schedule_runs
             (node_id, user_id, due_at, requested_by, missed, state, instance, lease_until,
              attempts, started_at)
         VALUES ($1, $2, $3, $4, $5, 'running', $6, $7, 1, $8)
         ON CONFLICT (node_id, due_at) DO NOTHING
         RETURNING {RUN_COLUMNS}"
    );
    sqlx::query_as(AssertSqlSafe(sql))
        .bind(run.node_id)
        .bind(run.user_id)
        .bind(run.due_at)
        .bind(run.requested_by.as_str())
        .bind(run.missed)
        .bind(run.instance)
        .bind(run.lease_until)
        .bind(run.started_at)
        .fetch_optional(tx.conn())
        .await
}

/// Moves a schedule on after it fired (or was skipped).
pub async fn advance(
    tx: &mut Tx,
    node_id: i64,
    next_due_at: Option<&str>,
    runs: i64,
    last_run_at: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE schedules SET next_due_at = $2, runs = $3, last_run_at = $4, updated_at = $5
         WHERE node_id = $1",
    )
    .bind(node_id)
    .bind(next_due_at)
    .bind(runs)
    .bind(last_run_at)
    .bind(timestamp::now())
    .execute(tx.conn())
    .await?;
    Ok(())
}

/// Takes over up to `limit` runs whose lease ran out by `now` (their
/// instance stopped mid-run): `instance` holds them until `lease_until`.
pub async fn take_over(
    db: &Db,
    now: &str,
    instance: &str,
    lease_until: &str,
    limit: i64,
) -> Result<Vec<RunRow>, sqlx::Error> {
    let skip_locked = match db.backend() {
        Backend::Postgres => " FOR UPDATE SKIP LOCKED",
        Backend::Sqlite => "",
    };
    let sql = format!(
        "UPDATE schedule_runs SET instance = $1, lease_until = $2, attempts = attempts + 1
         WHERE id IN (SELECT id FROM schedule_runs
                      WHERE state = 'running' AND lease_until < $3
                      ORDER BY id LIMIT $4{skip_locked})
           AND state = 'running' AND lease_until < $3
         RETURNING {RUN_COLUMNS}"
    );
    sqlx::query_as(AssertSqlSafe(sql))
        .bind(instance)
        .bind(lease_until)
        .bind(now)
        .bind(limit)
        .fetch_all(db.pool())
        .await
}

/// Holds a run longer while it is still `instance`'s.
pub async fn renew(
    db: &Db,
    id: i64,
    instance: &str,
    lease_until: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE schedule_runs SET lease_until = $3
         WHERE id = $1 AND instance = $2 AND state = 'running'",
    )
    .bind(id)
    .bind(instance)
    .bind(lease_until)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records how a run ended, if it is still `instance`'s to end (one that
/// lost its lease leaves the ending to the instance that took it over).
pub async fn finish_run(
    db: &Db,
    id: i64,
    instance: &str,
    succeeded: bool,
    outcome: &str,
    error: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE schedule_runs SET state = $3, outcome = $4, error = $5, finished_at = $6
         WHERE id = $1 AND instance = $2 AND state = 'running'",
    )
    .bind(id)
    .bind(instance)
    .bind(if succeeded { "succeeded" } else { "failed" })
    .bind(outcome)
    .bind(error)
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn run(db: &Db, id: i64) -> Result<Option<RunRow>, sqlx::Error> {
    let sql = format!("SELECT {RUN_COLUMNS} FROM schedule_runs WHERE id = $1");
    sqlx::query_as(AssertSqlSafe(sql)).bind(id).fetch_optional(db.pool()).await
}

/// A node's latest `limit` runs, newest first.
pub async fn history(db: &Db, node_id: i64, limit: i64) -> Result<Vec<RunRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {RUN_COLUMNS} FROM schedule_runs WHERE node_id = $1 ORDER BY id DESC LIMIT $2"
    );
    sqlx::query_as(AssertSqlSafe(sql)).bind(node_id).bind(limit).fetch_all(db.pool()).await
}

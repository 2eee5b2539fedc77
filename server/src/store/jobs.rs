//! The `jobs` table: the queue of work that outlives a request. A job is
//! `queued`, claimed by one worker (`processing`), then `completed` or
//! `failed`; a failed job can be queued again. Claims are atomic on both
//! backends, so several instances can share the queue.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::AnyConnection;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::db::{Backend, Db, timestamp};

/// Where a job stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum JobStatus {
    Queued,
    Processing,
    Completed,
    Failed,
}

impl JobStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Queued => "queued",
            JobStatus::Processing => "processing",
            JobStatus::Completed => "completed",
            JobStatus::Failed => "failed",
        }
    }

    fn parse(text: &str) -> Option<JobStatus> {
        [JobStatus::Queued, JobStatus::Processing, JobStatus::Completed, JobStatus::Failed]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// A stored job, as read from its row.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct JobRow {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub status: String,
    pub progress: i64,
    pub attempts: i64,
    pub payload: String,
    pub result: Option<String>,
    pub error: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl JobRow {
    /// The status; an unknown word (a hand edit) reads as failed.
    pub fn status(&self) -> JobStatus {
        JobStatus::parse(&self.status).unwrap_or(JobStatus::Failed)
    }

    pub fn payload(&self) -> Value {
        serde_json::from_str(&self.payload).unwrap_or(Value::Null)
    }

    pub fn result(&self) -> Option<Value> {
        self.result.as_deref().and_then(|r| serde_json::from_str(r).ok())
    }
}

macro_rules! columns {
    () => {
        "id, user_id, kind, status, progress, attempts, payload, result, error, created_at, updated_at"
    };
}

/// Queues a job (inside the caller's transaction, so it commits with what it is about).
pub async fn enqueue(
    conn: &mut AnyConnection,
    user_id: i64,
    kind: &str,
    payload: &Value,
) -> Result<JobRow, sqlx::Error> {
    sqlx::query_as(concat!(
        "INSERT INTO jobs (user_id, kind, status, progress, attempts, payload, created_at, updated_at)
         VALUES ($1, $2, 'queued', 0, 0, $3, $4, $4)
         RETURNING ",
        columns!()
    ))
    .bind(user_id)
    .bind(kind)
    .bind(payload.to_string())
    .bind(timestamp::now())
    .fetch_one(conn)
    .await
}

/// One of the user's jobs.
pub async fn get(db: &Db, user_id: i64, id: i64) -> Result<Option<JobRow>, sqlx::Error> {
    sqlx::query_as(concat!("SELECT ", columns!(), " FROM jobs WHERE id = $1 AND user_id = $2"))
        .bind(id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await
}

/// Claims the oldest queued job (or one left `processing` since before
/// `stale_before` by a worker that died), marking it processing and counting
/// the attempt. No two workers ever claim the same job: PostgreSQL skips rows
/// another transaction has locked; SQLite runs the statement as one write.
pub async fn claim(db: &Db, stale_before: &str) -> Result<Option<JobRow>, sqlx::Error> {
    // A read first: an idle queue is polled often, and on SQLite every UPDATE
    // takes the database's one write lock, even when it changes nothing.
    let waiting: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM jobs WHERE status = 'queued' OR (status = 'processing' AND updated_at < $1)
         LIMIT 1",
    )
    .bind(stale_before)
    .fetch_optional(db.pool())
    .await?;
    if waiting.is_none() {
        return Ok(None);
    }
    let sql = match db.backend() {
        Backend::Postgres => concat!(
            "UPDATE jobs SET status = 'processing', attempts = attempts + 1, progress = 10,
                             error = NULL, updated_at = $1
             WHERE id = (SELECT id FROM jobs
                         WHERE status = 'queued' OR (status = 'processing' AND updated_at < $2)
                         ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
             RETURNING ",
            columns!()
        ),
        Backend::Sqlite => concat!(
            "UPDATE jobs SET status = 'processing', attempts = attempts + 1, progress = 10,
                             error = NULL, updated_at = $1
             WHERE id = (SELECT id FROM jobs
                         WHERE status = 'queued' OR (status = 'processing' AND updated_at < $2)
                         ORDER BY id LIMIT 1)
             RETURNING ",
            columns!()
        ),
    };
    sqlx::query_as(sql).bind(timestamp::now()).bind(stale_before).fetch_optional(db.pool()).await
}

/// Records progress (0 to 100) of a job being processed.
pub async fn set_progress(db: &Db, id: i64, progress: u8) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE jobs SET progress = $2, updated_at = $3 WHERE id = $1 AND status = 'processing'",
    )
    .bind(id)
    .bind(i64::from(progress.min(100)))
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Marks a job being processed as completed with its result.
pub async fn complete(db: &Db, id: i64, result: &Value) -> Result<Option<JobRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE jobs SET status = 'completed', progress = 100, result = $2, error = NULL,
                         updated_at = $3
         WHERE id = $1 AND status = 'processing'
         RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(result.to_string())
    .bind(timestamp::now())
    .fetch_optional(db.pool())
    .await
}

/// Marks a job being processed as failed with a message people read.
pub async fn fail(db: &Db, id: i64, error: &str) -> Result<Option<JobRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE jobs SET status = 'failed', error = $2, updated_at = $3
         WHERE id = $1 AND status = 'processing'
         RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(error)
    .bind(timestamp::now())
    .fetch_optional(db.pool())
    .await
}

/// What asking to retry a job came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Retried {
    /// Queued again.
    Queued(JobRow),
    /// The job exists but has not failed.
    NotFailed(JobRow),
    /// No such job of the user's.
    NotFound,
}

/// Queues one of the user's failed jobs again.
pub async fn retry(db: &Db, user_id: i64, id: i64) -> Result<Retried, sqlx::Error> {
    let requeued: Option<JobRow> = sqlx::query_as(concat!(
        "UPDATE jobs SET status = 'queued', progress = 0, result = NULL, error = NULL,
                         updated_at = $3
         WHERE id = $1 AND user_id = $2 AND status = 'failed'
         RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(user_id)
    .bind(timestamp::now())
    .fetch_optional(db.pool())
    .await?;
    if let Some(job) = requeued {
        return Ok(Retried::Queued(job));
    }
    Ok(match get(db, user_id, id).await? {
        Some(job) => Retried::NotFailed(job),
        None => Retried::NotFound,
    })
}

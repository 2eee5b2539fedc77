//! The background worker: takes queued jobs from the `jobs` table and runs
//! them, up to [`JOBS_AT_ONCE`] at a time. [`run_once`] does one job (tests call it directly, no
//! clocks involved); [`Worker::start`] runs it in a loop for `serve`, waiting
//! [`POLL_INTERVAL`] whenever the queue is empty. Several instances may run
//! workers on one database: a job is claimed by exactly one of them.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use dastyar_core::messages::MessageCode;
use dastyar_core::status::CreationStatus;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinHandle;
use ts_rs::TS;

use crate::canvas::assistants::{self, Registered};
use crate::canvas::nodes::{CREATE_ASSISTANT_JOB, NodeView};
use crate::channels::telegram::intake::UPDATE_JOB;
use crate::channels::telegram::update_job;
use crate::db::timestamp;
use crate::error::ApiError;
use crate::knowledge::{INDEX_JOB, documents, index_job};
use crate::providers::llm::LlmError;
use crate::state::AppState;
use crate::store::jobs::{self, JobRow, Retried};
use crate::store::nodes;

/// How long an idle worker waits before looking at the queue again.
pub const POLL_INTERVAL: Duration = Duration::from_millis(500);

/// Jobs one instance runs at once: a Telegram answer waits on the model
/// for seconds, and others must not queue behind it.
pub const JOBS_AT_ONCE: usize = 16;

/// A job left `processing` this long without progress belonged to a worker
/// that stopped mid-way; it is claimed again.
pub const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// What a completed assistant-creation job made (its `result`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "api/")]
pub struct JobResult {
    pub node: NodeView,
}

/// Claims one queued job and runs it to completion or failure; the job as it
/// ended, or `None` when the queue was empty.
pub async fn run_once(state: &AppState) -> Result<Option<JobRow>, sqlx::Error> {
    let Some(job) = claim(state).await? else { return Ok(None) };
    run(state, job).await.map(Some)
}

/// Claims the oldest queued job (or one a stopped worker left behind).
async fn claim(state: &AppState) -> Result<Option<JobRow>, sqlx::Error> {
    let stale_before = timestamp::at(SystemTime::now() - STALE_AFTER);
    jobs::claim(&state.db, &stale_before).await
}

/// Runs a claimed job to completion or failure; the job as it ended.
async fn run(state: &AppState, job: JobRow) -> Result<JobRow, sqlx::Error> {
    let outcome = match job.kind.as_str() {
        CREATE_ASSISTANT_JOB => create_assistant(state, &job).await,
        UPDATE_JOB => update_job::handle(state, &job.payload()).await.map_err(Failure::from),
        INDEX_JOB => index_job::handle(state, &job.payload()).await.map_err(Failure::from),
        other => Err(Failure::Internal(format!("unknown job kind {other:?}"))),
    };
    let ended = match outcome {
        Ok(result) => jobs::complete(&state.db, job.id, &result).await?,
        Err(failure) => {
            if let Failure::Internal(cause) = &failure {
                tracing::error!(job = job.id, %cause, "job failed");
            }
            if job.kind == INDEX_JOB {
                fail_document(state, &job.payload()).await?;
            }
            jobs::fail(&state.db, job.id, &failure.message()).await?
        }
    };
    Ok(ended.unwrap_or(job))
}

/// The document a failed index job was reading, marked failed so that its
/// panel says so (the job's own error is not shown there).
async fn fail_document(state: &AppState, payload: &Value) -> Result<(), sqlx::Error> {
    let (Some(id), Some(revision)) =
        (payload["document_id"].as_i64(), payload["revision"].as_i64())
    else {
        return Ok(());
    };
    documents::fail_unread(state, id, revision).await
}

/// Queues one of the user's failed jobs again; the node it is about goes back
/// to pending. 404 for no such job of theirs, 409 when it has not failed.
pub async fn retry(state: &AppState, user_id: i64, id: i64) -> Result<JobRow, ApiError> {
    let job = match jobs::retry(&state.db, user_id, id).await? {
        Retried::Queued(job) => job,
        Retried::NotFailed(_) => return Err(ApiError::Conflict(MessageCode::Conflict)),
        Retried::NotFound => return Err(ApiError::NotFound),
    };
    let node_id = job.payload().get("node_id").and_then(Value::as_i64);
    if let (CREATE_ASSISTANT_JOB, Some(node_id)) = (job.kind.as_str(), node_id) {
        nodes::set_status(state.db.pool(), user_id, node_id, CreationStatus::Pending).await?;
    }
    Ok(job)
}

/// Runs jobs until the queue is empty; how many ran.
pub async fn run_until_idle(state: &AppState) -> Result<usize, sqlx::Error> {
    let mut ran = 0;
    while run_once(state).await?.is_some() {
        ran += 1;
    }
    Ok(ran)
}

/// Why a job failed.
enum Failure {
    /// What the job was about no longer exists.
    NodeMissing,
    /// The model provider refused or could not be reached; retrying the job
    /// may succeed once it is back (or once the model is changed).
    Provider { error: LlmError, model: String },
    /// A bug or an outage; logged, and reported as an internal error.
    Internal(String),
}

impl Failure {
    /// The Persian text the job reports (spec §8: polling fails "with the job's own error").
    fn message(&self) -> String {
        let reason = match self {
            Failure::NodeMissing => MessageCode::JobNodeMissing.persian().to_owned(),
            Failure::Provider { error, model } => error.persian(model),
            Failure::Internal(_) => MessageCode::InternalError.persian().to_owned(),
        };
        MessageCode::JobFailed.render(&[("error", &reason)])
    }
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Self {
        Failure::Internal(format!("{error:?}"))
    }
}

impl From<sqlx::Error> for Failure {
    fn from(error: sqlx::Error) -> Self {
        Failure::Internal(format!("database: {error}"))
    }
}

/// Finishes creating the assistant `payload.node_id`; the result is `{node}`.
async fn create_assistant(state: &AppState, job: &JobRow) -> Result<Value, Failure> {
    let node_id = job
        .payload()
        .get("node_id")
        .and_then(Value::as_i64)
        .ok_or_else(|| Failure::Internal(format!("job {}: no node_id", job.id)))?;
    jobs::set_progress(&state.db, job.id, 50).await?;
    match assistants::register(state, job.user_id, node_id).await? {
        Some(Registered { failure: Some(error), model, .. }) => {
            Err(Failure::Provider { error, model })
        }
        Some(Registered { row, failure: None, .. }) => {
            let result = JobResult { node: NodeView::of(&row)? };
            serde_json::to_value(result).map_err(|e| Failure::Internal(e.to_string()))
        }
        None => Err(Failure::NodeMissing),
    }
}

/// The worker loop running in the background of `serve`.
pub struct Worker {
    stop: watch::Sender<bool>,
    handle: JoinHandle<()>,
}

impl Worker {
    pub fn start(state: AppState) -> Worker {
        let (stop, mut stopped) = watch::channel(false);
        let handle = tokio::spawn(async move {
            let slots = Arc::new(Semaphore::new(JOBS_AT_ONCE));
            while !*stopped.borrow() {
                let Ok(slot) = slots.clone().acquire_owned().await else { break };
                let idle = match claim(&state).await {
                    Ok(Some(job)) => {
                        let state = state.clone();
                        tokio::spawn(async move {
                            match run(&state, job).await {
                                Ok(job) => {
                                    tracing::info!(job = job.id, kind = %job.kind, status = %job.status, "job ran")
                                }
                                Err(error) => {
                                    tracing::error!(%error, "a job's end could not be stored")
                                }
                            }
                            drop(slot);
                        });
                        false
                    }
                    Ok(None) => true,
                    Err(error) => {
                        tracing::error!(%error, "the job queue is unreachable");
                        true
                    }
                };
                if idle {
                    tokio::select! {
                        () = tokio::time::sleep(POLL_INTERVAL) => {}
                        changed = stopped.changed() => {
                            if changed.is_err() {
                                break; // the Worker was dropped
                            }
                        }
                    }
                }
            }
            // The jobs in hand finish before the worker stops.
            let _ = slots.acquire_many(JOBS_AT_ONCE as u32).await;
        });
        Worker { stop, handle }
    }

    /// Lets the jobs in hand finish, then stops.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.handle.await;
    }
}

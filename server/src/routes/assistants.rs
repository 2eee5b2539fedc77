//! Assistant extras under `/playground/assistants` (also `/assistants`): the
//! plan's node usage and the creation jobs.

use axum::Router;
use axum::extract::State;
use axum::routing::{get, post};
use dastyar_core::limits::NodeUsage;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::extract::{AuthUser, Json, Path};
use crate::jobs::JobResult;
use crate::plans;
use crate::state::AppState;
use crate::store::jobs::{self, JobRow, JobStatus};

/// Where the assistant extras are mounted (below `/api`).
pub const PREFIXES: [&str; 2] = ["/playground/assistants", "/assistants"];

pub fn router() -> Router<AppState> {
    let mut router = Router::new();
    for prefix in PREFIXES {
        router = router
            .route(&format!("{prefix}/node-usage"), get(node_usage))
            .route(&format!("{prefix}/jobs/{{id}}"), get(job))
            .route(&format!("{prefix}/jobs/{{id}}/retry"), post(retry));
    }
    router
}

/// An assistant-creation job, as it is polled.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct JobView {
    pub id: i64,
    pub status: JobStatus,
    /// 0 to 100.
    pub progress: i64,
    /// How many times a worker took it up.
    pub attempts: i64,
    /// When completed: `{node}`, the assistant's canvas node and database id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schema(value_type = Option<Object>)]
    pub result: Option<JobResult>,
    /// When failed: why, in Persian.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
}

impl From<&JobRow> for JobView {
    fn from(job: &JobRow) -> JobView {
        let status = job.status();
        JobView {
            id: job.id,
            status,
            progress: job.progress.clamp(0, 100),
            attempts: job.attempts,
            result: if status == JobStatus::Completed {
                job.result().and_then(|r| serde_json::from_value(r).ok())
            } else {
                None
            },
            error: if status == JobStatus::Failed { job.error.clone() } else { None },
        }
    }
}

/// My standing against my plan's node quotas.
pub async fn node_usage(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<NodeUsage>, ApiError> {
    Ok(Json(plans::node_usage(&state, user.id).await?))
}

/// One of my jobs.
pub async fn job(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<JobView>, ApiError> {
    let job = jobs::get(&state.db, user.id, id).await?.ok_or(ApiError::NotFound)?;
    Ok(Json(JobView::from(&job)))
}

/// Queues one of my failed jobs again (409 when it has not failed).
pub async fn retry(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<JobView>, ApiError> {
    Ok(Json(JobView::from(&crate::jobs::retry(&state, user.id, id).await?)))
}

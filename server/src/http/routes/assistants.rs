//! Assistant extras under `/playground/assistants` (also `/assistants`): the
//! plan's node usage and the creation jobs.

use axum::extract::State;
use dastyar_core::limits::NodeUsage;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa::openapi::path::HttpMethod;
use utoipa_axum::router::OpenApiRouter;

use crate::billing::current_plan;
use crate::error::ApiError;
use crate::http::documented_route::DocumentedRoute;
use crate::http::extract::{AuthUser, Json, Path};
use crate::http::routes::node_openapi;
use crate::http::routes::nodes::ASSISTANT_PREFIXES;
use crate::jobs::JobResult;
use crate::state::AppState;
use crate::store::jobs::{self, JobRow, JobStatus};

pub fn router() -> OpenApiRouter<AppState> {
    let mut router = OpenApiRouter::new();
    for prefix in ASSISTANT_PREFIXES {
        router = router
            .routes(
                DocumentedRoute::new(format!("{prefix}/node-usage"))
                    .on(HttpMethod::Get, node_usage, node_openapi::node_usage())
                    .into(),
            )
            .routes(
                DocumentedRoute::new(format!("{prefix}/jobs/{{id}}"))
                    .on(HttpMethod::Get, job, node_openapi::job())
                    .with_schema::<JobView>()
                    .into(),
            )
            .routes(
                DocumentedRoute::new(format!("{prefix}/jobs/{{id}}/retry"))
                    .on(HttpMethod::Post, retry, node_openapi::job_retry())
                    .into(),
            );
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
    Ok(Json(current_plan::node_usage(&state, user.id).await?))
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

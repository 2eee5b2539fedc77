//! Schedulers' and triggers' runs: history and logs, the next due times,
//! a run now (test-run, a trigger's test message), checking a schedule, and
//! the sync, register and unregister calls, which bring the engine's
//! schedule in step with the node or switch it on or off.

use axum::extract::State;
use dastyar_core::NodeKind;
use dastyar_core::paging::{
    HISTORY_DEFAULT_LIMIT, PREVIEW_RUNS_DEFAULT_COUNT, TRIGGER_LOGS_DEFAULT_LIMIT,
};
use dastyar_core::schedule::{Schedule, validate_trigger_schedule};
use dastyar_core::{MessageCode, digits::persian_digits};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::automation::runs::{self, HISTORY_MAX, RunHistory, RunView};
use crate::canvas::canvas_node_schema::CanvasNodeSchema;
use crate::canvas::nodes::NodeView;
use crate::canvas::shortcuts::{self, Switch};
use crate::db::timestamp;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(scheduler_history))
        .routes(routes!(trigger_history))
        .routes(routes!(trigger_logs))
        .routes(routes!(scheduler_preview))
        .routes(routes!(trigger_preview))
        .routes(routes!(scheduler_test_run))
        .routes(routes!(trigger_test))
        .routes(routes!(validate_schedule))
        .routes(routes!(sync_scheduler))
        .routes(routes!(trigger_sync_status))
        .routes(routes!(trigger_sync))
        .routes(routes!(trigger_register))
        .routes(routes!(trigger_unregister))
}

/// `?limit=`: how many runs, 1 to 100.
#[derive(Debug, Deserialize, IntoParams)]
pub struct LimitQuery {
    limit: Option<i64>,
}

/// `?count=`: how many due times, 1 to 50.
#[derive(Debug, Deserialize, IntoParams)]
pub struct CountQuery {
    count: Option<i64>,
}

fn limit(asked: Option<i64>, default: u32) -> Result<u32, ApiError> {
    match asked {
        None => Ok(default),
        Some(n) if (1..=i64::from(HISTORY_MAX)).contains(&n) => Ok(n as u32),
        Some(_) => {
            let max = persian_digits(&HISTORY_MAX.to_string());
            Err(ApiError::invalid_with("limit", MessageCode::HistoryLimitInvalid, &[("max", &max)]))
        }
    }
}

fn count(asked: Option<i64>) -> Result<u32, ApiError> {
    match asked {
        None => Ok(PREVIEW_RUNS_DEFAULT_COUNT),
        Some(n) if (1..=50).contains(&n) => Ok(n as u32),
        Some(_) => Err(ApiError::invalid_with(
            "count",
            MessageCode::HistoryLimitInvalid,
            &[("max", &persian_digits("50"))],
        )),
    }
}

/// A scheduler's latest runs and where it stands.
#[utoipa::path(get, path = "/scheduler/{id}/history", tag = "scheduler",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The scheduler node's database id"), LimitQuery),
    responses(
        (status = 200, description = "Where it stands and its runs, newest first", body = RunHistory),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such scheduler of mine", body = ErrorBody),
        (status = 422, description = "history_limit_invalid", body = ErrorBody),
    ))]
pub async fn scheduler_history(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Query(query): Query<LimitQuery>,
) -> Result<Json<RunHistory>, ApiError> {
    let limit = limit(query.limit, HISTORY_DEFAULT_LIMIT)?;
    Ok(Json(runs::history(&state, user.id, NodeKind::Scheduler, id, limit).await?))
}

/// A trigger's latest runs (10 unless asked) and where it stands.
#[utoipa::path(get, path = "/trigger/{id}/history", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id"), LimitQuery),
    responses(
        (status = 200, description = "Where it stands and its runs, newest first", body = RunHistory),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
        (status = 422, description = "history_limit_invalid", body = ErrorBody),
    ))]
pub async fn trigger_history(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Query(query): Query<LimitQuery>,
) -> Result<Json<RunHistory>, ApiError> {
    let limit = limit(query.limit, HISTORY_DEFAULT_LIMIT)?;
    Ok(Json(runs::history(&state, user.id, NodeKind::Trigger, id, limit).await?))
}

/// A trigger's runs with what each sent and got (50 unless asked).
#[utoipa::path(get, path = "/trigger/{id}/logs", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id"), LimitQuery),
    responses(
        (status = 200, description = "Its runs, newest first, each with its message and answer", body = RunHistory),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
        (status = 422, description = "history_limit_invalid", body = ErrorBody),
    ))]
pub async fn trigger_logs(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Query(query): Query<LimitQuery>,
) -> Result<Json<RunHistory>, ApiError> {
    let limit = limit(query.limit, TRIGGER_LOGS_DEFAULT_LIMIT)?;
    Ok(Json(runs::history(&state, user.id, NodeKind::Trigger, id, limit).await?))
}

/// The next due times.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct PreviewRuns {
    /// UTC, RFC 3339, soonest first.
    pub runs: Vec<String>,
}

/// A scheduler's next due times from now (5 unless asked).
#[utoipa::path(get, path = "/scheduler/{id}/preview-runs", tag = "scheduler",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The scheduler node's database id"), CountQuery),
    responses(
        (status = 200, description = "Its next due times", body = PreviewRuns),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such scheduler of mine", body = ErrorBody),
        (status = 422, description = "Its schedule is not valid, or the count is not 1 to 50", body = ErrorBody),
    ))]
pub async fn scheduler_preview(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Query(query): Query<CountQuery>,
) -> Result<Json<PreviewRuns>, ApiError> {
    let count = count(query.count)?;
    let runs = runs::preview(&state, user.id, NodeKind::Scheduler, id, count).await?;
    Ok(Json(PreviewRuns { runs }))
}

/// A trigger's next due times from now (5 unless asked).
#[utoipa::path(get, path = "/trigger/{id}/preview-runs", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id"), CountQuery),
    responses(
        (status = 200, description = "Its next due times", body = PreviewRuns),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
        (status = 422, description = "Its schedule is not valid, or the count is not 1 to 50", body = ErrorBody),
    ))]
pub async fn trigger_preview(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Query(query): Query<CountQuery>,
) -> Result<Json<PreviewRuns>, ApiError> {
    let count = count(query.count)?;
    let runs = runs::preview(&state, user.id, NodeKind::Trigger, id, count).await?;
    Ok(Json(PreviewRuns { runs }))
}

/// Runs a scheduler's request now, outside its schedule and not counted.
#[utoipa::path(post, path = "/scheduler/{id}/test-run", tag = "scheduler",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The scheduler node's database id")),
    responses(
        (status = 200, description = "The run as it ended (a failed call is a failed run, with why)", body = RunView),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such scheduler of mine", body = ErrorBody),
    ))]
pub async fn scheduler_test_run(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<RunView>, ApiError> {
    Ok(Json(runs::run_now(&state, user.id, NodeKind::Scheduler, id, None).await?))
}

/// A trigger's test: the message to send in place of its template.
#[derive(Debug, Default, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct TriggerTest {
    #[serde(default)]
    #[ts(optional)]
    pub test_message: Option<String>,
}

/// How a trigger's test went, in the spec's shape.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct TriggerTestOutcome {
    /// `success` or `error`.
    pub status: String,
    /// In Persian.
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error_details: Option<String>,
    pub run: RunView,
}

/// Sends the trigger's message (or `test_message`) to its assistant now.
#[utoipa::path(post, path = "/trigger/{id}/test", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    request_body = TriggerTest,
    responses(
        (status = 200, description = "How it went, with the run (its message and the assistant's answer)", body = TriggerTestOutcome),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
        (status = 422, description = "trigger_test_message_blank", body = ErrorBody),
    ))]
pub async fn trigger_test(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<TriggerTest>,
) -> Result<Json<TriggerTestOutcome>, ApiError> {
    let message = match body.test_message.as_deref().map(str::trim) {
        Some("") => {
            return Err(ApiError::invalid("test_message", MessageCode::TriggerTestMessageBlank));
        }
        other => other,
    };
    let run = runs::run_now(&state, user.id, NodeKind::Trigger, id, message).await?;
    let succeeded = run.state == "succeeded";
    Ok(Json(TriggerTestOutcome {
        status: if succeeded { "success" } else { "error" }.to_owned(),
        message: if succeeded {
            MessageCode::TriggerTestSent.persian().to_owned()
        } else {
            MessageCode::TriggerTestFailed.persian().to_owned()
        },
        error_details: run.error.clone(),
        run,
    }))
}

/// A schedule and message to check before saving.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ScheduleCheck {
    #[serde(flatten)]
    pub schedule: Schedule,
    #[serde(default)]
    pub message_template: String,
}

/// What a valid schedule gives: its next due times.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ScheduleValid {
    pub valid: bool,
    /// The first due times from now, UTC, RFC 3339.
    pub runs: Vec<String>,
}

/// Checks a trigger's schedule and message: a 422 on the field that is wrong.
#[utoipa::path(post, path = "/trigger/validate-schedule", tag = "trigger",
    security(("bearer" = [])),
    request_body = ScheduleCheck,
    responses(
        (status = 200, description = "Valid, with its next due times", body = ScheduleValid),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "What is wrong, on its field", body = ErrorBody),
    ))]
pub async fn validate_schedule(
    _user: AuthUser,
    Json(body): Json<ScheduleCheck>,
) -> Result<Json<ScheduleValid>, ApiError> {
    validate_trigger_schedule(&body.message_template, &body.schedule)
        .map_err(|e| ApiError::Problems(vec![e]))?;
    let runs = dastyar_core::schedule::next_runs(
        &body.schedule,
        chrono::Utc::now(),
        PREVIEW_RUNS_DEFAULT_COUNT as usize,
    )
    .map_err(|e| ApiError::Problems(vec![e]))?;
    let runs = runs.into_iter().map(timestamp::shown).collect();
    Ok(Json(ScheduleValid { valid: true, runs }))
}

/// Brings a scheduler's schedule in step with its node and says where it stands.
#[utoipa::path(get, path = "/sync-scheduler/{id}", tag = "scheduler",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The scheduler node's database id")),
    responses(
        (status = 200, description = "Where it stands (no runs listed)", body = RunHistory),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such scheduler of mine", body = ErrorBody),
    ))]
pub async fn sync_scheduler(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<RunHistory>, ApiError> {
    Ok(Json(runs::sync(&state, user.id, NodeKind::Scheduler, id).await?))
}

/// Where a trigger stands, its schedule first brought in step with its node.
#[utoipa::path(post, path = "/trigger/{id}/sync-status", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    responses(
        (status = 200, description = "Where it stands (no runs listed)", body = RunHistory),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
    ))]
pub async fn trigger_sync_status(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<RunHistory>, ApiError> {
    Ok(Json(runs::sync(&state, user.id, NodeKind::Trigger, id).await?))
}

/// Brings a trigger's schedule in step with its node (after an edit made
/// elsewhere) and says where it stands.
#[utoipa::path(post, path = "/trigger/{id}/sync", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    responses(
        (status = 200, description = "Where it stands (no runs listed)", body = RunHistory),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
    ))]
pub async fn trigger_sync(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<RunHistory>, ApiError> {
    Ok(Json(runs::sync(&state, user.id, NodeKind::Trigger, id).await?))
}

/// Registers a trigger with the engine: switches it on (checked as activate is).
#[utoipa::path(post, path = "/trigger/{id}/register", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    responses(
        (status = 200, description = "The trigger's node, on, with its next run", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
        (status = 409, description = "Its schedule, message or assistant is not ready", body = ErrorBody),
    ))]
pub async fn trigger_register(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<NodeView>, ApiError> {
    let row = shortcuts::switch(&state, user.id, NodeKind::Trigger, id, Switch::Set(true)).await?;
    Ok(Json(NodeView::of(&row)?))
}

/// Unregisters a trigger from the engine: switches it off.
#[utoipa::path(delete, path = "/trigger/{id}/unregister", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    responses(
        (status = 200, description = "The trigger's node, off", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
    ))]
pub async fn trigger_unregister(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<NodeView>, ApiError> {
    let row = shortcuts::switch(&state, user.id, NodeKind::Trigger, id, Switch::Set(false)).await?;
    Ok(Json(NodeView::of(&row)?))
}

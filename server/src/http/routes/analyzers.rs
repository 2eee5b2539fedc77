//! The message analyzer's reports: the panel's list and schedule, a report
//! on demand, sending a report again, and the daily schedule.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channels::analyzer::report::{self, AnalyzerReport, Outcome, RequestedBy};
use crate::channels::analyzer::schedule::{self, AnalyzerSchedule};
use crate::channels::analyzer::scope;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::state::AppState;
use crate::store::analyzers as store;
use dastyar_core::MessageCode;

/// Reports the panel lists, newest first.
const LISTED_REPORTS: i64 = 50;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(overview, report_now))
        .routes(routes!(send_again))
        .routes(routes!(set_schedule))
}

/// What the analyzer's panel shows.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AnalyzerOverview {
    pub schedule: AnalyzerSchedule,
    /// How many chat frames and bots it reads (in the containers joined to it).
    pub channels: i64,
    /// The telegram node its reports go out through.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub bot_node_id: Option<i64>,
    /// Its latest reports, newest first.
    pub reports: Vec<AnalyzerReport>,
}

/// `PUT /analyzers/{id}/schedule`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AnalyzerScheduleRequest {
    pub daily: bool,
    /// 0 to 23, Tehran time.
    #[schema(minimum = 0, maximum = 23)]
    pub hour: i64,
}

/// The analyzer's schedule, what it reads and its latest reports.
#[utoipa::path(get, path = "/analyzers/{id}/reports", tag = "analyzer",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The analyzer node's database id")),
    responses(
        (status = 200, description = "The panel's view", body = AnalyzerOverview),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such analyzer of mine", body = ErrorBody),
    ))]
pub async fn overview(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<AnalyzerOverview>, ApiError> {
    let scope = scope::of(&state, user.id, id).await?;
    let schedule = schedule::get(&state, user.id, id).await?;
    let reports = store::reports(&state.db, user.id, id, LISTED_REPORTS).await?;
    Ok(Json(AnalyzerOverview {
        schedule,
        channels: scope.channel_nodes.len() as i64,
        bot_node_id: scope.bot.map(|b| b.id),
        reports: reports.into_iter().map(AnalyzerReport::of).collect(),
    }))
}

/// Reports now on what was said since the last report, and sends it to the
/// bot's owner.
#[utoipa::path(post, path = "/analyzers/{id}/reports", tag = "analyzer",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The analyzer node's database id")),
    responses(
        (status = 201, description = "The report (its `delivery` says whether it reached Telegram)", body = AnalyzerReport),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 402, description = "insufficient_credits", body = ErrorBody),
        (status = 404, description = "No such analyzer of mine", body = ErrorBody),
        (status = 409, description = "analyzer_no_container or analyzer_nothing_new", body = ErrorBody),
        (status = 424, description = "The model provider failed (llm_*)", body = ErrorBody),
    ))]
pub async fn report_now(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<(StatusCode, Json<AnalyzerReport>), ApiError> {
    match report::run(&state, user.id, id, RequestedBy::User).await? {
        Outcome::Reported(report) => Ok((StatusCode::CREATED, Json(report))),
        Outcome::NothingNew => Err(ApiError::Conflict(MessageCode::AnalyzerNothingNew)),
    }
}

/// Sends a report that was not sent, again (a sent one is answered as it is).
#[utoipa::path(post, path = "/analyzers/{id}/reports/{report_id}/send", tag = "analyzer",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The analyzer node's database id"),
        ("report_id" = i64, Path, description = "The report's id"),
    ),
    responses(
        (status = 200, description = "The report, with how sending went", body = AnalyzerReport),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such report of this analyzer of mine", body = ErrorBody),
    ))]
pub async fn send_again(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, report_id)): Path<(i64, i64)>,
) -> Result<Json<AnalyzerReport>, ApiError> {
    Ok(Json(report::send_again(&state, user.id, id, report_id).await?))
}

/// When the analyzer reports: every day at an hour (Tehran time), or only on demand.
#[utoipa::path(put, path = "/analyzers/{id}/schedule", tag = "analyzer",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The analyzer node's database id")),
    request_body = AnalyzerScheduleRequest,
    responses(
        (status = 200, description = "The schedule, with its next report", body = AnalyzerSchedule),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such analyzer of mine", body = ErrorBody),
        (status = 422, description = "analyzer_hour_invalid", body = ErrorBody),
    ))]
pub async fn set_schedule(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<AnalyzerScheduleRequest>,
) -> Result<Json<AnalyzerSchedule>, ApiError> {
    Ok(Json(schedule::set(&state, user.id, id, body.daily, body.hour).await?))
}

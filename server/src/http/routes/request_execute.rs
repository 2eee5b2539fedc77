//! `POST /request/{id}/execute` (spec §7): run a request by hand.

use axum::extract::State;
use serde::Deserialize;
use serde_json::{Map, Value};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::runtime::request_by_hand;
use crate::runtime::request_tool::RequestOutcome;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(execute))
}

#[derive(Debug, Default, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ExecuteRequest {
    /// A value for each `{{placeholder}}` of the request (`{}` when it has none).
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "Record<string, unknown>", optional)]
    pub values: Map<String, Value>,
}

/// Runs one of my requests against its API definition with sample values.
/// A call that failed (refused address, timeout, error status) is still a
/// 200 with `ok: false` and the Persian reason: the request ran.
#[utoipa::path(post, path = "/request/{id}/execute", tag = "nodes",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The request node's database id")),
    request_body = ExecuteRequest,
    responses(
        (status = 200, description = "What the call came to", body = RequestOutcome),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such request of mine", body = ErrorBody),
        (status = 409, description = "request_needs_api_definition, or secret_unreadable (its credentials were sealed with another key)", body = ErrorBody),
    ))]
pub async fn execute(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ExecuteRequest>,
) -> Result<Json<RequestOutcome>, ApiError> {
    Ok(Json(request_by_hand::run(&state, user.id, id, &body.values, None).await?))
}

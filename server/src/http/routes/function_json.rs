//! `POST /playground/generate-function-json`: the model drafts a function's
//! definition for the function panel.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, IdempotencyKey, Json};
use crate::runtime::function_json;
use crate::state::AppState;

/// The longest request a person may type.
pub const USER_MESSAGE_MAX: usize = 4_000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(generate_function_json))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct GenerateFunctionJsonRequest {
    /// What the function should do, in the person's words.
    pub user_message: String,
    /// The definition so far (`{name, description, parameters}`), if any.
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(optional, type = "unknown")]
    pub current_json: Value,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct GenerateFunctionJsonResponse {
    /// `{name, description, parameters}`, checked as a function node's.
    #[schema(value_type = Object)]
    #[ts(type = "{ name: string; description: string; parameters: Record<string, unknown> }")]
    pub generated_json: Value,
}

/// Drafts a function definition with the model; spends credits.
#[utoipa::path(post, path = "/playground/generate-function-json", tag = "assistants",
    security(("bearer" = [])),
    request_body = GenerateFunctionJsonRequest,
    params(("Idempotency-Key" = Option<String>, Header, description = "Names this attempt: a retry with the same key is charged once")),
    responses(
        (status = 200, description = "The drafted definition", body = GenerateFunctionJsonResponse),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 402, description = "insufficient_credits", body = ErrorBody),
        (status = 422, description = "field_required on user_message", body = ErrorBody),
        (status = 424, description = "llm_* (the provider failed or is not configured), function_json_invalid", body = ErrorBody),
    ))]
pub async fn generate_function_json(
    State(state): State<AppState>,
    user: AuthUser,
    key: IdempotencyKey,
    Json(body): Json<GenerateFunctionJsonRequest>,
) -> Result<Json<GenerateFunctionJsonResponse>, ApiError> {
    let message = crate::names::required(&body.user_message, USER_MESSAGE_MAX)
        .map_err(|e| e.on("user_message", USER_MESSAGE_MAX))?;
    let generated_json =
        function_json::generate(&state, user.id, &key.key, &message, &body.current_json).await?;
    Ok(Json(GenerateFunctionJsonResponse { generated_json }))
}

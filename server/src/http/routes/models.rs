//! `GET /playground/models` (the spec's `GET /models`): the models the
//! configured provider serves, for the assistant and analyzer panels.

use axum::extract::State;
use dastyar_core::data::assistant::{DEFAULT_ANALYZER_MODEL, DEFAULT_ASSISTANT_MODEL};
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(models))
}

/// The provider's models, sorted by id.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ModelsResponse {
    pub models: Vec<ModelView>,
    pub default_assistant_model: String,
    pub default_analyzer_model: String,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ModelView {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub owned_by: Option<String>,
}

/// The models the language-model provider serves (listed at most a minute ago).
#[utoipa::path(get, path = "/playground/models", tag = "assistants",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The provider's models", body = ModelsResponse),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 424, description = "llm_not_configured (what to set), llm_unreachable, llm_unauthorized, llm_timeout...", body = ErrorBody),
    ))]
pub async fn models(
    State(state): State<AppState>,
    _user: AuthUser,
) -> Result<Json<ModelsResponse>, ApiError> {
    let models = state.llm.models().await.map_err(|e| e.to_api_error(""))?;
    Ok(Json(ModelsResponse {
        models: models
            .iter()
            .map(|m| ModelView { id: m.id.clone(), owned_by: m.owned_by.clone() })
            .collect(),
        default_assistant_model: DEFAULT_ASSISTANT_MODEL.to_owned(),
        default_analyzer_model: DEFAULT_ANALYZER_MODEL.to_owned(),
    }))
}

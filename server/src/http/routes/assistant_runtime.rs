//! The assistant as the runtime sees it, and its functions:
//! `GET /playground/assistants/{id}/`, `POST …/sync-functions` and
//! `PUT …/functions/{fid}` (spec §7).

use axum::extract::State;
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::nodes::NodeView;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::runtime::assistant_functions::{self, SyncedFunctions};
use crate::runtime::assistant_setup::{AssistantRuntimeView, AssistantSetup};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(runtime_view))
        .routes(routes!(sync_functions))
        .routes(routes!(update_function))
}

/// One of my assistants as the runtime sees it: model, the instructions it
/// is given, its tools, knowledge and channels.
#[utoipa::path(get, path = "/playground/assistants/{id}/", tag = "assistants",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The assistant's database id")),
    responses(
        (status = 200, description = "The assistant", body = AssistantRuntimeView),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such assistant of mine", body = ErrorBody),
    ))]
pub async fn runtime_view(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<AssistantRuntimeView>, ApiError> {
    Ok(Json(AssistantSetup::load(&state, user.id, id).await?.view()))
}

/// Records the assistant's functions: `has_functions` on it, its id on each.
#[utoipa::path(post, path = "/playground/assistants/{id}/sync-functions", tag = "assistants",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The assistant's database id")),
    responses(
        (status = 200, description = "The functions it is offered", body = SyncedFunctions),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such assistant of mine", body = ErrorBody),
    ))]
pub async fn sync_functions(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<SyncedFunctions>, ApiError> {
    Ok(Json(assistant_functions::sync(&state, user.id, id).await?))
}

/// Edits one of the assistant's functions, as `PUT /functions/{id}`.
#[utoipa::path(put, path = "/playground/assistants/{id}/functions/{fid}", tag = "assistants",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The assistant's database id"),
        ("fid" = i64, Path, description = "The function node's database id"),
    ),
    request_body(content = Object, description = "As for PUT /functions/{id}: name, description, parameters"),
    responses(
        (status = 200, description = "The function node", body = Object),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such assistant of mine, or the function is not connected to it", body = ErrorBody),
        (status = 422, description = "As for PUT /functions/{id}", body = ErrorBody),
    ))]
pub async fn update_function(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, fid)): Path<(i64, i64)>,
    Json(body): Json<Value>,
) -> Result<Json<NodeView>, ApiError> {
    let row = assistant_functions::update(&state, user.id, id, fid, body).await?;
    Ok(Json(NodeView::of(&row)?))
}

//! Connection shortcuts: other names for `POST /edges` (and `DELETE
//! /edges/{id}`), the project being the path node's. Each draws the same edge
//! through the same code, so the rules, the refusal codes, the side effects
//! and the answer (201 with the canvas edge) are those of `POST /edges`. The
//! node in the path must be mine and of the route's kind (404 otherwise); the
//! node the body names must be of the kind the field says (422 on the field
//! otherwise) and in the same project (404 otherwise).

use axum::extract::State;
use axum::http::StatusCode;
use dastyar_core::NodeKind::{self, *};
use dastyar_core::data::CanvasNode;
use serde::Deserialize;
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::canvas_node_schema::CanvasNodeSchema;
use crate::canvas::edges::CanvasEdge;
use crate::canvas::shortcuts::{self, ASSISTANT_KINDS, Shortcut};
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::http::routes::edges::EdgeDeleted;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(function_to_assistant))
        .routes(routes!(assistant_to_function))
        .routes(routes!(filedb_to_assistant))
        .routes(routes!(api_to_request))
        .routes(routes!(scheduler_to_request))
        .routes(routes!(trigger_to_assistant))
        .routes(routes!(trigger_disconnect))
        .routes(routes!(assistant_to_sms))
        .routes(routes!(sms_disconnect))
        .routes(routes!(sms_connected))
        .routes(routes!(filedb_to_vectorstore))
        .routes(routes!(repository_to_vectorstore))
}

const FUNCTION: &[NodeKind] = &[Function];

fn shortcut(
    path_kinds: &'static [NodeKind],
    other_kinds: &'static [NodeKind],
    field: &'static str,
    path_is_source: bool,
) -> Shortcut {
    Shortcut { path_kinds, other_kinds, field, path_is_source }
}

type Created = Result<(StatusCode, Json<CanvasEdge>), ApiError>;

async fn draw(
    state: &AppState,
    user: &AuthUser,
    shortcut: Shortcut,
    path_id: i64,
    other_id: i64,
    edge_data: Option<Value>,
) -> Created {
    let edge = shortcuts::connect(state, user.id, shortcut, path_id, other_id, edge_data).await?;
    Ok((StatusCode::CREATED, Json(edge)))
}

/// `POST /playground/assistants/{id}/functions`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AssistantFunctionRequest {
    /// The function node's database id.
    pub function_id: i64,
    /// As for `POST /edges`: a JSON object, or a string holding one; default `{}`.
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /request/{id}/connect-api`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConnectApiRequest {
    /// The API definition node's database id.
    pub api_definition_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /scheduler/{id}/connect-request`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConnectRequestRequest {
    /// The request node's database id.
    pub request_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /trigger/{id}/connect-assistant` and `POST /sms/{id}/connect-assistant`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConnectAssistantRequest {
    /// The assistant's (or analyzer's) database id.
    pub assistant_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /playground/assistants/{id}/filedb` and `POST /vectorstores/{id}/addfiledb`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FileDbRequest {
    /// The file database node's database id.
    pub filedb_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /vectorstores/{id}/addfiles`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FileRepositoryRequest {
    /// The file repository node's database id.
    pub file_repository_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// Connect a function to an assistant (function → assistant), as `POST /edges`.
#[utoipa::path(post, path = "/functions/{id}/connect/{assistant_id}", tag = "edges",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The function node's database id"),
        ("assistant_id" = i64, Path, description = "The assistant's database id"),
    ),
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such function of mine, or no such assistant in its project", body = ErrorBody),
        (status = 422, description = "assistant_id is not an assistant (invalid_input), or a connection rule refused it (its code, as from POST /api/edges)", body = ErrorBody),
    ))]
pub async fn function_to_assistant(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, assistant_id)): Path<(i64, i64)>,
) -> Created {
    let s = shortcut(FUNCTION, ASSISTANT_KINDS, "assistant_id", true);
    draw(&state, &user, s, id, assistant_id, None).await
}

/// Give an assistant a function (assistant → function), as `POST /edges`.
#[utoipa::path(post, path = "/playground/assistants/{id}/functions", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The assistant's database id")),
    request_body = AssistantFunctionRequest,
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such assistant of mine, or no such function in its project", body = ErrorBody),
        (status = 422, description = "function_id is missing or not a function, or a connection rule refused it (its code, as from POST /api/edges)", body = ErrorBody),
    ))]
pub async fn assistant_to_function(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<AssistantFunctionRequest>,
) -> Created {
    let s = shortcut(ASSISTANT_KINDS, FUNCTION, "function_id", true);
    draw(&state, &user, s, id, body.function_id, body.edge_data).await
}

/// Give an assistant a file database's knowledge (filedb → assistant), as `POST /edges`.
#[utoipa::path(post, path = "/playground/assistants/{id}/filedb", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The assistant's database id")),
    request_body = FileDbRequest,
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such assistant of mine, or no such file database in its project", body = ErrorBody),
        (status = 422, description = "filedb_id is missing or not a file database, or a connection rule refused it (its code, as from POST /api/edges)", body = ErrorBody),
    ))]
pub async fn filedb_to_assistant(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<FileDbRequest>,
) -> Created {
    let s = shortcut(ASSISTANT_KINDS, &[Filedb], "filedb_id", false);
    draw(&state, &user, s, id, body.filedb_id, body.edge_data).await
}

/// Link a request to its API definition (apidefinition → request), as `POST /edges`.
#[utoipa::path(post, path = "/request/{id}/connect-api", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The request node's database id")),
    request_body = ConnectApiRequest,
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it; the request's api_definition_id is set", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such request of mine, or no such API definition in its project", body = ErrorBody),
        (status = 422, description = "api_definition_id is missing or not an API definition, or a connection rule refused it (request_has_api_definition, ...)", body = ErrorBody),
    ))]
pub async fn api_to_request(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ConnectApiRequest>,
) -> Created {
    let s = shortcut(&[Request], &[Apidefinition], "api_definition_id", false);
    draw(&state, &user, s, id, body.api_definition_id, body.edge_data).await
}

/// Let a scheduler run a request (scheduler → request), as `POST /edges`.
#[utoipa::path(post, path = "/scheduler/{id}/connect-request", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The scheduler node's database id")),
    request_body = ConnectRequestRequest,
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such scheduler of mine, or no such request in its project", body = ErrorBody),
        (status = 422, description = "request_id is missing or not a request, or a connection rule refused it (its code, as from POST /api/edges)", body = ErrorBody),
    ))]
pub async fn scheduler_to_request(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ConnectRequestRequest>,
) -> Created {
    let s = shortcut(&[Scheduler], &[Request], "request_id", true);
    draw(&state, &user, s, id, body.request_id, body.edge_data).await
}

/// Point a trigger at its assistant (trigger → assistant), as `POST /edges`.
#[utoipa::path(post, path = "/trigger/{id}/connect-assistant", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    request_body = ConnectAssistantRequest,
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine, or no such assistant in its project", body = ErrorBody),
        (status = 422, description = "assistant_id is missing or not an assistant, or a connection rule refused it \
            (trigger_schedule_invalid, assistant_not_ready, trigger_already_connected, ...)", body = ErrorBody),
    ))]
pub async fn trigger_to_assistant(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ConnectAssistantRequest>,
) -> Created {
    let s = shortcut(&[Trigger], ASSISTANT_KINDS, "assistant_id", true);
    draw(&state, &user, s, id, body.assistant_id, body.edge_data).await
}

/// Remove the trigger's connection to its assistant, as `DELETE /edges/{id}`.
#[utoipa::path(delete, path = "/trigger/{id}/disconnect-assistant", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    responses(
        (status = 200, description = "Removed, or there was no such connection (or trigger) of mine", body = EdgeDeleted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
    ))]
pub async fn trigger_disconnect(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> Result<Json<EdgeDeleted>, ApiError> {
    disconnect(&state, &user, &id, Trigger).await
}

/// Send messages from an assistant by SMS (assistant → sms), as `POST /edges`.
#[utoipa::path(post, path = "/sms/{id}/connect-assistant", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    request_body = ConnectAssistantRequest,
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such SMS node of mine, or no such assistant in its project", body = ErrorBody),
        (status = 422, description = "assistant_id is missing or not an assistant, or a connection rule refused it (sms_incomplete, ...)", body = ErrorBody),
    ))]
pub async fn assistant_to_sms(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ConnectAssistantRequest>,
) -> Created {
    let s = shortcut(&[Sms], ASSISTANT_KINDS, "assistant_id", false);
    draw(&state, &user, s, id, body.assistant_id, body.edge_data).await
}

/// Remove the SMS node's connection from its assistant, as `DELETE /edges/{id}`.
#[utoipa::path(delete, path = "/sms/{id}/disconnect-assistant", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    responses(
        (status = 200, description = "Removed, or there was no such connection (or SMS node) of mine", body = EdgeDeleted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
    ))]
pub async fn sms_disconnect(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> Result<Json<EdgeDeleted>, ApiError> {
    disconnect(&state, &user, &id, Sms).await
}

async fn disconnect(
    state: &AppState,
    user: &AuthUser,
    id: &str,
    kind: NodeKind,
) -> Result<Json<EdgeDeleted>, ApiError> {
    if let Ok(id) = id.parse::<i64>() {
        shortcuts::disconnect_assistants(state, user.id, id, &[kind]).await?;
    }
    Ok(Json(EdgeDeleted { success: true }))
}

/// The assistant an SMS node is connected to.
#[utoipa::path(get, path = "/sms/{id}/connected-assistant", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    responses(
        (status = 200, description = "The assistant's canvas node, or null when none is connected", body = Option<CanvasNodeSchema>),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such SMS node of mine", body = ErrorBody),
    ))]
pub async fn sms_connected(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Option<CanvasNode>>, ApiError> {
    Ok(Json(shortcuts::sms_assistant(&state, user.id, id).await?))
}

/// Feed a file database into a vector store (filedb → vectorstore), as `POST /edges`.
#[utoipa::path(post, path = "/vectorstores/{id}/addfiledb", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The vector store node's database id")),
    request_body = FileDbRequest,
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such vector store of mine, or no such file database in its project", body = ErrorBody),
        (status = 422, description = "filedb_id is missing or not a file database, or a connection rule refused it (its code, as from POST /api/edges)", body = ErrorBody),
    ))]
pub async fn filedb_to_vectorstore(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<FileDbRequest>,
) -> Created {
    let s = shortcut(&[Vectorstore], &[Filedb], "filedb_id", false);
    draw(&state, &user, s, id, body.filedb_id, body.edge_data).await
}

/// Feed a file repository into a vector store (filerepository → vectorstore), as `POST /edges`.
#[utoipa::path(post, path = "/vectorstores/{id}/addfiles", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The vector store node's database id")),
    request_body = FileRepositoryRequest,
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such vector store of mine, or no such file repository in its project", body = ErrorBody),
        (status = 422, description = "file_repository_id is missing or not a file repository, or a connection rule refused it (its code, as from POST /api/edges)", body = ErrorBody),
    ))]
pub async fn repository_to_vectorstore(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<FileRepositoryRequest>,
) -> Created {
    let s = shortcut(&[Vectorstore], &[Filerepository], "file_repository_id", false);
    draw(&state, &user, s, id, body.file_repository_id, body.edge_data).await
}

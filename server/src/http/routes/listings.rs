//! Listings read from the stored canvas: a project's API definitions, the
//! files feeding a vector store, the Telegram bots in a container, and a
//! project's frames (iframe nodes with their frame fields).

use axum::extract::State;
use dastyar_core::NodeKind;
use dastyar_core::data::CanvasNode;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::canvas_node_schema::CanvasNodeSchema;
use crate::canvas::shortcuts::{self, FrameView, SourceFiles};
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path, Query, positive_id};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(api_definitions))
        .routes(routes!(vectorstore_files))
        .routes(routes!(container_telegrams))
        .routes(routes!(project_frames))
        .routes(routes!(playground_project_frames))
}

/// `?project_id=`: required, a positive integer.
#[derive(Debug, Deserialize)]
pub struct ProjectQuery {
    project_id: Option<String>,
}

impl ProjectQuery {
    fn project_id(&self) -> Result<i64, ApiError> {
        positive_id("project_id", self.project_id.as_deref())
    }
}

/// My project's API definitions.
#[utoipa::path(get, path = "/api-definitions", tag = "apidefinition",
    security(("bearer" = [])),
    params(("project_id" = i64, Query, description = "Project id")),
    responses(
        (status = 200, description = "The project's API definition nodes, oldest first", body = [CanvasNodeSchema]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
        (status = 422, description = "project_id is missing (field_required) or not a positive integer (invalid_input)", body = ErrorBody),
    ))]
pub async fn api_definitions(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<ProjectQuery>,
) -> Result<Json<Vec<CanvasNode>>, ApiError> {
    let project = query.project_id()?;
    let nodes =
        shortcuts::project_nodes_of_kind(&state, user.id, project, NodeKind::Apidefinition).await?;
    Ok(Json(nodes))
}

/// The files of the file databases and repositories connected into a vector store.
#[utoipa::path(get, path = "/vectorstores/{id}/files", tag = "vectorstores",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The vector store node's database id")),
    responses(
        (status = 200, description = "One entry per connected source node, oldest connection first", body = [SourceFiles]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such vector store of mine", body = ErrorBody),
    ))]
pub async fn vectorstore_files(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Vec<SourceFiles>>, ApiError> {
    Ok(Json(shortcuts::vectorstore_files(&state, user.id, id).await?))
}

/// The Telegram bots inside a container.
#[utoipa::path(get, path = "/telegram/container/{id}", tag = "telegram",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Container id")),
    responses(
        (status = 200, description = "The telegram nodes inside it, positions relative to it", body = [CanvasNodeSchema]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such container of mine", body = ErrorBody),
    ))]
pub async fn container_telegrams(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Vec<CanvasNode>>, ApiError> {
    Ok(Json(shortcuts::container_telegrams(&state, user.id, id).await?))
}

/// A project's frames: its iframe nodes with their frame fields.
#[utoipa::path(get, path = "/frames/project/{id}", tag = "iframe",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    responses(
        (status = 200, description = "The project's iframe nodes with company_id, authorized_domains, style and assistant_id", body = [FrameView]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
    ))]
pub async fn project_frames(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Vec<FrameView>>, ApiError> {
    Ok(Json(shortcuts::project_frames(&state, user.id, id).await?))
}

/// The same as `GET /api/frames/project/{id}`, under `/playground`.
#[utoipa::path(get, path = "/playground/frames/project/{id}", tag = "iframe",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    responses(
        (status = 200, description = "The project's iframe nodes with their frame fields", body = [FrameView]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
    ))]
pub async fn playground_project_frames(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Vec<FrameView>>, ApiError> {
    Ok(Json(shortcuts::project_frames(&state, user.id, id).await?))
}

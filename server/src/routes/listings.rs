//! Listings read from the stored canvas: a project's API definitions, the
//! files feeding a vector store, the Telegram bots in a container, and a
//! project's frames (iframe nodes with their frame fields).

use axum::Router;
use axum::extract::{RawQuery, State};
use axum::routing::get;
use dastyar_core::NodeKind;
use dastyar_core::data::CanvasNode;
use dastyar_core::messages::MessageCode;

use crate::error::{ApiError, ErrorBody};
use crate::extract::{AuthUser, Json, Path};
use crate::routes::canvas_schema::CanvasNodeSchema;
use crate::shortcuts::{self, FrameView, SourceFiles};
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api-definitions", get(api_definitions))
        .route("/vectorstores/{id}/files", get(vectorstore_files))
        .route("/telegram/container/{id}", get(container_telegrams))
        .route("/frames/project/{id}", get(project_frames))
        .route("/playground/frames/project/{id}", get(playground_project_frames))
}

/// `project_id` from a query string: required, a positive integer.
fn project_id(query: Option<&str>) -> Result<i64, ApiError> {
    let value = query
        .unwrap_or_default()
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| *key == "project_id")
        .map(|(_, value)| value.trim())
        .filter(|value| !value.is_empty())
        .ok_or_else(|| ApiError::invalid("project_id", MessageCode::FieldRequired))?;
    value.parse::<i64>().ok().filter(|id| *id > 0).ok_or_else(|| ApiError::InvalidInput {
        field: Some("project_id".into()),
        reason: "a positive integer was expected".into(),
    })
}

/// My project's API definitions.
#[utoipa::path(get, path = "/api/api-definitions", tag = "apidefinition",
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
    RawQuery(query): RawQuery,
) -> Result<Json<Vec<CanvasNode>>, ApiError> {
    let project = project_id(query.as_deref())?;
    let nodes =
        shortcuts::project_nodes_of_kind(&state, user.id, project, NodeKind::Apidefinition).await?;
    Ok(Json(nodes))
}

/// The files of the file databases and repositories connected into a vector store.
#[utoipa::path(get, path = "/api/vectorstores/{id}/files", tag = "vectorstores",
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
#[utoipa::path(get, path = "/api/telegram/container/{id}", tag = "telegram",
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
#[utoipa::path(get, path = "/api/frames/project/{id}", tag = "iframe",
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
#[utoipa::path(get, path = "/api/playground/frames/project/{id}", tag = "iframe",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_id_is_required_and_positive() {
        assert_eq!(project_id(Some("project_id=12")).unwrap(), 12);
        assert_eq!(project_id(Some("x=1&project_id=3")).unwrap(), 3);
        for bad in [None, Some(""), Some("project_id="), Some("project_id=x"), Some("project_id=0")]
        {
            assert!(project_id(bad).is_err(), "{bad:?}");
        }
    }
}

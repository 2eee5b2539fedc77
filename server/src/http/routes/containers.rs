//! Containers: create, read (with the subsystems running in them), rename,
//! resize, move, add a node, list children, delete (children stay where they
//! stand). Another user's container, or a node that is not a container,
//! answers 404. `POST /containers/{id}/merge-companies` is not here: the spec
//! shows neither its payload nor its effect.

use axum::extract::State;
use axum::http::StatusCode;
use dastyar_core::NodeKind;
use dastyar_core::data::CanvasNode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::canvas_node_schema::{CanvasNodeSchema, CreatedNodeSchema};
use crate::canvas::containers::{self, NewContainer};
use crate::canvas::nodes::NodeView;
use crate::db::Db;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::http::routes::edges::stored_kind;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(show, remove))
        .routes(routes!(rename))
        .routes(routes!(resize))
        .routes(routes!(move_to))
        .routes(routes!(add_node))
        .routes(routes!(nodes))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CreateContainerRequest {
    pub project_id: i64,
    /// Trimmed, at most 200 characters; missing or blank is «ظرف».
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
    /// Default 250.
    #[serde(default)]
    #[ts(optional)]
    pub position_x: Option<f64>,
    /// Default 150.
    #[serde(default)]
    #[ts(optional)]
    pub position_y: Option<f64>,
    /// Above 0, at most 20000; default 400.
    #[serde(default)]
    #[ts(optional)]
    pub width: Option<f64>,
    /// Above 0, at most 20000; default 300.
    #[serde(default)]
    #[ts(optional)]
    pub height: Option<f64>,
    /// Accepted as the spec sends it and ignored: the container is the
    /// signed-in user's.
    #[serde(default)]
    #[ts(optional)]
    #[schema(read_only)]
    pub user_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ContainerNameRequest {
    /// Trimmed; 1 to 200 characters.
    pub name: String,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ContainerDimensionsRequest {
    /// Above 0, at most 20000.
    pub width: f64,
    /// Above 0, at most 20000.
    pub height: f64,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ContainerPositionRequest {
    pub position_x: f64,
    pub position_y: f64,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AddNodeRequest {
    /// The node's kind (`assistant`, `iframe`, ...).
    #[schema(example = "iframe")]
    #[ts(as = "NodeKind")]
    pub node_type: String,
    /// The node's database id.
    pub node_id: i64,
}

/// `{success: true, children}`: the container is gone (or never was); its
/// children, now at their absolute positions outside any container.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ContainerDeleted {
    pub success: bool,
    #[schema(value_type = Vec<CanvasNodeSchema>)]
    pub children: Vec<CanvasNode>,
}

/// Create a container.
#[utoipa::path(post, path = "/containers", tag = "containers",
    security(("bearer" = [])),
    request_body = CreateContainerRequest,
    responses(
        (status = 201, description = "The container, as the canvas holds it, and its database id", body = CreatedNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
        (status = 422, description = "A bad name, position or size (invalid_input naming the field)", body = ErrorBody),
    ))]
pub async fn create(
    State(db): State<Db>,
    user: AuthUser,
    Json(body): Json<CreateContainerRequest>,
) -> Result<(StatusCode, Json<NodeView>), ApiError> {
    let new = NewContainer {
        project_id: body.project_id,
        name: body.name,
        position_x: body.position_x,
        position_y: body.position_y,
        width: body.width,
        height: body.height,
    };
    let node = containers::create(&db, user.id, &new).await?.ok_or(ApiError::NotFound)?;
    Ok((StatusCode::CREATED, Json(node)))
}

/// A container, with `data.status_info`: the subsystems running in it (one
/// `frame` per active iframe child, one `telegram` per bot child with a token,
/// each with metadata `company_id` and `assistant_id`).
#[utoipa::path(get, path = "/containers/{id}", tag = "containers",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Container id")),
    responses(
        (status = 200, description = "The container with its status_info", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such container of mine", body = ErrorBody),
    ))]
pub async fn show(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<CanvasNode>, ApiError> {
    found(containers::show(&db, user.id, id).await?)
}

/// Remove a container; its children stay where they stand.
#[utoipa::path(delete, path = "/containers/{id}", tag = "containers",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "Container id")),
    responses(
        (status = 200, description = "Removed", body = ContainerDeleted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such container of mine (or removed already)", body = ErrorBody),
    ))]
pub async fn remove(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<String>,
) -> Result<Json<ContainerDeleted>, ApiError> {
    let id = id.parse::<i64>().map_err(|_| ApiError::NotFound)?;
    let children = containers::delete(&db, user.id, id).await?.ok_or(ApiError::NotFound)?;
    Ok(Json(ContainerDeleted { success: true, children }))
}

/// Rename a container.
#[utoipa::path(patch, path = "/containers/{id}/name", tag = "containers",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Container id")),
    request_body = ContainerNameRequest,
    responses(
        (status = 200, description = "The container", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such container of mine", body = ErrorBody),
        (status = 422, description = "The name is blank or too long", body = ErrorBody),
    ))]
pub async fn rename(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ContainerNameRequest>,
) -> Result<Json<CanvasNode>, ApiError> {
    found(containers::rename(&db, user.id, id, &body.name).await?)
}

/// Resize a container.
#[utoipa::path(patch, path = "/containers/{id}/dimensions", tag = "containers",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Container id")),
    request_body = ContainerDimensionsRequest,
    responses(
        (status = 200, description = "The container", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such container of mine", body = ErrorBody),
        (status = 422, description = "A size that is not above 0 and at most 20000", body = ErrorBody),
    ))]
pub async fn resize(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ContainerDimensionsRequest>,
) -> Result<Json<CanvasNode>, ApiError> {
    found(containers::resize(&db, user.id, id, body.width, body.height).await?)
}

/// Move a container (its children move with it: their positions are relative).
#[utoipa::path(patch, path = "/containers/{id}/position", tag = "containers",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Container id")),
    request_body = ContainerPositionRequest,
    responses(
        (status = 200, description = "The container", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such container of mine", body = ErrorBody),
        (status = 422, description = "A coordinate beyond ±1000000", body = ErrorBody),
    ))]
pub async fn move_to(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ContainerPositionRequest>,
) -> Result<Json<CanvasNode>, ApiError> {
    found(containers::move_to(&state, user.id, id, body.position_x, body.position_y).await?)
}

/// Put a node of the same project into the container.
#[utoipa::path(post, path = "/containers/{id}/add-node", tag = "containers",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Container id")),
    request_body = AddNodeRequest,
    responses(
        (status = 200, description = "The node, now inside the container at a position relative to it", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such container of mine, or no such node in its project", body = ErrorBody),
        (status = 422, description = "analyzer_inside_container, node_cannot_move_to_container, or invalid_input (a non-positive id, or the kind does not match the node)", body = ErrorBody),
    ))]
pub async fn add_node(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<AddNodeRequest>,
) -> Result<Json<CanvasNode>, ApiError> {
    if body.node_id <= 0 {
        return Err(ApiError::InvalidInput {
            field: Some("node_id".into()),
            reason: "a positive id was expected".into(),
        });
    }
    let kind = stored_kind("node_type", &body.node_type)?;
    found(containers::add_node(&db, user.id, id, kind, body.node_id).await?)
}

/// The nodes inside a container.
#[utoipa::path(get, path = "/containers/{id}/nodes", tag = "containers",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Container id")),
    responses(
        (status = 200, description = "The children, positions relative to the container", body = [CanvasNodeSchema]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such container of mine", body = ErrorBody),
    ))]
pub async fn nodes(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Vec<CanvasNode>>, ApiError> {
    found(containers::children(&db, user.id, id).await?)
}

fn found<T>(value: Option<T>) -> Result<Json<T>, ApiError> {
    value.map(Json).ok_or(ApiError::NotFound)
}

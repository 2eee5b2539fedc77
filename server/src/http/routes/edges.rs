//! Edges: draw, list, change and remove connections. Drawing one runs core's
//! connection rules against the project's stored graph; a refusal answers 422
//! with the rule's code and Persian message.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use dastyar_core::NodeKind;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::edges::{self, CanvasEdge, Connect, EdgeRef};
use crate::canvas::project_load;
use crate::canvas::snapshots::Part;
use crate::db::Db;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create))
        .routes(routes!(update, remove))
        .routes(routes!(list))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CreateEdgeRequest {
    pub project_id: i64,
    /// The source node's kind (`vectorstore`, `assistant`, ...).
    #[schema(example = "vectorstore")]
    #[ts(as = "NodeKind")]
    pub source_type: String,
    /// The source node's database id.
    pub source_id: i64,
    #[schema(example = "assistant")]
    #[ts(as = "NodeKind")]
    pub target_type: String,
    pub target_id: i64,
    /// A JSON object, or a string holding one (stored as sent); missing or
    /// null is `{}`. At most 64 KiB.
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct EdgeDataRequest {
    /// A JSON object, or a string holding one; null is `{}`. The key is required.
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null")]
    pub edge_data: Value,
}

/// `{success: true}`: the edge is gone (or never was).
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct EdgeDeleted {
    pub success: bool,
}

/// Draw a connection.
#[utoipa::path(post, path = "/edges", tag = "edges",
    security(("bearer" = [])),
    request_body = CreateEdgeRequest,
    responses(
        (status = 201, description = "The stored edge", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine, or an end is not a node of it", body = ErrorBody),
        (status = 422, description = "Bad input (invalid_input naming the field, e.g. a kind that does not match the node), \
            or a connection rule refused it: the rule's code (same_type_connection, one_vector_store_per_assistant, \
            trigger_schedule_invalid, workflow_missing, ...) with its Persian message and details {source, target}", body = ErrorBody),
    ))]
pub async fn create(
    State(db): State<Db>,
    user: AuthUser,
    Json(body): Json<CreateEdgeRequest>,
) -> Result<(StatusCode, Json<CanvasEdge>), ApiError> {
    let source_type = stored_kind("source_type", &body.source_type)?;
    let target_type = stored_kind("target_type", &body.target_type)?;
    for (field, id) in [("source_id", body.source_id), ("target_id", body.target_id)] {
        positive(field, id)?;
    }
    if body.project_id <= 0 {
        return Err(ApiError::NotFound);
    }
    let connect = Connect {
        project_id: body.project_id,
        source: (source_type, body.source_id),
        target: (target_type, body.target_id),
        edge_data: edges::edge_data_text(body.edge_data)?,
    };
    let edge = edges::connect(&db, user.id, &connect).await?;
    Ok((StatusCode::CREATED, Json(edge)))
}

/// A project's edges, oldest first.
#[utoipa::path(get, path = "/projects/{id}/edges", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    responses(
        (status = 200, description = "The project's edges, as the canvas holds them", body = [CanvasEdge]),
        (status = 304, description = "Unchanged since the ETag sent in If-None-Match"),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    project_load::answer(&state, user.id, id, Part::Edges, &headers).await
}

/// Replace an edge's `edge_data`.
#[utoipa::path(patch, path = "/edges/{id}", tag = "edges",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The edge's database id, or its canvas id (matched by its two ends)")),
    request_body = EdgeDataRequest,
    responses(
        (status = 200, description = "The edge", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such edge of mine", body = ErrorBody),
        (status = 422, description = "edge_data is not a JSON object or a string holding one", body = ErrorBody),
    ))]
pub async fn update(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<String>,
    Json(body): Json<EdgeDataRequest>,
) -> Result<Json<CanvasEdge>, ApiError> {
    let edge = EdgeRef::parse(&id).ok_or(ApiError::NotFound)?;
    let edge_data = edges::edge_data_text(Some(body.edge_data))?;
    edges::set_data(&db, user.id, edge, &edge_data).await?.map(Json).ok_or(ApiError::NotFound)
}

/// Remove a connection and undo what it changed on its nodes.
#[utoipa::path(delete, path = "/edges/{id}", tag = "edges",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The edge's database id, or its canvas id (matched by its two ends)")),
    responses(
        (status = 200, description = "Removed", body = EdgeDeleted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such edge of mine (or removed already: the canvas counts it as removed)", body = ErrorBody),
    ))]
pub async fn remove(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<String>,
) -> Result<Json<EdgeDeleted>, ApiError> {
    let edge = EdgeRef::parse(&id).ok_or(ApiError::NotFound)?;
    if !edges::disconnect(&db, user.id, edge).await? {
        return Err(ApiError::NotFound);
    }
    Ok(Json(EdgeDeleted { success: true }))
}

/// A kind named in a body: one of the stored kinds, else 422 on `field`.
pub(crate) fn stored_kind(field: &str, name: &str) -> Result<NodeKind, ApiError> {
    let kind = name.parse::<NodeKind>().map_err(|_| ApiError::InvalidInput {
        field: Some(field.into()),
        reason: format!("unknown node kind {name:?}"),
    })?;
    if !kind.is_persisted() {
        return Err(ApiError::InvalidInput {
            field: Some(field.into()),
            reason: format!("{kind} nodes are never stored"),
        });
    }
    Ok(kind)
}

fn positive(field: &str, id: i64) -> Result<(), ApiError> {
    if id > 0 {
        Ok(())
    } else {
        Err(ApiError::InvalidInput {
            field: Some(field.into()),
            reason: "a positive id was expected".into(),
        })
    }
}

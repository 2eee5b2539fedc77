//! The per-kind node routes, one implementation for every collection of spec
//! §7 but containers: `POST /{collection}`, `GET`, `PATCH` (and `PUT` where
//! the spec says so), `DELETE /{collection}/{id}`, and `PATCH
//! /{collection}/{id}/position` and `/container`. Assistants and analyzers
//! share `/playground/assistants` (also mounted at `/assistants`). Also
//! `GET /projects/{id}/nodes`. Each route is declared with its handler and
//! its OpenAPI operation together (`node_openapi` builds the operations).

use axum::Extension;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use dastyar_core::{MessageCode, NodeKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa::openapi::path::HttpMethod;
use utoipa_axum::router::OpenApiRouter;

use crate::canvas::nodes::{self, Created, NodeView, Served};
use crate::canvas::project_load;
use crate::canvas::snapshots::Part;
use crate::channels::telegram::connection;
use crate::error::ApiError;
use crate::http::documented_route::DocumentedRoute;
use crate::http::extract::{AuthUser, Json, Path, Query};
use crate::http::routes::node_openapi::{self, KindDocs};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    let mut router = OpenApiRouter::new().routes(
        DocumentedRoute::new("/projects/{id}/nodes")
            .on(HttpMethod::Get, project_nodes, node_openapi::project_nodes())
            .with_schemas(node_openapi::shared_schemas())
            .with_schema::<NodePositionRequest>()
            .with_schema::<NodeContainerRequest>()
            .with_schema::<DeleteAnswer>()
            .into(),
    );
    for served in Served::all() {
        let Some(docs) = KindDocs::of(served) else { continue };
        for prefix in prefixes(served) {
            router = router.merge(collection(&prefix, served, &docs));
        }
    }
    router
}

/// Where assistants and analyzers are mounted (below `/api`): the spec's
/// playground path, and the plain collection beside it.
pub const ASSISTANT_PREFIXES: [&str; 2] = ["/playground/assistants", "/assistants"];

/// Where a collection is mounted (below `/api`).
pub fn prefixes(served: Served) -> Vec<String> {
    if served.is_assistants() {
        ASSISTANT_PREFIXES.map(str::to_owned).to_vec()
    } else {
        vec![format!("/{}", served.collection)]
    }
}

fn collection(prefix: &str, served: Served, docs: &KindDocs) -> OpenApiRouter<AppState> {
    let item = format!("{prefix}/{{id}}");
    let mut one = DocumentedRoute::new(&item)
        .on(HttpMethod::Get, show, docs.show())
        .on(HttpMethod::Patch, update, docs.update())
        .on(HttpMethod::Delete, remove, docs.delete());
    // The spec updates functions with `PUT /functions/{id}` as well.
    if served.primary() == NodeKind::Function {
        one = one.on(HttpMethod::Put, update, docs.update());
    }
    OpenApiRouter::new()
        .routes(
            DocumentedRoute::new(prefix)
                .on(HttpMethod::Post, create, docs.create())
                .with_schemas(docs.schemas())
                .into(),
        )
        .routes(one.into())
        .routes(
            DocumentedRoute::new(format!("{item}/position"))
                .on(HttpMethod::Patch, set_position, docs.position())
                .into(),
        )
        .routes(
            DocumentedRoute::new(format!("{item}/container"))
                .on(HttpMethod::Patch, set_container, docs.container())
                .into(),
        )
        .layer(Extension(served))
}

/// `PATCH /{collection}/{id}/position`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct NodePositionRequest {
    /// Relative to the node's container when it is inside one.
    pub position_x: f64,
    pub position_y: f64,
}

/// `PATCH /{collection}/{id}/container`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct NodeContainerRequest {
    /// The container's database id, or `null` to take the node out. The key is required.
    #[serde(with = "present")]
    #[schema(required = true)]
    #[ts(type = "number | null")]
    pub container_id: Option<i64>,
    /// Relative to the container inside one, absolute outside.
    pub position_x: f64,
    pub position_y: f64,
}

/// An `Option` whose key must be there (`null` is a value, absence an error).
mod present {
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<i64>, D::Error> {
        Option::deserialize(deserializer)
    }
}

/// `DELETE /{collection}/{id}`: always `{success: true}` (a node already gone
/// counts as deleted, spec §7).
#[derive(Debug, Clone, Copy, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct DeleteAnswer {
    pub success: bool,
}

/// `POST /playground/assistants` with `async: true`: the node, pending, and
/// the job that finishes it (poll `GET /playground/assistants/jobs/{job_id}`).
#[derive(Debug, Clone, Serialize, TS)]
#[ts(export, export_to = "api/")]
pub struct AsyncCreated {
    #[ts(type = "\"processing\"")]
    pub status: &'static str,
    pub job_id: i64,
    pub node: NodeView,
}

async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Extension(served): Extension<Served>,
    Json(body): Json<Value>,
) -> Result<Response, ApiError> {
    Ok(match nodes::create(&state, user.id, served, body).await? {
        Created::Node(row) => (StatusCode::CREATED, Json(NodeView::of(&row)?)).into_response(),
        Created::Queued { node, job } => {
            let answer =
                AsyncCreated { status: "processing", job_id: job.id, node: NodeView::of(&node)? };
            (StatusCode::ACCEPTED, Json(answer)).into_response()
        }
    })
}

async fn show(
    State(state): State<AppState>,
    user: AuthUser,
    Extension(served): Extension<Served>,
    Path(id): Path<i64>,
) -> Result<Json<NodeView>, ApiError> {
    Ok(Json(NodeView::of(&nodes::find(&state, user.id, served, id).await?)?))
}

async fn update(
    State(state): State<AppState>,
    user: AuthUser,
    Extension(served): Extension<Served>,
    Path(id): Path<i64>,
    Json(body): Json<Value>,
) -> Result<Json<NodeView>, ApiError> {
    let before = match served.primary() {
        NodeKind::Telegram => Some(nodes::find(&state, user.id, served, id).await?),
        _ => None,
    };
    let mut row = nodes::update(&state, user.id, served, id, body).await?;
    if let Some(before) = before {
        row = connection::after_edit(&state, user.id, &before, row).await?;
    }
    Ok(Json(NodeView::of(&row)?))
}

async fn remove(
    State(state): State<AppState>,
    user: AuthUser,
    Extension(served): Extension<Served>,
    Path(id): Path<i64>,
    Query(query): Query<DeleteQuery>,
) -> Result<Json<DeleteAnswer>, ApiError> {
    if served.primary() == NodeKind::Telegram {
        if telegram_operation(query.operation.as_deref())? == TelegramOperation::Disconnect {
            connection::disconnect(&state, user.id, id).await?;
            return Ok(Json(DeleteAnswer { success: true }));
        }
        if let Ok(row) = connection::bot_node(&state, user.id, id).await {
            connection::forget(&state, &row).await;
        }
    }
    if !nodes::delete(&state, user.id, served, id).await? {
        return Err(ApiError::NotFound);
    }
    if matches!(served.primary(), NodeKind::Filedb | NodeKind::Filerepository) {
        crate::canvas::files::remove_node_files(&state, id).await?;
    }
    Ok(Json(DeleteAnswer { success: true }))
}

/// `DELETE /{collection}/{id}`'s query.
#[derive(Debug, Deserialize)]
pub struct DeleteQuery {
    operation: Option<String>,
}

/// What `DELETE /telegram/{id}` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TelegramOperation {
    /// Unhooks the bot from Telegram (the webhook is deleted), keeping the node.
    Disconnect,
    /// Deletes the node (no operation means this too), unhooking it first.
    Delete,
}

fn telegram_operation(operation: Option<&str>) -> Result<TelegramOperation, ApiError> {
    match operation {
        None | Some("delete") => Ok(TelegramOperation::Delete),
        Some("disconnect") => Ok(TelegramOperation::Disconnect),
        Some(_) => Err(ApiError::invalid("operation", MessageCode::TelegramOperationInvalid)),
    }
}

async fn set_position(
    State(state): State<AppState>,
    user: AuthUser,
    Extension(served): Extension<Served>,
    Path(id): Path<i64>,
    Json(body): Json<NodePositionRequest>,
) -> Result<Json<NodeView>, ApiError> {
    let row =
        nodes::set_position(&state, user.id, served, id, body.position_x, body.position_y).await?;
    Ok(Json(NodeView::of(&row)?))
}

async fn set_container(
    State(state): State<AppState>,
    user: AuthUser,
    Extension(served): Extension<Served>,
    Path(id): Path<i64>,
    Json(body): Json<NodeContainerRequest>,
) -> Result<Json<NodeView>, ApiError> {
    let row = nodes::set_container(
        &state,
        user.id,
        served,
        id,
        body.container_id,
        body.position_x,
        body.position_y,
    )
    .await?;
    Ok(Json(NodeView::of(&row)?))
}

/// The project's nodes, answered again from memory (or `304`) while it is unchanged.
async fn project_nodes(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    project_load::answer(&state, user.id, id, Part::Nodes, &headers).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn telegram_deletes_or_disconnects_as_asked() {
        assert_eq!(telegram_operation(None).unwrap(), TelegramOperation::Delete);
        assert_eq!(telegram_operation(Some("delete")).unwrap(), TelegramOperation::Delete);
        assert_eq!(telegram_operation(Some("disconnect")).unwrap(), TelegramOperation::Disconnect);
        assert!(telegram_operation(Some("archive")).is_err());
    }

    #[test]
    fn assistants_are_mounted_twice_the_rest_once() {
        let assistants = Served::of(NodeKind::Assistant).unwrap();
        assert_eq!(prefixes(assistants), ["/playground/assistants", "/assistants"]);
        assert_eq!(prefixes(Served::of(NodeKind::Filerepository).unwrap()), ["/filerepositories"]);
    }
}

//! Containers: boxes that group nodes on the canvas. Their children's
//! positions are relative to them (React Flow sub-flows). Removing one frees
//! its children where they stand; an analyzer never goes inside one (it is
//! connected to one instead).

use dastyar_core::connect::Refusal;
use dastyar_core::data::container::{
    ContainerPayload, DEFAULT_CONTAINER_HEIGHT, DEFAULT_CONTAINER_WIDTH,
};
use dastyar_core::data::{CanvasNode, NodePayload};
use dastyar_core::geometry::{
    DEFAULT_NODE_POSITION, Position, absolute_position, relative_position,
};
use dastyar_core::status::CreationStatus;
use dastyar_core::{MessageCode, NodeKind};
use serde_json::{Map, json};

use crate::canvas::edges;
use crate::canvas::graph::ProjectGraph;
use crate::canvas::nodes::{MAX_COORDINATE, NodeView};
use crate::db::Db;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::nodes::{self, NewNode, NodeRow};
use crate::store::tx::Tx;

/// Longest container name.
pub const NAME_MAX: usize = 200;
/// The largest width or height, in canvas pixels.
pub const MAX_SIZE: f64 = 20_000.0;

/// A container to create; unset fields take the defaults (the kind's Persian
/// name, the default node position, 400x300).
#[derive(Debug, Clone, Default)]
pub struct NewContainer {
    pub project_id: i64,
    pub name: Option<String>,
    pub position_x: Option<f64>,
    pub position_y: Option<f64>,
    pub width: Option<f64>,
    pub height: Option<f64>,
}

/// A width or height: finite, positive, at most [`MAX_SIZE`].
pub fn size(field: &str, value: f64) -> Result<f64, ApiError> {
    if value.is_finite() && value > 0.0 && value <= MAX_SIZE {
        Ok(value)
    } else {
        Err(ApiError::InvalidInput {
            field: Some(field.to_owned()),
            reason: format!("a number above 0 and at most {MAX_SIZE} was expected"),
        })
    }
}

/// A coordinate: finite and at most [`MAX_COORDINATE`] from the origin, as
/// for any node.
pub fn coordinate(field: &str, value: f64) -> Result<f64, ApiError> {
    if value.is_finite() && value.abs() <= MAX_COORDINATE {
        Ok(value)
    } else {
        Err(ApiError::InvalidInput {
            field: Some(field.to_owned()),
            reason: format!("a number between -{MAX_COORDINATE} and {MAX_COORDINATE} was expected"),
        })
    }
}

/// The trimmed name, 1 to [`NAME_MAX`] characters.
pub fn name(field: &str, name: &str) -> Result<String, ApiError> {
    crate::names::required(name, NAME_MAX).map_err(|e| e.on(field, NAME_MAX))
}

/// Creates a container in one of the user's projects (`None` when the project
/// is not theirs), answering it as the canvas holds it, with its id.
pub async fn create(
    db: &Db,
    user_id: i64,
    new: &NewContainer,
) -> Result<Option<NodeView>, ApiError> {
    let name = match new.name.as_deref().filter(|n| !n.trim().is_empty()) {
        Some(given) => name("name", given)?,
        None => NodeKind::Container.label().to_owned(),
    };
    let position = Position {
        x: coordinate("position_x", new.position_x.unwrap_or(DEFAULT_NODE_POSITION.x))?,
        y: coordinate("position_y", new.position_y.unwrap_or(DEFAULT_NODE_POSITION.y))?,
    };
    let width = size("width", new.width.unwrap_or(DEFAULT_CONTAINER_WIDTH))?;
    let height = size("height", new.height.unwrap_or(DEFAULT_CONTAINER_HEIGHT))?;
    let node = NewNode {
        project_id: new.project_id,
        name,
        position,
        container_id: None,
        width: Some(width),
        height: Some(height),
        status: CreationStatus::Success,
        payload: NodePayload::Container(ContainerPayload { width, height, user_id: None }),
    };
    let Some(row) = nodes::insert(db, user_id, &node).await? else { return Ok(None) };
    Ok(Some(NodeView { node: ProjectGraph::default().canvas(&row)?, database_id: row.id }))
}

/// The user's container `id`, if it is one.
pub async fn get_row(db: &Db, user_id: i64, id: i64) -> Result<Option<NodeRow>, ApiError> {
    Ok(nodes::get(db.pool(), user_id, id).await?.filter(is_container))
}

fn is_container(row: &NodeRow) -> bool {
    row.kind == NodeKind::Container.as_str()
}

/// The container as the canvas holds it, with its status_info.
pub async fn canvas(db: &Db, user_id: i64, row: &NodeRow) -> Result<CanvasNode, ApiError> {
    let graph = ProjectGraph::load(db, user_id, row.project_id).await?;
    Ok(graph.canvas(row)?)
}

/// The container `id` as the canvas holds it; `None` when the user has no such container.
pub async fn show(db: &Db, user_id: i64, id: i64) -> Result<Option<CanvasNode>, ApiError> {
    match get_row(db, user_id, id).await? {
        Some(row) => Ok(Some(canvas(db, user_id, &row).await?)),
        None => Ok(None),
    }
}

/// The nodes inside the container, as the canvas holds them.
pub async fn children(db: &Db, user_id: i64, id: i64) -> Result<Option<Vec<CanvasNode>>, ApiError> {
    let Some(row) = get_row(db, user_id, id).await? else { return Ok(None) };
    let graph = ProjectGraph::load(db, user_id, row.project_id).await?;
    let nodes = graph.children(id).map(|child| graph.canvas(child)).collect::<Result<_, _>>()?;
    Ok(Some(nodes))
}

pub async fn rename(
    db: &Db,
    user_id: i64,
    id: i64,
    new_name: &str,
) -> Result<Option<CanvasNode>, ApiError> {
    let new_name = name("name", new_name)?;
    if get_row(db, user_id, id).await?.is_none() {
        return Ok(None);
    }
    match nodes::rename(db.pool(), user_id, id, &new_name).await? {
        Some(row) => Ok(Some(canvas(db, user_id, &row).await?)),
        None => Ok(None),
    }
}

pub async fn resize(
    db: &Db,
    user_id: i64,
    id: i64,
    width: f64,
    height: f64,
) -> Result<Option<CanvasNode>, ApiError> {
    let (width, height) = (size("width", width)?, size("height", height)?);
    if get_row(db, user_id, id).await?.is_none() {
        return Ok(None);
    }
    let payload = NodePayload::Container(ContainerPayload { width, height, user_id: None });
    match nodes::resize(db.pool(), user_id, id, width, height, &payload).await? {
        Some(row) => Ok(Some(canvas(db, user_id, &row).await?)),
        None => Ok(None),
    }
}

pub async fn move_to(
    state: &AppState,
    user_id: i64,
    id: i64,
    x: f64,
    y: f64,
) -> Result<Option<CanvasNode>, ApiError> {
    let db = &state.db;
    let position = Position { x: coordinate("position_x", x)?, y: coordinate("position_y", y)? };
    if get_row(db, user_id, id).await?.is_none() {
        return Ok(None);
    }
    match state.positions.set(db, user_id, id, position).await? {
        Some(row) => Ok(Some(canvas(db, user_id, &row).await?)),
        None => Ok(None),
    }
}

/// Removes a container, keeping its children where they stand on the canvas:
/// each gets its absolute position and leaves the container. Answers the
/// freed children, or `None` when the user has no such container.
pub async fn delete(db: &Db, user_id: i64, id: i64) -> Result<Option<Vec<CanvasNode>>, ApiError> {
    let mut tx = Tx::begin(db).await?;
    let Some(container) = nodes::lock(&mut tx, user_id, id).await?.filter(is_container) else {
        return Ok(None);
    };
    let origin = Position { x: container.position_x, y: container.position_y };
    let mut freed = Vec::new();
    for child in nodes::lock_children(&mut tx, user_id, id).await? {
        let at = absolute_position(origin, Position { x: child.position_x, y: child.position_y });
        let child = nodes::set_container(tx.conn(), user_id, child.id, None, at).await?;
        freed.push(child.ok_or_else(|| ApiError::internal("a locked child vanished"))?);
    }
    edges::delete_node_in(&mut tx, user_id, id).await?;
    tx.commit().await?;
    Ok(Some(freed.iter().map(NodeRow::to_canvas).collect::<Result<_, _>>()?))
}

/// Puts a node of the same project into the container, its position becoming
/// relative to the container (from wherever it stood, inside another
/// container or not). Answers the node, or `None` when the user has no such
/// container or node.
pub async fn add_node(
    db: &Db,
    user_id: i64,
    id: i64,
    kind: NodeKind,
    node_id: i64,
) -> Result<Option<CanvasNode>, ApiError> {
    let mut tx = Tx::begin(db).await?;
    let (container, node) = if id <= node_id {
        let container = nodes::lock(&mut tx, user_id, id).await?;
        (container, nodes::lock(&mut tx, user_id, node_id).await?)
    } else {
        let node = nodes::lock(&mut tx, user_id, node_id).await?;
        (nodes::lock(&mut tx, user_id, id).await?, node)
    };
    let Some(container) = container.filter(is_container) else { return Ok(None) };
    // The path names the container; the body only refers to a node.
    let Some(node) = node.filter(|n| n.project_id == container.project_id) else {
        return Err(ApiError::invalid("node_id", MessageCode::NodeNotInProject));
    };
    if node.kind != kind.as_str() {
        return Err(ApiError::InvalidInput {
            field: Some("node_type".into()),
            reason: format!("node {node_id} is a {}, not a {kind}", node.kind),
        });
    }
    let refusal = kind
        .container_refusal()
        .map(|code| Refusal { code, message: code.render(&[("type", kind.label())]) });
    if let Some(refusal) = refusal {
        let mut details = Map::new();
        details.insert("field".into(), json!("node_type"));
        details.insert("node".into(), json!(format!("{kind}-{node_id}")));
        return Err(ApiError::Refused { refusal, details });
    }
    if node.container_id == Some(container.id) {
        return Ok(Some(node.to_canvas()?));
    }
    let standing = Position { x: node.position_x, y: node.position_y };
    let absolute = match node.container_id {
        Some(current) => match nodes::lock(&mut tx, user_id, current).await? {
            Some(c) => absolute_position(Position { x: c.position_x, y: c.position_y }, standing),
            None => standing,
        },
        None => standing,
    };
    let origin = Position { x: container.position_x, y: container.position_y };
    let at = relative_position(origin, absolute);
    let row = nodes::set_container(tx.conn(), user_id, node.id, Some(container.id), at)
        .await?
        .ok_or_else(|| ApiError::internal("a locked node vanished"))?;
    tx.commit().await?;
    Ok(Some(row.to_canvas()?))
}

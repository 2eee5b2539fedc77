//! A project exported to core's transfer file and a file imported as a new
//! project. Import goes through the very writes the canvas uses (nodes'
//! create with its data checks and plan limits, containers' create, edges'
//! connect with the connection rules and their side effects), so a file can
//! do nothing a person drawing could not. A refusal deletes the new project
//! with whatever was made of it: nothing is left half-imported.

use std::collections::HashMap;

use axum::http::StatusCode;
use dastyar_core::data::NodePayload;
use dastyar_core::ids::CanvasId;
use dastyar_core::transfer::{self, Transfer, TransferEdge, TransferNode, UNNAMED_PROJECT};
use dastyar_core::{MessageCode, NodeKind};
use serde::Serialize;
use serde_json::{Map, Value, json};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::canvas::containers::{self, NewContainer};
use crate::canvas::edges::{self, Connect};
use crate::canvas::files;
use crate::canvas::graph::ProjectGraph;
use crate::canvas::nodes::{self, Created, Served};
use crate::error::ApiError;
use crate::names::{self, PROJECT_NAME_MAX};
use crate::state::AppState;
use crate::store::projects::{self, Project};

/// A project made from a file, and what it still needs from its owner.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ImportedProject {
    pub project: Project,
    /// Secrets the file left out, on the new nodes: enter them again.
    pub secrets_to_enter: Vec<SecretToEnter>,
    /// Connections of the file that wait on something to be done first
    /// (a secret entered, Google authorised, an assistant registered): draw
    /// them once it is.
    pub connections_to_draw: Vec<ConnectionToDraw>,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SecretToEnter {
    /// The new node's canvas id.
    pub node: String,
    pub label: String,
    /// The payload field, dotted (`auth_data.password`).
    pub field: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConnectionToDraw {
    /// The new nodes' canvas ids and labels.
    pub source: String,
    pub source_label: String,
    pub target: String,
    pub target_label: String,
    #[schema(value_type = String)]
    pub code: MessageCode,
    /// Why it was not drawn yet, in Persian.
    pub message: String,
}

/// One of the user's projects as a transfer file (404 for anyone else's):
/// every node with its payload as a create takes it (what the server alone
/// decides left out, secrets stripped and listed), positions, containers
/// and edges, nodes named by their canvas ids.
pub async fn export(
    state: &AppState,
    user_id: i64,
    project_id: i64,
) -> Result<(Project, Transfer), ApiError> {
    let project = projects::get(&state.db, user_id, project_id).await?.ok_or(ApiError::NotFound)?;
    let graph = ProjectGraph::load(&state.db, user_id, project_id).await?;
    let canvas_ids: HashMap<i64, String> = graph
        .nodes
        .iter()
        .map(|row| Ok((row.id, row.canvas_id()?.to_string())))
        .collect::<Result<_, ApiError>>()?;
    let mut file_nodes = Vec::with_capacity(graph.nodes.len());
    for row in &graph.nodes {
        let kind = row.kind()?;
        let mut data = serde_json::to_value(row.payload()?).map_err(ApiError::internal)?;
        if let Value::Object(fields) = &mut data {
            for key in nodes::client_ignored_fields(kind) {
                fields.remove(key);
            }
        }
        file_nodes.push(TransferNode {
            id: canvas_ids[&row.id].clone(),
            kind,
            label: row.name.clone(),
            data,
            position: dastyar_core::geometry::Position { x: row.position_x, y: row.position_y },
            parent: row.container_id.and_then(|id| canvas_ids.get(&id).cloned()),
        });
    }
    let file_edges = graph
        .edges
        .iter()
        .filter_map(|edge| {
            Some(TransferEdge {
                source: canvas_ids.get(&edge.source_id)?.clone(),
                target: canvas_ids.get(&edge.target_id)?.clone(),
            })
        })
        .collect();
    let file = Transfer::new(Some(project.name.clone()), file_nodes, file_edges);
    Ok((project, file))
}

/// A file's refusal as the API answers it: a 422 with core's code and
/// Persian message, `details.field` saying where.
pub fn refused_file(error: transfer::TransferError) -> ApiError {
    let mut details = Map::new();
    details.insert("field".into(), json!(error.field));
    ApiError::Rendered {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code: error.code,
        message: error.message,
        details,
    }
}

/// Makes a new project of the user's from a file checked by core. Any
/// refusal (a node's data, a container rule, a connection rule, the plan's
/// limit) deletes the new project again and answers why, naming the file's
/// node or connection.
pub async fn import(
    state: &AppState,
    user_id: i64,
    file: &Transfer,
) -> Result<ImportedProject, ApiError> {
    let name = file.name.as_deref().filter(|n| !n.trim().is_empty()).unwrap_or(UNNAMED_PROJECT);
    let name =
        names::required(name, PROJECT_NAME_MAX).map_err(|e| e.on("name", PROJECT_NAME_MAX))?;
    let project = projects::create(&state.db, user_id, &name).await?;
    match fill(state, user_id, project.id, file).await {
        Ok((secrets_to_enter, connections_to_draw)) => {
            Ok(ImportedProject { project, secrets_to_enter, connections_to_draw })
        }
        Err(error) => {
            if let Some(file_nodes) = projects::delete(&state.db, user_id, project.id).await? {
                for node_id in file_nodes {
                    files::remove_node_files(state, node_id).await?;
                }
            }
            Err(error)
        }
    }
}

/// The file's nodes and edges made in the new project `project_id`.
async fn fill(
    state: &AppState,
    user_id: i64,
    project_id: i64,
    file: &Transfer,
) -> Result<(Vec<SecretToEnter>, Vec<ConnectionToDraw>), ApiError> {
    let mut made: HashMap<&str, (NodeKind, i64)> = HashMap::new();
    for node in file.nodes_in_creation_order() {
        let container_id = node.parent.as_deref().and_then(|p| made.get(p)).map(|(_, id)| *id);
        let id = create_node(state, user_id, project_id, node, container_id)
            .await
            .map_err(|error| node_refused(error, node))?;
        made.insert(node.id.as_str(), (node.kind, id));
    }
    let label = |file_id: &str| {
        file.nodes.iter().find(|n| n.id == file_id).map(|n| n.label.clone()).unwrap_or_default()
    };
    let canvas_id = |file_id: &str| {
        let (kind, id) = made[file_id];
        CanvasId::saved(kind, id).to_string()
    };

    // A connection may wait on another (a request's API definition first),
    // so those refused for want of setup are tried again while any is drawn.
    let mut pending: Vec<&TransferEdge> = file.edges.iter().collect();
    let mut waiting = Vec::new();
    loop {
        let mut drawn = false;
        waiting.clear();
        for edge in pending {
            let connect = Connect {
                project_id,
                source: made[edge.source.as_str()],
                target: made[edge.target.as_str()],
                edge_data: "{}".to_owned(),
            };
            match edges::connect(&state.db, user_id, &connect).await {
                Ok(_) => drawn = true,
                Err(ApiError::Refused { refusal, .. })
                    if transfer::waits_for_setup(refusal.code) =>
                {
                    waiting.push((edge, refusal));
                }
                Err(error) => return Err(edge_refused(error, file, edge)),
            }
        }
        if !drawn || waiting.is_empty() {
            break;
        }
        pending = waiting.iter().map(|(edge, _)| *edge).collect();
    }
    let connections = waiting
        .into_iter()
        .map(|(edge, refusal)| ConnectionToDraw {
            source: canvas_id(&edge.source),
            source_label: label(&edge.source),
            target: canvas_id(&edge.target),
            target_label: label(&edge.target),
            code: refusal.code,
            message: refusal.message,
        })
        .collect();
    let secrets = file
        .secrets_removed
        .iter()
        .filter(|s| made.contains_key(s.node.as_str()))
        .map(|s| SecretToEnter {
            node: canvas_id(&s.node),
            label: s.label.clone(),
            field: s.field.clone(),
        })
        .collect();
    Ok((secrets, connections))
}

/// Creates one node of the file through the API's own create; its id.
async fn create_node(
    state: &AppState,
    user_id: i64,
    project_id: i64,
    node: &TransferNode,
    container_id: Option<i64>,
) -> Result<i64, ApiError> {
    let (x, y) = (node.position.x, node.position.y);
    if node.kind == NodeKind::Container {
        let size = match NodePayload::from_json(NodeKind::Container, node.data.clone()) {
            Ok(NodePayload::Container(size)) => size,
            _ => return Err(ApiError::invalid("data", MessageCode::InvalidInput)),
        };
        let new = NewContainer {
            project_id,
            name: Some(node.label.clone()),
            position_x: Some(x),
            position_y: Some(y),
            width: Some(size.width),
            height: Some(size.height),
        };
        let view = containers::create(&state.db, user_id, &new).await?;
        return view.map(|v| v.database_id).ok_or(ApiError::NotFound);
    }
    let served = Served::of(node.kind).ok_or(ApiError::NotForKind {
        kind: node.kind,
        code: MessageCode::TransferKindNotStored,
    })?;
    let mut body = match &node.data {
        Value::Object(fields) => fields.clone(),
        _ => Map::new(),
    };
    body.insert("project_id".into(), json!(project_id));
    // A function's label is its display name; its tool name is in its data.
    let tool = body.get("name").and_then(Value::as_str).filter(|t| !t.trim().is_empty());
    if node.kind == NodeKind::Function && tool.is_some_and(|tool| tool != node.label) {
        body.insert("label".into(), json!(node.label));
    } else {
        body.insert("name".into(), json!(node.label));
    }
    body.insert("position_x".into(), json!(x));
    body.insert("position_y".into(), json!(y));
    body.insert("container_id".into(), json!(container_id));
    if node.kind == NodeKind::Analyzer {
        body.insert("assistant_type".into(), json!("conversation_analyzer"));
    }
    // Never `async`: the file's connections need the assistant made.
    body.remove("async");
    match nodes::create(state, user_id, served, Value::Object(body)).await? {
        Created::Node(row) | Created::Queued { node: row, .. } => Ok(row.id),
    }
}

/// A node's refusal, saying which node of the file it was. A plan limit
/// stays the limit's own answer (403), which the web already explains.
fn node_refused(error: ApiError, node: &TransferNode) -> ApiError {
    if error.status() != StatusCode::UNPROCESSABLE_ENTITY {
        return error;
    }
    let body = error.body().error;
    let mut details = match body.details {
        Value::Object(details) => details,
        _ => Map::new(),
    };
    details.insert("node".into(), json!(node.id));
    details.insert("cause".into(), json!(body.code));
    let params = [("label", node.label.as_str()), ("reason", body.message.as_str())];
    ApiError::Rendered {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code: MessageCode::TransferNodeRefused,
        message: MessageCode::TransferNodeRefused.render(&params),
        details,
    }
}

/// A connection's refusal, naming the two nodes of the file.
fn edge_refused(error: ApiError, file: &Transfer, edge: &TransferEdge) -> ApiError {
    if error.status() != StatusCode::UNPROCESSABLE_ENTITY {
        return error;
    }
    let label = |id: &str| {
        file.nodes.iter().find(|n| n.id == id).map(|n| n.label.clone()).unwrap_or_default()
    };
    let (source, target) = (label(&edge.source), label(&edge.target));
    let body = error.body().error;
    let mut details = Map::new();
    details.insert("source".into(), json!(edge.source));
    details.insert("target".into(), json!(edge.target));
    details.insert("cause".into(), json!(body.code));
    let params =
        [("source", source.as_str()), ("target", target.as_str()), ("reason", &body.message)];
    ApiError::Rendered {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        code: MessageCode::TransferEdgeRefused,
        message: MessageCode::TransferEdgeRefused.render(&params),
        details,
    }
}

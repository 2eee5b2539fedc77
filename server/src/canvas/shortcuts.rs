//! The spec §7 calls that are other names for what the edge and node
//! machinery already does: connection shortcuts (the edge `POST /edges`
//! would draw, with the project taken from the node in the path), state
//! toggles stored on a node (through the generic node update), and listings
//! read from a project's stored graph. Nothing here talks to an outside
//! service.

use dastyar_core::NodeKind;
use dastyar_core::connect::Refusal;
use dastyar_core::data::files::FileEntry;
use dastyar_core::data::iframe::FrameAppearance;
use dastyar_core::data::trigger::TriggerPayload;
use dastyar_core::data::{CanvasNode, NodePayload};
use dastyar_core::messages::MessageCode;
use dastyar_core::schedule::validate_trigger_schedule;
use serde::Serialize;
use serde_json::{Map, Value, json};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::automation::activation;
use crate::canvas::canvas_node_schema::CanvasNodeSchema;
use crate::canvas::edges::{self, CanvasEdge, Connect, EdgeRef};
use crate::canvas::graph::ProjectGraph;
use crate::canvas::nodes::{self, Served};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::nodes::NodeRow;

/// Assistants and analyzers: the kinds an `assistant_id` may name.
pub const ASSISTANT_KINDS: &[NodeKind] = &[NodeKind::Assistant, NodeKind::Analyzer];

/// One connection shortcut: the node in the path, the node the body (or a
/// second path segment) names, and which of them is the edge's source.
#[derive(Debug, Clone, Copy)]
pub struct Shortcut {
    /// The kinds the path's node may be (else 404, as for its collection).
    pub path_kinds: &'static [NodeKind],
    /// The kinds the other node may be (else 422 on `field`).
    pub other_kinds: &'static [NodeKind],
    /// The field naming the other node.
    pub field: &'static str,
    /// Whether the path's node is the edge's source.
    pub path_is_source: bool,
    /// Whether the other node is named in the path too (then a missing one
    /// is a 404, as for the first; named in the body, a 422 on `field`).
    pub other_in_path: bool,
}

/// One of the user's nodes of one of `kinds`; 404 otherwise.
async fn node_of(
    state: &AppState,
    user_id: i64,
    id: i64,
    kinds: &[NodeKind],
) -> Result<NodeRow, ApiError> {
    let row = store::nodes::get(state.db.pool(), user_id, id).await?.ok_or(ApiError::NotFound)?;
    let kind = row.kind().map_err(ApiError::internal)?;
    if kinds.contains(&kind) { Ok(row) } else { Err(ApiError::NotFound) }
}

/// Draws the shortcut's edge exactly as `POST /edges` would (same rules, same
/// refusals, same side effects, same answer), in the path node's project.
pub async fn connect(
    state: &AppState,
    user_id: i64,
    shortcut: Shortcut,
    path_id: i64,
    other_id: i64,
    edge_data: Option<Value>,
) -> Result<CanvasEdge, ApiError> {
    let path = node_of(state, user_id, path_id, shortcut.path_kinds).await?;
    if other_id <= 0 {
        return Err(ApiError::InvalidInput {
            field: Some(shortcut.field.into()),
            reason: "a positive id was expected".into(),
        });
    }
    let other = store::nodes::get(state.db.pool(), user_id, other_id)
        .await?
        .filter(|other| other.project_id == path.project_id)
        .ok_or_else(|| match shortcut.other_in_path {
            true => ApiError::NotFound,
            false => ApiError::invalid(shortcut.field, MessageCode::NodeNotInProject),
        })?;
    let other_kind = other.kind().map_err(ApiError::internal)?;
    if !shortcut.other_kinds.contains(&other_kind) {
        let wanted: Vec<&str> = shortcut.other_kinds.iter().map(|k| k.as_str()).collect();
        return Err(ApiError::InvalidInput {
            field: Some(shortcut.field.into()),
            reason: format!("node {other_id} is a {other_kind}, not a {}", wanted.join(" or ")),
        });
    }
    let path_end = (path.kind().map_err(ApiError::internal)?, path.id);
    let other_end = (other_kind, other.id);
    let (source, target) =
        if shortcut.path_is_source { (path_end, other_end) } else { (other_end, path_end) };
    let connect = Connect {
        project_id: path.project_id,
        source,
        target,
        edge_data: edges::edge_data_text(edge_data)?,
    };
    edges::connect(&state.db, user_id, &connect).await
}

/// Removes every edge from the user's node `id` (of `path_kinds`) to an
/// assistant, as `DELETE /edges/{id}` would, undoing their side effects; how
/// many there were. Anyone else's node, or none, removes nothing.
pub async fn disconnect_assistants(
    state: &AppState,
    user_id: i64,
    id: i64,
    path_kinds: &[NodeKind],
) -> Result<usize, ApiError> {
    let Ok(node) = node_of(state, user_id, id, path_kinds).await else { return Ok(0) };
    let edges = store::edges::touching(state.db.pool(), user_id, node.id).await?;
    let mut removed = 0;
    for edge in edges.iter().filter(|e| joins_assistant(e, node.id)) {
        if edges::disconnect(&state.db, user_id, EdgeRef::Database(edge.id)).await? {
            removed += 1;
        }
    }
    Ok(removed)
}

fn is_assistant_kind(kind: &str) -> bool {
    ASSISTANT_KINDS.iter().any(|k| k.as_str() == kind)
}

fn joins_assistant(edge: &store::edges::EdgeRow, node_id: i64) -> bool {
    if edge.source_id == node_id {
        is_assistant_kind(&edge.target_type)
    } else {
        is_assistant_kind(&edge.source_type)
    }
}

/// The assistants joined to node `id` by an edge, oldest edge first.
fn connected_assistants(graph: &ProjectGraph, id: i64) -> Vec<&NodeRow> {
    let mut found: Vec<&NodeRow> = Vec::new();
    for (_, node) in graph.neighbours(id) {
        if is_assistant_kind(&node.kind) && !found.iter().any(|n| n.id == node.id) {
            found.push(node);
        }
    }
    found
}

/// The assistant an SMS node of mine is connected to, if any (404 for a node
/// that is not my SMS node).
pub async fn sms_assistant(
    state: &AppState,
    user_id: i64,
    sms_id: i64,
) -> Result<Option<CanvasNode>, ApiError> {
    let sms = node_of(state, user_id, sms_id, &[NodeKind::Sms]).await?;
    let graph = ProjectGraph::load(&state.db, user_id, sms.project_id).await?;
    match connected_assistants(&graph, sms.id).first() {
        Some(row) => Ok(Some(graph.canvas(row)?)),
        None => Ok(None),
    }
}

/// What a toggle route asks of `is_active`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Switch {
    Flip,
    Set(bool),
}

/// Sets a scheduler's or trigger's `is_active`, and has the schedule engine
/// follow (its next run from now when on, none when off). Turning a trigger
/// on needs a valid schedule and message and a connected, created assistant.
pub async fn switch(
    state: &AppState,
    user_id: i64,
    kind: NodeKind,
    id: i64,
    switch: Switch,
) -> Result<NodeRow, ApiError> {
    let served = Served::of(kind).ok_or_else(|| ApiError::internal(format!("no {kind} routes")))?;
    // Read, decide, write only if nothing changed in between: two flips at
    // once then flip twice, never both to the same value.
    loop {
        let row = nodes::find(state, user_id, served, id).await?;
        let mut payload = row.payload().map_err(ApiError::internal)?;
        let active = match &mut payload {
            NodePayload::Scheduler(s) => &mut s.is_active,
            NodePayload::Trigger(t) => &mut t.scheduler.is_active,
            _ => return Err(ApiError::NotFound),
        };
        let was = *active;
        let wanted = match switch {
            Switch::Flip => !was,
            Switch::Set(on) => on,
        };
        *active = wanted;
        if wanted
            && !was
            && let NodePayload::Trigger(trigger) = &payload
        {
            may_activate(state, user_id, &row, trigger).await?;
        }
        let status = row.status();
        let written = store::nodes::update_if_unchanged(
            state.db.pool(),
            user_id,
            id,
            &row.updated_at,
            &payload,
            status,
        )
        .await?;
        if let Some(written) = written {
            let before = row.payload().map_err(ApiError::internal)?;
            return activation::follow(state, user_id, Some(&before), written).await;
        }
    }
}

/// A trigger may be turned on with a valid schedule and message and a
/// connected assistant that has been created.
async fn may_activate(
    state: &AppState,
    user_id: i64,
    row: &NodeRow,
    trigger: &TriggerPayload,
) -> Result<(), ApiError> {
    let canvas_id = format!("{}-{}", NodeKind::Trigger, row.id);
    let refuse = |code: MessageCode| {
        let mut details = Map::new();
        details.insert("trigger".into(), json!(canvas_id));
        ApiError::Refused { refusal: Refusal { code, message: code.render(&[]) }, details }
    };
    let schedule = trigger.scheduler.schedule();
    if validate_trigger_schedule(&trigger.message_template, &schedule).is_err() {
        return Err(refuse(MessageCode::TriggerScheduleInvalid));
    }
    let graph = ProjectGraph::load(&state.db, user_id, row.project_id).await?;
    let assistants: Vec<&NodeRow> = graph
        .neighbours(row.id)
        .filter(|(e, n)| e.source_id == row.id && is_assistant_kind(&n.kind))
        .map(|(_, n)| n)
        .collect();
    if assistants.is_empty() {
        return Err(refuse(MessageCode::AssistantNotCreated));
    }
    if !assistants.iter().any(|a| a.status().is_settled()) {
        return Err(refuse(MessageCode::AssistantNotReady));
    }
    Ok(())
}

/// My project's nodes of `kind`, through its graph; 404 for anyone else's project.
async fn project_graph(
    state: &AppState,
    user_id: i64,
    project_id: i64,
) -> Result<ProjectGraph, ApiError> {
    store::projects::get(&state.db, user_id, project_id).await?.ok_or(ApiError::NotFound)?;
    Ok(ProjectGraph::load(&state.db, user_id, project_id).await?)
}

/// My project's nodes of `kind`, as canvas nodes, oldest first.
pub async fn project_nodes_of_kind(
    state: &AppState,
    user_id: i64,
    project_id: i64,
    kind: NodeKind,
) -> Result<Vec<CanvasNode>, ApiError> {
    let graph = project_graph(state, user_id, project_id).await?;
    graph.of_kind(kind).map(|row| graph.canvas(row).map_err(ApiError::from)).collect()
}

/// The files one node brings into a vector store.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SourceFiles {
    /// The source node's database id.
    pub node_id: i64,
    /// `filedb` or `filerepository`.
    #[ts(as = "NodeKind")]
    pub node_type: String,
    /// The source's canvas id, `type-id`.
    #[schema(example = "filedb-4")]
    pub source: String,
    pub files: Vec<FileEntry>,
}

/// The files of the file databases and repositories connected into one of my
/// vector stores, one entry per source node, oldest edge first.
pub async fn vectorstore_files(
    state: &AppState,
    user_id: i64,
    store_id: i64,
) -> Result<Vec<SourceFiles>, ApiError> {
    let store = node_of(state, user_id, store_id, &[NodeKind::Vectorstore]).await?;
    let graph = ProjectGraph::load(&state.db, user_id, store.project_id).await?;
    let mut answer: Vec<SourceFiles> = Vec::new();
    for (edge, node) in graph.neighbours(store.id) {
        if edge.target_id != store.id || answer.iter().any(|s| s.node_id == node.id) {
            continue;
        }
        let files = match node.payload().map_err(ApiError::internal)? {
            NodePayload::Filedb(f) => f.files,
            NodePayload::Filerepository(f) => f.files,
            _ => continue,
        };
        answer.push(SourceFiles {
            node_id: node.id,
            node_type: node.kind.clone(),
            source: format!("{}-{}", node.kind, node.id),
            files,
        });
    }
    Ok(answer)
}

/// The Telegram bots inside one of my containers (404 for anything else).
pub async fn container_telegrams(
    state: &AppState,
    user_id: i64,
    container_id: i64,
) -> Result<Vec<CanvasNode>, ApiError> {
    let container = node_of(state, user_id, container_id, &[NodeKind::Container]).await?;
    let graph = ProjectGraph::load(&state.db, user_id, container.project_id).await?;
    graph
        .children(container.id)
        .filter(|n| n.kind == NodeKind::Telegram.as_str())
        .map(|row| graph.canvas(row).map_err(ApiError::from))
        .collect()
}

/// An iframe node with its frame fields.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FrameView {
    /// The iframe node's database id.
    pub node_id: i64,
    pub project_id: i64,
    /// The registered frame's id, once registered.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub frame_id: Option<i64>,
    pub company_id: Option<i64>,
    pub company_name: String,
    pub authorized_domains: Vec<String>,
    /// `default` unless another style was chosen.
    pub style: String,
    #[schema(value_type = Object)]
    pub appearance: FrameAppearance,
    /// The database id of the assistant the frame talks to.
    pub assistant_id: Option<i64>,
    pub is_active: bool,
    /// The key the embed script names the frame by (public: it is in the site's page).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub public_key: Option<String>,
    /// The one line a site owner pastes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub script: Option<String>,
    #[schema(value_type = CanvasNodeSchema)]
    pub node: CanvasNode,
}

impl FrameView {
    /// The frame of an iframe node (`None` for any other node).
    pub fn of(row: &NodeRow, node: CanvasNode) -> Result<Option<FrameView>, ApiError> {
        let NodePayload::Iframe(frame) = row.payload().map_err(ApiError::internal)? else {
            return Ok(None);
        };
        Ok(Some(FrameView {
            node_id: row.id,
            project_id: row.project_id,
            frame_id: frame.frame_id,
            company_id: frame.company_id,
            company_name: frame.company_name,
            authorized_domains: frame.authorized_domains,
            style: frame.style,
            appearance: frame.appearance,
            assistant_id: frame.assistant_id,
            is_active: frame.is_active,
            public_key: frame.api_key,
            script: frame.script,
            node,
        }))
    }
}

/// My project's iframe nodes with their frame fields, oldest first.
pub async fn project_frames(
    state: &AppState,
    user_id: i64,
    project_id: i64,
) -> Result<Vec<FrameView>, ApiError> {
    let graph = project_graph(state, user_id, project_id).await?;
    let mut frames = Vec::new();
    for row in graph.of_kind(NodeKind::Iframe) {
        frames.extend(FrameView::of(row, graph.canvas(row)?)?);
    }
    Ok(frames)
}

//! Saving nodes of every persisted kind but containers, one implementation
//! for all of them: a body becomes the kind's payload (core's type, with the
//! spec's defaults), is checked and normalised by core's rules, placed in one
//! of the user's projects (and containers), counted against the plan, and
//! read back as a canvas node.

use dastyar_core::NodeKind;
use dastyar_core::data::common::{NodeBase, NodePlacement};
use dastyar_core::data::{CanvasNode, NodePayload};
use dastyar_core::geometry::Position;
use dastyar_core::messages::MessageCode;
use dastyar_core::secrets;
use dastyar_core::status::CreationStatus;
use dastyar_core::validate::node::prepare_node_data;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use ts_rs::TS;

use crate::automation::activation;
use crate::billing::current_plan;
use crate::canvas::assistants;
use crate::error::ApiError;
use crate::json_input;
use crate::knowledge::documents;
use crate::names;
use crate::secrets::node_secrets;
use crate::state::AppState;
use crate::store::jobs::{self, JobRow};
use crate::store::nodes::{self, Inserted, NewNode, NodeRow};
use crate::store::projects;
use crate::store::tx::Tx;

/// The longest node name, in characters (core's limit on labels).
pub const NODE_NAME_MAX: usize = dastyar_core::validate::node::MAX_NAME_CHARS;

/// The largest coordinate accepted, either way: far beyond any real canvas,
/// small enough that every backend stores it exactly as sent.
pub const MAX_COORDINATE: f64 = 1e9;

/// The kinds one API collection serves: one kind, or, for `assistants`,
/// assistants and the analyzers that share their collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Served {
    pub collection: &'static str,
    primary: NodeKind,
    also: Option<NodeKind>,
}

impl Served {
    /// Every collection whose nodes this module saves: each persisted kind's
    /// but the containers', analyzers under `assistants`.
    pub fn all() -> Vec<Served> {
        NodeKind::ALL
            .into_iter()
            .filter(|k| k.is_persisted() && *k != NodeKind::Container && *k != NodeKind::Analyzer)
            .filter_map(|kind| {
                let collection = kind.collection()?;
                let also = (kind == NodeKind::Assistant).then_some(NodeKind::Analyzer);
                Some(Served { collection, primary: kind, also })
            })
            .collect()
    }

    /// The collection serving `kind`.
    pub fn of(kind: NodeKind) -> Option<Served> {
        Served::all().into_iter().find(|s| s.serves(kind))
    }

    /// The kind a new node gets unless its body says otherwise.
    pub fn primary(&self) -> NodeKind {
        self.primary
    }

    pub fn kinds(&self) -> Vec<NodeKind> {
        std::iter::once(self.primary).chain(self.also).collect()
    }

    pub fn serves(&self, kind: NodeKind) -> bool {
        kind == self.primary || Some(kind) == self.also
    }

    /// Whether the collection serves assistants (and analyzers).
    pub fn is_assistants(&self) -> bool {
        self.primary == NodeKind::Assistant
    }
}

/// A node as the API answers it: the canvas node (`{id: "type-dbid", type,
/// position, parentId?, data}`) and its database id.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "api/")]
pub struct NodeView {
    #[serde(flatten)]
    pub node: CanvasNode,
    pub database_id: i64,
}

impl NodeView {
    pub fn of(row: &NodeRow) -> Result<NodeView, ApiError> {
        Ok(NodeView { node: canvas(row)?, database_id: row.id })
    }
}

/// The canvas node for a row; a row that no longer reads is a 500.
pub fn canvas(row: &NodeRow) -> Result<CanvasNode, ApiError> {
    row.to_canvas().map_err(ApiError::internal)
}

/// What a create came to.
#[derive(Debug)]
pub enum Created {
    /// Stored and finished.
    Node(NodeRow),
    /// Stored as pending; the job finishes it.
    Queued { node: NodeRow, job: JobRow },
}

/// The job kind that finishes an assistant's creation.
pub const CREATE_ASSISTANT_JOB: &str = "create_assistant";

/// Creates a node of the collection's kind from a flat body: the placement
/// (`project_id`, `name`, `position_x`, `position_y`, `container_id?`) and the
/// kind's payload fields. On `assistants`, `assistant_type:
/// "conversation_analyzer"` makes an analyzer and `async: true` queues the
/// rest of the creation as a job.
pub async fn create(
    state: &AppState,
    user_id: i64,
    served: Served,
    body: Value,
) -> Result<Created, ApiError> {
    let db = &state.db;
    let mut fields = object(body)?;
    let placement: NodePlacement = json_input::from_value(Value::Object(fields.clone()))?;
    let position = position(placement.position_x, placement.position_y)?;
    let kind = new_kind(served, &fields);
    let label = display_label(kind, &mut fields)?;
    let name = match &label {
        Some(label) => label.clone(),
        None => node_name(&placement.name)?,
    };
    drop_client_fields(kind, &mut fields);
    if label.is_none() {
        fields.insert("name".into(), Value::String(name.clone()));
    }
    let run_async = kind.is_assistant_like() && fields.get("async") == Some(&Value::Bool(true));
    node_secrets::keep_masked(&state.secrets, kind, &mut fields, None)?;
    let payload = node_secrets::seal(&state.secrets, prepare(kind, &name, fields)?)?;

    if projects::get(db, user_id, placement.project_id).await?.is_none() {
        return Err(ApiError::NotFound);
    }
    if let Some(container_id) = placement.container_id {
        may_enter_container(kind)?;
        container_in_project(state, user_id, container_id, placement.project_id, None).await?;
    }

    let status = if kind.is_assistant_like() {
        CreationStatus::Pending
    } else {
        CreationStatus::after_success(kind, attached_to_assistant(&payload))
    };
    let new = NewNode {
        project_id: placement.project_id,
        name,
        position,
        container_id: placement.container_id,
        width: None,
        height: None,
        status,
        payload,
    };
    let quota = current_plan::quota_for(state, user_id, kind).await?.flatten();
    let mut tx = Tx::begin(db).await?;
    let row = match nodes::insert_within_quota(&mut tx, user_id, &new, quota).await? {
        Inserted::Node(row) => *row,
        Inserted::NoProject => return Err(ApiError::NotFound),
        Inserted::QuotaFull { used } => {
            return Err(ApiError::NodeLimitExceeded { kind, limit: quota, used });
        }
    };
    if run_async {
        let job =
            jobs::enqueue(tx.conn(), user_id, CREATE_ASSISTANT_JOB, &json!({"node_id": row.id}))
                .await?;
        tx.commit().await?;
        return Ok(Created::Queued { node: row, job });
    }
    tx.commit().await?;
    if activation::is_scheduled(kind) {
        // A scheduler made on runs from now.
        return Ok(Created::Node(activation::follow(state, user_id, None, row).await?));
    }
    if kind.is_assistant_like() {
        return match assistants::register(state, user_id, row.id).await? {
            Some(registered) => Ok(Created::Node(registered.row)),
            // Deleted by another request in the meantime: as if never created.
            None => Err(ApiError::NotFound),
        };
    }
    Ok(Created::Node(row))
}

/// One of the user's nodes of the collection's kinds (404 otherwise).
pub async fn find(
    state: &AppState,
    user_id: i64,
    served: Served,
    id: i64,
) -> Result<NodeRow, ApiError> {
    let row = nodes::get(state.db.pool(), user_id, id).await?.ok_or(ApiError::NotFound)?;
    let kind = row.kind().map_err(ApiError::internal)?;
    if served.serves(kind) { Ok(row) } else { Err(ApiError::NotFound) }
}

/// Updates a node from a partial body: the payload keys present replace the
/// stored ones, absent ones are kept; `name` renames it. Checked as a create is.
pub async fn update(
    state: &AppState,
    user_id: i64,
    served: Served,
    id: i64,
    body: Value,
) -> Result<NodeRow, ApiError> {
    let row = find(state, user_id, served, id).await?;
    let kind = row.kind().map_err(ApiError::internal)?;
    let mut fields = object(body)?;
    let label = display_label(kind, &mut fields)?;
    let name = match (&label, fields.get("name")) {
        (Some(label), _) => label.clone(),
        (None, None | Some(Value::Null)) => row.name.clone(),
        (None, Some(Value::String(name))) => node_name(name)?,
        (None, Some(other)) => {
            return Err(ApiError::InvalidInput {
                field: Some("name".into()),
                reason: format!("expected a string, found {other}"),
            });
        }
    };
    drop_client_fields(kind, &mut fields);
    if kind.is_assistant_like() {
        // The type is the node's kind: an update does not turn one into the other.
        fields.remove("assistant_type");
    }
    if fields.contains_key("name") && label.is_none() {
        fields.insert("name".into(), Value::String(name.clone()));
    }
    // Secrets the body leaves out stay as saved: the stored ones read as
    // masks here, like those the browser sends back unchanged.
    let stored = row.payload().map_err(ApiError::internal)?;
    let mut as_saved = serde_json::to_value(&stored).map_err(ApiError::internal)?;
    secrets::mask_payload(kind, &mut as_saved);
    let Value::Object(mut merged) = as_saved else {
        return Err(ApiError::internal(format!("node {id}: a payload that is no object")));
    };
    merged.extend(fields);
    node_secrets::keep_masked(&state.secrets, kind, &mut merged, Some(&stored))?;
    let payload = node_secrets::seal(&state.secrets, prepare(kind, &name, merged)?)?;
    let status = if kind.is_assistant_like() {
        // Pending while its creation job runs, error if registration failed:
        // an edit changes neither.
        row.status()
    } else {
        CreationStatus::after_success(kind, attached_to_assistant(&payload))
    };
    let row = nodes::update(state.db.pool(), user_id, id, &name, &payload, status)
        .await?
        .ok_or(ApiError::NotFound)?;
    if matches!(kind, NodeKind::Filedb | NodeKind::Filerepository) {
        documents::follow_files(state, user_id, &row).await?;
    }
    activation::follow(state, user_id, Some(&stored), row).await
}

/// How often a rewrite reads the node again when an edit races it.
const REWRITE_ATTEMPTS: usize = 3;

/// Changes what the server keeps in a node's payload (a bot's webhook, a
/// frame's key) with `change`, never over an edit that came in meanwhile:
/// the node is read again and the change made again. The node as stored.
pub async fn rewrite_payload(
    state: &AppState,
    user_id: i64,
    mut row: NodeRow,
    change: impl Fn(&mut NodePayload),
) -> Result<NodeRow, ApiError> {
    for _ in 0..REWRITE_ATTEMPTS {
        let stored = row.payload().map_err(ApiError::internal)?;
        let mut payload = stored.clone();
        change(&mut payload);
        if payload == stored {
            return Ok(row);
        }
        let pool = state.db.pool();
        let status = row.status();
        if let Some(updated) =
            nodes::update_if_unchanged(pool, user_id, row.id, &row.updated_at, &payload, status)
                .await?
        {
            return Ok(updated);
        }
        row = nodes::get(pool, user_id, row.id).await?.ok_or(ApiError::NotFound)?;
    }
    Err(ApiError::internal(format!("node {} kept changing while the server wrote it", row.id)))
}

/// Moves a node on the canvas (relative to its container when inside one).
pub async fn set_position(
    state: &AppState,
    user_id: i64,
    served: Served,
    id: i64,
    x: f64,
    y: f64,
) -> Result<NodeRow, ApiError> {
    let row = find(state, user_id, served, id).await?;
    let kind = row.kind().map_err(ApiError::internal)?;
    if !kind.is_positionable() {
        return Err(ApiError::NotForKind { kind, code: MessageCode::PositionNotSupported });
    }
    let position = position(x, y)?;
    state.positions.set(&state.db, user_id, id, position).await?.ok_or(ApiError::NotFound)
}

/// Puts a node into a container of its project at `(x, y)` relative to it,
/// or, with `None`, takes it out to `(x, y)` on the canvas.
pub async fn set_container(
    state: &AppState,
    user_id: i64,
    served: Served,
    id: i64,
    container_id: Option<i64>,
    x: f64,
    y: f64,
) -> Result<NodeRow, ApiError> {
    let row = find(state, user_id, served, id).await?;
    let kind = row.kind().map_err(ApiError::internal)?;
    may_enter_container(kind)?;
    let position = position(x, y)?;
    if let Some(container_id) = container_id {
        container_in_project(state, user_id, container_id, row.project_id, Some(id)).await?;
    }
    nodes::set_container(state.db.pool(), user_id, id, container_id, position)
        .await?
        .ok_or(ApiError::NotFound)
}

/// Deletes one of the user's nodes of the collection's kinds, with its edges
/// and their side effects; whether there was one. Anyone else's node, or one
/// of another kind, is left alone.
pub async fn delete(
    state: &AppState,
    user_id: i64,
    served: Served,
    id: i64,
) -> Result<bool, ApiError> {
    let Some(row) = nodes::get(state.db.pool(), user_id, id).await? else { return Ok(false) };
    if !served.kinds().contains(&row.kind().map_err(ApiError::internal)?) {
        return Ok(false);
    }
    crate::canvas::edges::delete_node(&state.db, user_id, id).await
}

/// Every node of one of the user's projects, as canvas nodes (404 for anyone else's).
pub async fn of_project(
    state: &AppState,
    user_id: i64,
    project_id: i64,
) -> Result<Vec<CanvasNode>, ApiError> {
    if projects::get(&state.db, user_id, project_id).await?.is_none() {
        return Err(ApiError::NotFound);
    }
    // Through the project graph, so containers carry their status_info.
    let graph = crate::canvas::graph::ProjectGraph::load(&state.db, user_id, project_id).await?;
    graph.into_canvas_nodes().map_err(ApiError::internal)
}

/// A node name: trimmed, 1 to 200 characters.
pub fn node_name(name: &str) -> Result<String, ApiError> {
    names::required(name, NODE_NAME_MAX).map_err(|error| match error {
        names::NameError::Blank => ApiError::invalid("name", MessageCode::FieldRequired),
        names::NameError::TooLong => ApiError::invalid("name", MessageCode::NameTooLong),
    })
}

/// A position: finite coordinates within [`MAX_COORDINATE`].
pub fn position(x: f64, y: f64) -> Result<Position, ApiError> {
    for (field, value) in [("position_x", x), ("position_y", y)] {
        if !value.is_finite() || value.abs() > MAX_COORDINATE {
            return Err(ApiError::invalid(field, MessageCode::PositionInvalid));
        }
    }
    Ok(Position { x, y })
}

fn object(body: Value) -> Result<Map<String, Value>, ApiError> {
    match body {
        Value::Object(map) => Ok(map),
        other => Err(ApiError::InvalidInput {
            field: None,
            reason: format!("expected a JSON object, found {}", json_type(&other)),
        }),
    }
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The kind a create body asks for: on `assistants`, an analyzer when
/// `assistant_type` says `conversation_analyzer`.
fn new_kind(served: Served, fields: &Map<String, Value>) -> NodeKind {
    let analyzer =
        fields.get("assistant_type").and_then(Value::as_str) == Some("conversation_analyzer");
    if served.is_assistants() && analyzer { NodeKind::Analyzer } else { served.primary() }
}

/// Fields a client may send but the server decides: the owner (the token
/// decides), an assistant's provider side and creation switches, and every
/// reference to another node, which only the edges' side effects set (so it
/// always names a node of the same project, never someone else's).
/// A function's display name, when the body gives one apart (`label`): its
/// `name` is then its tool name alone, the one the model calls, and the node
/// is named `label`. Without it (and for every other kind) `name` is both.
fn display_label(
    kind: NodeKind,
    fields: &mut Map<String, Value>,
) -> Result<Option<String>, ApiError> {
    match fields.remove("label") {
        Some(Value::String(label)) if kind == NodeKind::Function => node_name(&label).map(Some),
        Some(Value::Null) | None => Ok(None),
        Some(_) if kind != NodeKind::Function => Ok(None),
        Some(other) => Err(ApiError::InvalidInput {
            field: Some("label".into()),
            reason: format!("expected a string, found {other}"),
        }),
    }
}

fn drop_client_fields(kind: NodeKind, fields: &mut Map<String, Value>) {
    for key in client_ignored_fields(kind) {
        fields.remove(key);
    }
}

/// Every field of a kind's payload a client's request does not set.
pub fn client_ignored_fields(kind: NodeKind) -> impl Iterator<Item = &'static str> {
    std::iter::once("user_id").chain(server_fields(kind).iter().copied())
}

/// What the server decides in a kind's payload (kept as stored on update).
fn server_fields(kind: NodeKind) -> &'static [&'static str] {
    match kind {
        NodeKind::Assistant | NodeKind::Analyzer => {
            &["assistant_id", "provider_status", "count", "vector_store_id", "has_functions"]
        }
        NodeKind::Function => &["assistant_id", "function_id"],
        NodeKind::Request => &["api_definition_id"],
        // Registration gives the frame its company, key and script; an
        // assistant joined to it makes it active.
        NodeKind::Iframe => {
            &["assistant_id", "frame_id", "company_id", "api_key", "script", "is_active"]
        }
        // Written when the bot is connected to Telegram, and by retry-company.
        NodeKind::Telegram => &["webhook_url", "listening", "company_id"],
        // Set by Google's OAuth callback, so a client cannot claim it.
        NodeKind::Googledoc | NodeKind::Googlesheet => &["auth_status"],
        // Written by each send through Kavenegar.
        NodeKind::Sms => &["last_send_status", "last_send_time", "last_response_message"],
        // The schedule engine keeps these: an edit sent with stale ones
        // would otherwise set a run count or next run back.
        NodeKind::Scheduler => &["next_run_time", "current_runs"],
        // On only through activate (or toggle, or register), which checks its
        // assistant: a new trigger has none yet, so it starts off.
        NodeKind::Trigger => &["next_run_time", "current_runs", "last_run_time", "is_active"],
        _ => &[],
    }
}

/// The kind's payload from `fields` (defaults for the missing ones), checked
/// and normalised by core's rules, as it is stored.
fn prepare(
    kind: NodeKind,
    name: &str,
    fields: Map<String, Value>,
) -> Result<NodePayload, ApiError> {
    let payload = read_payload(kind, fields)?;
    let mut data =
        payload.into_node_data(NodeBase { label: name.to_owned(), ..NodeBase::default() });
    prepare_node_data(&mut data).map_err(ApiError::Problems)?;
    data.to_payload().ok_or_else(|| ApiError::internal(format!("{kind} has no payload")))
}

fn read_payload(kind: NodeKind, fields: Map<String, Value>) -> Result<NodePayload, ApiError> {
    NodePayload::from_json(kind, Value::Object(fields.clone())).map_err(|error| {
        // serde does not say which field of a payload was wrong: the first
        // that fails on its own is.
        let field = fields
            .iter()
            .find(|(key, value)| {
                let alone = Map::from_iter([((*key).clone(), (*value).clone())]);
                NodePayload::from_json(kind, Value::Object(alone)).is_err()
            })
            .map(|(key, _)| key.clone());
        ApiError::InvalidInput { field, reason: error.to_string() }
    })
}

/// Whether a function is already attached to an assistant.
fn attached_to_assistant(payload: &NodePayload) -> bool {
    matches!(payload, NodePayload::Function(f) if f.assistant_id.is_some())
}

/// Core's kind rule: analyzers are connected to containers, never put
/// inside; other kinds the spec does not list stay out too.
fn may_enter_container(kind: NodeKind) -> Result<(), ApiError> {
    match kind.container_refusal() {
        Some(code) => Err(ApiError::NotForKind { kind, code }),
        None => Ok(()),
    }
}

/// `container_id` must be one of the user's containers in `project_id`, and
/// not the node itself; anything else is a 422 on the field (a 404 would say
/// the node itself is missing).
async fn container_in_project(
    state: &AppState,
    user_id: i64,
    container_id: i64,
    project_id: i64,
    node_id: Option<i64>,
) -> Result<(), ApiError> {
    let container = nodes::get(state.db.pool(), user_id, container_id).await?;
    let fits = container.is_some_and(|c| {
        c.kind().is_ok_and(|k| k == NodeKind::Container)
            && c.project_id == project_id
            && Some(c.id) != node_id
    });
    if !fits {
        return Err(ApiError::invalid("container_id", MessageCode::ContainerNotInProject));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_persisted_kind_but_containers_is_served_once() {
        let served = Served::all();
        let mut kinds: Vec<NodeKind> = served.iter().flat_map(Served::kinds).collect();
        kinds.sort();
        let mut expected: Vec<NodeKind> = NodeKind::ALL
            .into_iter()
            .filter(|k| k.is_persisted() && *k != NodeKind::Container)
            .collect();
        expected.sort();
        assert_eq!(kinds, expected);
        let assistants = Served::of(NodeKind::Analyzer).unwrap();
        assert_eq!(assistants.collection, "assistants");
        assert_eq!(assistants.kinds(), [NodeKind::Assistant, NodeKind::Analyzer]);
        assert_eq!(Served::of(NodeKind::Sms).unwrap().kinds(), [NodeKind::Sms]);
        assert_eq!(Served::of(NodeKind::Container), None);
        assert_eq!(Served::of(NodeKind::Testframe), None);
    }

    #[test]
    fn names_and_positions() {
        assert_eq!(node_name("  دستیار فروش ").unwrap(), "دستیار فروش");
        assert!(matches!(
            node_name(" "),
            Err(ApiError::Invalid { code: MessageCode::FieldRequired, .. })
        ));
        assert!(matches!(
            node_name(&"ن".repeat(201)),
            Err(ApiError::Invalid { code: MessageCode::NameTooLong, .. })
        ));
        assert!(position(-250.5, 1e9).is_ok());
        for (x, y) in [(f64::NAN, 0.0), (0.0, f64::INFINITY), (1e10, 0.0), (0.0, -1e300)] {
            assert!(matches!(
                position(x, y),
                Err(ApiError::Invalid { code: MessageCode::PositionInvalid, .. })
            ));
        }
    }

    #[test]
    fn a_wrong_type_names_its_field() {
        let fields = Map::from_iter([
            ("receptor".to_owned(), json!("09123456789")),
            ("send_method".to_owned(), json!(7)),
        ]);
        match read_payload(NodeKind::Sms, fields) {
            Err(ApiError::InvalidInput { field, .. }) => {
                assert_eq!(field.as_deref(), Some("send_method"))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn analyzers_are_asked_for_by_type() {
        let assistants = Served::of(NodeKind::Assistant).unwrap();
        let analyzer =
            Map::from_iter([("assistant_type".to_owned(), json!("conversation_analyzer"))]);
        assert_eq!(new_kind(assistants, &analyzer), NodeKind::Analyzer);
        assert_eq!(new_kind(assistants, &Map::new()), NodeKind::Assistant);
        assert_eq!(new_kind(Served::of(NodeKind::Sms).unwrap(), &analyzer), NodeKind::Sms);
    }
}

//! Connections between stored nodes: drawing one (checked by core's
//! connection rules against the project's stored graph, plus the server-side
//! workflow rule), changing its `edge_data`, removing it, and removing a node
//! with its edges. Side effects on the joined nodes (see [`effects`]) land in
//! the same transaction as the edge.

pub mod effects;

use chrono::DateTime;
use dastyar_core::NodeKind;
use dastyar_core::connect::{EdgeData, Proposal, Refusal, check_connection, edge_kind};
use dastyar_core::ids::{CanvasId, EdgeId};
use dastyar_core::status::ConnectionStatus;
use serde::Serialize;
use serde_json::{Map, Value, json};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::canvas::graph::ProjectGraph;
use crate::canvas::workflow;
use crate::db::Db;
use crate::error::ApiError;
use crate::store::edges::{self, EdgeRow, NewEdge};
use crate::store::nodes;
use crate::store::nodes::NodeRow;
use crate::store::tx::Tx;

/// The longest `edge_data` kept, in bytes of JSON text.
pub const EDGE_DATA_MAX: usize = 64 * 1024;

/// An edge as the canvas holds it, plus its database id and stored `edge_data`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CanvasEdge {
    /// `e{sourceType}-{sourceId}-{targetType}-{targetId}-{timestamp}`, the
    /// timestamp being when the edge was stored, in ms since the epoch.
    #[schema(example = "evectorstore-3-assistant-12-1700000000000")]
    pub id: String,
    /// The source's canvas id, `type-id`.
    #[schema(example = "vectorstore-3")]
    pub source: String,
    /// The target's canvas id, `type-id`.
    #[schema(example = "assistant-12")]
    pub target: String,
    /// connectionStatus (always `success` once stored), edgeKind, the kind
    /// flags, the related ids and edgeDbId.
    #[schema(value_type = Object)]
    pub data: EdgeData,
    /// The edge's id on the server (also `data.edgeDbId`).
    pub database_id: i64,
    pub project_id: i64,
    /// The JSON text the canvas sent as `edge_data`.
    pub edge_data: String,
}

impl CanvasEdge {
    pub fn from_row(row: &EdgeRow) -> CanvasEdge {
        let source = format!("{}-{}", row.source_type, row.source_id);
        let target = format!("{}-{}", row.target_type, row.target_id);
        let kinds = (row.source_type.parse::<NodeKind>(), row.target_type.parse::<NodeKind>());
        let millis = DateTime::parse_from_rfc3339(&row.created_at)
            .map(|t| t.timestamp_millis())
            .unwrap_or_default()
            .max(1);
        let (id, data) = match kinds {
            (Ok(s), Ok(t)) => {
                let id = EdgeId {
                    source_kind: s,
                    source_id: row.source_id,
                    target_kind: t,
                    target_id: row.target_id,
                    timestamp: millis,
                };
                let data = match edge_kind(s, t) {
                    Some(kind) => EdgeData::new(
                        kind,
                        CanvasId::saved(s, row.source_id),
                        CanvasId::saved(t, row.target_id),
                    ),
                    None => EdgeData::default(),
                };
                (id.to_string(), data)
            }
            _ => (format!("e{source}-{target}-{millis}"), EdgeData::default()),
        };
        CanvasEdge {
            id,
            source,
            target,
            data: EdgeData {
                connection_status: ConnectionStatus::Success,
                edge_db_id: Some(row.id),
                ..data
            },
            database_id: row.id,
            project_id: row.project_id,
            edge_data: row.edge_data.clone(),
        }
    }
}

/// A connection to draw, as `POST /edges` names it.
#[derive(Debug, Clone)]
pub struct Connect {
    pub project_id: i64,
    pub source: (NodeKind, i64),
    pub target: (NodeKind, i64),
    pub edge_data: String,
}

/// How the `{id}` of `/edges/{id}` names an edge: its database id, or its
/// canvas id (`e{sourceType}-{sourceId}-{targetType}-{targetId}-{timestamp}`),
/// matched by its two ends (the timestamp is the canvas's own and is ignored).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdgeRef {
    Database(i64),
    Canvas(EdgeId),
}

impl EdgeRef {
    pub fn parse(text: &str) -> Option<EdgeRef> {
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            return text.parse::<i64>().ok().filter(|&id| id > 0).map(EdgeRef::Database);
        }
        EdgeId::parse(text).map(EdgeRef::Canvas)
    }
}

/// The `edge_data` to store: a JSON object, or a string holding one (stored as
/// sent); missing, null or a blank string is `{}`.
pub fn edge_data_text(value: Option<Value>) -> Result<String, ApiError> {
    let invalid = |reason: &str| ApiError::InvalidInput {
        field: Some("edge_data".into()),
        reason: reason.to_owned(),
    };
    let text = match value {
        None | Some(Value::Null) => return Ok("{}".to_owned()),
        Some(Value::String(text)) if text.trim().is_empty() => return Ok("{}".to_owned()),
        Some(Value::String(text)) => {
            match serde_json::from_str::<Value>(&text) {
                Ok(Value::Object(_)) => {}
                _ => return Err(invalid("a string holding a JSON object was expected")),
            }
            text
        }
        Some(value @ Value::Object(_)) => value.to_string(),
        Some(_) => return Err(invalid("a JSON object, or a string holding one, was expected")),
    };
    if text.len() > EDGE_DATA_MAX {
        return Err(invalid(&format!("longer than {EDGE_DATA_MAX} bytes")));
    }
    Ok(text)
}

/// Draws a connection: both ends must be nodes of the project with the kinds
/// named (404 when a node or the project is not the user's, 422 when a kind
/// is wrong), and the connection rules must allow it (422 with the rule's
/// code). Answers the stored edge.
pub async fn connect(db: &Db, user_id: i64, connect: &Connect) -> Result<CanvasEdge, ApiError> {
    let mut tx = Tx::begin(db).await?;
    // Lock in id order, so two requests joining the same nodes never deadlock.
    let (source, target) = if connect.source.1 <= connect.target.1 {
        let source = end(&mut tx, user_id, connect, connect.source, "source_type").await?;
        let target = end(&mut tx, user_id, connect, connect.target, "target_type").await?;
        (source, target)
    } else {
        let target = end(&mut tx, user_id, connect, connect.target, "target_type").await?;
        let source = end(&mut tx, user_id, connect, connect.source, "source_type").await?;
        (source, target)
    };
    let api_to_assistant =
        (connect.source.0, connect.target.0) == (NodeKind::Apidefinition, NodeKind::Assistant);
    let graph = if api_to_assistant {
        // The workflow check reads every request of the project.
        ProjectGraph::load_in(&mut tx, user_id, connect.project_id).await?
    } else {
        ProjectGraph::around_in(&mut tx, user_id, connect.project_id, &[source.id, target.id])
            .await?
    };
    let source_id = CanvasId::saved(connect.source.0, source.id).to_string();
    let target_id = CanvasId::saved(connect.target.0, target.id).to_string();
    let refused = |refusal: Refusal| {
        let mut details = Map::new();
        details.insert("source".into(), json!(source_id));
        details.insert("target".into(), json!(target_id));
        ApiError::Refused { refusal, details }
    };
    let proposal = Proposal { source: source_id.clone(), target: target_id.clone() };
    check_connection(&graph.core_graph()?, &proposal).map_err(refused)?;
    if api_to_assistant && let Some(refusal) = workflow::connect_refusal(&graph, source.id) {
        return Err(refused(refusal));
    }
    let row = edges::insert(
        tx.conn(),
        &NewEdge {
            project_id: connect.project_id,
            source_type: connect.source.0.as_str().to_owned(),
            source_id: source.id,
            target_type: connect.target.0.as_str().to_owned(),
            target_id: target.id,
            edge_data: connect.edge_data.clone(),
        },
    )
    .await?;
    effects::on_connect(&mut tx, &source, &target).await?;
    tx.commit().await?;
    Ok(CanvasEdge::from_row(&row))
}

/// One end of a connection, locked: a node of the user's in the project, of
/// the kind named.
async fn end(
    tx: &mut Tx,
    user_id: i64,
    connect: &Connect,
    (kind, id): (NodeKind, i64),
    field: &str,
) -> Result<NodeRow, ApiError> {
    let node = nodes::lock(tx, user_id, id)
        .await?
        .filter(|n| n.project_id == connect.project_id)
        .ok_or(ApiError::NotFound)?;
    if node.kind != kind.as_str() {
        return Err(ApiError::InvalidInput {
            field: Some(field.to_owned()),
            reason: format!("node {id} is a {}, not a {kind}", node.kind),
        });
    }
    Ok(node)
}

/// Resolves an `EdgeRef` to the user's edge, if there is one.
async fn find(tx: &mut Tx, user_id: i64, edge: EdgeRef) -> Result<Option<EdgeRow>, ApiError> {
    Ok(match edge {
        EdgeRef::Database(id) => edges::get(tx.conn(), user_id, id).await?,
        EdgeRef::Canvas(e) => {
            edges::find_by_ends(
                tx.conn(),
                user_id,
                (e.source_kind.as_str(), e.source_id),
                (e.target_kind.as_str(), e.target_id),
            )
            .await?
        }
    })
}

/// Replaces an edge's `edge_data`; `None` when the user has no such edge.
pub async fn set_data(
    db: &Db,
    user_id: i64,
    edge: EdgeRef,
    edge_data: &str,
) -> Result<Option<CanvasEdge>, ApiError> {
    let mut tx = Tx::begin(db).await?;
    let Some(row) = find(&mut tx, user_id, edge).await? else { return Ok(None) };
    let row = edges::set_data(tx.conn(), user_id, row.id, edge_data).await?;
    tx.commit().await?;
    Ok(row.as_ref().map(CanvasEdge::from_row))
}

/// Removes an edge and undoes its side effects; whether there was one.
pub async fn disconnect(db: &Db, user_id: i64, edge: EdgeRef) -> Result<bool, ApiError> {
    let mut tx = Tx::begin(db).await?;
    let Some(row) = find(&mut tx, user_id, edge).await? else { return Ok(false) };
    let Some(row) = edges::delete(tx.conn(), user_id, row.id).await? else { return Ok(false) };
    effects::on_disconnect(&mut tx, user_id, &row, None).await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes a node of the user's with its edges, undoing the side effects of
/// each edge on the nodes that remain; whether there was one. Node routes call
/// this rather than `store::nodes::delete`, whose cascade removes the edges
/// but leaves their side effects behind.
pub async fn delete_node(db: &Db, user_id: i64, node_id: i64) -> Result<bool, ApiError> {
    let mut tx = Tx::begin(db).await?;
    if nodes::lock(&mut tx, user_id, node_id).await?.is_none() {
        return Ok(false);
    }
    delete_node_in(&mut tx, user_id, node_id).await?;
    tx.commit().await?;
    Ok(true)
}

/// [`delete_node`] inside a transaction, for a node already read as the user's.
pub async fn delete_node_in(tx: &mut Tx, user_id: i64, node_id: i64) -> Result<(), ApiError> {
    let mut removed = Vec::new();
    for edge in edges::touching(tx.conn(), user_id, node_id).await? {
        if let Some(edge) = edges::delete(tx.conn(), user_id, edge.id).await? {
            removed.push(edge);
        }
    }
    for edge in &removed {
        effects::on_disconnect(tx, user_id, edge, Some(node_id)).await?;
    }
    crate::store::nodes::delete(tx.conn(), user_id, node_id).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_refs_are_database_or_canvas_ids() {
        assert_eq!(EdgeRef::parse("12"), Some(EdgeRef::Database(12)));
        assert_eq!(EdgeRef::parse("0"), None);
        assert_eq!(EdgeRef::parse("-3"), None);
        assert_eq!(EdgeRef::parse(""), None);
        assert_eq!(EdgeRef::parse("99999999999999999999"), None);
        assert_eq!(
            EdgeRef::parse("evectorstore-3-assistant-12-1700000000000"),
            Some(EdgeRef::Canvas(EdgeId {
                source_kind: NodeKind::Vectorstore,
                source_id: 3,
                target_kind: NodeKind::Assistant,
                target_id: 12,
                timestamp: 1_700_000_000_000,
            }))
        );
        assert_eq!(EdgeRef::parse("nope"), None);
    }

    #[test]
    fn edge_data_is_an_object_or_a_string_holding_one() {
        assert_eq!(edge_data_text(None).unwrap(), "{}");
        assert_eq!(edge_data_text(Some(Value::Null)).unwrap(), "{}");
        assert_eq!(edge_data_text(Some(json!("  "))).unwrap(), "{}");
        assert_eq!(edge_data_text(Some(json!({"a": 1}))).unwrap(), r#"{"a":1}"#);
        assert_eq!(edge_data_text(Some(json!(r#"{"a": 1}"#))).unwrap(), r#"{"a": 1}"#);
        for bad in [json!("nope"), json!("[1]"), json!(3), json!([1]), json!(true)] {
            assert!(edge_data_text(Some(bad.clone())).is_err(), "{bad}");
        }
        let long = json!({"x": "a".repeat(EDGE_DATA_MAX)});
        assert!(edge_data_text(Some(long)).is_err());
    }

    #[test]
    fn canvas_edges_follow_the_spec_shape() {
        let row = EdgeRow {
            id: 7,
            project_id: 1,
            source_type: "function".into(),
            source_id: 3,
            target_type: "assistant".into(),
            target_id: 12,
            edge_data: "{}".into(),
            created_at: "2023-11-14T22:13:20.000000Z".into(),
        };
        let edge = serde_json::to_value(CanvasEdge::from_row(&row)).unwrap();
        assert_eq!(edge["id"], "efunction-3-assistant-12-1700000000000");
        assert_eq!(edge["source"], "function-3");
        assert_eq!(edge["target"], "assistant-12");
        assert_eq!(edge["database_id"], 7);
        assert_eq!(edge["data"]["connectionStatus"], "success");
        assert_eq!(edge["data"]["edgeKind"], "function");
        assert_eq!(edge["data"]["isFunctionConnection"], true);
        assert_eq!(edge["data"]["assistantId"], 12);
        assert_eq!(edge["data"]["edgeDbId"], 7);
    }
}

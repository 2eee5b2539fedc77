//! What a connection changes on the nodes it joins, and how removing it
//! changes them back. Applied in the transaction that stores or deletes the
//! edge.
//!
//! On connecting:
//!
//! - `vectorstore → assistant`: the assistant's `vector_store_id` becomes the
//!   vector store's provider id (`vs_...`) or, while the store has none yet,
//!   its canvas id (`vectorstore-12`), so the link is visible either way and
//!   the assistant job can resolve it later.
//! - `function ↔ assistant`: the function's `assistant_id` becomes the
//!   assistant's database id and a function in `pending_assistant` becomes
//!   `success`; the assistant's `has_functions` becomes true.
//! - `apidefinition → request`: the request's `api_definition_id` becomes the
//!   definition's database id.
//! - `assistant → iframe`: the frame goes live (`is_active`) and its `assistant_id` becomes the assistant's
//!   database id. Of the other end points (trigger, sms, wordpress, telegram),
//!   none has an assistant field in its data, so the edge itself is the record.
//!
//! On disconnecting (after the edge row is gone), the same fields are worked
//! out again from the edges that remain:
//!
//! - the assistant's `vector_store_id` is cleared;
//! - the function's `assistant_id` becomes another connected assistant's, or
//!   none, and then a `success` function goes back to `pending_assistant`;
//!   the assistant's `has_functions` says whether a function edge remains;
//! - the request's `api_definition_id` is cleared when it named this definition;
//! - the iframe's `assistant_id`, when it named this assistant, becomes another
//!   connected assistant's, or none.
//!
//! A node that is being deleted (`gone`) is left alone.

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::ids::CanvasId;
use dastyar_core::status::CreationStatus;

use crate::error::ApiError;
use crate::store::edges::{self, EdgeRow};
use crate::store::nodes;
use crate::store::nodes::NodeRow;
use crate::store::tx::Tx;

/// Applies the side effects of the new edge `source → target` (both rows as
/// locked for it).
pub async fn on_connect(tx: &mut Tx, source: &NodeRow, target: &NodeRow) -> Result<(), ApiError> {
    use NodeKind::*;
    match (source.kind()?, target.kind()?) {
        (Vectorstore, Assistant) => {
            let NodePayload::Vectorstore(store) = source.payload()? else { return Ok(()) };
            let id = store
                .vector_store_id
                .filter(|id| !id.trim().is_empty())
                .unwrap_or_else(|| CanvasId::saved(Vectorstore, source.id).to_string());
            change(tx, target, |payload, _| match payload {
                NodePayload::Assistant(a) => replace(&mut a.vector_store_id, Some(id)),
                _ => false,
            })
            .await
        }
        (Function, Assistant) | (Assistant, Function) => {
            let (function, assistant) =
                if source.kind()? == Function { (source, target) } else { (target, source) };
            change(tx, function, |payload, status| {
                let NodePayload::Function(f) = payload else { return false };
                let mut changed = replace(&mut f.assistant_id, Some(assistant.id));
                if *status == CreationStatus::PendingAssistant {
                    *status = CreationStatus::Success;
                    changed = true;
                }
                changed
            })
            .await?;
            change(tx, assistant, |payload, _| match payload {
                NodePayload::Assistant(a) => replace(&mut a.has_functions, true),
                _ => false,
            })
            .await
        }
        (Apidefinition, Request) => {
            change(tx, target, |payload, _| match payload {
                NodePayload::Request(r) => replace(&mut r.api_definition_id, Some(source.id)),
                _ => false,
            })
            .await
        }
        (Assistant, Iframe) => {
            change(tx, target, |payload, _| match payload {
                NodePayload::Iframe(f) => {
                    replace(&mut f.assistant_id, Some(source.id)) | replace(&mut f.is_active, true)
                }
                _ => false,
            })
            .await
        }
        _ => Ok(()),
    }
}

/// Undoes the side effects of `edge`, whose row has just been deleted.
pub async fn on_disconnect(
    tx: &mut Tx,
    user_id: i64,
    edge: &EdgeRow,
    gone: Option<i64>,
) -> Result<(), ApiError> {
    use NodeKind::*;
    let (Ok(s), Ok(t)) =
        (edge.source_type.parse::<NodeKind>(), edge.target_type.parse::<NodeKind>())
    else {
        return Ok(());
    };
    match (s, t) {
        (Vectorstore, Assistant) => {
            let Some(assistant) = locked(tx, user_id, edge.target_id, gone).await? else {
                return Ok(());
            };
            change(tx, &assistant, |payload, _| match payload {
                NodePayload::Assistant(a) => replace(&mut a.vector_store_id, None),
                _ => false,
            })
            .await
        }
        (Function, Assistant) | (Assistant, Function) => {
            let (function_id, assistant_id) = if s == Function {
                (edge.source_id, edge.target_id)
            } else {
                (edge.target_id, edge.source_id)
            };
            if let Some(function) = locked(tx, user_id, function_id, gone).await? {
                let others = connected(tx, user_id, function_id, Assistant).await?;
                change(tx, &function, |payload, status| {
                    let NodePayload::Function(f) = payload else { return false };
                    let mut changed = replace(&mut f.assistant_id, others.first().copied());
                    if others.is_empty() && *status == CreationStatus::Success {
                        *status = CreationStatus::PendingAssistant;
                        changed = true;
                    }
                    changed
                })
                .await?;
            }
            if let Some(assistant) = locked(tx, user_id, assistant_id, gone).await? {
                let functions = connected(tx, user_id, assistant_id, Function).await?;
                change(tx, &assistant, |payload, _| match payload {
                    NodePayload::Assistant(a) => {
                        replace(&mut a.has_functions, !functions.is_empty())
                    }
                    _ => false,
                })
                .await?;
            }
            Ok(())
        }
        (Apidefinition, Request) => {
            let Some(request) = locked(tx, user_id, edge.target_id, gone).await? else {
                return Ok(());
            };
            change(tx, &request, |payload, _| match payload {
                NodePayload::Request(r) if r.api_definition_id == Some(edge.source_id) => {
                    replace(&mut r.api_definition_id, None)
                }
                _ => false,
            })
            .await
        }
        (Assistant, Iframe) => {
            let Some(iframe) = locked(tx, user_id, edge.target_id, gone).await? else {
                return Ok(());
            };
            let others = connected(tx, user_id, iframe.id, Assistant).await?;
            change(tx, &iframe, |payload, _| match payload {
                NodePayload::Iframe(f) if f.assistant_id == Some(edge.source_id) => {
                    replace(&mut f.assistant_id, others.first().copied())
                        | replace(&mut f.is_active, !others.is_empty())
                }
                _ => false,
            })
            .await
        }
        _ => Ok(()),
    }
}

/// Sets `slot` to `value`, answering whether it changed.
fn replace<T: PartialEq>(slot: &mut T, value: T) -> bool {
    if *slot == value {
        false
    } else {
        *slot = value;
        true
    }
}

/// The node `id`, locked, unless it is the one being deleted or is gone already.
async fn locked(
    tx: &mut Tx,
    user_id: i64,
    id: i64,
    gone: Option<i64>,
) -> Result<Option<NodeRow>, ApiError> {
    if gone == Some(id) {
        return Ok(None);
    }
    Ok(nodes::lock(tx, user_id, id).await?)
}

/// The database ids of the nodes of kind `kind` still joined to `id` by an
/// edge, oldest edge first.
async fn connected(
    tx: &mut Tx,
    user_id: i64,
    id: i64,
    kind: NodeKind,
) -> Result<Vec<i64>, ApiError> {
    let edges = edges::touching(tx.conn(), user_id, id).await?;
    let mut ids = Vec::new();
    for edge in edges {
        let (other, other_type) = if edge.source_id == id {
            (edge.target_id, &edge.target_type)
        } else {
            (edge.source_id, &edge.source_type)
        };
        if other_type == kind.as_str() && !ids.contains(&other) {
            ids.push(other);
        }
    }
    Ok(ids)
}

/// Rewrites a node's data and status with `edit`, storing them only when
/// `edit` says something changed.
async fn change(
    tx: &mut Tx,
    row: &NodeRow,
    edit: impl FnOnce(&mut NodePayload, &mut CreationStatus) -> bool,
) -> Result<(), ApiError> {
    let mut payload = row.payload()?;
    let mut status = row.status();
    if edit(&mut payload, &mut status) {
        nodes::write_data(tx.conn(), row.id, &payload, status).await?;
    }
    Ok(())
}

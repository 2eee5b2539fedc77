//! Where a trigger's answer goes: to the owner of each Telegram bot joined
//! to its assistant. Each delivery is recorded with the run; one that did
//! not go says why, in Persian.

use dastyar_core::{MessageCode, NodeKind};
use serde::Serialize;

use crate::canvas::graph::ProjectGraph;
use crate::channels::telegram::owner::{self, NotSent};
use crate::state::AppState;

/// One delivery of an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Delivered {
    /// `telegram`.
    pub channel: &'static str,
    pub node_id: i64,
    pub sent: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Sends `answer` out through what is joined to `assistant`.
pub async fn deliver(
    state: &AppState,
    graph: &ProjectGraph,
    assistant: i64,
    answer: &str,
) -> Vec<Delivered> {
    let mut delivered = Vec::new();
    for bot in graph.neighbour_ids(assistant, NodeKind::Telegram) {
        let Some(row) = graph.node(bot) else { continue };
        let error = match owner::send(state, row, answer).await {
            Ok(_) => None,
            Err(NotSent::Disconnected) => Some(MessageCode::TriggerBotDisconnected),
            Err(NotSent::OwnerUnknown) => Some(MessageCode::TriggerOwnerUnknown),
            Err(NotSent::Failed) => Some(MessageCode::TriggerDeliveryFailed),
        };
        delivered.push(Delivered {
            channel: "telegram",
            node_id: bot,
            sent: error.is_none(),
            error: error.map(|code| code.persian().to_owned()),
        });
    }
    delivered
}

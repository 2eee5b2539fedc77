//! Where a trigger's answer goes: through each SMS node joined to its
//! assistant (as the assistant's own send, to the node's receptor), and to
//! the owner of each Telegram bot joined to it. Each delivery is recorded
//! with the run; one that did not go says why, in Persian.

use dastyar_core::{MessageCode, NodeKind};
use serde::Serialize;

use crate::canvas::graph::ProjectGraph;
use crate::channels::telegram::owner::{self, NotSent};
use crate::runtime::sms_tool::refusal;
use crate::sms::send::{self, SmsAssistantSendRequest};
use crate::state::AppState;

/// One delivery of an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Delivered {
    /// `sms` or `telegram`.
    pub channel: &'static str,
    pub node_id: i64,
    pub sent: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Sends `answer` out through what is joined to `assistant`.
pub async fn deliver(
    state: &AppState,
    user_id: i64,
    graph: &ProjectGraph,
    assistant: i64,
    answer: &str,
) -> Vec<Delivered> {
    let mut delivered = Vec::new();
    for sms in graph.neighbour_ids(assistant, NodeKind::Sms) {
        let request = SmsAssistantSendRequest {
            assistant_id: Some(assistant),
            message: Some(answer.to_owned()),
            ..SmsAssistantSendRequest::default()
        };
        let error = match send::from_assistant(state, user_id, sms, &request).await {
            Ok(_) => None,
            Err(error) => Some(refusal(&error)),
        };
        delivered.push(Delivered { channel: "sms", node_id: sms, sent: error.is_none(), error });
    }
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

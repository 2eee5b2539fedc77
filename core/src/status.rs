//! Node and edge states and the decisions taken on them (spec §4).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ids::CanvasId;
use crate::kind::NodeKind;

/// A node's `creationStatus` on the canvas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum CreationStatus {
    #[default]
    Pending,
    Success,
    Error,
    /// A function created on its own waits here until it is connected to an assistant.
    PendingAssistant,
}

/// An edge's `connectionStatus` on the canvas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum ConnectionStatus {
    #[default]
    Pending,
    Success,
    Error,
}

impl CreationStatus {
    /// The status after the server accepted a create or update. A function
    /// created on its own waits for an assistant; everything else succeeds.
    pub fn after_success(kind: NodeKind, attached_to_assistant: bool) -> CreationStatus {
        if kind == NodeKind::Function && !attached_to_assistant {
            CreationStatus::PendingAssistant
        } else {
            CreationStatus::Success
        }
    }

    /// Nodes in pending or error are not usable as connection end points.
    pub fn is_settled(self) -> bool {
        matches!(self, CreationStatus::Success | CreationStatus::PendingAssistant)
    }
}

/// What retrying a node does (spec §4: retry sets pending, then recreates or re-sends).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum RetryAction {
    /// Create the node again: it has no valid database id, or it is in error.
    Recreate,
    /// Send the node's data as an update to its stored record.
    ResendUpdate,
    /// Test frames live only on the canvas and are never retried.
    NotRetryable,
}

/// Decides how to retry the node with this canvas id and status.
pub fn retry_action(kind: NodeKind, canvas_id: &str, status: CreationStatus) -> RetryAction {
    if kind == NodeKind::Testframe {
        return RetryAction::NotRetryable;
    }
    let saved = CanvasId::parse(canvas_id).and_then(CanvasId::database_id).is_some();
    if !saved || status == CreationStatus::Error {
        RetryAction::Recreate
    } else {
        RetryAction::ResendUpdate
    }
}

/// What the canvas does with an edge the server refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum EdgeFailure {
    /// Keep it on the canvas with `connectionStatus: error`.
    MarkError,
    /// Take it off the canvas (trigger and SMS connections, spec §4).
    Remove,
}

pub fn edge_failure(source: NodeKind, target: NodeKind) -> EdgeFailure {
    let removes = |k: NodeKind| matches!(k, NodeKind::Trigger | NodeKind::Sms);
    if removes(source) || removes(target) { EdgeFailure::Remove } else { EdgeFailure::MarkError }
}

/// An assistant-creation job as the poller sees it (spec §4: completed or
/// failed end polling; any other status means keep polling).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum JobPhase {
    Completed,
    Failed,
    Running,
}

impl JobPhase {
    pub fn from_status(status: &str) -> JobPhase {
        match status {
            "completed" => JobPhase::Completed,
            "failed" => JobPhase::Failed,
            _ => JobPhase::Running,
        }
    }
}

/// What the poller does after attempt number `attempt` (1-based) saw `phase`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum PollStep {
    Succeed,
    Fail,
    /// Attempts ran out: fail with the timeout message.
    TimeOut,
    PollAgain,
}

pub fn poll_step(phase: JobPhase, attempt: u32) -> PollStep {
    match phase {
        JobPhase::Completed => PollStep::Succeed,
        JobPhase::Failed => PollStep::Fail,
        JobPhase::Running if attempt >= crate::timing::JOB_POLL_MAX_ATTEMPTS => PollStep::TimeOut,
        JobPhase::Running => PollStep::PollAgain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standalone_function_waits_for_an_assistant() {
        assert_eq!(
            CreationStatus::after_success(NodeKind::Function, false),
            CreationStatus::PendingAssistant
        );
        assert_eq!(
            CreationStatus::after_success(NodeKind::Function, true),
            CreationStatus::Success
        );
        for kind in NodeKind::ALL.into_iter().filter(|k| *k != NodeKind::Function) {
            assert_eq!(CreationStatus::after_success(kind, false), CreationStatus::Success);
        }
    }

    #[test]
    fn statuses_serialise_as_the_spec_spells_them() {
        let spelled: Vec<_> = [
            CreationStatus::Pending,
            CreationStatus::Success,
            CreationStatus::Error,
            CreationStatus::PendingAssistant,
        ]
        .iter()
        .map(|s| serde_json::to_value(s).unwrap())
        .collect();
        assert_eq!(spelled, ["pending", "success", "error", "pending_assistant"]);
    }

    #[test]
    fn retry_recreates_unsaved_or_failed_nodes_and_resends_the_rest() {
        use CreationStatus::*;
        let k = NodeKind::Assistant;
        assert_eq!(retry_action(k, "assistant-temp-1700000000000", Pending), RetryAction::Recreate);
        assert_eq!(retry_action(k, "assistant-temp-1700000000000", Success), RetryAction::Recreate);
        assert_eq!(retry_action(k, "assistant-12", Error), RetryAction::Recreate);
        assert_eq!(retry_action(k, "assistant-abc", Success), RetryAction::Recreate);
        assert_eq!(retry_action(k, "assistant-12", Success), RetryAction::ResendUpdate);
        assert_eq!(retry_action(k, "assistant-12", Pending), RetryAction::ResendUpdate);
        assert_eq!(
            retry_action(NodeKind::Function, "function-3", PendingAssistant),
            RetryAction::ResendUpdate
        );
        assert_eq!(
            retry_action(NodeKind::Testframe, "testframe-temp-1", Error),
            RetryAction::NotRetryable
        );
    }

    #[test]
    fn trigger_and_sms_failures_remove_the_edge() {
        use NodeKind::*;
        assert_eq!(edge_failure(Trigger, Assistant), EdgeFailure::Remove);
        assert_eq!(edge_failure(Assistant, Sms), EdgeFailure::Remove);
        assert_eq!(edge_failure(Assistant, Telegram), EdgeFailure::MarkError);
        assert_eq!(edge_failure(Vectorstore, Assistant), EdgeFailure::MarkError);
    }

    #[test]
    fn polling_ends_on_completion_failure_or_the_150th_attempt() {
        assert_eq!(JobPhase::from_status("completed"), JobPhase::Completed);
        assert_eq!(JobPhase::from_status("failed"), JobPhase::Failed);
        for other in ["processing", "queued", "pending", "", "COMPLETED"] {
            assert_eq!(JobPhase::from_status(other), JobPhase::Running);
        }
        assert_eq!(poll_step(JobPhase::Running, 1), PollStep::PollAgain);
        assert_eq!(poll_step(JobPhase::Running, 149), PollStep::PollAgain);
        assert_eq!(poll_step(JobPhase::Running, 150), PollStep::TimeOut);
        assert_eq!(poll_step(JobPhase::Completed, 150), PollStep::Succeed);
        assert_eq!(poll_step(JobPhase::Failed, 3), PollStep::Fail);
    }
}

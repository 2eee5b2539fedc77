//! Node and edge states and the decisions taken on them (spec §4).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A node's `creationStatus` on the canvas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
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
#[ts(export)]
pub enum ConnectionStatus {
    #[default]
    Pending,
    Success,
    Error,
}

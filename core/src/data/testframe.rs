//! The test frame: a temporary chat window for trying an assistant. It lives
//! only on the canvas and is never stored, so it has no payload.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(default, rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct TestFrameData {
    #[serde(flatten)]
    pub base: NodeBase,
    /// The canvas id (`assistant-12`) of the assistant it chats with.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<String>,
}

impl Default for TestFrameData {
    fn default() -> Self {
        TestFrameData { base: NodeBase::for_kind(NodeKind::Testframe), assistant_id: None }
    }
}

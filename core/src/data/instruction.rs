//! The instruction node: extra instruction text given to the assistant it is
//! connected to.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct InstructionData {
    #[serde(flatten)]
    pub base: NodeBase,
    pub content: String,
}

impl Default for InstructionData {
    fn default() -> Self {
        InstructionData { base: NodeBase::for_kind(NodeKind::Instruction), content: String::new() }
    }
}

impl InstructionData {
    pub fn to_payload(&self) -> InstructionPayload {
        InstructionPayload { content: self.content.clone() }
    }

    pub fn from_payload(payload: InstructionPayload, base: NodeBase) -> Self {
        InstructionData { base, content: payload.content }
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct InstructionPayload {
    pub content: String,
}

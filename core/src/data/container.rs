//! The container node: a box that groups other nodes. Its size lives in the
//! node base, so it has no fields of its own on the canvas.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

/// Spec §9: a new container is 400x300.
pub const DEFAULT_CONTAINER_WIDTH: f64 = 400.0;
pub const DEFAULT_CONTAINER_HEIGHT: f64 = 300.0;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct ContainerData {
    #[serde(flatten)]
    pub base: NodeBase,
}

impl Default for ContainerData {
    fn default() -> Self {
        ContainerData {
            base: NodeBase {
                width: Some(DEFAULT_CONTAINER_WIDTH),
                height: Some(DEFAULT_CONTAINER_HEIGHT),
                ..NodeBase::for_kind(NodeKind::Container)
            },
        }
    }
}

impl ContainerData {
    /// A size not set yet is the default size.
    pub fn to_payload(&self) -> ContainerPayload {
        ContainerPayload {
            width: self.base.width.unwrap_or(DEFAULT_CONTAINER_WIDTH),
            height: self.base.height.unwrap_or(DEFAULT_CONTAINER_HEIGHT),
            user_id: None,
        }
    }

    /// The stored size wins over the one in `base`.
    pub fn from_payload(payload: ContainerPayload, base: NodeBase) -> Self {
        ContainerData {
            base: NodeBase { width: Some(payload.width), height: Some(payload.height), ..base },
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct ContainerPayload {
    pub width: f64,
    pub height: f64,
    /// Sent on create (spec §7); the canvas does not keep it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub user_id: Option<i64>,
}

impl Default for ContainerPayload {
    fn default() -> Self {
        ContainerPayload {
            width: DEFAULT_CONTAINER_WIDTH,
            height: DEFAULT_CONTAINER_HEIGHT,
            user_id: None,
        }
    }
}

//! What every canvas node's data holds, whatever its kind (spec §3 "Canvas node"),
//! and the placement every create payload carries.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::kind::NodeKind;
use crate::status::CreationStatus;

/// The fields every node's `data` holds: label, size, creation status and the
/// status of the subsystems (frames, bots) attached to it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct NodeBase {
    #[serde(default)]
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub width: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub height: Option<f64>,
    #[serde(default)]
    pub creation_status: CreationStatus,
    #[serde(default, rename = "status_info", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status_info: Option<StatusInfo>,
}

impl NodeBase {
    /// A new node's base: the kind's Persian name as label, pending, no size yet.
    pub fn for_kind(kind: NodeKind) -> NodeBase {
        NodeBase { label: kind.label().to_owned(), ..NodeBase::default() }
    }
}

/// The subsystems running for a node (a container's chat frames and bots).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct StatusInfo {
    #[serde(default)]
    pub subsystems: Vec<Subsystem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct Subsystem {
    #[serde(rename = "type")]
    pub kind: SubsystemKind,
    /// Free-form state reported by the subsystem (`active`, `error`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<String>,
    #[serde(default)]
    pub metadata: SubsystemMetadata,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum SubsystemKind {
    Frame,
    Telegram,
}

/// What frame and bot settings need to open: the company and the assistant.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct SubsystemMetadata {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub company_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
}

/// Where a new node goes, as every create payload spells it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct NodePlacement {
    pub project_id: i64,
    pub name: String,
    pub position_x: f64,
    pub position_y: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub container_id: Option<i64>,
}

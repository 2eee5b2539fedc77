//! The iframe node: an embeddable chat window on a company's site, talking to
//! the assistant connected to it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

/// The frame style used unless another is chosen (spec §7 `generate-script`).
pub const DEFAULT_FRAME_STYLE: &str = "default";

fn default_frame_style() -> String {
    DEFAULT_FRAME_STYLE.to_owned()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct IframeData {
    #[serde(flatten)]
    pub base: NodeBase,
    pub company_name: String,
    /// The sites allowed to embed the frame.
    pub authorized_domains: Vec<String>,
    pub style: String,
    pub is_active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub frame_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub company_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub api_key: Option<String>,
    /// The embed snippet the server generated.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub script: Option<String>,
    /// Snake_case on the canvas too (spec §3). Placement: comes back through
    /// `NodePlacement`, not the payload.
    #[serde(rename = "container_id", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub container_id: Option<i64>,
    /// Placement: comes back through `NodePlacement`, not the payload.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub project_id: Option<i64>,
}

impl Default for IframeData {
    fn default() -> Self {
        IframeData {
            base: NodeBase::for_kind(NodeKind::Iframe),
            company_name: String::new(),
            authorized_domains: Vec::new(),
            style: default_frame_style(),
            is_active: false,
            frame_id: None,
            company_id: None,
            assistant_id: None,
            api_key: None,
            script: None,
            container_id: None,
            project_id: None,
        }
    }
}

impl IframeData {
    pub fn to_payload(&self) -> IframePayload {
        IframePayload {
            company_name: self.company_name.clone(),
            authorized_domains: self.authorized_domains.clone(),
            style: self.style.clone(),
            is_active: self.is_active,
            frame_id: self.frame_id,
            company_id: self.company_id,
            assistant_id: self.assistant_id,
            api_key: self.api_key.clone(),
            script: self.script.clone(),
        }
    }

    /// `container_id` and `projectId` come back with the placement, so they start empty here.
    pub fn from_payload(payload: IframePayload, base: NodeBase) -> Self {
        IframeData {
            base,
            company_name: payload.company_name,
            authorized_domains: payload.authorized_domains,
            style: payload.style,
            is_active: payload.is_active,
            frame_id: payload.frame_id,
            company_id: payload.company_id,
            assistant_id: payload.assistant_id,
            api_key: payload.api_key,
            script: payload.script,
            container_id: None,
            project_id: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct IframePayload {
    pub company_name: String,
    pub authorized_domains: Vec<String>,
    pub style: String,
    pub is_active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub frame_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub company_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub api_key: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub script: Option<String>,
}

impl Default for IframePayload {
    fn default() -> Self {
        IframeData::default().to_payload()
    }
}

/// A frame as the frames service keeps it (spec §3 "Frame record").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct FrameRecord {
    pub company_id: i64,
    #[serde(default)]
    pub authorized_domains: Vec<String>,
    #[serde(default = "default_frame_style")]
    pub style: String,
}

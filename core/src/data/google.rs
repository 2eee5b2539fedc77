//! Google document and sheet nodes: sources that must be authorized before
//! they can be connected (spec §4).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum GoogleAuthStatus {
    #[default]
    Pending,
    Authorized,
}

/// The canvas already spells these snake_case, like the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct GoogleDocData {
    #[serde(flatten)]
    pub base: NodeBase,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub doc_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub doc_name: Option<String>,
    pub auth_status: GoogleAuthStatus,
}

impl Default for GoogleDocData {
    fn default() -> Self {
        GoogleDocData {
            base: NodeBase::for_kind(NodeKind::Googledoc),
            doc_id: None,
            doc_name: None,
            auth_status: GoogleAuthStatus::Pending,
        }
    }
}

impl GoogleDocData {
    pub fn to_payload(&self) -> GoogleDocPayload {
        GoogleDocPayload {
            doc_id: self.doc_id.clone(),
            doc_name: self.doc_name.clone(),
            auth_status: self.auth_status,
        }
    }

    pub fn from_payload(payload: GoogleDocPayload, base: NodeBase) -> Self {
        GoogleDocData {
            base,
            doc_id: payload.doc_id,
            doc_name: payload.doc_name,
            auth_status: payload.auth_status,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct GoogleDocPayload {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub doc_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub doc_name: Option<String>,
    pub auth_status: GoogleAuthStatus,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct GoogleSheetData {
    #[serde(flatten)]
    pub base: NodeBase,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sheet_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sheet_name: Option<String>,
    pub auth_status: GoogleAuthStatus,
}

impl Default for GoogleSheetData {
    fn default() -> Self {
        GoogleSheetData {
            base: NodeBase::for_kind(NodeKind::Googlesheet),
            sheet_id: None,
            sheet_name: None,
            auth_status: GoogleAuthStatus::Pending,
        }
    }
}

impl GoogleSheetData {
    pub fn to_payload(&self) -> GoogleSheetPayload {
        GoogleSheetPayload {
            sheet_id: self.sheet_id.clone(),
            sheet_name: self.sheet_name.clone(),
            auth_status: self.auth_status,
        }
    }

    pub fn from_payload(payload: GoogleSheetPayload, base: NodeBase) -> Self {
        GoogleSheetData {
            base,
            sheet_id: payload.sheet_id,
            sheet_name: payload.sheet_name,
            auth_status: payload.auth_status,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct GoogleSheetPayload {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sheet_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sheet_name: Option<String>,
    pub auth_status: GoogleAuthStatus,
}

//! File database and file repository nodes: uploaded files an assistant or a
//! vector store reads.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

/// One uploaded file, spelt the same on the canvas and on the server.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct FileEntry {
    pub id: i64,
    pub name: String,
    /// Bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub size: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub mime_type: Option<String>,
    /// RFC 3339.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub uploaded_at: Option<String>,
    /// In a file database several companies share (one per chat frame or
    /// bot), the company whose file it is; none for a file all may read.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub company_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct FileDbData {
    #[serde(flatten)]
    pub base: NodeBase,
    pub files: Vec<FileEntry>,
}

impl Default for FileDbData {
    fn default() -> Self {
        FileDbData { base: NodeBase::for_kind(NodeKind::Filedb), files: Vec::new() }
    }
}

impl FileDbData {
    pub fn to_payload(&self) -> FileDbPayload {
        FileDbPayload { files: self.files.clone(), user_id: None }
    }

    pub fn from_payload(payload: FileDbPayload, base: NodeBase) -> Self {
        FileDbData { base, files: payload.files }
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct FileDbPayload {
    pub files: Vec<FileEntry>,
    /// Sent on create (spec §3); the canvas does not keep it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub user_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct FileRepositoryData {
    #[serde(flatten)]
    pub base: NodeBase,
    pub files: Vec<FileEntry>,
}

impl Default for FileRepositoryData {
    fn default() -> Self {
        FileRepositoryData { base: NodeBase::for_kind(NodeKind::Filerepository), files: Vec::new() }
    }
}

impl FileRepositoryData {
    pub fn to_payload(&self) -> FileRepositoryPayload {
        FileRepositoryPayload { files: self.files.clone(), user_id: None }
    }

    pub fn from_payload(payload: FileRepositoryPayload, base: NodeBase) -> Self {
        FileRepositoryData { base, files: payload.files }
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct FileRepositoryPayload {
    pub files: Vec<FileEntry>,
    /// Sent on create (spec §3); the canvas does not keep it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub user_id: Option<i64>,
}

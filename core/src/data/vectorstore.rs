//! The vector store node: the provider's searchable store an assistant reads from.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct VectorStoreData {
    #[serde(flatten)]
    pub base: NodeBase,
    /// The provider's id (`vs_...`), known once the server created it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vector_store_id: Option<String>,
}

impl Default for VectorStoreData {
    fn default() -> Self {
        VectorStoreData { base: NodeBase::for_kind(NodeKind::Vectorstore), vector_store_id: None }
    }
}

impl VectorStoreData {
    pub fn to_payload(&self) -> VectorStorePayload {
        VectorStorePayload { vector_store_id: self.vector_store_id.clone(), user_id: None }
    }

    pub fn from_payload(payload: VectorStorePayload, base: NodeBase) -> Self {
        VectorStoreData { base, vector_store_id: payload.vector_store_id }
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct VectorStorePayload {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vector_store_id: Option<String>,
    /// Sent on create (spec §3); the canvas does not keep it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub user_id: Option<i64>,
}

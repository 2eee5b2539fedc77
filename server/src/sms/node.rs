//! One of the user's SMS nodes, with its API key opened for the call to
//! Kavenegar (never for an answer).

use dastyar_core::data::NodePayload;
use dastyar_core::data::sms::SmsPayload;
use dastyar_core::{MessageCode, NodeKind};
use sha2::{Digest, Sha256};

use crate::canvas::graph::ProjectGraph;
use crate::error::ApiError;
use crate::providers::kavenegar::KavenegarClient;
use crate::secrets::node_secrets;
use crate::state::AppState;
use crate::store::nodes::{self, NodeRow};

/// An SMS node as stored, and its payload with the key opened.
#[derive(Debug, Clone)]
pub struct SmsNode {
    pub row: NodeRow,
    pub config: SmsPayload,
}

impl SmsNode {
    /// The user's SMS node `node_id` (404 for anything else).
    pub async fn load(state: &AppState, user_id: i64, node_id: i64) -> Result<SmsNode, ApiError> {
        let row = nodes::get(state.db.pool(), user_id, node_id).await?.ok_or(ApiError::NotFound)?;
        if row.kind().map_err(ApiError::internal)? != NodeKind::Sms {
            return Err(ApiError::NotFound);
        }
        match node_secrets::open(&state.secrets, row.payload().map_err(ApiError::internal)?)? {
            NodePayload::Sms(config) => Ok(SmsNode { row, config }),
            other => Err(ApiError::internal(format!("an SMS node with {} data", other.kind()))),
        }
    }

    /// The saved key, trimmed; a 422 on `apiKey` when there is none.
    pub fn api_key(&self) -> Result<&str, ApiError> {
        let key = self.config.api_key.trim();
        if key.is_empty() {
            Err(ApiError::invalid("apiKey", MessageCode::FieldRequired))
        } else {
            Ok(key)
        }
    }

    /// The assistants joined to the node, oldest edge first.
    pub async fn assistants(&self, state: &AppState, user_id: i64) -> Result<Vec<i64>, ApiError> {
        let graph = ProjectGraph::load(&state.db, user_id, self.row.project_id).await?;
        Ok(graph.neighbour_ids(self.row.id, NodeKind::Assistant))
    }
}

/// Kavenegar at the configured address.
pub fn client(state: &AppState) -> KavenegarClient {
    KavenegarClient::new(&state.config.providers.kavenegar.api_url, state.http.clone())
}

/// What a key is known by in the history: its SHA-256, so the sends made
/// with one key can be found without keeping the key itself.
pub fn key_hash(key: &str) -> String {
    Sha256::digest(format!("dastyar.sms.api_key:{}", key.trim()).as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_known_by_its_hash() {
        let hash = key_hash("4F6B2F7A6C5A3D2B1C0E9F8A7B6C5D4E3F2A1B0C");
        assert_eq!(hash.len(), 64);
        assert_eq!(hash, key_hash(" 4F6B2F7A6C5A3D2B1C0E9F8A7B6C5D4E3F2A1B0C\n"));
        assert_ne!(hash, key_hash("4F6B2F7A6C5A3D2B1C0E9F8A7B6C5D4E3F2A1B0D"));
        assert!(!hash.contains("4F6B2F7A"));
    }
}

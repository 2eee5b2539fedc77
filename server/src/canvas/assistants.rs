//! The last step of creating an assistant or analyzer: checking its model at
//! the language-model provider and recording the outcome on the node (its
//! `provider_status`, its `assistant_id`, and `creationStatus` success, or
//! error when the provider refused or could not be reached).

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::data::assistant::{AssistantPayload, ProviderStatus};
use dastyar_core::status::CreationStatus;

use crate::error::ApiError;
use crate::providers::llm::{LlmError, Registration};
use crate::state::AppState;
use crate::store::nodes::{self, NodeRow};

/// How many times an outcome is re-applied when the node changes under it.
const APPLY_ATTEMPTS: usize = 5;

/// The node after registration, and the provider's failure if it failed.
#[derive(Debug)]
pub struct Registered {
    pub row: NodeRow,
    pub failure: Option<LlmError>,
    /// The model that was checked.
    pub model: String,
}

/// Registers the user's assistant `node_id` with the provider and records the
/// outcome; `None` when the node is gone (deleted meanwhile) or is not an
/// assistant. A failure of the provider is recorded on the node (status
/// error) and handed back beside it, so a job can report it.
pub async fn register(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<Option<Registered>, ApiError> {
    let Some((row, payload)) = assistant(state, user_id, node_id).await? else {
        return Ok(None);
    };
    let outcome =
        state.llm.register_assistant(&payload.model, payload.assistant_id.as_deref()).await;
    if let Err(error) = &outcome {
        tracing::warn!(node_id, %error, "the provider refused an assistant");
    }
    // Apply the outcome to the node as it is now (an edit may have come in
    // meanwhile), never overwriting a newer write.
    let (mut row, mut payload) = (row, payload);
    for _ in 0..APPLY_ATTEMPTS {
        let status = match &outcome {
            Ok(registration) => {
                record(&mut payload, registration);
                CreationStatus::Success
            }
            Err(_) => {
                // Not registered yet; retrying the job (or the node) registers it.
                payload.provider_status = Some(ProviderStatus::PendingRegistration);
                CreationStatus::Error
            }
        };
        let stored = if row.kind().is_ok_and(|k| k == NodeKind::Analyzer) {
            NodePayload::Analyzer(payload.clone())
        } else {
            NodePayload::Assistant(payload.clone())
        };
        if let Some(updated) = nodes::update_if_unchanged(
            state.db.pool(),
            user_id,
            node_id,
            &row.updated_at,
            &stored,
            status,
        )
        .await?
        {
            let model = payload.model;
            return Ok(Some(Registered { row: updated, failure: outcome.err(), model }));
        }
        match assistant(state, user_id, node_id).await? {
            Some(latest) => (row, payload) = latest,
            None => return Ok(None),
        }
    }
    Err(ApiError::internal(format!("assistant {node_id} kept changing while being registered")))
}

fn record(payload: &mut AssistantPayload, registration: &Registration) {
    payload.provider_status = Some(registration.provider_status());
    payload.assistant_id = registration.assistant_id().map(str::to_owned);
}

/// The user's assistant or analyzer `node_id` and its payload.
async fn assistant(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<Option<(NodeRow, AssistantPayload)>, ApiError> {
    let Some(row) = nodes::get(state.db.pool(), user_id, node_id).await? else { return Ok(None) };
    if !row.kind().is_ok_and(NodeKind::is_assistant_like) {
        return Ok(None);
    }
    match row.payload().map_err(ApiError::internal)? {
        NodePayload::Assistant(payload) | NodePayload::Analyzer(payload) => {
            Ok(Some((row, payload)))
        }
        _ => Ok(None),
    }
}

//! `bulk-status/{jobId}`: what Kavenegar says now of a send's messages
//! (`sms/status` with their ids), kept on the send.

use dastyar_core::MessageCode;

use super::history::{SmsEntry, SmsSendView};
use super::node::{SmsNode, client};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::sms as store;

/// Asks Kavenegar for the delivery of send `send_id`'s messages and keeps it.
pub async fn refresh(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    send_id: i64,
) -> Result<SmsSendView, ApiError> {
    let node = SmsNode::load(state, user_id, node_id).await?;
    let row = store::get(&state.db, user_id, node_id, send_id).await?.ok_or(ApiError::NotFound)?;
    let mut send = SmsSendView::of(row)?;
    let ids: Vec<i64> = send.entries.iter().filter_map(|e| e.messageid).collect();
    if ids.is_empty() {
        return Err(ApiError::Conflict(MessageCode::SmsNoDeliveryToCheck));
    }
    let statuses =
        client(state).status(node.api_key()?, &ids).await.map_err(|e| e.to_api_error())?;
    for entry in &mut send.entries {
        if let Some(status) = statuses.iter().find(|s| Some(s.messageid) == entry.messageid) {
            entry.status = Some(status.status);
            entry.statustext = Some(status.statustext.clone());
        }
    }
    let entries: &[SmsEntry] = &send.entries;
    let entries = serde_json::to_string(entries).map_err(ApiError::internal)?;
    send.checked_at = Some(store::set_entries_checked(&state.db, send.id, &entries).await?);
    Ok(send)
}

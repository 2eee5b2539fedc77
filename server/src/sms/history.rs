//! An SMS node's history: its sends as the panel shows them, newest first,
//! the last one's outcome, and forgetting them.

use dastyar_core::MessageCode;
use dastyar_core::digits::persian_digits;
use dastyar_core::paging::HISTORY_DEFAULT_LIMIT;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::node::SmsNode;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::sms::{self as store, SendRow};

/// The most sends one history page shows.
pub const HISTORY_MAX_LIMIT: u32 = 100;

/// Where a send came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum SmsOrigin {
    /// The node's panel (`send`).
    Panel,
    /// The assistant joined to it (`send-from-assistant`, the `send_sms` tool).
    Assistant,
    /// `send-bulk`.
    Bulk,
}

impl SmsOrigin {
    pub fn as_str(self) -> &'static str {
        match self {
            SmsOrigin::Panel => "panel",
            SmsOrigin::Assistant => "assistant",
            SmsOrigin::Bulk => "bulk",
        }
    }

    fn parse(text: &str) -> SmsOrigin {
        match text {
            "assistant" => SmsOrigin::Assistant,
            "bulk" => SmsOrigin::Bulk,
            _ => SmsOrigin::Panel,
        }
    }
}

/// How it was sent: `sms/send`, `verify/lookup` or `sms/sendarray`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum SmsMethod {
    Simple,
    Template,
    Bulk,
}

impl SmsMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            SmsMethod::Simple => "simple",
            SmsMethod::Template => "template",
            SmsMethod::Bulk => "bulk",
        }
    }

    fn parse(text: &str) -> SmsMethod {
        match text {
            "template" => SmsMethod::Template,
            "bulk" => SmsMethod::Bulk,
            _ => SmsMethod::Simple,
        }
    }
}

/// One receptor's message in a send, with what Kavenegar said of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsEntry {
    /// `09…`.
    pub receptor: String,
    /// The text (a template's as Kavenegar filled it in; empty when it was not sent).
    pub message: String,
    /// Kavenegar's id, once it took the message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub messageid: Option<i64>,
    /// Its delivery: 1 queued, 2 scheduled, 4 and 5 at the operator, 6
    /// failed, 10 delivered, 11 undelivered, 13 cancelled, 14 filtered,
    /// 100 unknown to Kavenegar.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<i64>,
    /// Kavenegar's words for `status`, in Persian.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub statustext: Option<String>,
    /// What Kavenegar charged for it, rials.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cost: Option<i64>,
}

/// A send as the panel lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsSendView {
    /// Also the job id `bulk-status/{jobId}` asks about.
    pub id: i64,
    pub origin: SmsOrigin,
    pub method: SmsMethod,
    /// `sent` or `failed`.
    pub status: String,
    /// The text of a simple send.
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub template: Option<String>,
    pub entries: Vec<SmsEntry>,
    /// Parts of all its messages together.
    pub segments: i64,
    /// Core's estimate of their cost.
    pub estimated_cost: i64,
    /// What Kavenegar charged, rials.
    pub cost: i64,
    /// Kavenegar's `return.status` (absent when it was not reached).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub provider_status: Option<i64>,
    /// What people read about it, in Persian.
    pub response_message: String,
    /// The assistant node that sent it (origin `assistant`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
    pub created_at: String,
    /// When delivery was last asked of Kavenegar.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub checked_at: Option<String>,
}

impl SmsSendView {
    pub fn of(row: SendRow) -> Result<SmsSendView, ApiError> {
        let entries: Vec<SmsEntry> = serde_json::from_str(&row.entries)
            .map_err(|e| ApiError::internal(format!("sms send {}: entries: {e}", row.id)))?;
        Ok(SmsSendView {
            id: row.id,
            origin: SmsOrigin::parse(&row.origin),
            method: SmsMethod::parse(&row.method),
            status: row.status,
            message: row.message,
            template: row.template,
            entries,
            segments: row.segments,
            estimated_cost: row.estimated_cost,
            cost: row.cost,
            provider_status: row.provider_status,
            response_message: row.response_message,
            assistant_id: row.assistant_id,
            created_at: row.created_at,
            checked_at: row.checked_at,
        })
    }
}

/// A page of the history.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsHistory {
    /// Newest first.
    pub sends: Vec<SmsSendView>,
    /// All the node's sends.
    pub total: i64,
}

/// The outcome of the node's last send, as its fields keep it.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsLastStatus {
    /// `sent` or `failed`; absent before the first send.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<String>,
    /// RFC 3339.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub time: Option<String>,
    /// In Persian.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
    /// The send itself, while the history keeps it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub send: Option<SmsSendView>,
}

/// `DELETE history`: how many sends were forgotten.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsHistoryCleared {
    pub deleted: u64,
}

/// `?limit=`: 1 to [`HISTORY_MAX_LIMIT`], [`HISTORY_DEFAULT_LIMIT`] when absent.
pub fn history_limit(asked: Option<i64>) -> Result<i64, ApiError> {
    match asked {
        None => Ok(i64::from(HISTORY_DEFAULT_LIMIT)),
        Some(n) if (1..=i64::from(HISTORY_MAX_LIMIT)).contains(&n) => Ok(n),
        Some(_) => Err(ApiError::invalid_with(
            "limit",
            MessageCode::HistoryLimitInvalid,
            &[("max", &persian_digits(&HISTORY_MAX_LIMIT.to_string()))],
        )),
    }
}

pub async fn list(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    limit: Option<i64>,
) -> Result<SmsHistory, ApiError> {
    let limit = history_limit(limit)?;
    SmsNode::load(state, user_id, node_id).await?;
    let rows = store::of_node(&state.db, user_id, node_id, limit).await?;
    let total = store::count_of_node(&state.db, user_id, node_id).await?;
    let sends = rows.into_iter().map(SmsSendView::of).collect::<Result<_, _>>()?;
    Ok(SmsHistory { sends, total })
}

pub async fn clear(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<SmsHistoryCleared, ApiError> {
    SmsNode::load(state, user_id, node_id).await?;
    Ok(SmsHistoryCleared { deleted: store::delete_of_node(&state.db, user_id, node_id).await? })
}

pub async fn last_status(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<SmsLastStatus, ApiError> {
    let node = SmsNode::load(state, user_id, node_id).await?;
    let last = store::of_node(&state.db, user_id, node_id, 1).await?.into_iter().next();
    Ok(SmsLastStatus {
        status: node.config.last_send_status,
        time: node.config.last_send_time,
        message: node.config.last_response_message,
        send: last.map(SmsSendView::of).transpose()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert_eq!(history_limit(None).unwrap(), 10);
        assert_eq!(history_limit(Some(1)).unwrap(), 1);
        assert_eq!(history_limit(Some(100)).unwrap(), 100);
        for bad in [0, -1, 101] {
            assert_eq!(history_limit(Some(bad)).unwrap_err().status(), 422, "{bad}");
        }
    }
}

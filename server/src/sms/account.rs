//! What a key can do, asked of Kavenegar without sending anything: `test`
//! (the node's key, and the credit its account has left) and `templates`
//! (the verify-lookup templates sent with a key; Kavenegar has no API that
//! lists an account's templates, so this is the history's, never made up).

use dastyar_core::MessageCode;
use dastyar_core::digits::persian_digits;
use dastyar_core::validate::sms::validate_sms_api_key;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::node::{SmsNode, client, key_hash};
use crate::db::timestamp;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::sms as store;

/// `test`: Kavenegar knows the key.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsTestAnswer {
    /// `ok`.
    pub status: String,
    /// In Persian, with the credit.
    pub message: String,
    /// Rials the Kavenegar account has left.
    pub credit: i64,
    /// When the account expires, RFC 3339, if Kavenegar says.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub expires_at: Option<String>,
    /// Kavenegar's account type ("Master", ...).
    pub account_type: String,
}

/// `POST /sms/templates`: a key, or one of my SMS nodes whose saved key is meant.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, TS)]
#[serde(default)]
#[ts(export, export_to = "api/")]
pub struct SmsTemplatesRequest {
    /// A Kavenegar key; a mask (`••••…`) stands for `node_id`'s saved key.
    pub api_key: String,
    #[ts(optional)]
    pub node_id: Option<i64>,
}

/// A template sent with the key.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsTemplateUse {
    pub name: String,
    /// Successful sends with it.
    pub sends: i64,
    pub last_sent_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsTemplates {
    /// Most recently used first.
    pub templates: Vec<SmsTemplateUse>,
    /// Why these are all there is to show, in Persian.
    pub note: String,
}

/// Asks Kavenegar about the node's key: its account and credit.
pub async fn test(state: &AppState, user_id: i64, node_id: i64) -> Result<SmsTestAnswer, ApiError> {
    let node = SmsNode::load(state, user_id, node_id).await?;
    let key = node.api_key()?;
    validate_sms_api_key(key).map_err(|e| ApiError::Problems(vec![e]))?;
    let info = client(state).account_info(key).await.map_err(|e| e.to_api_error())?;
    let credit = persian_digits(&info.remaining_credit.to_string());
    Ok(SmsTestAnswer {
        status: "ok".into(),
        message: MessageCode::SmsTestPassed.render(&[("credit", &credit)]),
        credit: info.remaining_credit,
        expires_at: info
            .expires
            .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
            .map(timestamp::of),
        account_type: info.account_type,
    })
}

/// The templates sent successfully with the key, once Kavenegar confirmed
/// the key is one it knows.
pub async fn templates(
    state: &AppState,
    user_id: i64,
    request: &SmsTemplatesRequest,
) -> Result<SmsTemplates, ApiError> {
    let given = request.api_key.trim();
    let key = match request.node_id {
        Some(node_id) if given.is_empty() || dastyar_core::secrets::is_mask(given) => {
            SmsNode::load(state, user_id, node_id).await?.api_key()?.to_owned()
        }
        _ => {
            validate_sms_api_key(given).map_err(|mut e| {
                e.field = "api_key".into();
                ApiError::Problems(vec![e])
            })?;
            if dastyar_core::secrets::is_mask(given) {
                // A mask names no key without the node it stands for.
                return Err(ApiError::invalid("api_key", MessageCode::SmsApiKeyInvalid));
            }
            given.to_owned()
        }
    };
    client(state).account_info(&key).await.map_err(|e| on_api_key(e.to_api_error()))?;
    let templates = store::templates_used(&state.db, user_id, &key_hash(&key))
        .await?
        .into_iter()
        .map(|t| SmsTemplateUse { name: t.template, sends: t.sends, last_sent_at: t.last_sent_at })
        .collect();
    Ok(SmsTemplates { templates, note: MessageCode::SmsTemplatesNote.persian().to_owned() })
}

/// A refusal of the key named as this request names it (`api_key`, not the node's `apiKey`).
fn on_api_key(error: ApiError) -> ApiError {
    match error {
        ApiError::Rendered { status, code, message, mut details } => {
            if details.contains_key("field") {
                details.insert("field".into(), serde_json::json!("api_key"));
            }
            ApiError::Rendered { status, code, message, details }
        }
        other => other,
    }
}

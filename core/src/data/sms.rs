//! The SMS node (Kavenegar): an end point an assistant sends text messages through.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

/// `simple` sends a plain text (`sms/send`); `template` sends a verify-lookup template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum SmsSendMethod {
    #[default]
    Simple,
    Template,
}

/// How a template message is delivered: as a text (default) or as a voice call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum SmsType {
    #[default]
    Sms,
    Call,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct SmsData {
    #[serde(flatten)]
    pub base: NodeBase,
    /// The Kavenegar API key.
    pub api_key: String,
    pub send_method: SmsSendMethod,
    /// The recipient's mobile number.
    pub receptor: String,
    /// The verify-lookup template name (template method).
    pub template: String,
    pub token: String,
    pub token2: String,
    pub sms_type: SmsType,
    /// The text (simple method).
    pub message: String,
    /// The Kavenegar line to send from; empty: the account's default line.
    /// A bulk send needs one.
    pub sender: String,
    /// Whether an assistant joined to the node may choose the receptor of
    /// its `send_sms` calls; otherwise it always sends to [`Self::receptor`].
    pub allow_model_receptor: bool,
    /// Server-maintained: the outcome of the last send.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_send_status: Option<String>,
    /// Server-maintained, RFC 3339.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_send_time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_response_message: Option<String>,
}

impl Default for SmsData {
    fn default() -> Self {
        SmsData {
            base: NodeBase::for_kind(NodeKind::Sms),
            api_key: String::new(),
            send_method: SmsSendMethod::Simple,
            receptor: String::new(),
            template: String::new(),
            token: String::new(),
            token2: String::new(),
            sms_type: SmsType::Sms,
            message: String::new(),
            sender: String::new(),
            allow_model_receptor: false,
            last_send_status: None,
            last_send_time: None,
            last_response_message: None,
        }
    }
}

impl SmsData {
    pub fn to_payload(&self) -> SmsPayload {
        SmsPayload {
            api_key: self.api_key.clone(),
            send_method: self.send_method,
            receptor: self.receptor.clone(),
            message: self.message.clone(),
            template: self.template.clone(),
            token: self.token.clone(),
            token2: self.token2.clone(),
            sms_type: self.sms_type,
            sender: self.sender.clone(),
            allow_model_receptor: self.allow_model_receptor,
            last_send_status: self.last_send_status.clone(),
            last_send_time: self.last_send_time.clone(),
            last_response_message: self.last_response_message.clone(),
        }
    }

    pub fn from_payload(payload: SmsPayload, base: NodeBase) -> Self {
        SmsData {
            base,
            api_key: payload.api_key,
            send_method: payload.send_method,
            receptor: payload.receptor,
            template: payload.template,
            token: payload.token,
            token2: payload.token2,
            sms_type: payload.sms_type,
            message: payload.message,
            sender: payload.sender,
            allow_model_receptor: payload.allow_model_receptor,
            last_send_status: payload.last_send_status,
            last_send_time: payload.last_send_time,
            last_response_message: payload.last_response_message,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct SmsPayload {
    pub api_key: String,
    pub send_method: SmsSendMethod,
    pub receptor: String,
    pub message: String,
    pub template: String,
    pub token: String,
    pub token2: String,
    pub sms_type: SmsType,
    pub sender: String,
    pub allow_model_receptor: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_send_status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_send_time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_response_message: Option<String>,
}

impl Default for SmsPayload {
    fn default() -> Self {
        SmsData::default().to_payload()
    }
}

//! The SMS node (Kavenegar): an end point an assistant sends text messages through.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `simple` sends a plain text (`sms/send`); `template` sends a verify-lookup template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum SmsSendMethod {
    #[default]
    Simple,
    Template,
}

/// How a template message is delivered: as a text (default) or as a voice call.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum SmsType {
    #[default]
    Sms,
    Call,
}

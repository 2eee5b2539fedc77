//! How a call to Kavenegar can fail, and what people read about it: each
//! `return.status` has its own Persian text in core's catalogue. A refusal
//! about what the user entered (the key, a receptor, the line, the text,
//! the template, a token) is a 422 on that field; any other is a 424, an
//! outside service failing, never a 5xx.

use std::fmt;

use axum::http::StatusCode;
use dastyar_core::MessageCode;
use serde_json::{Map, json};

use crate::error::ApiError;

/// What went wrong. The texts are Kavenegar's own, for the log and the
/// details; people read [`KavenegarError::persian`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KavenegarError {
    /// A `return.status` other than 200, with Kavenegar's message.
    Refused { status: u16, message: String },
    /// Connection refused, reset, timed out, or a proxy's page instead of the envelope.
    Unreachable(String),
    /// A success envelope whose entries are not the protocol's.
    Malformed(String),
}

/// Kavenegar's documented `return.status` codes (table 1) and their texts.
const CODES: [(u16, MessageCode); 30] = [
    (400, MessageCode::KavenegarParamsIncomplete),
    (401, MessageCode::KavenegarAccountDisabled),
    (402, MessageCode::KavenegarOperationFailed),
    (403, MessageCode::KavenegarApiKeyInvalid),
    (404, MessageCode::KavenegarMethodUnknown),
    (405, MessageCode::KavenegarWrongHttpMethod),
    (406, MessageCode::KavenegarRequiredEmpty),
    (407, MessageCode::KavenegarAccessDenied),
    (409, MessageCode::KavenegarServerUnavailable),
    (411, MessageCode::KavenegarReceptorInvalid),
    (412, MessageCode::KavenegarSenderInvalid),
    (413, MessageCode::KavenegarMessageInvalid),
    (414, MessageCode::KavenegarRequestTooLarge),
    (415, MessageCode::KavenegarIndexTooLarge),
    (416, MessageCode::KavenegarIpMismatch),
    (417, MessageCode::KavenegarDateInvalid),
    (418, MessageCode::KavenegarCreditInsufficient),
    (419, MessageCode::KavenegarArrayLengthMismatch),
    (420, MessageCode::KavenegarLinksNotAllowed),
    (422, MessageCode::KavenegarCharactersInvalid),
    (424, MessageCode::KavenegarTemplateNotFound),
    (426, MessageCode::KavenegarAdvancedPlanRequired),
    (427, MessageCode::KavenegarLineAccessRequired),
    (428, MessageCode::KavenegarCallImpossible),
    (429, MessageCode::KavenegarIpRestricted),
    (431, MessageCode::KavenegarTokenStructureInvalid),
    (432, MessageCode::KavenegarTokenMissing),
    (451, MessageCode::KavenegarRateLimited),
    (501, MessageCode::KavenegarTestAccountOnly),
    (607, MessageCode::KavenegarTagInvalid),
];

impl KavenegarError {
    /// Kavenegar's `return.status`, when it answered one.
    pub fn provider_status(&self) -> Option<u16> {
        match self {
            KavenegarError::Refused { status, .. } => Some(*status),
            _ => None,
        }
    }

    /// The catalogue's code for this failure.
    pub fn code(&self) -> MessageCode {
        match self {
            KavenegarError::Refused { status, .. } => CODES
                .iter()
                .find(|(code, _)| code == status)
                .map_or(MessageCode::KavenegarRefused, |(_, message)| *message),
            KavenegarError::Unreachable(_) => MessageCode::KavenegarUnreachable,
            KavenegarError::Malformed(_) => MessageCode::KavenegarBadResponse,
        }
    }

    /// The node field a refusal is about (its name in the SMS payload).
    pub fn field(&self) -> Option<&'static str> {
        match self.provider_status()? {
            403 => Some("apiKey"),
            411 => Some("receptor"),
            412 => Some("sender"),
            413 | 420 | 422 => Some("message"),
            424 => Some("template"),
            431 | 432 => Some("token"),
            _ => None,
        }
    }

    /// What people read.
    pub fn persian(&self) -> String {
        match self {
            KavenegarError::Refused { status, message } => {
                self.code().render(&[("status", &status.to_string()), ("reason", message.as_str())])
            }
            _ => self.code().persian().to_owned(),
        }
    }

    /// The answer: a 422 on [`Self::field`] or a 424, its details carrying
    /// Kavenegar's `provider_status` and `provider_message`.
    pub fn to_api_error(&self) -> ApiError {
        let mut details = Map::new();
        let status = match self.field() {
            Some(field) => {
                details.insert("field".into(), json!(field));
                StatusCode::UNPROCESSABLE_ENTITY
            }
            None => StatusCode::FAILED_DEPENDENCY,
        };
        if let KavenegarError::Refused { status, message } = self {
            details.insert("provider_status".into(), json!(status));
            details.insert("provider_message".into(), json!(message));
        }
        ApiError::Rendered { status, code: self.code(), message: self.persian(), details }
    }
}

impl fmt::Display for KavenegarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KavenegarError::Refused { status, message } => write!(f, "{status}: {message}"),
            KavenegarError::Unreachable(d) => write!(f, "unreachable: {d}"),
            KavenegarError::Malformed(d) => write!(f, "malformed answer: {d}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn refused(status: u16) -> KavenegarError {
        KavenegarError::Refused { status, message: "پیام کاوه‌نگار".into() }
    }

    #[test]
    fn every_documented_status_has_a_text_of_its_own() {
        let codes: HashSet<MessageCode> = CODES.iter().map(|(_, c)| *c).collect();
        assert_eq!(codes.len(), CODES.len());
        for (status, code) in CODES {
            assert_eq!(refused(status).code(), code, "{status}");
            assert!(!refused(status).persian().contains('{'), "{status}");
        }
        let unknown = refused(499);
        assert_eq!(unknown.code(), MessageCode::KavenegarRefused);
        let text = unknown.persian();
        assert!(text.contains("499") && text.contains("پیام کاوه‌نگار"), "{text}");
    }

    #[test]
    fn input_refusals_are_422_on_their_field_and_the_rest_424() {
        let body = |e: &KavenegarError| serde_json::to_value(e.to_api_error().body()).unwrap();
        let key = refused(403).to_api_error();
        assert_eq!(key.status(), 422);
        let json = body(&refused(403));
        assert_eq!(json["error"]["code"], "kavenegar_api_key_invalid");
        assert_eq!(json["error"]["details"]["field"], "apiKey");
        assert_eq!(json["error"]["details"]["provider_status"], 403);
        assert_eq!(json["error"]["details"]["provider_message"], "پیام کاوه‌نگار");
        for (status, field) in [
            (411, "receptor"),
            (412, "sender"),
            (413, "message"),
            (424, "template"),
            (431, "token"),
        ] {
            assert_eq!(body(&refused(status))["error"]["details"]["field"], field, "{status}");
        }
        let credit = refused(418).to_api_error();
        assert_eq!(credit.status(), 424);
        assert_eq!(body(&refused(418))["error"]["code"], "kavenegar_credit_insufficient");
        let away = KavenegarError::Unreachable("connection refused".into());
        assert_eq!(away.to_api_error().status(), 424);
        assert_eq!(body(&away)["error"]["code"], "kavenegar_unreachable");
        assert!(body(&away)["error"]["details"].get("provider_status").is_none());
    }
}

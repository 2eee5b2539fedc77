//! The JSON shape every failure answers with:
//! `{"error": {"code": "snake_case", "message": "<Persian>", "details": {...}}}`.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use dastyar_core::MessageCode;
use serde::Serialize;
use serde_json::{Map, Value, json};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::error::{ApiError, SUBSCRIPTION_PAGE};

impl ApiError {
    /// The body this error answers with.
    pub fn body(&self) -> ErrorBody {
        let mut details = Map::new();
        let code = match self {
            ApiError::Unauthenticated => MessageCode::Unauthenticated,
            ApiError::InvalidCredentials => MessageCode::InvalidCredentials,
            ApiError::NotFound => MessageCode::NotFound,
            ApiError::MethodNotAllowed => MessageCode::MethodNotAllowed,
            ApiError::Invalid { field, code } => {
                details.insert("field".into(), json!(field));
                *code
            }
            ApiError::Problems(problems) => {
                let Some(first) = problems.first() else {
                    return ApiError::InvalidInput { field: None, reason: "no problems".into() }
                        .body();
                };
                details.insert("field".into(), json!(first.field));
                let listed: Vec<Value> = problems
                    .iter()
                    .map(|p| json!({"field": p.field, "code": p.code, "message": p.code.persian()}))
                    .collect();
                details.insert("problems".into(), Value::Array(listed));
                first.code
            }
            ApiError::NotForKind { kind, code } => {
                details.insert("kind".into(), json!(kind));
                let message = code.render(&[("type", kind.label())]);
                return ErrorBody::new(*code, message, details);
            }
            ApiError::InvalidJson { reason } => {
                details.insert("reason".into(), json!(reason));
                MessageCode::InvalidJson
            }
            ApiError::InvalidInput { field, reason } => {
                if let Some(field) = field {
                    details.insert("field".into(), json!(field));
                }
                details.insert("reason".into(), json!(reason));
                MessageCode::InvalidInput
            }
            ApiError::Conflict(code) => *code,
            ApiError::Refused { refusal, details } => {
                return ErrorBody::new(refusal.code, refusal.message.clone(), details.clone());
            }
            ApiError::NodeLimitExceeded { kind, limit, used } => {
                details.insert("kind".into(), json!(kind));
                details.insert("limit".into(), json!(limit));
                details.insert("used".into(), json!(used));
                let message =
                    dastyar_core::limits::node_limit_exceeded_message(*kind, *limit, *used);
                return ErrorBody::new(MessageCode::NodeLimitExceeded, message, details);
            }
            ApiError::InsufficientCredits => {
                details.insert("upgrade_url".into(), json!(SUBSCRIPTION_PAGE));
                MessageCode::InsufficientCredits
            }
            ApiError::TooLarge => MessageCode::TooLarge,
            ApiError::RetryLater { code, retry_after } => {
                details.insert("retry_after".into(), json!(retry_after));
                let message = code.render(&[("seconds", &retry_after.to_string())]);
                return ErrorBody::new(*code, message, details);
            }
            ApiError::Rendered { code, message, details, .. } => {
                return ErrorBody::new(*code, message.clone(), details.clone());
            }
            ApiError::Internal(_) => MessageCode::InternalError,
        };
        ErrorBody::new(code, code.persian().to_owned(), details)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        if let ApiError::Internal(cause) = &self {
            tracing::error!(%cause, "internal error");
        }
        let mut response = (status, axum::Json(self.body())).into_response();
        if let ApiError::RetryLater { retry_after, .. } = self {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
        }
        response
    }
}

/// `{"error": {...}}`.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

/// One error: a stable code, the Persian text people read, and details such as
/// the `field` a 422 is about.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ErrorDetail {
    #[schema(value_type = String, example = "email_taken")]
    pub code: MessageCode,
    pub message: String,
    #[schema(value_type = Object)]
    #[ts(type = "Record<string, unknown>")]
    pub details: Value,
}

impl ErrorBody {
    fn new(code: MessageCode, message: String, details: Map<String, Value>) -> Self {
        ErrorBody { error: ErrorDetail { code, message, details: Value::Object(details) } }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use dastyar_core::NodeKind;
    use dastyar_core::connect::Refusal;
    use dastyar_core::validate::FieldError;

    #[test]
    fn the_shape_is_code_message_details() {
        let body = serde_json::to_value(ApiError::invalid("email", MessageCode::EmailTaken).body())
            .unwrap();
        assert_eq!(body["error"]["code"], "email_taken");
        assert_eq!(body["error"]["message"], MessageCode::EmailTaken.persian());
        assert_eq!(body["error"]["details"], json!({"field": "email"}));
    }

    #[test]
    fn retry_later_sends_retry_after_and_says_when_in_persian() {
        let error = ApiError::RetryLater { code: MessageCode::TooManyRequests, retry_after: 42 };
        let body = serde_json::to_value(error.body()).unwrap();
        assert_eq!(body["error"]["code"], "too_many_requests");
        assert!(body["error"]["message"].as_str().unwrap().contains("42 ثانیه"), "{body}");
        assert_eq!(body["error"]["details"], json!({"retry_after": 42}));
        let response = error.into_response();
        assert_eq!(response.status(), 429);
        assert_eq!(response.headers()[header::RETRY_AFTER], "42");
    }

    #[test]
    fn the_limit_error_says_maximum() {
        let error =
            ApiError::NodeLimitExceeded { kind: NodeKind::Assistant, limit: Some(2), used: 2 };
        assert_eq!(error.status(), 403);
        let body = serde_json::to_value(error.body()).unwrap();
        assert_eq!(body["error"]["code"], "node_limit_exceeded");
        assert!(body["error"]["message"].as_str().unwrap().contains("حداکثر"));
        assert_eq!(body["error"]["details"]["used"], 2);
    }

    #[test]
    fn problems_name_the_first_field_and_list_them_all() {
        let error = ApiError::Problems(vec![
            FieldError::new("apiKey", MessageCode::SmsApiKeyInvalid),
            FieldError::new("receptor", MessageCode::PhoneInvalid),
        ]);
        assert_eq!(error.status(), 422);
        let body = serde_json::to_value(error.body()).unwrap();
        assert_eq!(body["error"]["code"], "sms_api_key_invalid");
        assert_eq!(body["error"]["message"], MessageCode::SmsApiKeyInvalid.persian());
        assert_eq!(body["error"]["details"]["field"], "apiKey");
        let problems = body["error"]["details"]["problems"].as_array().unwrap();
        assert_eq!(problems.len(), 2);
        assert_eq!(problems[1]["field"], "receptor");
        assert_eq!(problems[1]["code"], "phone_invalid");
        assert_eq!(problems[1]["message"], MessageCode::PhoneInvalid.persian());
    }

    #[test]
    fn kind_refusals_name_the_kind() {
        let error = ApiError::NotForKind {
            kind: NodeKind::Instruction,
            code: MessageCode::NodeCannotMoveToContainer,
        };
        assert_eq!(error.status(), 422);
        let body = serde_json::to_value(error.body()).unwrap();
        assert_eq!(body["error"]["code"], "node_cannot_move_to_container");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(NodeKind::Instruction.label()) && !message.contains('{'),
            "{message}"
        );
        assert_eq!(body["error"]["details"]["kind"], "instruction");
    }

    #[test]
    fn refusals_answer_the_rules_code_and_message() {
        let refusal = Refusal {
            code: MessageCode::SameTypeConnection,
            message: MessageCode::SameTypeConnection.persian().to_owned(),
        };
        let mut details = Map::new();
        details.insert("source".into(), json!("assistant-1"));
        let error = ApiError::Refused { refusal, details };
        assert_eq!(error.status(), 422);
        let body = serde_json::to_value(error.body()).unwrap();
        assert_eq!(body["error"]["code"], "same_type_connection");
        assert_eq!(body["error"]["message"], MessageCode::SameTypeConnection.persian());
        assert_eq!(body["error"]["details"], json!({"source": "assistant-1"}));
    }

    #[test]
    fn internal_errors_do_not_leak_their_cause() {
        let body = serde_json::to_value(ApiError::internal("secret table name").body()).unwrap();
        assert_eq!(body["error"]["code"], "internal_error");
        assert!(!body.to_string().contains("secret"));
    }
}

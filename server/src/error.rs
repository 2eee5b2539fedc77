//! The one failure type every operation returns: which rule or state refused,
//! on which field, and the HTTP status that class of failure answers with.
//! Its JSON shape is the HTTP layer's (`http::error_response`).

use axum::http::StatusCode;
use dastyar_core::connect::Refusal;
use dastyar_core::digits::persian_digits;
use dastyar_core::validate::FieldError;
use dastyar_core::{MessageCode, NodeKind};
use serde_json::{Map, Value, json};

/// Where people buy credits or a bigger plan (the web app's route).
pub const SUBSCRIPTION_PAGE: &str = "/subscription";

const MEBIBYTE: u64 = 1024 * 1024;

/// What went wrong, as the API reports it.
#[derive(Debug)]
pub enum ApiError {
    /// 401: no token, or a bad or expired one.
    Unauthenticated,
    /// 401: e-mail and password do not match an account.
    InvalidCredentials,
    /// 404: no such thing, or not yours.
    NotFound,
    /// A path the API has, with a method it does not take (405).
    MethodNotAllowed,
    /// 422: one field is wrong; `code` says how.
    Invalid { field: String, code: MessageCode },
    /// 422: the data breaks core's rules, possibly in several fields at once.
    /// `details.field` names the first, `details.problems` lists them all.
    Problems(Vec<FieldError>),
    /// 422: nodes of this kind may not do that (`code`'s `{type}` is the kind's name).
    NotForKind { kind: NodeKind, code: MessageCode },
    /// 422: the body is not JSON at all (syntax, end of input, content type).
    InvalidJson { reason: String },
    /// 422: the body is JSON of the wrong shape; `field` names where, when known.
    InvalidInput { field: Option<String>, reason: String },
    /// 409: not possible in the current state.
    Conflict(MessageCode),
    /// 422: a rule refused the change (a connection rule, a container rule):
    /// the rule's code and its rendered Persian message, with details such as
    /// the `source` and `target` of a refused edge.
    Refused { refusal: Refusal, details: Map<String, Value> },
    /// 403 `node_limit_exceeded`: the plan allows no more nodes of this kind.
    NodeLimitExceeded { kind: NodeKind, limit: Option<u32>, used: u32 },
    /// 402: credits ran out.
    InsufficientCredits,
    /// 413: the body is over the limit.
    TooLarge,
    /// 429 (`code` is `too_many_requests` or `login_locked`) or 503
    /// (`server_busy`): try again after `retry_after` seconds, which the
    /// response also sends as `Retry-After`.
    RetryLater { code: MessageCode, retry_after: u64 },
    /// A message with its placeholders filled and its details: 409 (state),
    /// 422 (input) or 424 (an outside service failed); see the constructors.
    Rendered { status: StatusCode, code: MessageCode, message: String, details: Map<String, Value> },
    /// 500: a bug or an outage. The text is logged, never sent.
    Internal(String),
}

impl ApiError {
    /// A 422 on `field`.
    pub fn invalid(field: impl Into<String>, code: MessageCode) -> Self {
        ApiError::Invalid { field: field.into(), code }
    }

    /// A 422 on `field` whose message has placeholders.
    pub fn invalid_with(field: &str, code: MessageCode, params: &[(&str, &str)]) -> Self {
        let mut details = Map::new();
        details.insert("field".into(), json!(field));
        ApiError::rendered(StatusCode::UNPROCESSABLE_ENTITY, code, params, details)
    }

    /// A 409 whose message has placeholders, with details.
    pub fn conflict_with(
        code: MessageCode,
        params: &[(&str, &str)],
        details: Map<String, Value>,
    ) -> Self {
        ApiError::rendered(StatusCode::CONFLICT, code, params, details)
    }

    /// A 424: an outside service (a payment gateway) failed or refused; not
    /// our bug, so never a 5xx.
    /// 403: the caller proved nothing that lets it do this (a webhook's secret).
    pub fn forbidden(code: MessageCode) -> Self {
        ApiError::with_status(StatusCode::FORBIDDEN, code)
    }

    /// `code`'s message under `status` (a visitor's expired session is a
    /// 401, an assistant that cannot answer a 503).
    pub fn with_status(status: StatusCode, code: MessageCode) -> Self {
        ApiError::rendered(status, code, &[], Map::new())
    }

    pub fn upstream(code: MessageCode, params: &[(&str, &str)]) -> Self {
        ApiError::rendered(StatusCode::FAILED_DEPENDENCY, code, params, Map::new())
    }

    fn rendered(
        status: StatusCode,
        code: MessageCode,
        params: &[(&str, &str)],
        details: Map<String, Value>,
    ) -> Self {
        ApiError::Rendered { status, code, message: code.render(params), details }
    }

    /// A 403: `adding` more bytes of files would take the user past their
    /// plan's `limit_bytes`, with `used_bytes` stored already.
    pub fn storage_full(limit_bytes: u64, used_bytes: u64, adding: u64) -> Self {
        // One decimal, in Persian digits with the Persian decimal sign.
        let mb = |bytes: u64| {
            persian_digits(&format!("{:.1}", bytes as f64 / MEBIBYTE as f64)).replace('.', "٫")
        };
        let mut details = Map::new();
        details.insert("limit_bytes".into(), json!(limit_bytes));
        details.insert("used_bytes".into(), json!(used_bytes));
        details.insert("size".into(), json!(adding));
        details.insert("upgrade_url".into(), json!(SUBSCRIPTION_PAGE));
        let (limit, used, size) = (mb(limit_bytes), mb(used_bytes), mb(adding));
        let params = [("limit", limit.as_str()), ("used", used.as_str()), ("size", size.as_str())];
        ApiError::rendered(
            StatusCode::FORBIDDEN,
            MessageCode::StorageQuotaExceeded,
            &params,
            details,
        )
    }

    /// A 429 or 503 (by `code`, see [`ApiError::RetryLater`]) asking to wait
    /// `wait`, in whole seconds rounded up (at least one).
    pub fn retry_later(code: MessageCode, wait: std::time::Duration) -> Self {
        let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        ApiError::RetryLater { code, retry_after: seconds.max(1) }
    }

    /// A 500, logged with its cause.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        ApiError::Internal(cause.to_string())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Unauthenticated | ApiError::InvalidCredentials => StatusCode::UNAUTHORIZED,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Invalid { .. }
            | ApiError::Problems(_)
            | ApiError::NotForKind { .. }
            | ApiError::InvalidJson { .. }
            | ApiError::InvalidInput { .. }
            | ApiError::Refused { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::NodeLimitExceeded { .. } => StatusCode::FORBIDDEN,
            ApiError::InsufficientCredits => StatusCode::PAYMENT_REQUIRED,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::RetryLater { code: MessageCode::ServerBusy, .. } => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::RetryLater { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Rendered { status, .. } => *status,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// Any database error a handler did not expect is a 500.
impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        ApiError::Internal(format!("database: {error}"))
    }
}

/// A stored row that no longer reads as its kind is a bug: a 500.
impl From<crate::store::nodes::CorruptRow> for ApiError {
    fn from(error: crate::store::nodes::CorruptRow) -> Self {
        ApiError::Internal(format!("corrupt row: {error}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_follow_the_contract() {
        assert_eq!(ApiError::Unauthenticated.status(), 401);
        assert_eq!(ApiError::NotFound.status(), 404);
        assert_eq!(ApiError::invalid("name", MessageCode::FieldRequired).status(), 422);
        assert_eq!(ApiError::Conflict(MessageCode::Conflict).status(), 409);
        assert_eq!(ApiError::InsufficientCredits.status(), 402);
        assert_eq!(ApiError::TooLarge.status(), 413);
        let flood = ApiError::RetryLater { code: MessageCode::TooManyRequests, retry_after: 3 };
        assert_eq!(flood.status(), 429);
        let busy = ApiError::RetryLater { code: MessageCode::ServerBusy, retry_after: 1 };
        assert_eq!(busy.status(), 503);
        assert_eq!(ApiError::internal("x").status(), 500);
    }
}

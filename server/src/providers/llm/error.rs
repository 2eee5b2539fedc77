//! How a call to the model provider can fail, and which failures are worth
//! trying again.

use std::fmt;

use axum::http::StatusCode;
use dastyar_core::MessageCode;

use crate::error::ApiError;

/// What went wrong talking to the provider. The texts are for the log; people
/// read the Persian message of [`LlmError::to_api_error`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LlmError {
    /// `DASTYAR_LLM_BASE_URL` is unset.
    NotConfigured,
    /// The provider does not serve this model.
    UnknownModel(String),
    /// 401/403: the key was refused.
    Unauthorized(String),
    /// 429.
    RateLimited { retry_after: Option<u64> },
    /// Another error status, with the provider's own message.
    Refused { status: u16, message: String },
    /// Connection refused, reset, DNS...
    Unreachable(String),
    /// No first byte, or no next piece of a stream, in time.
    Timeout,
    /// An answer that is not the protocol's shape.
    Malformed(String),
}

impl LlmError {
    /// Worth another attempt after a pause: the provider may get better.
    pub fn is_retryable(&self) -> bool {
        match self {
            LlmError::RateLimited { .. } | LlmError::Unreachable(_) | LlmError::Timeout => true,
            LlmError::Refused { status, .. } => *status >= 500,
            LlmError::NotConfigured
            | LlmError::UnknownModel(_)
            | LlmError::Unauthorized(_)
            | LlmError::Malformed(_) => false,
        }
    }

    /// The error from an error status and its body (the OpenAI envelope
    /// `{"error":{"message","code"}}`, vLLM's older top-level `message`, or
    /// anything else, such as a gateway's HTML page).
    pub fn from_status(status: u16, body: &str, retry_after: Option<u64>) -> LlmError {
        let parsed: Option<serde_json::Value> = serde_json::from_str(body).ok();
        let field = |name: &str| {
            parsed.as_ref().and_then(|v| {
                v.get("error").and_then(|e| e.get(name)).or_else(|| v.get(name)).cloned()
            })
        };
        let message = field("message")
            .and_then(|m| m.as_str().map(str::to_owned))
            .unwrap_or_else(|| format!("HTTP {status}"));
        let code = field("code").and_then(|c| c.as_str().map(str::to_owned)).unwrap_or_default();
        match status {
            401 | 403 => LlmError::Unauthorized(message),
            404 if code == "model_not_found" || message.contains("model") => {
                LlmError::UnknownModel(message)
            }
            429 => LlmError::RateLimited { retry_after },
            _ => LlmError::Refused { status, message },
        }
    }

    /// The Persian answer: 424 (an outside service failed, never our 5xx),
    /// or 422 on `model` for a model the provider does not serve.
    pub fn to_api_error(&self, model: &str) -> ApiError {
        let (code, params) = self.message(model);
        let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
        match self {
            LlmError::UnknownModel(_) => ApiError::invalid_with("model", code, &params),
            _ => ApiError::upstream(code, &params),
        }
    }

    /// The Persian text people read.
    pub fn persian(&self, model: &str) -> String {
        let (code, params) = self.message(model);
        let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
        code.render(&params)
    }

    /// The catalogue code of [`LlmError::persian`].
    pub fn code(&self) -> MessageCode {
        self.message("").0
    }

    fn message(&self, model: &str) -> (MessageCode, Vec<(&'static str, String)>) {
        match self {
            LlmError::NotConfigured => (MessageCode::LlmNotConfigured, vec![]),
            LlmError::UnknownModel(_) => (MessageCode::ModelUnknown, vec![("model", model.into())]),
            LlmError::Unauthorized(_) => (MessageCode::LlmUnauthorized, vec![]),
            LlmError::RateLimited { .. } => (MessageCode::LlmRateLimited, vec![]),
            LlmError::Refused { message, .. } => {
                (MessageCode::LlmRefused, vec![("reason", message.clone())])
            }
            LlmError::Unreachable(_) => (MessageCode::LlmUnreachable, vec![]),
            LlmError::Timeout => (MessageCode::LlmTimeout, vec![]),
            LlmError::Malformed(_) => (MessageCode::LlmBadResponse, vec![]),
        }
    }

    /// The HTTP status [`LlmError::to_api_error`] answers with.
    pub fn status(&self) -> StatusCode {
        match self {
            LlmError::UnknownModel(_) => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::FAILED_DEPENDENCY,
        }
    }

    /// The error of a failed `reqwest` call.
    pub fn from_transport(error: &reqwest::Error) -> LlmError {
        if error.is_timeout() {
            LlmError::Timeout
        } else if error.is_decode() {
            LlmError::Malformed(error.to_string())
        } else {
            LlmError::Unreachable(error.to_string())
        }
    }
}

impl fmt::Display for LlmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LlmError::NotConfigured => f.write_str("no language model provider is configured"),
            LlmError::UnknownModel(m) => write!(f, "unknown model: {m}"),
            LlmError::Unauthorized(m) => write!(f, "unauthorized: {m}"),
            LlmError::RateLimited { retry_after } => write!(f, "rate limited ({retry_after:?})"),
            LlmError::Refused { status, message } => write!(f, "HTTP {status}: {message}"),
            LlmError::Unreachable(m) => write!(f, "unreachable: {m}"),
            LlmError::Timeout => f.write_str("timed out"),
            LlmError::Malformed(m) => write!(f, "malformed answer: {m}"),
        }
    }
}

impl std::error::Error for LlmError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_bodies_of_every_dialect() {
        let openai = r#"{"error":{"message":"The model `x` does not exist","type":"invalid_request_error","param":null,"code":"model_not_found"}}"#;
        assert!(matches!(LlmError::from_status(404, openai, None), LlmError::UnknownModel(_)));
        let vllm_old = r#"{"object":"error","message":"boom","type":"BadRequestError","param":null,"code":400}"#;
        assert_eq!(
            LlmError::from_status(400, vllm_old, None),
            LlmError::Refused { status: 400, message: "boom".into() }
        );
        let html = "<html><body>502 Bad Gateway</body></html>";
        let gateway = LlmError::from_status(502, html, None);
        assert_eq!(gateway, LlmError::Refused { status: 502, message: "HTTP 502".into() });
        assert!(gateway.is_retryable());
        assert_eq!(
            LlmError::from_status(429, "{}", Some(2)),
            LlmError::RateLimited { retry_after: Some(2) }
        );
        assert!(matches!(LlmError::from_status(401, "{}", None), LlmError::Unauthorized(_)));
        assert!(!LlmError::from_status(400, "{}", None).is_retryable());
    }

    #[test]
    fn every_failure_is_a_424_or_a_422_in_persian() {
        for error in [
            LlmError::NotConfigured,
            LlmError::Unauthorized("k".into()),
            LlmError::RateLimited { retry_after: None },
            LlmError::Refused { status: 500, message: "x".into() },
            LlmError::Unreachable("x".into()),
            LlmError::Timeout,
            LlmError::Malformed("x".into()),
        ] {
            assert_eq!(error.status(), StatusCode::FAILED_DEPENDENCY, "{error}");
            assert_eq!(error.to_api_error("m").status(), StatusCode::FAILED_DEPENDENCY, "{error}");
        }
        let unknown = LlmError::UnknownModel("x".into()).to_api_error("gpt-x");
        assert_eq!(unknown.status(), StatusCode::UNPROCESSABLE_ENTITY);
    }
}

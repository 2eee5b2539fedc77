//! Why a call to Google did not succeed, read from Google's two error
//! shapes: OAuth's `{"error": "invalid_grant", "error_description": ...}`
//! and the APIs' `{"error": {"code", "message", "status"}}`.

use std::fmt;

use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GoogleError {
    /// `invalid_grant`: the code or refresh token is expired, revoked or used.
    InvalidGrant(String),
    /// `invalid_client`: our client id or secret is wrong.
    InvalidClient,
    /// 401 `UNAUTHENTICATED`: the access token no longer works.
    Unauthenticated,
    /// 404: no such file, or not shared with the account.
    NotFound,
    /// Any other refusal, with Google's words.
    Refused { status: u16, message: String },
    /// No answer, or one that is not Google's.
    Unreachable(String),
}

impl fmt::Display for GoogleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GoogleError::InvalidGrant(why) => write!(f, "google: invalid_grant ({why})"),
            GoogleError::InvalidClient => f.write_str("google: invalid_client"),
            GoogleError::Unauthenticated => f.write_str("google: access token refused"),
            GoogleError::NotFound => f.write_str("google: not found"),
            GoogleError::Refused { status, message } => write!(f, "google ({status}): {message}"),
            GoogleError::Unreachable(why) => write!(f, "google unreachable: {why}"),
        }
    }
}

impl std::error::Error for GoogleError {}

impl GoogleError {
    /// The error an answer of `status` with `body` carries.
    pub(super) fn of(status: u16, body: &str) -> GoogleError {
        let json: Value = serde_json::from_str(body).unwrap_or(Value::Null);
        match &json["error"] {
            Value::String(error) => {
                let description = json["error_description"].as_str().unwrap_or_default();
                match error.as_str() {
                    "invalid_grant" => GoogleError::InvalidGrant(description.to_owned()),
                    "invalid_client" | "unauthorized_client" => GoogleError::InvalidClient,
                    _ => {
                        GoogleError::Refused { status, message: format!("{error}: {description}") }
                    }
                }
            }
            Value::Object(error) => {
                let message = error.get("message").and_then(Value::as_str).unwrap_or_default();
                match status {
                    401 => GoogleError::Unauthenticated,
                    404 => GoogleError::NotFound,
                    _ => GoogleError::Refused { status, message: message.to_owned() },
                }
            }
            _ if status == 401 => GoogleError::Unauthenticated,
            _ if status == 404 => GoogleError::NotFound,
            _ => GoogleError::Unreachable(format!("HTTP {status}, not Google's error shape")),
        }
    }
}

//! How a call to Telegram can fail, and what people read about it.

use std::fmt;

use dastyar_core::MessageCode;

use crate::error::ApiError;

/// What went wrong. The texts are Telegram's own `description`, for the log
/// and for the webhook's health; people read [`TelegramError::to_api_error`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TelegramError {
    /// 401: the token is malformed, revoked or unknown.
    Unauthorized(String),
    /// 429, with `parameters.retry_after`.
    RateLimited { retry_after: u64 },
    /// 409: a webhook is set while polling, or another poller took over.
    Conflict(String),
    /// Another error status, with Telegram's description.
    Refused { status: u16, description: String },
    /// Connection refused, reset, timed out, or a proxy's HTML page.
    Unreachable(String),
    /// An answer that is not the protocol's shape.
    Malformed(String),
}

impl TelegramError {
    /// Worth another try after a pause.
    pub fn is_retryable(&self) -> bool {
        match self {
            TelegramError::RateLimited { .. } | TelegramError::Unreachable(_) => true,
            TelegramError::Refused { status, .. } => *status >= 500,
            _ => false,
        }
    }

    /// Telegram refused the Markdown of a message (sending it plain will do).
    pub fn is_bad_markup(&self) -> bool {
        matches!(self, TelegramError::Refused { status: 400, description }
            if description.contains("can't parse entities"))
    }

    /// The error for a call about the bot token the user entered: a 422 on
    /// `bot_token` when Telegram does not know it, else a 424.
    pub fn to_api_error(&self) -> ApiError {
        match self {
            TelegramError::Unauthorized(_) => {
                ApiError::invalid("bot_token", MessageCode::TelegramTokenRejected)
            }
            TelegramError::RateLimited { retry_after } => ApiError::upstream(
                MessageCode::TelegramRateLimited,
                &[("seconds", &retry_after.to_string())],
            ),
            TelegramError::Unreachable(_) | TelegramError::Malformed(_) => {
                ApiError::upstream(MessageCode::TelegramUnreachable, &[])
            }
            TelegramError::Conflict(description) | TelegramError::Refused { description, .. } => {
                ApiError::upstream(MessageCode::TelegramRefused, &[("reason", description)])
            }
        }
    }

    /// The Persian text of [`TelegramError::to_api_error`], for a panel's health line.
    pub fn persian(&self) -> String {
        match self {
            TelegramError::Unauthorized(_) => MessageCode::TelegramTokenRejected.persian().into(),
            TelegramError::RateLimited { retry_after } => {
                MessageCode::TelegramRateLimited.render(&[("seconds", &retry_after.to_string())])
            }
            TelegramError::Unreachable(_) | TelegramError::Malformed(_) => {
                MessageCode::TelegramUnreachable.persian().into()
            }
            TelegramError::Conflict(description) | TelegramError::Refused { description, .. } => {
                MessageCode::TelegramRefused.render(&[("reason", description)])
            }
        }
    }
}

impl fmt::Display for TelegramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TelegramError::Unauthorized(d) => write!(f, "unauthorized: {d}"),
            TelegramError::RateLimited { retry_after } => {
                write!(f, "rate limited: retry after {retry_after} s")
            }
            TelegramError::Conflict(d) => write!(f, "conflict: {d}"),
            TelegramError::Refused { status, description } => write!(f, "{status}: {description}"),
            TelegramError::Unreachable(d) => write!(f, "unreachable: {d}"),
            TelegramError::Malformed(d) => write!(f, "malformed answer: {d}"),
        }
    }
}

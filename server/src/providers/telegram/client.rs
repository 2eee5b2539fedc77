//! The Bot API client. The token travels in the path, so no error or log
//! line ever carries a URL (`reqwest::Error::without_url`).

use std::time::Duration;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::error::TelegramError;
use super::protocol::{BotUser, Envelope, WebhookInfo};

/// How many times a call is tried in all when Telegram is busy or away.
const ATTEMPTS: u32 = 3;
const FIRST_BACKOFF: Duration = Duration::from_millis(300);
/// The longest `retry_after` worth waiting for inside one call.
const MAX_BACKOFF: Duration = Duration::from_secs(5);
/// One call, unless it is a long poll.
const CALL_TIMEOUT: Duration = Duration::from_secs(15);
/// What a long poll may take beyond the seconds it asked Telegram to wait.
const POLL_SLACK: Duration = Duration::from_secs(10);

/// Telegram at `base_url` (`https://api.telegram.org`, or a fake).
#[derive(Debug, Clone)]
pub struct TelegramClient {
    base_url: String,
    http: reqwest::Client,
}

impl TelegramClient {
    pub fn new(base_url: &str, http: reqwest::Client) -> TelegramClient {
        TelegramClient { base_url: base_url.trim_end_matches('/').to_owned(), http }
    }

    /// The bot the token belongs to.
    pub async fn get_me(&self, token: &str) -> Result<BotUser, TelegramError> {
        self.call(token, "getMe", &json!({}), CALL_TIMEOUT, ATTEMPTS).await
    }

    /// Telegram posts every update to `url`, with `secret` in
    /// `X-Telegram-Bot-Api-Secret-Token`.
    pub async fn set_webhook(
        &self,
        token: &str,
        url: &str,
        secret: &str,
    ) -> Result<(), TelegramError> {
        let params = json!({"url": url, "secret_token": secret, "allowed_updates": ["message"]});
        self.call::<bool>(token, "setWebhook", &params, CALL_TIMEOUT, ATTEMPTS).await.map(drop)
    }

    /// No more posts; updates wait for `getUpdates` instead.
    pub async fn delete_webhook(&self, token: &str) -> Result<(), TelegramError> {
        self.call::<bool>(token, "deleteWebhook", &json!({}), CALL_TIMEOUT, ATTEMPTS)
            .await
            .map(drop)
    }

    pub async fn get_webhook_info(&self, token: &str) -> Result<WebhookInfo, TelegramError> {
        self.call(token, "getWebhookInfo", &json!({}), CALL_TIMEOUT, ATTEMPTS).await
    }

    /// Updates from `offset` on (confirming those before it), waiting up to
    /// `wait` for one to arrive. Each is returned as it came, for the job.
    pub async fn get_updates(
        &self,
        token: &str,
        offset: i64,
        wait: Duration,
    ) -> Result<Vec<Value>, TelegramError> {
        let params =
            json!({"offset": offset, "timeout": wait.as_secs(), "allowed_updates": ["message"]});
        // One try: the poller's own loop waits and tries again.
        self.call(token, "getUpdates", &params, wait + POLL_SLACK, 1).await
    }

    /// Sends `text` to the chat; `parse_mode` `None` sends it as it is.
    pub async fn send_message(
        &self,
        token: &str,
        chat_id: i64,
        text: &str,
        parse_mode: Option<&str>,
    ) -> Result<(), TelegramError> {
        let mut params = json!({"chat_id": chat_id, "text": text,
                                "link_preview_options": {"is_disabled": true}});
        if let Some(mode) = parse_mode {
            params["parse_mode"] = json!(mode);
        }
        self.call::<Value>(token, "sendMessage", &params, CALL_TIMEOUT, ATTEMPTS).await.map(drop)
    }

    /// "typing…" under the bot's name for five seconds, or until it sends.
    pub async fn send_typing(&self, token: &str, chat_id: i64) -> Result<(), TelegramError> {
        let params = json!({"chat_id": chat_id, "action": "typing"});
        self.call::<bool>(token, "sendChatAction", &params, CALL_TIMEOUT, 1).await.map(drop)
    }

    async fn call<T: DeserializeOwned>(
        &self,
        token: &str,
        method: &str,
        params: &impl Serialize,
        timeout: Duration,
        attempts: u32,
    ) -> Result<T, TelegramError> {
        let mut backoff = FIRST_BACKOFF;
        let mut attempt = 1;
        loop {
            match self.once(token, method, params, timeout).await {
                Err(error) if error.is_retryable() && attempt < attempts => {
                    let pause = match &error {
                        TelegramError::RateLimited { retry_after } => {
                            Duration::from_secs(*retry_after).min(MAX_BACKOFF)
                        }
                        _ => backoff,
                    };
                    tokio::time::sleep(pause).await;
                    backoff *= 2;
                    attempt += 1;
                }
                outcome => return outcome,
            }
        }
    }

    async fn once<T: DeserializeOwned>(
        &self,
        token: &str,
        method: &str,
        params: &impl Serialize,
        timeout: Duration,
    ) -> Result<T, TelegramError> {
        let url = format!("{}/bot{token}/{method}", self.base_url);
        let unreachable =
            |e: reqwest::Error| TelegramError::Unreachable(e.without_url().to_string());
        let response =
            self.http.post(url).json(params).timeout(timeout).send().await.map_err(unreachable)?;
        let status = response.status().as_u16();
        let body = response.bytes().await.map_err(unreachable)?;
        let Ok(envelope) = serde_json::from_slice::<Envelope<T>>(&body) else {
            // A proxy's page, or Telegram saying something new.
            return Err(match status {
                200..=299 => TelegramError::Malformed(format!("{method}: not the Bot API's JSON")),
                _ => TelegramError::Unreachable(format!(
                    "{method}: HTTP {status} without the Bot API's JSON"
                )),
            });
        };
        match (envelope.ok, envelope.result) {
            (true, Some(result)) => Ok(result),
            (true, None) => Err(TelegramError::Malformed(format!("{method}: ok without a result"))),
            (false, _) => {
                let code = envelope.error_code.unwrap_or(status);
                let description = envelope.description.unwrap_or_else(|| format!("HTTP {code}"));
                Err(match code {
                    401 | 404 if method == "getMe" || code == 401 => {
                        TelegramError::Unauthorized(description)
                    }
                    409 => TelegramError::Conflict(description),
                    429 => TelegramError::RateLimited {
                        retry_after: envelope.parameters.and_then(|p| p.retry_after).unwrap_or(1),
                    },
                    _ => TelegramError::Refused { status: code, description },
                })
            }
        }
    }
}

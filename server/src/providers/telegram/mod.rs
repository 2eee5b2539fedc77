//! The Telegram Bot API (`DASTYAR_TELEGRAM_API_URL`): `{base}/bot{token}/{method}`,
//! answers in the envelope `{"ok": true, "result": ...}` or
//! `{"ok": false, "error_code", "description", "parameters"?}`.

mod client;
mod error;
mod protocol;

pub use client::TelegramClient;
pub use error::TelegramError;
pub use protocol::{BotUser, Chat, Message, Update, WebhookInfo};

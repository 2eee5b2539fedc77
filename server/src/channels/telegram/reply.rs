//! Sending an answer to a chat: Markdown turned into Telegram's MarkdownV2,
//! in pieces of at most 4,096 characters, each sent plain if Telegram still
//! refuses its markup.

use super::markdown::{self, MESSAGE_LIMIT};
use crate::providers::telegram::{TelegramClient, TelegramError};

const MARKDOWN_V2: &str = "MarkdownV2";

/// Sends `answer` to the chat; the pieces sent.
pub async fn send(
    telegram: &TelegramClient,
    token: &str,
    chat_id: i64,
    answer: &str,
) -> Result<usize, TelegramError> {
    let pieces = markdown::to_pieces(answer, MESSAGE_LIMIT);
    for piece in &pieces {
        match telegram.send_message(token, chat_id, &piece.text, Some(MARKDOWN_V2)).await {
            Err(error) if error.is_bad_markup() => {
                tracing::warn!(%error, "Telegram refused an answer's markup; sending it plain");
                telegram.send_message(token, chat_id, &piece.plain, None).await?;
            }
            outcome => outcome?,
        }
    }
    Ok(pieces.len())
}

/// Sends a short notice of ours (Persian, no markup).
pub async fn notice(
    telegram: &TelegramClient,
    token: &str,
    chat_id: i64,
    text: &str,
) -> Result<(), TelegramError> {
    telegram.send_message(token, chat_id, text, None).await
}

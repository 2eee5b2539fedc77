//! Handling one update (the job [`super::intake::UPDATE_JOB`]): the first
//! person to write becomes the bot's owner; everyone else's text goes to the
//! assistant joined to the bot, whose answer goes back to the chat, with
//! "typing…" shown while it thinks.

use std::time::Duration;

use dastyar_core::data::NodePayload;
use dastyar_core::{MessageCode, NodeKind};
use serde_json::{Value, json};

use super::{connection, reply};
use crate::channels::answer::{self, Answer, Speaker};
use crate::error::ApiError;
use crate::providers::telegram::{Message, TelegramClient, Update};
use crate::state::AppState;
use crate::store::conversations::Channel;
use crate::store::edges;
use crate::store::nodes::{self, NodeRow};
use crate::store::telegram::{self as store, Mode};

/// Telegram shows "typing…" for five seconds; it is sent again before then.
const TYPING_EVERY: Duration = Duration::from_secs(4);

/// Handles the job's update; what was done, as the job's result.
pub async fn handle(state: &AppState, payload: &Value) -> Result<Value, ApiError> {
    let node_id = payload.get("node_id").and_then(Value::as_i64).unwrap_or_default();
    let update: Update = serde_json::from_value(payload.get("update").cloned().unwrap_or_default())
        .map_err(|e| ApiError::internal(format!("a queued update does not read: {e}")))?;
    let Some(bot) =
        store::get(&state.db, node_id).await?.filter(|b| b.mode() != Mode::Disconnected)
    else {
        return Ok(json!({"ignored": "the bot is not connected"}));
    };
    let Some(row) = nodes::get(state.db.pool(), bot.user_id, node_id).await? else {
        return Ok(json!({"ignored": "the bot's node is gone"}));
    };
    let Some(message) = update.message else {
        return Ok(json!({"ignored": "not a message"}));
    };
    let chat = &message.chat;
    let name = chat.display_name();
    store::saw_chat(&state.db, node_id, chat.id, &name, chat.username.as_deref()).await?;
    let token = connection::token(state, &row)?;
    let telegram = connection::client(state);
    let chat_id = chat.id;
    let notice = async |code: MessageCode, what: &str| -> Result<Value, ApiError> {
        reply::notice(&telegram, &token, chat_id, code.persian())
            .await
            .map_err(|e| e.to_api_error())?;
        Ok(json!({"chat_id": chat_id, "answered": what}))
    };

    if bot.owner_chat_id.is_none() && store::claim_owner(&state.db, node_id, chat.id, &name).await?
    {
        return notice(MessageCode::TelegramOwnerRegistered, "owner_registered").await;
    }
    let Some(text) = message.text.as_deref().map(str::trim).filter(|t| !t.is_empty()) else {
        return notice(MessageCode::TelegramTextOnly, "text_only").await;
    };
    if is_start(text) {
        return notice(MessageCode::TelegramWelcome, "welcome").await;
    }
    let Some(assistant_id) = joined_assistant(state, bot.user_id, &row).await? else {
        return notice(MessageCode::TelegramNoAssistant, "no_assistant").await;
    };
    let answer = with_typing(&telegram, &token, &message, async {
        let visitor = chat.id.to_string();
        let speaker = Speaker {
            owner_id: bot.user_id,
            assistant_node_id: assistant_id,
            channel: Channel::Telegram,
            visitor: &visitor,
            company_id: company_of(&row),
            channel_node_id: row.id,
        };
        answer::ask(state, &speaker, text, &format!("telegram:{}", update.update_id)).await
    })
    .await?;
    match answer {
        Answer::Said(words) if words.trim().is_empty() => {
            Ok(json!({"chat_id": chat_id, "answered": "nothing"}))
        }
        Answer::Said(words) => {
            let pieces = reply::send(&telegram, &token, chat_id, &words)
                .await
                .map_err(|e| e.to_api_error())?;
            Ok(json!({"chat_id": chat_id, "answered": "assistant", "pieces": pieces}))
        }
        Answer::Unavailable(why) => {
            tracing::warn!(node = node_id, %why, "a Telegram message could not be answered");
            notice(MessageCode::AssistantUnavailable, "unavailable").await
        }
    }
}

/// The company the bot talks for, when it has one.
fn company_of(row: &NodeRow) -> Option<i64> {
    match row.payload() {
        Ok(NodePayload::Telegram(payload)) => payload.company_id,
        _ => None,
    }
}

/// `/start` (also `/start payload` and `/start@bot`), Telegram's first word.
fn is_start(text: &str) -> bool {
    let command = text.split_whitespace().next().unwrap_or_default();
    command == "/start" || command.starts_with("/start@")
}

/// The assistant joined to the bot (the oldest edge, if several).
async fn joined_assistant(
    state: &AppState,
    user_id: i64,
    row: &NodeRow,
) -> Result<Option<i64>, ApiError> {
    let mut conn = state.db.pool().acquire().await?;
    let touching = edges::list_touching(&mut conn, user_id, row.project_id, &[row.id]).await?;
    let assistant = NodeKind::Assistant.as_str();
    Ok(touching.iter().find_map(|edge| {
        match (edge.source_id == row.id, edge.target_id == row.id) {
            (true, _) if edge.target_type == assistant => Some(edge.target_id),
            (_, true) if edge.source_type == assistant => Some(edge.source_id),
            _ => None,
        }
    }))
}

/// Runs `work` while the chat shows "typing…".
async fn with_typing<T>(
    telegram: &TelegramClient,
    token: &str,
    message: &Message,
    work: impl Future<Output = T>,
) -> T {
    let typing = async {
        loop {
            if let Err(error) = telegram.send_typing(token, message.chat.id).await {
                tracing::debug!(%error, "typing… was not shown");
            }
            tokio::time::sleep(TYPING_EVERY).await;
        }
    };
    tokio::select! {
        done = work => done,
        () = typing => unreachable!("typing never ends by itself"),
    }
}

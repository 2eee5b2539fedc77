//! One exchange on a channel: the person's words go into their conversation
//! with the assistant (started on their first message) and the whole answer
//! comes back, for channels that send answers whole (Telegram).

use std::time::Duration;

use dastyar_core::MessageCode;

use crate::error::ApiError;
use crate::runtime::conversations;
use crate::runtime::turn_event::{TurnEvent, TurnStatus};
use crate::state::AppState;
use crate::store::conversations::{self as store, Channel, NewConversation};

/// How long a message waits for the answer to the person's previous one.
const BUSY_WAIT: Duration = Duration::from_secs(120);
const BUSY_PAUSE: Duration = Duration::from_millis(500);

/// Who is speaking, where, to which assistant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Speaker<'a> {
    /// The builder who owns the assistant (and pays for its answers).
    pub owner_id: i64,
    pub assistant_node_id: i64,
    pub channel: Channel,
    /// The person on the channel (a Telegram chat id, a widget visitor).
    pub visitor: &'a str,
    /// The company the channel talks for, which owns the conversation.
    pub company_id: Option<i64>,
    /// The bot's node the person wrote to.
    pub channel_node_id: i64,
}

/// What came of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The assistant's words (empty if it said nothing).
    Said(String),
    /// It could not answer (no credits, the provider away); the person
    /// reads [`MessageCode::AssistantUnavailable`], the log says why.
    Unavailable(String),
}

/// Asks the assistant. `key` names the message on the channel (a Telegram
/// update), so a message handled twice is answered once and charged once.
pub async fn ask(
    state: &AppState,
    speaker: &Speaker<'_>,
    text: &str,
    key: &str,
) -> Result<Answer, ApiError> {
    let conversation = match store::of_visitor(
        &state.db,
        speaker.owner_id,
        speaker.assistant_node_id,
        speaker.channel,
        speaker.visitor,
    )
    .await?
    {
        Some(found) => found,
        None => {
            let new = NewConversation {
                user_id: speaker.owner_id,
                assistant_node_id: speaker.assistant_node_id,
                channel: speaker.channel,
                visitor: Some(speaker.visitor),
                company_id: speaker.company_id,
                channel_node_id: Some(speaker.channel_node_id),
            };
            store::insert(&state.db, &new).await?
        }
    };
    let waited_since = tokio::time::Instant::now();
    let mut events = loop {
        match conversations::send(state, speaker.owner_id, conversation.id, text, Some(key)).await {
            Ok(events) => break events,
            Err(ApiError::Conflict(MessageCode::ConversationBusy))
                if waited_since.elapsed() < BUSY_WAIT =>
            {
                tokio::time::sleep(BUSY_PAUSE).await;
            }
            Err(ApiError::NotFound) => return Err(ApiError::NotFound),
            // No credits, no provider, the provider refusing: the person is
            // told politely; the builder sees it in the log and the panel.
            Err(error) => return Ok(Answer::Unavailable(format!("{error:?}"))),
        }
    };
    let mut said = String::new();
    let mut failure = None;
    // Words before a tool call and after it are two paragraphs, not one run-on.
    let mut new_paragraph = false;
    while let Some(event) = events.recv().await {
        match event {
            TurnEvent::Delta { text } => {
                if std::mem::take(&mut new_paragraph) && !said.trim().is_empty() {
                    said.push_str("\n\n");
                }
                said.push_str(&text);
            }
            TurnEvent::ToolCall { .. } => new_paragraph = true,
            TurnEvent::Error { message, .. } => failure = Some(message),
            TurnEvent::Done { status, .. } => {
                if status != TurnStatus::Completed && said.trim().is_empty() {
                    return Ok(Answer::Unavailable(
                        failure.unwrap_or_else(|| format!("{status:?}")),
                    ));
                }
                break;
            }
            _ => {}
        }
    }
    Ok(Answer::Said(said))
}

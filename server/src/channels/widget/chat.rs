//! The chat a visitor has on a frame: their latest conversation with the
//! frame's assistant (kept across page loads), a new one, and a message
//! whose answer streams back. The visitor sees the answer's words and
//! failures in Persian, never the builder's credits or tools.

use axum::http::StatusCode;
use dastyar_core::messages::MessageCode;
use serde::Serialize;
use tokio::sync::mpsc;
use ts_rs::TS;
use utoipa::ToSchema;

use super::session::{self, LiveFrame, live_frame};
use super::visitor_token::Visitor;
use crate::error::ApiError;
use crate::knowledge::citation::Citation;
use crate::runtime::conversations;
use crate::runtime::turn_event::{TurnEvent, TurnStatus};
use crate::state::AppState;
use crate::store::conversations::{self as store, Channel, ConversationRow, NewConversation, Role};

/// The visitor's conversation as the chat window shows it.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WidgetConversation {
    /// None before the visitor's first message.
    pub id: Option<i64>,
    pub messages: Vec<WidgetMessage>,
}

#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WidgetMessage {
    pub id: i64,
    pub role: Role,
    pub content: String,
    /// On an answer that drew on the assistant's documents: where from.
    pub sources: Vec<Citation>,
    pub created_at: String,
}

/// A conversation just started.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WidgetConversationStarted {
    pub id: i64,
}

/// One event of an answer on the widget.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum WidgetEvent {
    Started {
        conversation_id: i64,
    },
    Delta {
        text: String,
    },
    /// The documents the answer drew on, once it is complete.
    Sources {
        sources: Vec<Citation>,
    },
    Error {
        #[schema(value_type = String)]
        code: MessageCode,
        message: String,
    },
    Done {
        status: TurnStatus,
    },
}

impl WidgetEvent {
    pub fn name(&self) -> &'static str {
        match self {
            WidgetEvent::Started { .. } => "started",
            WidgetEvent::Delta { .. } => "delta",
            WidgetEvent::Sources { .. } => "sources",
            WidgetEvent::Error { .. } => "error",
            WidgetEvent::Done { .. } => "done",
        }
    }
}

/// The frame and visitor a token names, for the frame `key` (401 otherwise).
pub async fn visitor(
    state: &AppState,
    key: &str,
    token: Option<&str>,
) -> Result<(LiveFrame, Visitor), ApiError> {
    let expired =
        || ApiError::with_status(StatusCode::UNAUTHORIZED, MessageCode::WidgetSessionExpired);
    let visitor = token.and_then(|t| state.visitor_tokens.verify(t)).ok_or_else(expired)?;
    let live = live_frame(state, key).await?;
    if live.frame.id != visitor.frame_id {
        return Err(expired());
    }
    Ok((live, visitor))
}

/// The visitor's latest conversation on the frame (empty before the first message).
pub async fn latest(
    state: &AppState,
    live: &LiveFrame,
    visitor: &Visitor,
) -> Result<WidgetConversation, ApiError> {
    let Some(assistant) = live.payload.assistant_id else {
        return Ok(WidgetConversation { id: None, messages: Vec::new() });
    };
    let who = visitor_key(live, visitor);
    let found =
        store::of_visitor(&state.db, live.frame.user_id, assistant, Channel::Widget, &who).await?;
    let Some(conversation) = found else {
        return Ok(WidgetConversation { id: None, messages: Vec::new() });
    };
    let messages = store::messages(&state.db, conversation.id)
        .await?
        .into_iter()
        .filter(|m| {
            matches!(m.role(), Role::User | Role::Assistant) && !m.content.trim().is_empty()
        })
        .map(|m| WidgetMessage {
            id: m.id,
            role: m.role(),
            sources: conversations::sources(&m).unwrap_or_default(),
            content: m.content,
            created_at: m.created_at,
        })
        .collect();
    Ok(WidgetConversation { id: Some(conversation.id), messages })
}

/// Starts a new conversation for the visitor (the old one stays stored).
pub async fn start(
    state: &AppState,
    live: &LiveFrame,
    visitor: &Visitor,
) -> Result<WidgetConversationStarted, ApiError> {
    let assistant = live.payload.assistant_id.filter(|_| live.active());
    let assistant = assistant.ok_or(ApiError::Conflict(MessageCode::FrameInactive))?;
    let row = insert(state, live, visitor, assistant).await?;
    Ok(WidgetConversationStarted { id: row.id })
}

/// The visitor says `text`; the answer's events stream back.
pub async fn send(
    state: &AppState,
    live: &LiveFrame,
    visitor: &Visitor,
    text: &str,
    client_key: Option<&str>,
) -> Result<mpsc::Receiver<WidgetEvent>, ApiError> {
    let assistant = live.payload.assistant_id.filter(|_| live.active());
    let assistant = assistant.ok_or(ApiError::Conflict(MessageCode::FrameInactive))?;
    let who = visitor_key(live, visitor);
    let conversation =
        match store::of_visitor(&state.db, live.frame.user_id, assistant, Channel::Widget, &who)
            .await?
        {
            Some(found) => found,
            None => insert(state, live, visitor, assistant).await?,
        };
    let events = conversations::send(state, live.frame.user_id, conversation.id, text, client_key)
        .await
        .map_err(for_visitor)?;
    Ok(visible(events))
}

/// Failures that are the builder's business (credits, the provider) read
/// to the visitor as the assistant being unavailable.
fn for_visitor(error: ApiError) -> ApiError {
    match error.status().as_u16() {
        402 | 424 | 500.. => {
            tracing::warn!(?error, "a widget message could not be answered");
            ApiError::with_status(
                StatusCode::SERVICE_UNAVAILABLE,
                MessageCode::AssistantUnavailable,
            )
        }
        _ => error,
    }
}

/// Only the words and the end reach the visitor.
fn visible(mut events: mpsc::Receiver<TurnEvent>) -> mpsc::Receiver<WidgetEvent> {
    let (sender, receiver) = mpsc::channel(64);
    tokio::spawn(async move {
        while let Some(event) = events.recv().await {
            let shown = match event {
                TurnEvent::Started { conversation_id, .. } => {
                    WidgetEvent::Started { conversation_id }
                }
                TurnEvent::Delta { text } => WidgetEvent::Delta { text },
                TurnEvent::Sources { sources } => WidgetEvent::Sources { sources },
                TurnEvent::Error { code, message } => match code {
                    MessageCode::ToolLoopLimit | MessageCode::ConversationBusy => {
                        WidgetEvent::Error { code, message }
                    }
                    _ => WidgetEvent::Error {
                        code: MessageCode::AssistantUnavailable,
                        message: MessageCode::AssistantUnavailable.persian().to_owned(),
                    },
                },
                TurnEvent::Done { status, .. } => WidgetEvent::Done { status },
                _ => continue,
            };
            if sender.send(shown).await.is_err() {
                // The visitor left; the turn finishes on its own.
                break;
            }
        }
    });
    receiver
}

/// How a widget conversation names its visitor: per frame.
fn visitor_key(live: &LiveFrame, visitor: &Visitor) -> String {
    format!("{}:{}", live.frame.id, visitor.id)
}

async fn insert(
    state: &AppState,
    live: &LiveFrame,
    visitor: &Visitor,
    assistant: i64,
) -> Result<ConversationRow, ApiError> {
    let who = visitor_key(live, visitor);
    // The owner's previews are not the site's conversations: no analyzer reads them.
    let channel_node_id = (!session::is_preview(&visitor.id)).then_some(live.frame.node_id);
    let new = NewConversation {
        user_id: live.frame.user_id,
        assistant_node_id: assistant,
        channel: Channel::Widget,
        visitor: Some(&who),
        company_id: Some(live.frame.company_id),
        channel_node_id,
    };
    Ok(store::insert(&state.db, &new).await?)
}

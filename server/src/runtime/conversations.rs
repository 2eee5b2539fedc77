//! Conversations with an assistant: start, list, read, delete, and the two
//! ways a turn begins (a message from the person, a function result from the
//! caller). The test frame uses this now; the widget and Telegram will too.

use dastyar_core::MessageCode;
use serde::Serialize;
use tokio::sync::mpsc;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::billing::usage;
use crate::error::ApiError;
use crate::knowledge::citation::Citation;
use crate::runtime::assistant_setup::AssistantSetup;
use crate::runtime::history;
use crate::runtime::turn::{self, Events, Start, pending_calls};
use crate::runtime::turn_event::{PendingCall, TokenUsage, ToolKind, TurnEvent, TurnStatus};
use crate::state::AppState;
use crate::store::conversations::{
    self as store, Channel, ConversationRow, MessageRow, NewConversation, Role,
};

/// The longest message a person may send, in characters.
pub const MESSAGE_MAX: usize = 8_000;

/// A conversation as listed.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConversationView {
    pub id: i64,
    /// The assistant node's database id.
    pub assistant_id: i64,
    pub channel: Channel,
    /// Its first words, once it has any.
    pub title: String,
    pub created_at: String,
    pub updated_at: String,
}

/// A conversation with its messages.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConversationDetail {
    #[serde(flatten)]
    pub conversation: ConversationView,
    pub messages: Vec<MessageView>,
    /// Function calls waiting for the caller's result.
    pub pending_calls: Vec<PendingCall>,
}

/// One turn.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct MessageView {
    pub id: i64,
    pub role: Role,
    pub content: String,
    /// On an answer that called tools.
    pub tool_calls: Vec<ToolCallView>,
    /// On a tool's result: the call it answers and the tool's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tool_call_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub tool_name: Option<String>,
    /// On an answer: what it cost.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub credits: Option<i64>,
    /// On an answer that drew on the assistant's knowledge: where from.
    pub sources: Vec<Citation>,
    pub created_at: String,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ToolCallView {
    pub id: String,
    pub name: String,
    pub arguments: String,
}

impl ConversationView {
    fn of(row: &ConversationRow) -> ConversationView {
        ConversationView {
            id: row.id,
            assistant_id: row.assistant_node_id,
            channel: row.channel(),
            title: row.title.clone(),
            created_at: row.created_at.clone(),
            updated_at: row.updated_at.clone(),
        }
    }
}

impl MessageView {
    fn of(row: &MessageRow) -> MessageView {
        MessageView {
            id: row.id,
            role: row.role(),
            content: row.content.clone(),
            tool_calls: history::tool_calls(row)
                .into_iter()
                .map(|c| ToolCallView {
                    id: c.id,
                    name: c.function.name,
                    arguments: c.function.arguments,
                })
                .collect(),
            tool_call_id: row.tool_call_id.clone(),
            tool_name: row.tool_name.clone(),
            credits: row.credits,
            sources: sources(row).unwrap_or_default(),
            created_at: row.created_at.clone(),
        }
    }
}

/// The passages a stored answer drew on, if it has any that read.
pub fn sources(row: &MessageRow) -> Option<Vec<Citation>> {
    serde_json::from_str(row.sources.as_deref()?).ok()
}

/// Starts a test-frame conversation with the user's assistant `assistant_id`.
pub async fn start(
    state: &AppState,
    user_id: i64,
    assistant_id: i64,
) -> Result<ConversationView, ApiError> {
    let setup = AssistantSetup::load(state, user_id, assistant_id).await?;
    let row =
        store::insert(&state.db, &NewConversation::test_frame(user_id, setup.node.id)).await?;
    Ok(ConversationView::of(&row))
}

/// The user's test-frame conversations with an assistant, latest first.
pub async fn list(
    state: &AppState,
    user_id: i64,
    assistant_id: i64,
) -> Result<Vec<ConversationView>, ApiError> {
    let setup = AssistantSetup::load(state, user_id, assistant_id).await?;
    let rows = store::list(&state.db, user_id, setup.node.id, Channel::TestFrame).await?;
    Ok(rows.iter().map(ConversationView::of).collect())
}

/// One of the user's conversations with its messages.
pub async fn read(state: &AppState, user_id: i64, id: i64) -> Result<ConversationDetail, ApiError> {
    let row = store::get(&state.db, user_id, id).await?.ok_or(ApiError::NotFound)?;
    let setup = AssistantSetup::load(state, user_id, row.assistant_node_id).await?;
    let rows = store::messages(&state.db, row.id).await?;
    Ok(ConversationDetail {
        conversation: ConversationView::of(&row),
        pending_calls: pending_calls(&rows, &setup),
        messages: rows.iter().map(MessageView::of).collect(),
    })
}

pub async fn delete(state: &AppState, user_id: i64, id: i64) -> Result<(), ApiError> {
    if store::delete(&state.db, user_id, id).await? { Ok(()) } else { Err(ApiError::NotFound) }
}

/// The person says `text`; the answer streams back. A key the client sent
/// before answers with what was answered then, charging nothing again (or
/// answers now, if the provider failed that time).
pub async fn send(
    state: &AppState,
    user_id: i64,
    id: i64,
    text: &str,
    client_key: Option<&str>,
) -> Result<Events, ApiError> {
    if text.chars().count() > MESSAGE_MAX {
        let max = MESSAGE_MAX.to_string();
        return Err(ApiError::invalid_with(
            "content",
            MessageCode::MessageTooLong,
            &[("max", &max)],
        ));
    }
    let text = text.trim();
    if text.is_empty() {
        return Err(ApiError::invalid("content", MessageCode::MessageEmpty));
    }
    let (row, setup, history) = ready(state, user_id, id, History::Read).await?;
    if let Some(key) = client_key
        && let Some(sent) = store::by_client_key(&state.db, row.id, key).await?
    {
        // Read again if it was stored after the history was read.
        let rows = match history.iter().any(|r| r.id == sent.id) {
            true => history,
            false => store::messages(&state.db, row.id).await?,
        };
        let answered = rows.iter().any(|r| r.id > sent.id && r.role() == Role::Assistant);
        if answered {
            return replay(state, user_id, &row, &setup, &rows, sent.id).await;
        }
        return turn::open(state, &row, setup, Start::Resume { user_message_id: sent.id }).await;
    }
    let start = Start::Message {
        text: text.to_owned(),
        client_key: client_key.map(str::to_owned),
        history,
    };
    turn::open(state, &row, setup, start).await
}

/// The caller ran a function the model called; the model goes on.
pub async fn post_tool_result(
    state: &AppState,
    user_id: i64,
    id: i64,
    tool_call_id: &str,
    output: &str,
) -> Result<Events, ApiError> {
    let (row, setup, _) = ready(state, user_id, id, History::Later).await?;
    let start =
        Start::ToolResult { tool_call_id: tool_call_id.to_owned(), output: output.to_owned() };
    turn::open(state, &row, setup, start).await
}

/// Whether [`ready`] reads what was said so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum History {
    /// Now, beside the rest (a message is stored with a claim that checks
    /// nobody else is answering, so nothing can slip in between).
    Read,
    /// After the turn claims the conversation (a function's result must
    /// answer a call still waiting when it is stored).
    Later,
}

/// The user's conversation, its assistant and (if asked) what was said in
/// it so far, when a turn may run: a provider is configured and credits remain.
async fn ready(
    state: &AppState,
    user_id: i64,
    id: i64,
    history: History,
) -> Result<(ConversationRow, AssistantSetup, Vec<MessageRow>), ApiError> {
    let (row, project_id) =
        store::get_with_project(&state.db, user_id, id).await?.ok_or(ApiError::NotFound)?;
    let said = async {
        match history {
            History::Read => store::messages(&state.db, row.id).await,
            History::Later => Ok(Vec::new()),
        }
    };
    // Read side by side; refused in this order all the same.
    let (setup, credits, history) = tokio::join!(
        AssistantSetup::load_in(state, user_id, row.assistant_node_id, project_id),
        usage::require_credits(state, user_id),
        said
    );
    let setup = setup?;
    state.llm.client().map_err(|e| e.to_api_error(setup.model()))?;
    credits?;
    Ok((row, setup, history?))
}

/// The events of a turn answered before (for the person's message
/// `user_message_id`), as they were sent then; nothing is charged again.
async fn replay(
    state: &AppState,
    user_id: i64,
    conversation: &ConversationRow,
    setup: &AssistantSetup,
    rows: &[MessageRow],
    user_message_id: i64,
) -> Result<Events, ApiError> {
    let turn_rows: Vec<&MessageRow> = rows
        .iter()
        .skip_while(|r| r.id <= user_message_id)
        .take_while(|r| r.role() != Role::User)
        .collect();
    let mut events = vec![TurnEvent::Started {
        conversation_id: conversation.id,
        user_message_id: Some(user_message_id),
    }];
    let mut usage = TokenUsage::default();
    let mut last = None;
    for row in &turn_rows {
        match row.role() {
            Role::Assistant => {
                last = Some(row.id);
                usage.prompt_tokens += row.prompt_tokens.unwrap_or(0) as u32;
                usage.completion_tokens += row.completion_tokens.unwrap_or(0) as u32;
                if !row.content.is_empty() {
                    events.push(TurnEvent::Delta { text: row.content.clone() });
                }
                for call in history::tool_calls(row) {
                    let target = setup.tool(&call.function.name).and_then(|t| setup.target(t));
                    let kind = ToolKind::of(target.as_ref());
                    events.push(TurnEvent::ToolCall {
                        id: call.id,
                        name: call.function.name,
                        kind,
                        arguments: call.function.arguments,
                    });
                }
            }
            Role::Tool => events.push(TurnEvent::ToolResult {
                id: row.tool_call_id.clone().unwrap_or_default(),
                name: row.tool_name.clone().unwrap_or_default(),
                ok: true,
                output: row.content.clone(),
            }),
            Role::User => {}
        }
    }
    let cited = turn_rows.iter().rev().find_map(|row| sources(row)).filter(|s| !s.is_empty());
    if let Some(sources) = cited {
        events.push(TurnEvent::Sources { sources });
    }
    // Calls can wait only at the end of the conversation.
    let is_latest = rows.last().map(|r| r.id) == turn_rows.last().map(|r| r.id);
    let pending = if is_latest { pending_calls(rows, setup) } else { Vec::new() };
    let status = if pending.is_empty() {
        TurnStatus::Completed
    } else {
        events.push(TurnEvent::AwaitingFunction { calls: pending });
        TurnStatus::AwaitingFunction
    };
    let balance = crate::billing::credits::balance(state, user_id).await?;
    events.push(TurnEvent::Done { status, message_id: last, usage, credits: 0, balance });
    let (sender, receiver) = mpsc::channel(events.len());
    for event in events {
        let _ = sender.try_send(event);
    }
    Ok(receiver)
}

//! What a turn of a conversation reports as it happens, streamed to the
//! caller as server-sent events (`event: <type>`, `data: <json>`).

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use dastyar_core::MessageCode;

use crate::knowledge::citation::Citation;
use crate::runtime::assistant_setup::ToolTarget;

/// One event of a streamed answer.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum TurnEvent {
    /// The turn began; the person's message is stored under this id.
    Started { conversation_id: i64, user_message_id: Option<i64> },
    /// A piece of the answer's text, as the model wrote it.
    Delta { text: String },
    /// The model called a tool.
    ToolCall { id: String, name: String, kind: ToolKind, arguments: String },
    /// A tool the server ran gave its result.
    ToolResult { id: String, name: String, ok: bool, output: String },
    /// The passages the answer drew on, once it is complete.
    Sources { sources: Vec<Citation> },
    /// The conversation waits for the caller to run these functions and
    /// post their results.
    AwaitingFunction { calls: Vec<PendingCall> },
    /// Something failed after the stream began, in Persian.
    Error {
        #[schema(value_type = String)]
        code: MessageCode,
        message: String,
    },
    /// The turn ended.
    Done {
        status: TurnStatus,
        /// The last assistant message written.
        message_id: Option<i64>,
        usage: TokenUsage,
        /// Credits this turn cost.
        credits: i64,
        /// The balance afterwards.
        balance: i64,
    },
}

impl TurnEvent {
    /// The SSE event name.
    pub fn name(&self) -> &'static str {
        match self {
            TurnEvent::Started { .. } => "started",
            TurnEvent::Delta { .. } => "delta",
            TurnEvent::ToolCall { .. } => "tool_call",
            TurnEvent::ToolResult { .. } => "tool_result",
            TurnEvent::Sources { .. } => "sources",
            TurnEvent::AwaitingFunction { .. } => "awaiting_function",
            TurnEvent::Error { .. } => "error",
            TurnEvent::Done { .. } => "done",
        }
    }
}

/// Who runs a tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum ToolKind {
    /// The caller (a function node).
    Function,
    /// The server (a request node against its API definition).
    Request,
    /// The server (a search of the assistant's knowledge).
    Knowledge,
    /// The server (a post on the node's WordPress site).
    Wordpress,
    /// The server (an SMS through the node's Kavenegar account).
    Sms,
    /// Not one of the assistant's tools.
    Unknown,
}

impl ToolKind {
    /// Who runs a call to `target` (none: not one of the assistant's tools).
    pub fn of(target: Option<&ToolTarget>) -> ToolKind {
        match target {
            Some(ToolTarget::Function) => ToolKind::Function,
            Some(ToolTarget::Request { .. }) => ToolKind::Request,
            Some(ToolTarget::Knowledge { .. }) => ToolKind::Knowledge,
            Some(ToolTarget::Wordpress { .. }) => ToolKind::Wordpress,
            Some(ToolTarget::Sms { .. }) => ToolKind::Sms,
            None => ToolKind::Unknown,
        }
    }
}

/// A function call waiting for its result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct PendingCall {
    pub id: String,
    pub name: String,
    /// JSON text as the model wrote it.
    pub arguments: String,
}

/// How a turn ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum TurnStatus {
    /// The model answered in words.
    Completed,
    /// It waits for function results from the caller.
    AwaitingFunction,
    /// The tool loop reached its bound.
    ToolLimit,
    /// Credits ran out between two steps.
    OutOfCredits,
    /// The provider failed mid-way.
    Failed,
}

/// Tokens counted over the turn's model calls.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct TokenUsage {
    pub prompt_tokens: u32,
    pub completion_tokens: u32,
}

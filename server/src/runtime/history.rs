//! A conversation's stored turns as the model reads them: the system prompt,
//! then as much of the history as the model's budget holds (core's rule),
//! with every tool call answered.

use std::collections::HashSet;

use dastyar_core::context_budget::{BudgetItem, BudgetRole, estimate_tokens, trim};

use crate::providers::llm::{ChatMessage, ToolCall, ToolDefinition};
use crate::store::conversations::{MessageRow, Role};

/// What a call the caller never answered reads as, so the model knows.
pub const SKIPPED_RESULT: &str = "The caller sent no result for this call and went on.";

/// The messages to send: the system prompt and the trimmed history.
pub fn context(
    system_prompt: &str,
    tools: &[ToolDefinition],
    model: &str,
    rows: &[MessageRow],
) -> Vec<ChatMessage> {
    let history = answered(rows.iter().map(message).collect());
    let items: Vec<BudgetItem> = history.iter().map(budget_item).collect();
    let tool_tokens = serde_json::to_string(tools).map_or(0, |json| estimate_tokens(&json));
    let start = trim(&items, estimate_tokens(system_prompt) + tool_tokens, model);
    let mut messages = Vec::with_capacity(history.len() - start + 1);
    if !system_prompt.is_empty() {
        messages.push(ChatMessage::System { content: system_prompt.to_owned() });
    }
    messages.extend(history.into_iter().skip(start));
    messages
}

/// A stored turn as a chat message.
pub fn message(row: &MessageRow) -> ChatMessage {
    match row.role() {
        Role::User => ChatMessage::User { content: row.content.clone() },
        Role::Assistant => ChatMessage::Assistant {
            content: (!row.content.is_empty()).then(|| row.content.clone()),
            tool_calls: tool_calls(row),
        },
        Role::Tool => ChatMessage::Tool {
            tool_call_id: row.tool_call_id.clone().unwrap_or_default(),
            content: row.content.clone(),
        },
    }
}

/// The calls stored on an assistant turn.
pub fn tool_calls(row: &MessageRow) -> Vec<ToolCall> {
    row.tool_calls.as_deref().and_then(|json| serde_json::from_str(json).ok()).unwrap_or_default()
}

/// Providers refuse a tool call without its answer: a call left unanswered
/// (the person went on instead of posting a function's result) gets one.
fn answered(history: Vec<ChatMessage>) -> Vec<ChatMessage> {
    let results: HashSet<String> = history
        .iter()
        .filter_map(|m| match m {
            ChatMessage::Tool { tool_call_id, .. } => Some(tool_call_id.clone()),
            _ => None,
        })
        .collect();
    let mut out = Vec::with_capacity(history.len());
    for message in history {
        let missing: Vec<String> = match &message {
            ChatMessage::Assistant { tool_calls, .. } => tool_calls
                .iter()
                .filter(|call| !results.contains(&call.id))
                .map(|call| call.id.clone())
                .collect(),
            _ => Vec::new(),
        };
        out.push(message);
        out.extend(missing.into_iter().map(|tool_call_id| ChatMessage::Tool {
            tool_call_id,
            content: SKIPPED_RESULT.to_owned(),
        }));
    }
    out
}

fn budget_item(message: &ChatMessage) -> BudgetItem {
    let (role, tokens) = match message {
        ChatMessage::System { content } | ChatMessage::User { content } => {
            (BudgetRole::User, estimate_tokens(content))
        }
        ChatMessage::Assistant { content, tool_calls } if tool_calls.is_empty() => {
            (BudgetRole::Assistant, estimate_tokens(content.as_deref().unwrap_or_default()))
        }
        ChatMessage::Assistant { content, tool_calls } => {
            let calls = serde_json::to_string(tool_calls).unwrap_or_default();
            let text = content.as_deref().unwrap_or_default();
            (BudgetRole::AssistantToolCalls, estimate_tokens(text) + estimate_tokens(&calls))
        }
        ChatMessage::Tool { content, .. } => (BudgetRole::Tool, estimate_tokens(content)),
    };
    BudgetItem { tokens, role }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, role: &str, content: &str) -> MessageRow {
        MessageRow { id, ..MessageRow::unsaved(1, Role::parse(role), content) }
    }

    #[test]
    fn an_unanswered_call_gets_an_answer_before_the_next_question() {
        let mut call = row(2, "assistant", "");
        call.tool_calls = Some(
            r#"[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{}"}}]"#
                .into(),
        );
        let rows = [row(1, "user", "سلام"), call, row(3, "user", "ادامه")];
        let messages = context("راهنما", &[], "gpt-4.1-nano", &rows);
        let roles: Vec<&str> = messages
            .iter()
            .map(|m| match m {
                ChatMessage::System { .. } => "system",
                ChatMessage::User { .. } => "user",
                ChatMessage::Assistant { .. } => "assistant",
                ChatMessage::Tool { .. } => "tool",
            })
            .collect();
        assert_eq!(roles, ["system", "user", "assistant", "tool", "user"]);
        assert_eq!(
            messages[3],
            ChatMessage::Tool { tool_call_id: "call_1".into(), content: SKIPPED_RESULT.into() }
        );
    }

    #[test]
    fn a_long_history_is_trimmed_to_the_budget() {
        // An unknown model has the smallest window; 400 long turns overflow it.
        let rows: Vec<MessageRow> = (0..400)
            .map(|i| row(i, if i % 2 == 0 { "user" } else { "assistant" }, &"کلمه ".repeat(50)))
            .collect();
        let messages = context("", &[], "tiny-local-model", &rows);
        assert!(messages.len() < 400 && messages.len() > 2, "{}", messages.len());
        assert_eq!(messages.last(), Some(&message(&rows[399])));
    }
}

//! How much a node's field may hold. Without a cap one project of fifty
//! nodes with megabytes of instructions each is a hundred megabytes on
//! every read of the canvas; with these caps a node stays well under a
//! megabyte whatever is typed into it. The request body cap (2 MB) is the
//! outer wall; these are the rooms.

use serde_json::Value;

use super::FieldError;
use crate::data::NodeData;
use crate::messages::MessageCode;

/// Any short text: descriptions, titles, addresses, names of things.
pub const TEXT_MAX_CHARS: usize = 2_000;
/// A message sent on: an SMS text, a trigger's message template.
pub const MESSAGE_MAX_CHARS: usize = 4_000;
/// What an assistant is told: its instructions, an instruction node.
pub const INSTRUCTIONS_MAX_CHARS: usize = 32_000;
/// Structured content and long bodies (a request body, a post, a function's
/// parameter schema, free-form settings), measured as JSON text.
pub const CONTENT_MAX_CHARS: usize = 64_000;
/// A file node's list of entries (the server keeps it; the files' bytes are
/// counted against the plan's storage, not here).
pub const FILES_MAX_CHARS: usize = 256_000;

/// What kind of room a field has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldSize {
    Text,
    Message,
    Instructions,
    Content,
    Files,
}

impl FieldSize {
    pub fn max_chars(self) -> usize {
        match self {
            FieldSize::Text => TEXT_MAX_CHARS,
            FieldSize::Message => MESSAGE_MAX_CHARS,
            FieldSize::Instructions => INSTRUCTIONS_MAX_CHARS,
            FieldSize::Content => CONTENT_MAX_CHARS,
            FieldSize::Files => FILES_MAX_CHARS,
        }
    }

    pub fn code(self) -> MessageCode {
        match self {
            FieldSize::Text => MessageCode::TextTooLong,
            FieldSize::Message => MessageCode::NodeMessageTooLong,
            FieldSize::Instructions => MessageCode::InstructionsTooLong,
            FieldSize::Content | FieldSize::Files => MessageCode::ContentTooLarge,
        }
    }

    /// The room of the node-data field `key` holding `value`.
    pub fn of(key: &str, value: &Value) -> FieldSize {
        match key {
            "instructions" | "content" => FieldSize::Instructions,
            "message" | "messageTemplate" => FieldSize::Message,
            "files" => FieldSize::Files,
            // A post is long text, not a title.
            "postContent" => FieldSize::Content,
            _ if value.is_string() => FieldSize::Text,
            _ => FieldSize::Content,
        }
    }
}

/// The common fields, checked (the label) or set by the server elsewhere.
const BASE_KEYS: [&str; 5] = ["label", "width", "height", "creationStatus", "statusInfo"];

/// A field's size in characters: a text's own, anything else's as JSON.
fn size_of(value: &Value) -> usize {
    match value {
        Value::String(text) => text.chars().count(),
        Value::Null | Value::Bool(_) | Value::Number(_) => 0,
        other => other.to_string().chars().count(),
    }
}

/// Every field of `data` over its room, in field order.
pub fn oversized_fields(data: &NodeData) -> Vec<FieldError> {
    let Ok(Value::Object(mut outer)) = serde_json::to_value(data) else { return Vec::new() };
    let Some(Value::Object(fields)) = outer.remove("data") else { return Vec::new() };
    fields
        .iter()
        .filter(|(key, _)| !BASE_KEYS.contains(&key.as_str()))
        .filter_map(|(key, value)| {
            let room = FieldSize::of(key, value);
            (size_of(value) > room.max_chars()).then(|| FieldError::new(key, room.code()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::digits::persian_digits;
    use crate::kind::NodeKind;

    fn data(kind: NodeKind, fields: Value) -> NodeData {
        NodeData::from_json(kind, fields).unwrap()
    }

    fn fields(data: &NodeData) -> Vec<(String, MessageCode)> {
        oversized_fields(data).into_iter().map(|e| (e.field, e.code)).collect()
    }

    #[test]
    fn each_room_takes_its_limit_and_not_a_character_more() {
        let at = |n| "س".repeat(n);
        let cases = [
            (
                NodeKind::Assistant,
                "instructions",
                INSTRUCTIONS_MAX_CHARS,
                MessageCode::InstructionsTooLong,
            ),
            (
                NodeKind::Instruction,
                "content",
                INSTRUCTIONS_MAX_CHARS,
                MessageCode::InstructionsTooLong,
            ),
            (NodeKind::Sms, "message", MESSAGE_MAX_CHARS, MessageCode::NodeMessageTooLong),
            (
                NodeKind::Trigger,
                "messageTemplate",
                MESSAGE_MAX_CHARS,
                MessageCode::NodeMessageTooLong,
            ),
            (NodeKind::Function, "functionDescription", TEXT_MAX_CHARS, MessageCode::TextTooLong),
            (NodeKind::Wordpress, "postTitle", TEXT_MAX_CHARS, MessageCode::TextTooLong),
            (NodeKind::Wordpress, "postContent", CONTENT_MAX_CHARS, MessageCode::ContentTooLarge),
        ];
        for (kind, key, max, code) in cases {
            assert!(fields(&data(kind, json!({key: at(max)}))).is_empty(), "{kind} {key}");
            assert_eq!(fields(&data(kind, json!({key: at(max + 1)}))), [(key.to_owned(), code)]);
        }
    }

    #[test]
    fn structured_fields_count_as_json() {
        let body = json!({"text": "x".repeat(CONTENT_MAX_CHARS)});
        assert_eq!(
            fields(&data(NodeKind::Request, json!({"body": body}))),
            [("body".to_owned(), MessageCode::ContentTooLarge)]
        );
        let small = json!({"text": "x".repeat(1000)});
        assert!(fields(&data(NodeKind::Request, json!({"body": small}))).is_empty());
        let domains: Vec<String> = (0..5_000).map(|i| format!("site{i}.example.ir")).collect();
        assert_eq!(
            fields(&data(NodeKind::Iframe, json!({"authorizedDomains": domains}))),
            [("authorizedDomains".to_owned(), MessageCode::ContentTooLarge)]
        );
    }

    #[test]
    fn every_default_fits_and_the_messages_say_the_limits() {
        for kind in NodeKind::ALL {
            assert!(fields(&NodeData::default_for(kind)).is_empty(), "{kind}");
        }
        for room in
            [FieldSize::Text, FieldSize::Message, FieldSize::Instructions, FieldSize::Content]
        {
            let max = persian_digits(&group(room.max_chars()));
            assert!(room.code().persian().contains(&max), "{room:?}: {}", room.code().persian());
        }
    }

    /// 32000 as "32,000" with the Persian thousands separator the catalogue uses.
    fn group(n: usize) -> String {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push('٬');
            }
            out.push(c);
        }
        out
    }
}

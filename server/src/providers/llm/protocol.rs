//! The chat-completions protocol's shapes, as OpenAI, Ollama and vLLM speak
//! it. What we send is typed strictly; what we read is tolerant (fields
//! missing or null, extra fields ignored), since gateways differ.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// `POST /chat/completions`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChatRequest {
    pub model: String,
    pub messages: Vec<ChatMessage>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tools: Vec<ToolDefinition>,
    pub stream: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stream_options: Option<StreamOptions>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_completion_tokens: Option<u32>,
    /// `{"type":"json_object"}` when the answer must be JSON.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response_format: Option<Value>,
}

impl ChatRequest {
    pub fn new(model: impl Into<String>, messages: Vec<ChatMessage>) -> ChatRequest {
        ChatRequest {
            model: model.into(),
            messages,
            tools: Vec::new(),
            stream: false,
            stream_options: None,
            max_completion_tokens: None,
            response_format: None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StreamOptions {
    pub include_usage: bool,
}

/// One message of the conversation sent to the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "lowercase")]
pub enum ChatMessage {
    System {
        content: String,
    },
    User {
        content: String,
    },
    Assistant {
        content: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tool_calls: Vec<ToolCall>,
    },
    Tool {
        tool_call_id: String,
        content: String,
    },
}

/// A tool offered to the model.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ToolDefinition {
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub function: FunctionDefinition,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FunctionDefinition {
    pub name: String,
    pub description: String,
    pub parameters: Value,
}

impl ToolDefinition {
    pub fn function(name: String, description: String, parameters: Value) -> ToolDefinition {
        ToolDefinition {
            kind: "function",
            function: FunctionDefinition { name, description, parameters },
        }
    }
}

/// A call the model asked for. `arguments` is JSON text, possibly invalid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    #[serde(rename = "type", default = "function_type")]
    pub kind: String,
    pub function: FunctionCall,
}

fn function_type() -> String {
    "function".to_owned()
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionCall {
    pub name: String,
    #[serde(default)]
    pub arguments: String,
}

/// Tokens the provider counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    #[serde(default)]
    pub prompt_tokens: u32,
    #[serde(default)]
    pub completion_tokens: u32,
}

/// A whole (non-streamed) answer.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ChatCompletion {
    #[serde(default)]
    pub choices: Vec<Choice>,
    #[serde(default)]
    pub usage: Option<Usage>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Choice {
    pub message: AnswerMessage,
    #[serde(default)]
    pub finish_reason: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct AnswerMessage {
    #[serde(default)]
    pub content: Option<String>,
    #[serde(default)]
    pub tool_calls: Option<Vec<ToolCall>>,
}

/// One event of a streamed answer.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ChatChunk {
    #[serde(default)]
    pub choices: Vec<ChunkChoice>,
    #[serde(default)]
    pub usage: Option<Usage>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ChunkChoice {
    #[serde(default)]
    pub delta: Delta,
    #[serde(default)]
    pub finish_reason: Option<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Delta {
    #[serde(default)]
    pub content: Option<String>,
    #[serde(default)]
    pub tool_calls: Option<Vec<ToolCallFragment>>,
}

/// A piece of a streamed tool call: the first carries its id and name, the
/// rest append to its arguments; `index` says which call (Ollama sends each
/// call whole in one fragment).
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ToolCallFragment {
    #[serde(default)]
    pub index: usize,
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub function: Option<FunctionFragment>,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct FunctionFragment {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub arguments: Option<String>,
}

/// `GET /models`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ModelList {
    #[serde(default)]
    pub data: Vec<ModelEntry>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct ModelEntry {
    pub id: String,
    #[serde(default)]
    pub owned_by: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn messages_serialise_as_the_protocol_says() {
        let messages = vec![
            ChatMessage::System { content: "s".into() },
            ChatMessage::Assistant {
                content: None,
                tool_calls: vec![ToolCall {
                    id: "call_1".into(),
                    kind: "function".into(),
                    function: FunctionCall { name: "f".into(), arguments: "{}".into() },
                }],
            },
            ChatMessage::Tool { tool_call_id: "call_1".into(), content: "r".into() },
        ];
        assert_eq!(
            serde_json::to_value(&messages).unwrap(),
            json!([
                {"role": "system", "content": "s"},
                {"role": "assistant", "content": null, "tool_calls": [
                    {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
                ]},
                {"role": "tool", "tool_call_id": "call_1", "content": "r"}
            ])
        );
    }

    #[test]
    fn chunks_are_read_tolerantly() {
        let chunk: ChatChunk = serde_json::from_value(json!({
            "id": "x", "object": "chat.completion.chunk",
            "choices": [{"index": 0, "delta": {"role": "assistant", "content": null, "reasoning": "…"}, "finish_reason": null}]
        }))
        .unwrap();
        assert_eq!(chunk.choices[0].delta.content, None);
        let usage_only: ChatChunk =
            serde_json::from_value(json!({"choices": [], "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}}))
                .unwrap();
        assert_eq!(usage_only.usage, Some(Usage { prompt_tokens: 3, completion_tokens: 2 }));
    }
}

/// `POST /embeddings`: several texts at once, as floats (the SDKs' default
/// is base64; floats are what every compatible server speaks).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EmbeddingRequest<'a> {
    pub model: &'a str,
    pub input: &'a [String],
    pub encoding_format: &'static str,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct EmbeddingList {
    pub data: Vec<EmbeddingEntry>,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct EmbeddingEntry {
    /// The input's place; entries may come in any order.
    #[serde(default)]
    pub index: usize,
    pub embedding: Vec<f32>,
}

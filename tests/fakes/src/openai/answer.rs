//! What the fake answers, and its token counts.

use serde_json::{Map, Value, json};

use super::Reply;

/// A call the fake makes, as the model asking the client to run a tool.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCall {
    /// The tool's `function.name`.
    pub name: String,
    /// Raw JSON text, sent as is: invalid on purpose when a test wants to
    /// see the client cope with a model's bad arguments.
    pub arguments: String,
}

/// An answer about to be sent.
#[derive(Debug, Clone)]
pub struct Answer {
    pub id: String,
    pub model: String,
    pub text: String,
    pub calls: Vec<ToolCall>,
    /// Words sent before waiting for a release (a gated text).
    pub pause_after_words: Option<usize>,
    pub prompt_tokens: u64,
    /// The number this completion has among the fake's, for call ids.
    pub number: u64,
}

impl Answer {
    pub fn new(request: &Value, reply: Reply, number: u64) -> Answer {
        let (text, calls, pause_after_words) = match reply {
            Reply::Text(text) => (text, Vec::new(), None),
            Reply::ToolCalls(calls) => (String::new(), calls, None),
            Reply::GatedText { text, pause_after_words } => {
                (text, Vec::new(), Some(pause_after_words))
            }
            Reply::Error { .. } => (String::new(), Vec::new(), None),
        };
        Answer {
            id: format!("chatcmpl-{number}"),
            model: request["model"].as_str().unwrap_or_default().to_owned(),
            text,
            calls,
            pause_after_words,
            prompt_tokens: prompt_tokens(request),
            number,
        }
    }

    pub fn call_id(&self, index: usize) -> String {
        format!("call_{}_{index}", self.number)
    }

    pub fn finish_reason(&self) -> &'static str {
        if self.calls.is_empty() { "stop" } else { "tool_calls" }
    }

    /// The text in words, each with the blanks after it, so they join back whole.
    pub fn words(&self) -> Vec<String> {
        let mut words = Vec::new();
        let mut current = String::new();
        for c in self.text.chars() {
            if !c.is_whitespace() && current.ends_with(char::is_whitespace) {
                words.push(std::mem::take(&mut current));
            }
            current.push(c);
        }
        if !current.is_empty() {
            words.push(current);
        }
        words
    }

    pub fn usage(&self) -> Value {
        let completion = if self.calls.is_empty() {
            self.words().len() as u64
        } else {
            self.calls.iter().map(|c| c.arguments.len() as u64).sum::<u64>().div_ceil(4)
        }
        .max(1);
        json!({"prompt_tokens": self.prompt_tokens, "completion_tokens": completion,
               "total_tokens": self.prompt_tokens + completion})
    }

    /// A whole `chat.completion`.
    pub fn whole(&self) -> Value {
        let calls: Vec<Value> = self
            .calls
            .iter()
            .enumerate()
            .map(|(i, c)| {
                json!({"id": self.call_id(i), "type": "function",
                       "function": {"name": c.name, "arguments": c.arguments}})
            })
            .collect();
        let mut message = json!({"role": "assistant", "content": null, "refusal": null});
        if calls.is_empty() {
            message["content"] = json!(self.text);
        } else {
            message["tool_calls"] = json!(calls);
        }
        json!({
            "id": self.id, "object": "chat.completion", "created": 1_700_000_000, "model": self.model,
            "choices": [{"index": 0, "message": message, "logprobs": null, "finish_reason": self.finish_reason()}],
            "usage": self.usage(),
        })
    }
}

/// ceil(bytes of every message's content and tool-call arguments / 4) + 3 a message.
fn prompt_tokens(request: &Value) -> u64 {
    let messages = request["messages"].as_array().map(Vec::as_slice).unwrap_or_default();
    let bytes: usize = messages
        .iter()
        .map(|m| {
            let calls: usize = m["tool_calls"]
                .as_array()
                .map(|calls| {
                    calls
                        .iter()
                        .map(|c| c["function"]["arguments"].as_str().map_or(0, str::len))
                        .sum()
                })
                .unwrap_or(0);
            content_text(&m["content"]).len() + calls
        })
        .sum();
    (bytes as u64).div_ceil(4) + 3 * messages.len() as u64
}

/// A message's content: a string, or the text of its parts.
fn content_text(content: &Value) -> String {
    match content {
        Value::String(text) => text.clone(),
        Value::Array(parts) => parts.iter().filter_map(|p| p["text"].as_str()).collect(),
        _ => String::new(),
    }
}

/// What the fake says when nothing is scripted: after a tool's result, that
/// result; when the person names one of the offered tools, a call to it with
/// arguments from `key=value` words (else "test", 1 or true by type);
/// otherwise an echo of what the person said.
pub fn default_reply(request: &Value) -> Reply {
    let messages = request["messages"].as_array().map(Vec::as_slice).unwrap_or_default();
    if let Some(last) = messages.last()
        && last["role"] == "tool"
    {
        return Reply::Text(format!("نتیجهٔ ابزار: {}", content_text(&last["content"])));
    }
    let said = messages
        .iter()
        .rev()
        .find(|m| m["role"] == "user")
        .map(|m| content_text(&m["content"]))
        .unwrap_or_default();
    let tools = request["tools"].as_array().map(Vec::as_slice).unwrap_or_default();
    let named = tools
        .iter()
        .find(|t| t["function"]["name"].as_str().is_some_and(|name| said.contains(name)));
    if let Some(tool) = named {
        let arguments = arguments_for(&tool["function"]["parameters"], &said);
        let name = tool["function"]["name"].as_str().unwrap_or_default().to_owned();
        return Reply::ToolCalls(vec![ToolCall {
            name,
            arguments: Value::Object(arguments).to_string(),
        }]);
    }
    Reply::Text(format!("پاسخ: {said}"))
}

/// One value for each property of the tool's schema: the person's
/// `key=value` word read as the property's type, else the first `enum`
/// value, else a placeholder of the type.
fn arguments_for(schema: &Value, said: &str) -> Map<String, Value> {
    let given: Vec<(&str, &str)> =
        said.split_whitespace().filter_map(|word| word.split_once('=')).collect();
    let properties = schema["properties"].as_object().cloned().unwrap_or_default();
    properties
        .into_iter()
        .map(|(key, property)| {
            let kind = property["type"].as_str().unwrap_or("string");
            let value = match given.iter().find(|(k, _)| *k == key) {
                Some((_, word)) => typed(kind, word),
                None => property["enum"].get(0).cloned().unwrap_or_else(|| placeholder(kind)),
            };
            (key, value)
        })
        .collect()
}

/// `word` as a JSON value of the schema type `kind`; as a string when it is not one.
fn typed(kind: &str, word: &str) -> Value {
    let parsed = match kind {
        "integer" | "number" => word
            .parse::<f64>()
            .ok()
            .map(|n| if n.fract() == 0.0 { json!(n as i64) } else { json!(n) }),
        "boolean" => word.parse::<bool>().ok().map(Value::Bool),
        "array" | "object" => serde_json::from_str(word).ok(),
        _ => None,
    };
    parsed.unwrap_or_else(|| json!(word))
}

fn placeholder(kind: &str) -> Value {
    match kind {
        "integer" | "number" => json!(1),
        "boolean" => json!(true),
        "array" => json!([]),
        "object" => json!({}),
        _ => json!("test"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_join_back_whole() {
        let answer = Answer::new(
            &json!({"model": "m", "messages": []}),
            Reply::Text("سلام،  دنیا! x".into()),
            1,
        );
        assert_eq!(answer.words(), ["سلام،  ", "دنیا! ", "x"]);
        assert_eq!(answer.words().concat(), "سلام،  دنیا! x");
    }

    #[test]
    fn the_default_calls_a_named_tool_with_typed_arguments() {
        let request = json!({
            "messages": [{"role": "user", "content": "lookup_order id=42 express=true"}],
            "tools": [{"type": "function", "function": {"name": "lookup_order", "parameters": {
                "type": "object",
                "properties": {"id": {"type": "integer"}, "express": {"type": "boolean"}, "note": {"type": "string"}}
            }}}]
        });
        let Reply::ToolCalls(calls) = default_reply(&request) else { panic!("a call") };
        let arguments: Value = serde_json::from_str(&calls[0].arguments).unwrap();
        assert_eq!(arguments, json!({"id": 42, "express": true, "note": "test"}));
    }
}

//! A streamed answer, read as it arrives: each text piece is handed on at
//! once (never buffered to the end); tool-call fragments are put together by
//! their index; the end brings the finish reason, the calls and the usage.

use std::collections::BTreeMap;
use std::pin::Pin;
use std::time::Duration;

use eventsource_stream::{Event, EventStreamError, Eventsource};
use futures_util::{Stream, StreamExt};

use super::error::LlmError;
use super::protocol::{ChatChunk, FunctionCall, ToolCall, ToolCallFragment, Usage};

/// What a streamed answer brings, in order: text pieces, then one `Finished`.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamEvent {
    Text(String),
    Finished(Finished),
}

/// The end of an answer.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Finished {
    pub finish_reason: Option<String>,
    /// The calls the model asked for, in index order.
    pub tool_calls: Vec<ToolCall>,
    /// Absent when the provider does not report usage in streams.
    pub usage: Option<Usage>,
}

type Events = Pin<Box<dyn Stream<Item = Result<Event, EventStreamError<reqwest::Error>>> + Send>>;

/// An answer being streamed from the provider.
pub struct ChatStream {
    events: Events,
    idle_timeout: Duration,
    calls: ToolCallAssembler,
    finish_reason: Option<String>,
    usage: Option<Usage>,
    ended: bool,
}

impl ChatStream {
    pub(super) fn new(response: reqwest::Response, idle_timeout: Duration) -> ChatStream {
        ChatStream {
            events: Box::pin(response.bytes_stream().eventsource()),
            idle_timeout,
            calls: ToolCallAssembler::default(),
            finish_reason: None,
            usage: None,
            ended: false,
        }
    }

    /// The next event; `None` after `Finished` (or after an error).
    pub async fn next(&mut self) -> Option<Result<StreamEvent, LlmError>> {
        while !self.ended {
            let event = match tokio::time::timeout(self.idle_timeout, self.events.next()).await {
                Err(_) => return self.fail(LlmError::Timeout),
                Ok(None) => {
                    // Some servers close without `[DONE]`; an answer that said
                    // how it finished is whole, one that did not was cut off.
                    if self.finish_reason.is_none() {
                        return self.fail(LlmError::Unreachable("the stream was cut off".into()));
                    }
                    return Some(Ok(self.finish()));
                }
                Ok(Some(Err(EventStreamError::Transport(error)))) => {
                    return self.fail(LlmError::from_transport(&error));
                }
                Ok(Some(Err(error))) => return self.fail(LlmError::Malformed(error.to_string())),
                Ok(Some(Ok(event))) => event,
            };
            let data = event.data.trim();
            if data == "[DONE]" {
                return Some(Ok(self.finish()));
            }
            if data.is_empty() {
                continue;
            }
            let chunk: ChatChunk = match serde_json::from_str(data) {
                Ok(chunk) => chunk,
                Err(error) => return self.fail(LlmError::Malformed(format!("{error}: {data}"))),
            };
            if let Some(text) = self.absorb(chunk) {
                return Some(Ok(StreamEvent::Text(text)));
            }
        }
        None
    }

    /// Takes in one chunk; its text, if it has any.
    fn absorb(&mut self, chunk: ChatChunk) -> Option<String> {
        if chunk.usage.is_some() {
            self.usage = chunk.usage;
        }
        let mut text = String::new();
        for choice in chunk.choices {
            if let Some(reason) = choice.finish_reason {
                self.finish_reason = Some(reason);
            }
            if let Some(content) = choice.delta.content {
                text.push_str(&content);
            }
            for fragment in choice.delta.tool_calls.unwrap_or_default() {
                self.calls.add(fragment);
            }
        }
        (!text.is_empty()).then_some(text)
    }

    fn finish(&mut self) -> StreamEvent {
        self.ended = true;
        StreamEvent::Finished(Finished {
            finish_reason: self.finish_reason.take(),
            tool_calls: std::mem::take(&mut self.calls).calls(),
            usage: self.usage,
        })
    }

    fn fail(&mut self, error: LlmError) -> Option<Result<StreamEvent, LlmError>> {
        self.ended = true;
        Some(Err(error))
    }
}

/// Tool calls being put together from fragments.
#[derive(Debug, Default)]
struct ToolCallAssembler {
    calls: BTreeMap<usize, ToolCall>,
}

impl ToolCallAssembler {
    fn add(&mut self, fragment: ToolCallFragment) {
        let function = fragment.function.unwrap_or_default();
        // A gateway that numbers every call 0 still gives each its own id.
        let slot = match (self.calls.get(&fragment.index), &fragment.id) {
            (Some(existing), Some(id)) if !existing.id.is_empty() && existing.id != *id => {
                self.calls.keys().next_back().map_or(0, |last| last + 1)
            }
            _ => fragment.index,
        };
        let call = self.calls.entry(slot).or_insert_with(|| ToolCall {
            id: String::new(),
            kind: "function".into(),
            function: FunctionCall { name: String::new(), arguments: String::new() },
        });
        if let Some(id) = fragment.id.filter(|id| !id.is_empty()) {
            call.id = id;
        }
        if let Some(name) = function.name.filter(|name| !name.is_empty()) {
            call.function.name = name;
        }
        if let Some(arguments) = function.arguments {
            call.function.arguments.push_str(&arguments);
        }
    }

    fn calls(self) -> Vec<ToolCall> {
        let mut calls: Vec<ToolCall> = self.calls.into_values().collect();
        for (n, call) in calls.iter_mut().enumerate() {
            // Some local servers leave ids out; the tool result must name one.
            if call.id.is_empty() {
                call.id = format!("call_{n}");
            }
        }
        calls
    }
}

#[cfg(test)]
mod tests {
    use super::super::protocol::FunctionFragment;
    use super::*;

    fn fragment(
        index: usize,
        id: Option<&str>,
        name: Option<&str>,
        args: &str,
    ) -> ToolCallFragment {
        ToolCallFragment {
            index,
            id: id.map(Into::into),
            function: Some(FunctionFragment {
                name: name.map(Into::into),
                arguments: Some(args.into()),
            }),
        }
    }

    #[test]
    fn fragments_join_by_index_even_interleaved() {
        let mut assembler = ToolCallAssembler::default();
        assembler.add(fragment(0, Some("call_a"), Some("weather"), ""));
        assembler.add(fragment(1, Some("call_b"), Some("time"), ""));
        assembler.add(fragment(0, None, None, "{\"city\":"));
        assembler.add(fragment(1, None, None, "{}"));
        assembler.add(fragment(0, None, None, "\"Tehran\"}"));
        let calls = assembler.calls();
        assert_eq!(calls.len(), 2);
        assert_eq!(
            (
                calls[0].id.as_str(),
                calls[0].function.name.as_str(),
                calls[0].function.arguments.as_str()
            ),
            ("call_a", "weather", "{\"city\":\"Tehran\"}")
        );
        assert_eq!((calls[1].id.as_str(), calls[1].function.arguments.as_str()), ("call_b", "{}"));
    }

    #[test]
    fn whole_calls_all_numbered_zero_stay_apart_and_get_ids() {
        let mut assembler = ToolCallAssembler::default();
        assembler.add(fragment(0, Some("a"), Some("f"), "{}"));
        assembler.add(fragment(0, Some("b"), Some("g"), "{\"x\":1}"));
        assembler.add(fragment(3, None, Some("h"), "{}"));
        let calls = assembler.calls();
        let names: Vec<_> =
            calls.iter().map(|c| (c.id.as_str(), c.function.name.as_str())).collect();
        assert_eq!(names, [("a", "f"), ("b", "g"), ("call_2", "h")]);
    }
}

//! Talking to an assistant in the test frame, as its builder: a new
//! conversation, one message, the streamed events read back.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::TestApp;

/// Says `text` to `assistant` in a new conversation; the stream's text.
pub async fn say(app: &TestApp, token: &str, assistant: i64, text: &str) -> String {
    let conversation = app
        .post(
            &format!("/api/playground/assistants/{assistant}/conversations"),
            Some(token),
            json!({}),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let response = app
        .post(
            &format!("/api/playground/conversations/{conversation}/messages"),
            Some(token),
            json!({"content": text}),
        )
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.text()
}

/// The `data` of each `tool_result` event in a stream.
pub fn tool_results(stream: &str) -> Vec<Value> {
    stream
        .split("\n\n")
        .filter(|e| e.contains("event: tool_result"))
        .filter_map(|e| e.lines().find_map(|l| l.strip_prefix("data: ")))
        .map(|d| serde_json::from_str(d).unwrap())
        .collect()
}

/// The first `tool_result` event's data (the test fails without one).
pub fn tool_result(stream: &str) -> Value {
    tool_results(stream).into_iter().next().unwrap_or_else(|| panic!("no tool_result: {stream}"))
}

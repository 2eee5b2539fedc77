//! `/_fake/*`: scripting the fake over HTTP, for the browser specs and the
//! benchmarks that run it as a separate process (the `dastyar-fakes`
//! binary). Each route does what the same-named [`super::FakeOpenAi`]
//! method does. A body the fake cannot read is a 400 `{"error": "..."}`
//! saying what it expected.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::answer::ToolCall;
use super::{Reply, Shared, is_error_status};

pub fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/_fake/replies", post(push))
        .route("/_fake/release", post(release))
        .route("/_fake/reset", post(reset))
        .route("/_fake/requests", get(requests))
        .route("/_fake/embedding_requests", get(embedding_requests))
        .route("/_fake/config", post(config))
        .route("/_fake/fail_next", post(fail_next))
}

const REPLY_SHAPES: &str = r#"a JSON array of {"text"} | {"tool_calls": [{"name", "arguments": {...} or "raw"}]} | {"error": {"status": 400..599, "message"}} | {"gated_text", "pause_after_words"}"#;

/// Appends replies to the queue (an array; one object is taken as one reply).
async fn push(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let replies = match serde_json::from_slice::<Value>(&body) {
        Ok(Value::Array(replies)) => replies,
        Ok(one @ Value::Object(_)) => vec![one],
        _ => return unreadable(REPLY_SHAPES),
    };
    let Some(replies) = replies.iter().map(reply).collect::<Option<Vec<Reply>>>() else {
        return unreadable(REPLY_SHAPES);
    };
    shared.lock().replies.extend(replies);
    StatusCode::NO_CONTENT.into_response()
}

fn reply(value: &Value) -> Option<Reply> {
    if let Some(text) = value["text"].as_str() {
        return Some(Reply::Text(text.to_owned()));
    }
    if let Some(text) = value["gated_text"].as_str() {
        let pause_after_words = value["pause_after_words"].as_u64().unwrap_or(1);
        let pause_after_words = usize::try_from(pause_after_words).ok()?;
        return Some(Reply::GatedText { text: text.to_owned(), pause_after_words });
    }
    if let Some(calls) = value["tool_calls"].as_array() {
        let calls = calls
            .iter()
            .map(|c| {
                let arguments = match &c["arguments"] {
                    Value::String(raw) => raw.clone(),
                    Value::Null => "{}".to_owned(),
                    other => other.to_string(),
                };
                Some(ToolCall { name: c["name"].as_str()?.to_owned(), arguments })
            })
            .collect::<Option<Vec<_>>>()?;
        return Some(Reply::ToolCalls(calls));
    }
    let error = value.get("error")?;
    let status = u16::try_from(error["status"].as_u64()?).ok().filter(|s| is_error_status(*s))?;
    let message = error["message"].as_str().unwrap_or("The request failed.").to_owned();
    Some(Reply::Error { status, message })
}

async fn release(State(shared): State<Arc<Shared>>) -> StatusCode {
    shared.gate.release();
    StatusCode::NO_CONTENT
}

async fn reset(State(shared): State<Arc<Shared>>) -> StatusCode {
    shared.reset();
    StatusCode::NO_CONTENT
}

/// The chat bodies received, in order.
async fn requests(State(shared): State<Arc<Shared>>) -> Json<Vec<Value>> {
    Json(shared.lock().chat_requests.clone())
}

/// The embeddings bodies received, in order.
async fn embedding_requests(State(shared): State<Arc<Shared>>) -> Json<Vec<Value>> {
    Json(shared.lock().embedding_requests.clone())
}

const CONFIG_SHAPE: &str = r#"{"word_delay_ms"?: number, "down"?: boolean}"#;

/// `{"word_delay_ms": 50}` and/or `{"down": true}` (every `/v1` call a 502).
async fn config(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let Ok(Value::Object(body)) = serde_json::from_slice::<Value>(&body) else {
        return unreadable(CONFIG_SHAPE);
    };
    let word_delay = body.get("word_delay_ms").map(Value::as_u64);
    let down = body.get("down").map(Value::as_bool);
    let known = body.keys().all(|k| k == "word_delay_ms" || k == "down");
    if !known || word_delay == Some(None) || down == Some(None) || body.is_empty() {
        return unreadable(CONFIG_SHAPE);
    }
    let mut inner = shared.lock();
    if let Some(Some(ms)) = word_delay {
        inner.word_delay = Duration::from_millis(ms);
    }
    if let Some(Some(down)) = down {
        inner.down = down;
    }
    StatusCode::NO_CONTENT.into_response()
}

const FAIL_SHAPE: &str = r#"{"count": number, "status": 400..599}"#;

/// `{"count": 2, "status": 429}`: the next calls to `/v1` fail so.
async fn fail_next(State(shared): State<Arc<Shared>>, body: Bytes) -> Response {
    let body: Value = serde_json::from_slice(&body).unwrap_or_default();
    let count = body["count"].as_u64().and_then(|c| usize::try_from(c).ok());
    let status = body["status"].as_u64().and_then(|s| u16::try_from(s).ok());
    match (count, status) {
        (Some(count), Some(status)) if is_error_status(status) => {
            shared.fail_next(count, status);
            StatusCode::NO_CONTENT.into_response()
        }
        _ => unreadable(FAIL_SHAPE),
    }
}

fn unreadable(expected: &str) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({"error": format!("expected {expected}")})))
        .into_response()
}

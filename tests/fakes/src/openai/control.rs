//! `/_fake/*`: scripting the fake over HTTP, for the browser specs and the
//! benchmarks that run it as a separate process.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::answer::ToolCall;
use super::{Reply, Shared};

pub fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/_fake/replies", post(push))
        .route("/_fake/release", post(release))
        .route("/_fake/reset", post(reset))
        .route("/_fake/requests", get(requests))
        .route("/_fake/config", post(config))
}

/// Appends `[{"text"} | {"tool_calls": [{name, arguments}]} | {"error": {status, message}} | {"gated_text", "pause_after_words"}]`.
async fn push(State(shared): State<Arc<Shared>>, Json(replies): Json<Vec<Value>>) -> Response {
    let parsed: Option<Vec<Reply>> = replies.iter().map(reply).collect();
    match parsed {
        Some(replies) => {
            shared.lock().replies.extend(replies);
            StatusCode::NO_CONTENT.into_response()
        }
        None => {
            (StatusCode::BAD_REQUEST, Json(json!({"error": "unknown reply shape"}))).into_response()
        }
    }
}

fn reply(value: &Value) -> Option<Reply> {
    if let Some(text) = value["text"].as_str() {
        return Some(Reply::Text(text.to_owned()));
    }
    if let Some(text) = value["gated_text"].as_str() {
        let pause_after_words = value["pause_after_words"].as_u64().unwrap_or(1) as usize;
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
    Some(Reply::Error {
        status: error["status"].as_u64()? as u16,
        message: error["message"].as_str().unwrap_or("error").to_owned(),
    })
}

async fn release(State(shared): State<Arc<Shared>>) -> StatusCode {
    shared.gate.notify_one();
    StatusCode::NO_CONTENT
}

async fn reset(State(shared): State<Arc<Shared>>) -> StatusCode {
    let mut inner = shared.lock();
    let word_delay = inner.word_delay;
    *inner = super::Inner { word_delay, ..super::Inner::default() };
    StatusCode::NO_CONTENT
}

async fn requests(State(shared): State<Arc<Shared>>) -> Json<Vec<Value>> {
    Json(shared.lock().chat_requests.clone())
}

/// `{"word_delay_ms": 50}`.
async fn config(State(shared): State<Arc<Shared>>, Json(body): Json<Value>) -> StatusCode {
    match body["word_delay_ms"].as_u64() {
        Some(ms) => {
            shared.lock().word_delay = Duration::from_millis(ms);
            StatusCode::NO_CONTENT
        }
        None => StatusCode::BAD_REQUEST,
    }
}

//! `/_fake/*`: scripting the fake over HTTP, for the browser specs and the
//! benchmarks that run it as a separate process (the `dastyar-fakes`
//! binary). Each route does what the same-named [`super::FakeTelegram`]
//! method does. A body the fake cannot read is a 400 `{"error": "..."}`
//! saying what it expected.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

use super::Shared;

pub(super) fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/_fake/bots", post(new_bot))
        .route("/_fake/updates", post(user_says))
        .route("/_fake/sent", get(sent))
        .route("/_fake/calls", get(calls))
        .route("/_fake/deliveries", get(deliveries))
        .route("/_fake/route_webhooks_to", post(route_webhooks_to))
        .route("/_fake/fail_next", post(fail_next))
        .route("/_fake/down", post(down))
}

fn body(bytes: &Bytes) -> serde_json::Map<String, Value> {
    match serde_json::from_slice(bytes) {
        Ok(Value::Object(object)) => object,
        _ => serde_json::Map::new(),
    }
}

fn unreadable(expected: &str) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({"error": format!("expected {expected}")})))
        .into_response()
}

/// `{"name": "shop"}`: a new bot, answered as `{token, id, username, first_name}`.
async fn new_bot(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    match body(&bytes).get("name").and_then(Value::as_str) {
        Some(name) if !name.is_empty() => Json(shared.new_bot(name)).into_response(),
        _ => unreadable(r#"{"name": "a non-empty string"}"#),
    }
}

const UPDATE_SHAPE: &str = r#"{"token": string, "chat_id": integer, "first_name": string, "text": string} for a known bot"#;

/// A person writes to a bot: the update, after the webhook (if any) answered it.
async fn user_says(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    let body = body(&bytes);
    let field = |name: &str| body.get(name).and_then(Value::as_str);
    let (Some(token), Some(chat_id), Some(first_name), Some(text)) = (
        field("token"),
        body.get("chat_id").and_then(Value::as_i64),
        field("first_name"),
        field("text"),
    ) else {
        return unreadable(UPDATE_SHAPE);
    };
    match shared.user_says(token, chat_id, first_name, text).await {
        Some(update) => Json(update).into_response(),
        None => unreadable(UPDATE_SHAPE),
    }
}

/// `?token=`: what the bot has done, as JSON arrays.
fn token_of(query: &HashMap<String, String>) -> Option<&str> {
    query.get("token").map(String::as_str)
}

async fn sent(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let Some(token) = token_of(&query) else { return unreadable("?token=") };
    Json(shared.with_bot(token, |bot| bot.sent.clone()).unwrap_or_default()).into_response()
}

async fn calls(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let Some(token) = token_of(&query) else { return unreadable("?token=") };
    Json(shared.with_bot(token, |bot| bot.calls.clone()).unwrap_or_default()).into_response()
}

async fn deliveries(
    State(shared): State<Arc<Shared>>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let Some(token) = token_of(&query) else { return unreadable("?token=") };
    Json(shared.with_bot(token, |bot| bot.deliveries.clone()).unwrap_or_default()).into_response()
}

/// `{"base": "http://127.0.0.1:8080"}`: where webhook posts go.
async fn route_webhooks_to(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    match body(&bytes).get("base").and_then(Value::as_str) {
        Some(base) if base.starts_with("http://") || base.starts_with("https://") => {
            shared.lock().webhook_base = Some(base.trim_end_matches('/').to_owned());
            StatusCode::NO_CONTENT.into_response()
        }
        _ => unreadable(r#"{"base": "http://host:port"}"#),
    }
}

const FAIL_SHAPE: &str =
    r#"{"method": string, "count": integer, "error_code": 400..599, "description": string}"#;

/// The next `count` calls of `method` are refused so.
async fn fail_next(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    let body = body(&bytes);
    let method = body.get("method").and_then(Value::as_str);
    let count = body.get("count").and_then(Value::as_u64).and_then(|c| usize::try_from(c).ok());
    let error_code =
        body.get("error_code").and_then(Value::as_u64).and_then(|c| u16::try_from(c).ok());
    let description = body.get("description").and_then(Value::as_str);
    match (method, count, error_code, description) {
        (Some(method), Some(count), Some(error_code @ 400..=599), Some(description)) => {
            shared.fail_next(method, count, error_code, description);
            StatusCode::NO_CONTENT.into_response()
        }
        _ => unreadable(FAIL_SHAPE),
    }
}

/// `{"down": true}`: every `/bot` call a 502 page, until `{"down": false}`.
async fn down(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    match body(&bytes).get("down").and_then(Value::as_bool) {
        Some(down) => {
            shared.lock().down = down;
            StatusCode::NO_CONTENT.into_response()
        }
        None => unreadable(r#"{"down": boolean}"#),
    }
}

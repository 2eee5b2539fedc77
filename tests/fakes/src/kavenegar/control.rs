//! `/_fake/*`: scripting the fake over HTTP, for the browser specs and the
//! benchmarks that run it as a separate process (the `dastyar-fakes`
//! binary). Each route does what the same-named [`super::FakeKavenegar`]
//! method does. A body the fake cannot read is a 400 `{"error": "..."}`
//! saying what it expected.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Map, Value, json};

use super::Shared;

pub(super) fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/_fake/accounts", post(new_account))
        .route("/_fake/templates", post(add_template))
        .route("/_fake/sent", get(sent))
        .route("/_fake/calls", get(calls))
        .route("/_fake/fail_next", post(fail_next))
        .route("/_fake/deliver", post(deliver))
        .route("/_fake/down", post(down))
}

fn body(bytes: &Bytes) -> Map<String, Value> {
    match serde_json::from_slice(bytes) {
        Ok(Value::Object(object)) => object,
        _ => Map::new(),
    }
}

fn unreadable(expected: &str) -> Response {
    (StatusCode::BAD_REQUEST, Json(json!({"error": format!("expected {expected}")})))
        .into_response()
}

/// `{"credit"?: rials, "test_account"?: bool, "links_allowed"?: bool}`: a
/// new account, answered as the [`super::FakeAccount`].
async fn new_account(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    let body = body(&bytes);
    let mut account = shared.new_account();
    if let Some(credit) = body.get("credit").and_then(Value::as_i64) {
        account.credit = credit;
    }
    if let Some(test) = body.get("test_account").and_then(Value::as_bool) {
        account.test_account = test;
    }
    if let Some(links) = body.get("links_allowed").and_then(Value::as_bool) {
        account.links_allowed = links;
    }
    shared.lock().accounts.insert(account.api_key.clone(), account.clone());
    Json(account).into_response()
}

const TEMPLATE_SHAPE: &str =
    r#"{"api_key": string, "name": string, "text": string} for a known account"#;

/// A verify-lookup template for an account.
async fn add_template(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    let body = body(&bytes);
    let field = |name: &str| body.get(name).and_then(Value::as_str);
    let (Some(key), Some(name), Some(text)) = (field("api_key"), field("name"), field("text"))
    else {
        return unreadable(TEMPLATE_SHAPE);
    };
    match shared.lock().accounts.get_mut(key) {
        Some(account) if !name.is_empty() => {
            account.templates.insert(name.to_owned(), text.to_owned());
            StatusCode::NO_CONTENT.into_response()
        }
        _ => unreadable(TEMPLATE_SHAPE),
    }
}

async fn sent(State(shared): State<Arc<Shared>>) -> Response {
    Json(shared.lock().sent.clone()).into_response()
}

async fn calls(State(shared): State<Arc<Shared>>) -> Response {
    Json(shared.lock().calls.clone()).into_response()
}

const FAIL_SHAPE: &str = r#"{"method": "sms/send", "count": integer, "status": 400..699}"#;

async fn fail_next(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    let body = body(&bytes);
    let method = body.get("method").and_then(Value::as_str);
    let count = body.get("count").and_then(Value::as_u64).and_then(|c| usize::try_from(c).ok());
    let status = body.get("status").and_then(Value::as_u64).and_then(|c| u16::try_from(c).ok());
    match (method, count, status) {
        (Some(method), Some(count), Some(status @ 400..=699)) => {
            shared.fail_next(method, count, status);
            StatusCode::NO_CONTENT.into_response()
        }
        _ => unreadable(FAIL_SHAPE),
    }
}

const DELIVER_SHAPE: &str = r#"{"status": integer, "messageid"?: integer} naming a sent message"#;

/// A delivery status for one message, or for all of them.
async fn deliver(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    let body = body(&bytes);
    let Some(status) = body.get("status").and_then(Value::as_i64) else {
        return unreadable(DELIVER_SHAPE);
    };
    let messageid = body.get("messageid").and_then(Value::as_i64);
    if shared.deliver(messageid, status) {
        StatusCode::NO_CONTENT.into_response()
    } else {
        unreadable(DELIVER_SHAPE)
    }
}

/// `{"down": true}`: every API call a 502 page, until `{"down": false}`.
async fn down(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    match body(&bytes).get("down").and_then(Value::as_bool) {
        Some(down) => {
            shared.lock().down = down;
            StatusCode::NO_CONTENT.into_response()
        }
        None => unreadable(r#"{"down": boolean}"#),
    }
}

//! `/_fake/*`: scripting the site over HTTP, for the browser specs that
//! run the `dastyar-fakes` binary. Each route does what the same-named
//! [`super::FakeWordpress`] method does. A body the fake cannot read is a
//! 400 `{"error": "expected ..."}`.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Map, Value, json};

use super::error::WpError;
use super::site::Taxonomy;
use super::{Failure, JwtPlugin, Role, Shared, endpoint, jwt};

pub(super) fn router() -> Router<Arc<Shared>> {
    Router::new()
        .route("/_fake/users", post(add_user))
        .route("/_fake/categories", post(add_category))
        .route("/_fake/tags", post(add_tag))
        .route("/_fake/posts", get(posts))
        .route("/_fake/requests", get(requests))
        .route("/_fake/config", post(config))
        .route("/_fake/fail_next", post(fail_next))
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

const USER_SHAPE: &str = r#"{"username": string, "name"?: string, "role"?: "administrator"|"editor"|"author"|"contributor"|"subscriber"}"#;

/// A new user, answered with their real password, a new application
/// password and a JWT token: `{user, application_password, jwt_token}`.
async fn add_user(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    let body = body(&bytes);
    let Some(username) = body.get("username").and_then(Value::as_str).filter(|u| !u.is_empty())
    else {
        return unreadable(USER_SHAPE);
    };
    let name = body.get("name").and_then(Value::as_str).unwrap_or(username);
    let role = match body.get("role").and_then(Value::as_str) {
        None => Role::Author,
        Some(slug) => match Role::from_slug(slug) {
            Some(role) => role,
            None => return unreadable(USER_SHAPE),
        },
    };
    let mut inner = shared.lock();
    let user = inner.site.add_user(username, name, role);
    let application_password = inner.site.new_application_password(user.id);
    drop(inner);
    let token = jwt::issue(&shared.base_url, user.id, chrono::Duration::days(7));
    Json(json!({"user": user, "application_password": application_password, "jwt_token": token}))
        .into_response()
}

async fn add_term(shared: &Shared, taxonomy: Taxonomy, bytes: &Bytes) -> Response {
    let body = body(bytes);
    let Some(name) = body.get("name").and_then(Value::as_str).filter(|n| !n.is_empty()) else {
        return unreadable(r#"{"name": string, "parent"?: integer}"#);
    };
    let parent = body.get("parent").and_then(Value::as_i64).unwrap_or(0);
    let id = shared.lock().site.add_term(taxonomy, name, parent);
    Json(json!({"id": id})).into_response()
}

async fn add_category(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    add_term(&shared, Taxonomy::Category, &bytes).await
}

async fn add_tag(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    add_term(&shared, Taxonomy::Tag, &bytes).await
}

async fn posts(State(shared): State<Arc<Shared>>) -> Response {
    let inner = shared.lock();
    let pretty = inner.settings.pretty_permalinks;
    let posts: Vec<_> =
        inner.site.posts.iter().map(|p| p.public(&shared.base_url, pretty)).collect();
    Json(posts).into_response()
}

async fn requests(State(shared): State<Arc<Shared>>) -> Response {
    Json(shared.lock().requests.clone()).into_response()
}

const CONFIG_SHAPE: &str = r#"{"pretty_permalinks"?, "rest_disabled"?, "not_wordpress"?, "basic_auth_plugin"?, "application_passwords"?, "drop_authorization"?: boolean, "jwt_plugin"?: "off"|"on"|"without_secret", "delay_ms"?: integer}"#;

/// Switches modes; the settings now in force.
async fn config(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    let body = body(&bytes);
    let mut inner = shared.lock();
    let mut settings = inner.settings.clone();
    for (key, value) in &body {
        let flag = value.as_bool();
        let ok = match (key.as_str(), flag) {
            ("pretty_permalinks", Some(on)) => {
                settings.pretty_permalinks = on;
                true
            }
            ("rest_disabled", Some(on)) => {
                settings.rest_disabled = on;
                true
            }
            ("not_wordpress", Some(on)) => {
                settings.not_wordpress = on;
                true
            }
            ("basic_auth_plugin", Some(on)) => {
                settings.basic_auth_plugin = on;
                true
            }
            ("application_passwords", Some(on)) => {
                settings.application_passwords = on;
                true
            }
            ("drop_authorization", Some(on)) => {
                settings.drop_authorization = on;
                true
            }
            ("jwt_plugin", None) => match serde_json::from_value::<JwtPlugin>(value.clone()) {
                Ok(plugin) => {
                    settings.jwt_plugin = plugin;
                    true
                }
                Err(_) => false,
            },
            ("delay_ms", None) => match value.as_u64() {
                Some(ms) => {
                    settings.delay = Duration::from_millis(ms);
                    true
                }
                None => false,
            },
            _ => false,
        };
        if !ok {
            return unreadable(CONFIG_SHAPE);
        }
    }
    inner.settings = settings.clone();
    Json(settings).into_response()
}

const FAIL_SHAPE: &str =
    r#"{"route": string, "count": integer, "status": 400..599, "code": string, "message": string}"#;

async fn fail_next(State(shared): State<Arc<Shared>>, bytes: Bytes) -> Response {
    let body = body(&bytes);
    let text = |name: &str| body.get(name).and_then(Value::as_str);
    let count = body.get("count").and_then(Value::as_u64).and_then(|c| usize::try_from(c).ok());
    let status = body.get("status").and_then(Value::as_u64).and_then(|s| u16::try_from(s).ok());
    match (text("route"), count, status, text("code"), text("message")) {
        (Some(route), Some(count), Some(status @ 400..=599), Some(code), Some(message)) => {
            let route = endpoint::normalise_route(route);
            let mut inner = shared.lock();
            if count == 0 {
                inner.failures.remove(&route);
            } else {
                let error = WpError::new(status, code, message);
                inner.failures.insert(route, Failure { left: count, error });
            }
            StatusCode::NO_CONTENT.into_response()
        }
        _ => unreadable(FAIL_SHAPE),
    }
}

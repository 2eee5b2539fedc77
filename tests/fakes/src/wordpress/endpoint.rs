//! Every request to the site: which page or REST route it is, as WordPress
//! tells them apart (`/wp-json/…` through the rewrite rules only with
//! pretty permalinks; `?rest_route=` always), the answer with its headers,
//! and the recording of REST requests.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderName, HeaderValue, Request, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use super::rest::{self, RestRequest};
use super::{Shared, Via, WpRequest, html};

/// The most of a body read.
const MAX_BODY: usize = 8 << 20;

/// A route as WordPress matches it: a leading `/`, no trailing one.
pub(super) fn normalise_route(route: &str) -> String {
    let trimmed = route.trim_end_matches('/');
    if trimmed.is_empty() {
        "/".to_owned()
    } else if trimmed.starts_with('/') {
        trimmed.to_owned()
    } else {
        format!("/{trimmed}")
    }
}

pub(super) async fn handle(State(shared): State<Arc<Shared>>, request: Request<Body>) -> Response {
    let (settings, site_url) = (shared.lock().settings.clone(), shared.base_url.clone());
    if !settings.delay.is_zero() {
        tokio::time::sleep(settings.delay).await;
    }
    let (parts, body) = request.into_parts();
    let path = parts.uri.path().to_owned();
    if settings.not_wordpress {
        return html::other_site(&path);
    }
    let mut query: Vec<(String, String)> = parts
        .uri
        .query()
        .map(|q| form_urlencoded::parse(q.as_bytes()).into_owned().collect())
        .unwrap_or_default();
    let rest_route = query.iter().position(|(k, _)| k == "rest_route").map(|at| query.remove(at).1);
    let (route, via) = if path == "/wp-json" || path.starts_with("/wp-json/") {
        if !settings.pretty_permalinks {
            return html::not_found(&site_url, false);
        }
        (normalise_route(&path["/wp-json".len()..]), Via::WpJson)
    } else if let Some(route) = rest_route.filter(|_| path == "/" || path == "/index.php") {
        (normalise_route(&route), Via::RestRoute)
    } else if path == "/" {
        return html::home(&site_url, settings.pretty_permalinks);
    } else {
        return html::not_found(&site_url, settings.pretty_permalinks);
    };
    let authorization = parts
        .headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .filter(|_| !settings.drop_authorization);
    let content_type = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_BODY).await else {
        return (StatusCode::PAYLOAD_TOO_LARGE, "Request Entity Too Large").into_response();
    };
    let request = RestRequest {
        method: parts.method.as_str().to_owned(),
        route,
        via,
        query,
        authorization,
        content_type,
        body: bytes.to_vec(),
    };
    let mut inner = shared.lock();
    let (reply, user) = rest::serve(&mut inner, &site_url, &request);
    inner.requests.push(WpRequest {
        method: request.method.clone(),
        route: request.route.clone(),
        via: request.via,
        query: request.query.clone(),
        authorization: request.authorization.clone(),
        user,
        body: recorded_body(&request),
        status: reply.status,
    });
    drop(inner);
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut response = (status, axum::Json(reply.body)).into_response();
    let headers = response.headers_mut();
    headers
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json; charset=UTF-8"));
    for (name, value) in reply.headers {
        if let (Ok(name), Ok(value)) = (name.parse::<HeaderName>(), value.parse::<HeaderValue>()) {
            headers.insert(name, value);
        }
    }
    response
}

fn recorded_body(request: &RestRequest) -> Value {
    if request.body.is_empty() {
        return Value::Null;
    }
    if request.content_type.starts_with("application/x-www-form-urlencoded") {
        let fields = form_urlencoded::parse(&request.body)
            .map(|(k, v)| (k.into_owned(), Value::String(v.into_owned())))
            .collect();
        return Value::Object(fields);
    }
    serde_json::from_slice(&request.body)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&request.body).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_lose_their_trailing_slash() {
        assert_eq!(normalise_route(""), "/");
        assert_eq!(normalise_route("/"), "/");
        assert_eq!(normalise_route("/wp/v2/posts/"), "/wp/v2/posts");
        assert_eq!(normalise_route("wp/v2/tags"), "/wp/v2/tags");
    }
}

//! Google's OAuth 2.0 endpoints for a web server app: the authorize page and
//! the token endpoint, with Google's error bodies.

use std::collections::HashMap;

use axum::Form;
use axum::Json;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use super::sha256::challenge;
use super::{CLIENT_ID, CLIENT_SECRET, Grant, Shared};

/// How long an access token lives, as Google says.
const EXPIRES_IN: u64 = 3599;

fn oauth_error(status: StatusCode, error: &str, description: &str) -> Response {
    (status, Json(json!({"error": error, "error_description": description}))).into_response()
}

/// The consent page, answered at once: back to `redirect_uri` with a code
/// and the state, or `error=access_denied` when `login_hint` is `deny` or
/// the fake was told to decline (`FakeGoogle::decline_consent`).
pub(super) async fn authorize(
    State(inner): State<Shared>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let param = |name: &str| query.get(name).map(String::as_str).unwrap_or_default();
    if param("client_id") != CLIENT_ID {
        let page = "<html>Error 401: invalid_client. The OAuth client was not found.</html>";
        return (StatusCode::UNAUTHORIZED, [(header::CONTENT_TYPE, "text/html")], page)
            .into_response();
    }
    let redirect_uri = param("redirect_uri").to_owned();
    if param("response_type") != "code" || param("scope").is_empty() || redirect_uri.is_empty() {
        let page = "<html>Error 400: invalid_request</html>";
        return (StatusCode::BAD_REQUEST, [(header::CONTENT_TYPE, "text/html")], page)
            .into_response();
    }
    let method = param("code_challenge_method");
    let challenge = query.get("code_challenge").cloned();
    if challenge.is_some() && method != "S256" {
        let page = "<html>Error 400: invalid_request (code_challenge_method)</html>";
        return (StatusCode::BAD_REQUEST, [(header::CONTENT_TYPE, "text/html")], page)
            .into_response();
    }
    let Ok(mut location) = reqwest::Url::parse(&redirect_uri) else {
        let page = "<html>Error 400: redirect_uri_mismatch</html>";
        return (StatusCode::BAD_REQUEST, [(header::CONTENT_TYPE, "text/html")], page)
            .into_response();
    };
    let mut inner = inner.lock().unwrap();
    if param("login_hint") == "deny" || inner.decline_consent {
        location.query_pairs_mut().append_pair("error", "access_denied");
    } else {
        let code = inner.token("4/0code");
        let grant = Grant { challenge, redirect_uri: redirect_uri.clone(), used: false };
        inner.grants.insert(code.clone(), grant);
        location.query_pairs_mut().append_pair("code", &code).append_pair("scope", param("scope"));
    }
    drop(inner);
    location.query_pairs_mut().append_pair("state", param("state"));
    let location = location.to_string();
    (StatusCode::FOUND, [(header::LOCATION, location)]).into_response()
}

/// `POST /token`, form-encoded: `authorization_code` or `refresh_token`.
pub(super) async fn token(
    State(inner): State<Shared>,
    Form(form): Form<HashMap<String, String>>,
) -> Response {
    let param = |name: &str| form.get(name).map(String::as_str).unwrap_or_default();
    if param("client_id") != CLIENT_ID || param("client_secret") != CLIENT_SECRET {
        return oauth_error(
            StatusCode::UNAUTHORIZED,
            "invalid_client",
            "The OAuth client was not found.",
        );
    }
    let mut inner = inner.lock().unwrap();
    match param("grant_type") {
        "authorization_code" => {
            let Some(grant) = inner.grants.get_mut(param("code")) else {
                return oauth_error(
                    StatusCode::BAD_REQUEST,
                    "invalid_grant",
                    "Malformed auth code.",
                );
            };
            if grant.used {
                return oauth_error(StatusCode::BAD_REQUEST, "invalid_grant", "Bad Request");
            }
            grant.used = true;
            if grant.redirect_uri != param("redirect_uri") {
                return oauth_error(
                    StatusCode::BAD_REQUEST,
                    "redirect_uri_mismatch",
                    "Bad Request",
                );
            }
            if let Some(expected) = &grant.challenge
                && challenge(param("code_verifier")) != *expected
            {
                return oauth_error(
                    StatusCode::BAD_REQUEST,
                    "invalid_grant",
                    "Invalid code verifier.",
                );
            }
            let access = inner.token("ya29.access");
            let refresh = inner.token("1//refresh");
            inner.access.insert(access.clone(), true);
            inner.refresh.insert(refresh.clone(), true);
            Json(json!({
                "access_token": access,
                "expires_in": EXPIRES_IN,
                "refresh_token": refresh,
                "scope": "https://www.googleapis.com/auth/drive.readonly",
                "token_type": "Bearer",
            }))
            .into_response()
        }
        "refresh_token" => {
            if inner.refresh.get(param("refresh_token")) != Some(&true) {
                return oauth_error(
                    StatusCode::BAD_REQUEST,
                    "invalid_grant",
                    "Token has been expired or revoked.",
                );
            }
            inner.refreshes += 1;
            let access = inner.token("ya29.access");
            inner.access.insert(access.clone(), true);
            Json(json!({
                "access_token": access,
                "expires_in": EXPIRES_IN,
                "scope": "https://www.googleapis.com/auth/drive.readonly",
                "token_type": "Bearer",
            }))
            .into_response()
        }
        _ => oauth_error(StatusCode::BAD_REQUEST, "unsupported_grant_type", "Invalid grant_type."),
    }
}

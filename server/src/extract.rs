//! Extractors whose every rejection is an [`ApiError`] (never axum's plain
//! text): the JSON body, path parameters, and the signed-in user.

use axum::body::Bytes;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRef, FromRequest, FromRequestParts, Request};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use dastyar_core::MessageCode;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::db::Db;
use crate::error::ApiError;
use crate::store;
use crate::token::JwtKeys;

/// A JSON body in, a JSON body out. Requests need `Content-Type:
/// application/json`; syntax errors answer `invalid_json`, a wrong shape
/// answers `invalid_input` (or `field_required`) naming the field, and a body
/// over the limit answers 413 `too_large`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(req.headers()) {
            return Err(ApiError::InvalidJson {
                reason: "expected Content-Type: application/json".into(),
            });
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge
            } else {
                ApiError::InvalidJson { reason: rejection.body_text() }
            }
        })?;
        parse(&bytes).map(Json)
    }
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Deserialises a body, reporting where it went wrong.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(located)?;
    deserializer.end().map_err(|e| ApiError::InvalidJson { reason: e.to_string() })?;
    Ok(value)
}

/// Reads a JSON value already parsed (a part of a body) as `T`, reporting
/// where it went wrong as [`parse`] does.
pub fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(value).map_err(located)
}

fn located(error: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let path = error.path().to_string();
    let inner = error.into_inner();
    let reason = inner.to_string();
    if !inner.is_data() {
        return ApiError::InvalidJson { reason };
    }
    let parent = (path != ".").then_some(path);
    match missing_field(&reason) {
        Some(name) => ApiError::Invalid {
            field: parent.map_or_else(|| name.to_owned(), |p| format!("{p}.{name}")),
            code: MessageCode::FieldRequired,
        },
        None => ApiError::InvalidInput { field: parent, reason },
    }
}

/// serde reports a missing field at its parent, naming it in the text.
fn missing_field(reason: &str) -> Option<&str> {
    reason.strip_prefix("missing field `")?.split('`').next()
}

/// Path parameters. A value that does not parse (a non-numeric or too large
/// id) names nothing that exists: 404.
#[derive(Debug, Clone, Copy)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(PathRejection::FailedToDeserializePathParams(_)) => Err(ApiError::NotFound),
            Err(other) => {
                Err(ApiError::internal(format!("path parameters: {}", other.body_text())))
            }
        }
    }
}

/// The signed-in user, from `Authorization: Bearer <token>`. A missing,
/// malformed, badly signed or expired token, or one whose account is gone,
/// answers 401 `unauthenticated`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuthUser {
    pub id: i64,
}

impl<S> FromRequestParts<S> for AuthUser
where
    S: Send + Sync,
    Db: FromRef<S>,
    std::sync::Arc<JwtKeys>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(bearer)
            .ok_or(ApiError::Unauthenticated)?;
        let keys = std::sync::Arc::<JwtKeys>::from_ref(state);
        let id = keys.verify(token).ok_or(ApiError::Unauthenticated)?;
        let db = Db::from_ref(state);
        if !store::users::exists(&db, id).await? {
            return Err(ApiError::Unauthenticated);
        }
        Ok(AuthUser { id })
    }
}

fn bearer(header: &str) -> Option<&str> {
    let (scheme, token) = header.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Body {
        email: String,
        inner: Option<Inner>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Inner {
        x: i64,
    }

    fn field_of(error: ApiError) -> (String, Option<String>) {
        match error {
            ApiError::Invalid { field, code } => (code.code(), Some(field)),
            ApiError::InvalidInput { field, .. } => ("invalid_input".into(), field),
            ApiError::InvalidJson { .. } => ("invalid_json".into(), None),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn errors_name_the_field() {
        assert!(parse::<Body>(br#"{"email": "a"}"#).is_ok());
        let parse = |s: &str| field_of(parse::<Body>(s.as_bytes()).unwrap_err());
        assert_eq!(parse("{"), ("invalid_json".into(), None));
        assert_eq!(parse(""), ("invalid_json".into(), None));
        assert_eq!(parse(r#"{"email": "a"} x"#), ("invalid_json".into(), None));
        assert_eq!(parse("{}"), ("field_required".into(), Some("email".into())));
        assert_eq!(parse(r#"{"email": 5}"#), ("invalid_input".into(), Some("email".into())));
        assert_eq!(
            parse(r#"{"email": "a", "inner": {}}"#),
            ("field_required".into(), Some("inner.x".into()))
        );
        assert_eq!(
            parse(r#"{"email": "a", "inner": {"x": "y"}}"#),
            ("invalid_input".into(), Some("inner.x".into()))
        );
        assert_eq!(parse("[]"), ("invalid_input".into(), None));
    }

    #[test]
    fn values_name_the_field_too() {
        let value = |v: serde_json::Value| field_of(from_value::<Body>(v).unwrap_err());
        assert_eq!(value(serde_json::json!({})), ("field_required".into(), Some("email".into())));
        assert_eq!(
            value(serde_json::json!({"email": "a", "inner": {"x": "y"}})),
            ("invalid_input".into(), Some("inner.x".into()))
        );
        assert!(from_value::<Body>(serde_json::json!({"email": "a", "extra": 1})).is_ok());
    }

    #[test]
    fn content_types() {
        let with = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(CONTENT_TYPE, v.parse().unwrap());
            is_json(&h)
        };
        assert!(with("application/json"));
        assert!(with("application/json; charset=utf-8"));
        assert!(with("application/problem+json"));
        assert!(!with("text/plain"));
        assert!(!is_json(&HeaderMap::new()));
    }

    #[test]
    fn bearer_tokens() {
        assert_eq!(bearer("Bearer abc"), Some("abc"));
        assert_eq!(bearer("bearer  abc "), Some("abc"));
        assert_eq!(bearer("Basic abc"), None);
        assert_eq!(bearer("Bearer "), None);
        assert_eq!(bearer("Bearer"), None);
    }
}

//! The JSON body extractor (and responder): every rejection is an [`ApiError`].

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::json_input::parse;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}

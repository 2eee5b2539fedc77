//! The `Idempotency-Key` header: the client's name for one attempt at a
//! request that costs credits, so sending it again never charges twice.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use dastyar_core::MessageCode;
use rand::distr::{Alphanumeric, SampleString};

use crate::error::ApiError;

pub const HEADER: &str = "idempotency-key";
const MAX_LEN: usize = 200;

/// The key's rule as a pattern, for the document: 1 to 200 printable ASCII
/// characters, no space.
pub fn pattern() -> String {
    format!("^[!-~]{{1,{MAX_LEN}}}$")
}

/// The client's key, or a fresh one when it sent none (then a retry is a
/// new request, as the client asked for nothing else).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyKey {
    pub key: String,
    /// Whether the client chose it.
    pub from_client: bool,
}

impl<S: Send + Sync> FromRequestParts<S> for IdempotencyKey {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let Some(value) = parts.headers.get(HEADER) else {
            let key = Alphanumeric.sample_string(&mut rand::rng(), 32);
            return Ok(IdempotencyKey { key, from_client: false });
        };
        let key = value
            .to_str()
            .ok()
            .map(str::trim)
            .filter(|k| {
                !k.is_empty() && k.len() <= MAX_LEN && k.bytes().all(|b| b.is_ascii_graphic())
            })
            .ok_or_else(|| ApiError::invalid(HEADER, MessageCode::IdempotencyKeyInvalid))?;
        Ok(IdempotencyKey { key: key.to_owned(), from_client: true })
    }
}

//! The API under `/api`: each area brings its own `router()`; whatever matches
//! none of them answers 404 in the JSON error shape.

pub mod openapi;

use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

/// The routes below `/api` (paths here are relative to it).
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(openapi::router())
        .fallback(not_found)
        .method_not_allowed_fallback(not_found)
}

/// The answer for any path or method the API does not have.
pub async fn not_found() -> ApiError {
    ApiError::NotFound
}

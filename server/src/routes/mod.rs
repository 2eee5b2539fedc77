//! The API under `/api`: each area brings its own `router()`; whatever matches
//! none of them answers 404 in the JSON error shape.

pub mod assistants;
pub mod auth;
pub mod canvas_schema;
pub mod containers;
pub mod downgrade;
pub mod edges;
pub mod files;
pub mod listings;
pub mod mock_gateway;
pub mod node_openapi;
pub mod nodes;
pub mod openapi;
pub mod payments;
pub mod project_queries;
pub mod projects;
pub mod shortcuts;
pub mod subscription;
pub mod telegram;
pub mod toggles;

use axum::Router;

use crate::error::ApiError;
use crate::state::AppState;

/// The routes below `/api` (paths here are relative to it).
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(auth::router())
        .merge(projects::router())
        .merge(nodes::router())
        .merge(assistants::router())
        .merge(telegram::router())
        .merge(edges::router())
        .merge(containers::router())
        .merge(project_queries::router())
        .merge(shortcuts::router())
        .merge(toggles::router())
        .merge(listings::router())
        .merge(files::router())
        .merge(subscription::router())
        .merge(payments::router())
        .merge(mock_gateway::router())
        .merge(downgrade::router())
        .merge(openapi::router())
        .fallback(not_found)
        .method_not_allowed_fallback(not_found)
}

/// The answer for any path or method the API does not have.
pub async fn not_found() -> ApiError {
    ApiError::NotFound
}

/// Maps a name rule's refusal to a 422 on `field`.
pub(crate) fn name_error(field: &str, error: crate::names::NameError, max: usize) -> ApiError {
    match error {
        crate::names::NameError::Blank => {
            ApiError::invalid(field, dastyar_core::MessageCode::FieldRequired)
        }
        crate::names::NameError::TooLong => ApiError::InvalidInput {
            field: Some(field.to_owned()),
            reason: format!("longer than {max} characters"),
        },
    }
}

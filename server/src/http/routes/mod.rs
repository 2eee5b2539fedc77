//! The API under `/api`: each area brings its own `router()`, whose routes
//! carry their OpenAPI operations (`utoipa_axum`), so the router, the
//! document and the routing test's list come from one declaration.

pub mod analyzers;
pub mod assistant_runtime;
pub mod assistants;
pub mod auth;
pub mod containers;
pub mod conversations;
pub mod downgrade;
pub mod edges;
pub mod files;
pub mod frames;
pub mod function_json;
pub mod google;
pub mod knowledge;
pub mod listings;
pub mod mock_gateway;
pub mod models;
pub mod node_openapi;
pub mod nodes;
pub mod payments;
pub mod project_queries;
pub mod projects;
pub mod request_execute;
pub mod schedules;
pub mod shortcuts;
pub mod sms;
pub mod subscription;
pub mod telegram;
pub mod toggles;
pub mod transfer;
pub mod widget;
pub mod wordpress;
use utoipa_axum::router::OpenApiRouter;

use crate::error::ApiError;
use crate::state::AppState;

/// The routes below `/api` (paths here are relative to it).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(projects::router())
        .merge(transfer::router())
        .merge(nodes::router())
        .merge(assistants::router())
        .merge(assistant_runtime::router())
        .merge(models::router())
        .merge(function_json::router())
        .merge(conversations::router())
        .merge(request_execute::router())
        .merge(telegram::router())
        .merge(sms::router())
        .merge(frames::router())
        .merge(analyzers::router())
        .merge(widget::router())
        .merge(edges::router())
        .merge(containers::router())
        .merge(project_queries::router())
        .merge(shortcuts::router())
        .merge(toggles::router())
        .merge(schedules::router())
        .merge(listings::router())
        .merge(files::router())
        .merge(knowledge::router())
        .merge(google::router())
        .merge(wordpress::router())
        .merge(subscription::router())
        .merge(payments::router())
        .merge(mock_gateway::router())
        .merge(downgrade::router())
        .merge(crate::http::openapi::router())
}

/// The answer for any path the API does not have.
pub async fn not_found() -> ApiError {
    ApiError::NotFound
}

/// The answer for a path the API has, asked with a method it does not
/// take (axum adds the `Allow` header naming those it does).
pub async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

//! The HTTP layer: routes (one module per area, each with its own
//! `router()`), extractors, the JSON error shape, the OpenAPI document and
//! the web app. Nothing outside this folder imports from it.

pub mod client_address;
pub mod common_responses;
pub mod connections;
pub mod documented_route;
pub mod error_response;
pub mod extract;
pub mod openapi;
pub mod openapi_catalogue;
pub mod openapi_event_streams;
pub mod openapi_fields;
pub mod openapi_links;
pub mod openapi_rules;
pub mod operation;
pub mod routes;
pub mod security_headers;
pub mod web;

use std::sync::Arc;

use axum::{Extension, Router};
use utoipa::OpenApi;

use crate::billing::catalogue::Catalogue;
use crate::state::AppState;

/// The API below `/api` and its OpenAPI document, both from the one
/// declaration of each route; the router serves the document too. Whatever
/// matches no route answers 404 in the JSON error shape, a method a path
/// does not take 405.
pub fn api(catalogue: &Catalogue) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, paths) = routes::router().split_for_parts();
    let mut doc = openapi::ApiDoc::openapi().nest("/api", paths);
    common_responses::add(&mut doc);
    openapi_fields::add(&mut doc);
    openapi_catalogue::add(&mut doc, catalogue);
    openapi_rules::add(&mut doc);
    openapi_event_streams::add(&mut doc);
    openapi_links::add(&mut doc);
    let router = router
        .fallback(routes::not_found)
        .method_not_allowed_fallback(routes::method_not_allowed)
        .layer(Extension(Arc::new(doc.clone())));
    (router, doc)
}

//! `/api/openapi.json`: the API's OpenAPI document, made by the router
//! itself from each route's operation (see `http::api`).

use std::sync::Arc;

use axum::Extension;
use utoipa::openapi::OpenApi as OpenApiDoc;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::extract::Json;
use crate::state::AppState;

/// What the document says beside its paths (each route brings its own).
#[derive(OpenApi)]
#[openapi(
    info(title = "Dastyar API", description = "Persian-first visual builder for AI-assistant workflows. \
        Errors answer {\"error\": {\"code\", \"message\" (Persian), \"details\"}}."),
    modifiers(&BearerAuth),
    tags(
        (name = "auth", description = "Accounts"),
        (name = "projects", description = "Projects"),
        (name = "edges", description = "Connections between nodes"),
        (name = "containers", description = "Containers that group nodes"),
        (name = "files", description = "Files uploaded into filedb and filerepository nodes"),
        (name = "knowledge", description = "What assistants search: each document's state, search and reading again"),
        (name = "subscription", description = "Plans, credits, the current subscription, payments (Zarinpal and the mock gateway), downgrades and plan limits"),
        (name = "meta", description = "About the API"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build(),
            ),
        );
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(openapi_json))
}

/// This document.
#[utoipa::path(get, path = "/openapi.json", tag = "meta",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json")))]
pub async fn openapi_json(Extension(doc): Extension<Arc<OpenApiDoc>>) -> Json<OpenApiDoc> {
    Json(OpenApiDoc::clone(&doc))
}

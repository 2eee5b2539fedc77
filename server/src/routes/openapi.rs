//! `/api/openapi.json`: the API's OpenAPI document, generated from the
//! handlers' `#[utoipa::path]` annotations.

use axum::Router;
use axum::routing::get;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::extract::Json;
use crate::routes::node_openapi::NodeRoutes;
use crate::routes::{
    auth, containers, downgrade, edges, files, listings, mock_gateway, payments, project_queries,
    projects, shortcuts, subscription, toggles,
};
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(title = "Dastyar API", description = "Persian-first visual builder for AI-assistant workflows. \
        Errors answer {\"error\": {\"code\", \"message\" (Persian), \"details\"}}."),
    paths(
        auth::register,
        auth::login,
        auth::me,
        projects::list,
        projects::create,
        projects::show,
        projects::rename,
        projects::set_category,
        projects::set_thumbnail,
        projects::remove,
        edges::create,
        edges::list,
        edges::update,
        edges::remove,
        containers::create,
        containers::show,
        containers::remove,
        containers::rename,
        containers::resize,
        containers::move_to,
        containers::add_node,
        containers::nodes,
        project_queries::containers_with_assistants,
        project_queries::api_nodes,
        project_queries::check_workflow,
        project_queries::triggers,
        project_queries::active_triggers,
        shortcuts::function_to_assistant,
        shortcuts::assistant_to_function,
        shortcuts::filedb_to_assistant,
        shortcuts::api_to_request,
        shortcuts::scheduler_to_request,
        shortcuts::trigger_to_assistant,
        shortcuts::trigger_disconnect,
        shortcuts::assistant_to_sms,
        shortcuts::sms_disconnect,
        shortcuts::sms_connected,
        shortcuts::filedb_to_vectorstore,
        shortcuts::repository_to_vectorstore,
        toggles::toggle_scheduler,
        toggles::toggle_trigger,
        toggles::activate_trigger,
        toggles::deactivate_trigger,
        listings::api_definitions,
        listings::vectorstore_files,
        listings::container_telegrams,
        listings::project_frames,
        listings::playground_project_frames,
        files::upload,
        files::upload_doc,
        files::remove_file,
        files::download,
        subscription::list_plans,
        subscription::credit_packages,
        subscription::current,
        subscription::history,
        subscription::check_limit,
        payments::purchase,
        payments::initiate_payment,
        payments::purchase_credits,
        payments::purchase_custom_credits,
        payments::payment,
        payments::verify_payment,
        payments::zarinpal_callback,
        mock_gateway::confirm,
        mock_gateway::confirm_credits,
        downgrade::analyze_downgrade,
        downgrade::cleanup_nodes,
        openapi_json,
    ),
    modifiers(&BearerAuth, &NodeRoutes),
    tags(
        (name = "auth", description = "Accounts"),
        (name = "projects", description = "Projects"),
        (name = "edges", description = "Connections between nodes"),
        (name = "containers", description = "Containers that group nodes"),
        (name = "files", description = "Files uploaded into filedb and filerepository nodes"),
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

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(openapi_json))
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta",
    responses((status = 200, description = "The OpenAPI document", content_type = "application/json")))]
pub async fn openapi_json() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

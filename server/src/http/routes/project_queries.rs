//! Project-level queries (spec §7 "Projects"): containers with their
//! assistants, API nodes, whether an API definition's workflow exists, the
//! project's triggers, and my active triggers across projects. A project that
//! is not mine answers 404.

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::graph::ProjectGraph;
use crate::canvas::project_queries::{
    self, ApiNodes, ContainerWithAssistants, TriggerView, WorkflowCheck,
};
use crate::db::Db;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::state::AppState;
use crate::store;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(containers_with_assistants))
        .routes(routes!(api_nodes))
        .routes(routes!(check_workflow))
        .routes(routes!(triggers))
        .routes(routes!(active_triggers))
}

/// The graph of one of my projects; 404 for anyone else's.
async fn graph(db: &Db, user_id: i64, project_id: i64) -> Result<ProjectGraph, ApiError> {
    store::projects::get(db, user_id, project_id).await?.ok_or(ApiError::NotFound)?;
    Ok(ProjectGraph::load(db, user_id, project_id).await?)
}

/// The project's containers, each with its children and its assistants.
#[utoipa::path(get, path = "/projects/{id}/containers-with-assistants", tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    responses(
        (status = 200, description = "Containers (with status_info), children and assistants", body = [ContainerWithAssistants]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
    ))]
pub async fn containers_with_assistants(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Vec<ContainerWithAssistants>>, ApiError> {
    let graph = graph(&db, user.id, id).await?;
    Ok(Json(project_queries::containers_with_assistants(&graph)?))
}

/// The project's API definitions and requests with their links.
#[utoipa::path(get, path = "/projects/{id}/api-nodes", tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    responses(
        (status = 200, description = "API definitions and requests with their links", body = ApiNodes),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
    ))]
pub async fn api_nodes(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<ApiNodes>, ApiError> {
    let graph = graph(&db, user.id, id).await?;
    Ok(Json(project_queries::api_nodes(&graph)?))
}

/// Whether an API definition's workflow exists: at least one request linked
/// to the definition reaches an assistant, directly or through the definition.
#[utoipa::path(get, path = "/projects/{id}/check-workflow/{definition}", tag = "projects",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "Project id"),
        ("definition" = i64, Path, description = "The API definition's database id"),
    ),
    responses(
        (status = 200, description = "exists, and when it does not, the workflow_missing code and Persian message", body = WorkflowCheck),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine, or no such API definition in it", body = ErrorBody),
    ))]
pub async fn check_workflow(
    State(db): State<Db>,
    user: AuthUser,
    Path((id, definition)): Path<(i64, i64)>,
) -> Result<Json<WorkflowCheck>, ApiError> {
    let graph = graph(&db, user.id, id).await?;
    project_queries::check_workflow(&graph, definition).map(Json).ok_or(ApiError::NotFound)
}

/// The project's triggers with the assistant each messages and its schedule.
#[utoipa::path(get, path = "/projects/{id}/triggers", tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    responses(
        (status = 200, description = "The project's triggers", body = [TriggerView]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
    ))]
pub async fn triggers(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Vec<TriggerView>>, ApiError> {
    let graph = graph(&db, user.id, id).await?;
    Ok(Json(project_queries::triggers(&graph)?))
}

/// My active triggers (`isActive`), across all my projects.
#[utoipa::path(get, path = "/triggers/active", tag = "projects",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "My active triggers, oldest first", body = [TriggerView]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
    ))]
pub async fn active_triggers(
    State(db): State<Db>,
    user: AuthUser,
) -> Result<Json<Vec<TriggerView>>, ApiError> {
    Ok(Json(project_queries::active_triggers(&db, user.id).await?))
}

//! Projects: list, create, read, rename, categorise, thumbnail, delete.
//! Another user's project answers 404, exactly like a missing one.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::files;
use crate::canvas::thumbnail;
use crate::db::Db;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::names::{self, CATEGORY_MAX, PROJECT_NAME_MAX};
use crate::state::AppState;
use crate::store::projects::{self, Project};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(create))
        .routes(routes!(show, remove))
        .routes(routes!(rename))
        .routes(routes!(set_category))
        .routes(routes!(set_thumbnail))
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ProjectNameRequest {
    /// Trimmed; 1 to 200 characters.
    pub name: String,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ProjectCategoryRequest {
    /// Trimmed; at most 100 characters. `null` or blank clears it. The key is required.
    #[serde(with = "required_key")]
    #[schema(required = true)]
    #[ts(type = "string | null")]
    pub category: Option<String>,
}

/// An `Option` whose key must be present (`null` is a value, absence an error).
mod required_key {
    use serde::{Deserialize, Deserializer};

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<String>, D::Error> {
        Option::deserialize(deserializer)
    }
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ProjectThumbnailRequest {
    /// A `data:image/png;base64,...` URL of a PNG of at most 1 MiB and 4096 pixels a side.
    pub thumbnail: String,
}

/// My projects, newest first.
#[utoipa::path(get, path = "/projects", tag = "projects",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "My projects, newest first", body = [Project]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
    ))]
pub async fn list(State(db): State<Db>, user: AuthUser) -> Result<Json<Vec<Project>>, ApiError> {
    Ok(Json(projects::list(&db, user.id).await?))
}

/// Create a project.
#[utoipa::path(post, path = "/playground/projects", tag = "projects",
    security(("bearer" = [])),
    request_body = ProjectNameRequest,
    responses(
        (status = 201, description = "The new project", body = Project),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "The name is blank or too long", body = ErrorBody),
    ))]
pub async fn create(
    State(db): State<Db>,
    user: AuthUser,
    Json(body): Json<ProjectNameRequest>,
) -> Result<(StatusCode, Json<Project>), ApiError> {
    let name = project_name(&body.name)?;
    Ok((StatusCode::CREATED, Json(projects::create(&db, user.id, &name).await?)))
}

/// One of my projects.
#[utoipa::path(get, path = "/projects/{id}", tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    responses(
        (status = 200, description = "The project", body = Project),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
    ))]
pub async fn show(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Project>, ApiError> {
    found(projects::get(&db, user.id, id).await?)
}

/// Rename a project.
#[utoipa::path(put, path = "/projects/{id}/rename", tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    request_body = ProjectNameRequest,
    responses(
        (status = 200, description = "The renamed project", body = Project),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
        (status = 422, description = "The name is blank or too long", body = ErrorBody),
    ))]
pub async fn rename(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ProjectNameRequest>,
) -> Result<Json<Project>, ApiError> {
    let name = project_name(&body.name)?;
    found(projects::rename(&db, user.id, id, &name).await?)
}

/// Set or clear a project's category.
#[utoipa::path(put, path = "/projects/{id}/category", tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    request_body = ProjectCategoryRequest,
    responses(
        (status = 200, description = "The project", body = Project),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
        (status = 422, description = "The category is too long", body = ErrorBody),
    ))]
pub async fn set_category(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ProjectCategoryRequest>,
) -> Result<Json<Project>, ApiError> {
    let category = match body.category {
        Some(text) => {
            names::optional(&text, CATEGORY_MAX).map_err(|e| e.on("category", CATEGORY_MAX))?
        }
        None => None,
    };
    found(projects::set_category(&db, user.id, id, category.as_deref()).await?)
}

/// Store a project's thumbnail.
#[utoipa::path(put, path = "/projects/{id}/thumbnail", tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    request_body = ProjectThumbnailRequest,
    responses(
        (status = 200, description = "The project", body = Project),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
        (status = 413, description = "The body is over 2 MiB", body = ErrorBody),
        (status = 422, description = "Not a PNG data URL, bad base64, not a PNG, or too large", body = ErrorBody),
    ))]
pub async fn set_thumbnail(
    State(db): State<Db>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ProjectThumbnailRequest>,
) -> Result<Json<Project>, ApiError> {
    let thumbnail = thumbnail::parse(&body.thumbnail).map_err(|e| ApiError::InvalidInput {
        field: Some("thumbnail".into()),
        reason: e.reason().into(),
    })?;
    found(projects::set_thumbnail(&db, user.id, id, &thumbnail.data_url).await?)
}

/// Delete a project and everything in it.
#[utoipa::path(delete, path = "/projects/{id}", tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
    ))]
pub async fn remove(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<StatusCode, ApiError> {
    let file_nodes = projects::delete(&state.db, user.id, id).await?.ok_or(ApiError::NotFound)?;
    for node_id in file_nodes {
        files::remove_node_files(&state, node_id).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

fn project_name(name: &str) -> Result<String, ApiError> {
    names::required(name, PROJECT_NAME_MAX).map_err(|e| e.on("name", PROJECT_NAME_MAX))
}

fn found(project: Option<Project>) -> Result<Json<Project>, ApiError> {
    project.map(Json).ok_or(ApiError::NotFound)
}

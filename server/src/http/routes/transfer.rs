//! A project exported to a file and a file imported as a new project
//! (core's transfer format; the work is `canvas::transfer`).

use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use dastyar_core::MessageCode;
use dastyar_core::transfer::{self, Transfer, TransferError};
use serde_json::Value;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::files;
use crate::canvas::transfer::{self as project_transfer, ImportedProject};
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(export)).routes(routes!(import))
}

/// One of my projects as a file to download: nodes, containers, positions
/// and edges, with every secret left out and listed in `secretsRemoved`.
#[utoipa::path(get, path = "/projects/{id}/export", tag = "projects",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Project id")),
    responses(
        (status = 200, description = "The transfer file, with an attachment Content-Disposition naming the project", body = Transfer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such project of mine", body = ErrorBody),
    ))]
pub async fn export(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    let (project, file) = project_transfer::export(&state, user.id, id).await?;
    let text = serde_json::to_string_pretty(&file).map_err(ApiError::internal)?;
    let name = format!("{}.dastyar.json", project.name.replace(['/', '\\'], "-"));
    let disposition = HeaderValue::from_str(&files::content_disposition(&name))
        .unwrap_or(HeaderValue::from_static("attachment"));
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    headers.insert(header::CONTENT_DISPOSITION, disposition);
    Ok(response)
}

/// A transfer file made into a new project of mine, through the same checks
/// as drawing it by hand. A broken, foreign or newer file, or one a rule or
/// my plan refuses, answers why in Persian and leaves nothing behind.
#[utoipa::path(post, path = "/projects/import", tag = "projects",
    security(("bearer" = [])),
    request_body = Transfer,
    responses(
        (status = 201, description = "The new project, the secrets to enter again and the connections to draw once they are", body = ImportedProject),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 403, description = "The plan allows no more nodes of a kind in the file", body = ErrorBody),
        (status = 413, description = "The file is over 2 MiB", body = ErrorBody),
        (status = 422, description = "Not a Dastyar project file, a newer version, parts that do not fit, or a node or connection a rule refuses", body = ErrorBody),
    ))]
pub async fn import(
    State(state): State<AppState>,
    user: AuthUser,
    body: Result<Json<Value>, ApiError>,
) -> Result<(StatusCode, Json<ImportedProject>), ApiError> {
    // A file that is no JSON says so in the words of every other refused file.
    let Json(body) = body.map_err(|error| match error {
        ApiError::InvalidJson { .. } => project_transfer::refused_file(TransferError::new(
            MessageCode::TransferNotJson,
            "",
            &[],
        )),
        other => other,
    })?;
    let file = transfer::from_value(body).map_err(project_transfer::refused_file)?;
    let imported = project_transfer::import(&state, user.id, &file).await?;
    Ok((StatusCode::CREATED, Json(imported)))
}

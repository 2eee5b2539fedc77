//! The files of file database and file repository nodes: `POST
//! /playground/filedb/upload` (also `/filedb/upload`), `DELETE
//! /filedb/file/{file_id}?node_id=`, and `GET /filedb/{id}/files/{file_id}` to
//! get one back. The bytes stream in and out of the file store
//! (`crate::canvas::files`).

use axum::body::Body;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use dastyar_core::data::files::FileEntry;
use dastyar_core::messages::MessageCode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::billing::storage::StorageUse;
use crate::canvas::canvas_node_schema::CanvasNodeSchema;
use crate::canvas::file_store::Staging;
use crate::canvas::files::{self, Upload};
use crate::canvas::nodes::NodeView;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path, Query, positive_id};
use crate::http::routes::nodes::DeleteAnswer;
use crate::state::AppState;

/// The most bytes accepted in all fields but `file` together (`node_id` and
/// anything a client adds).
const OTHER_FIELDS_MAX: usize = 64 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    // Uploads are bounded by `max_upload_mb` while they stream in, not by the
    // global body limit.
    OpenApiRouter::new()
        .routes(routes!(upload).layer(DefaultBodyLimit::disable()))
        .routes(routes!(upload_at_filedb).layer(DefaultBodyLimit::disable()))
        .routes(routes!(remove_file))
        .routes(routes!(remove_company_files))
        .routes(routes!(download))
}

/// The multipart form of an upload.
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // documentation only
pub struct UploadForm {
    /// The file, with its name and content type; an empty one is refused.
    #[schema(value_type = String, format = Binary, min_length = 1)]
    file: Vec<u8>,
    /// The database id of one of my filedb or filerepository nodes.
    node_id: i64,
    /// In a file database several companies share: the company whose file it is.
    #[schema(minimum = 1)]
    company_id: Option<i64>,
}

/// `201` to an upload: the new entry and the node with it in its `files`.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct UploadAnswer {
    pub file: FileEntry,
    #[schema(value_type = CanvasNodeSchema)]
    pub node: NodeView,
}

/// Uploads a file into one of my file database or file repository nodes.
#[utoipa::path(post, path = "/playground/filedb/upload", tag = "files",
    security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored; the entry and the node with it", body = UploadAnswer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 403, description = "The file does not fit the plan's storage (storage_quota_exceeded)", body = ErrorBody),
        (status = 404, description = "No such filedb or filerepository node of mine", body = ErrorBody),
        (status = 413, description = "The file is over DASTYAR_MAX_UPLOAD_MB (too_large)", body = ErrorBody),
        (status = 422, description = "file or node_id missing (field_required), node_id not a positive integer (invalid_input), \
            not multipart or an empty file (upload_failed)", body = ErrorBody),
    ))]
pub async fn upload(
    State(state): State<AppState>,
    user: AuthUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let multipart = multipart.map_err(|_| upload_failed())?;
    let mut staged = None;
    let result = upload_staged(&state, user.id, multipart, &mut staged).await;
    if result.is_err()
        && let Some(key) = staged
    {
        state.files.discard(&key).await;
    }
    result
}

/// The upload, with the staged bytes' key in `staged` until `files::add`
/// takes them over.
async fn upload_staged(
    state: &AppState,
    user_id: i64,
    multipart: Multipart,
    staged: &mut Option<object_store::path::Path>,
) -> Result<Response, ApiError> {
    let form = read_form(state, user_id, multipart, staged).await?;
    let node_id = positive_id("node_id", form.node_id.as_deref())?;
    if form.upload.is_none() && !form.empty_file {
        return Err(ApiError::invalid("file", MessageCode::FieldRequired));
    }
    let company_id = match form.company_id {
        Some(id) => Some(positive_id("company_id", Some(&id))?),
        None => None,
    };
    let Some(mut upload) = form.upload else { return Err(upload_failed()) };
    upload.company_id = company_id;
    *staged = None; // `files::add` owns it now
    let (file, row) = files::add(state, user_id, node_id, upload).await?;
    let answer = UploadAnswer { file, node: NodeView::of(&row)? };
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

/// The same as `POST /api/playground/filedb/upload`.
#[utoipa::path(post, path = "/filedb/upload", tag = "files",
    security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored; the entry and the node with it", body = UploadAnswer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 403, description = "storage_quota_exceeded", body = ErrorBody),
        (status = 404, description = "No such filedb or filerepository node of mine", body = ErrorBody),
        (status = 413, description = "too_large", body = ErrorBody),
        (status = 422, description = "field_required, invalid_input or upload_failed", body = ErrorBody),
    ))]
pub async fn upload_at_filedb(
    state: State<AppState>,
    user: AuthUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    upload(state, user, multipart).await
}

/// An upload's form as read.
struct Form {
    node_id: Option<String>,
    company_id: Option<String>,
    upload: Option<Upload>,
    /// The file was there, with no bytes (nothing staged).
    empty_file: bool,
}

/// Reads the form: `node_id`'s and `company_id`'s text and the first
/// `file`, streamed to a staged upload (whose key `staged` keeps for
/// cleaning up).
async fn read_form(
    state: &AppState,
    user_id: i64,
    mut multipart: Multipart,
    staged: &mut Option<object_store::path::Path>,
) -> Result<Form, ApiError> {
    let max = state.config.max_upload_bytes();
    // Checked again when the file joins its node; this stops a file that
    // cannot fit before it fills the disk.
    let storage = StorageUse::of(state, user_id).await?;
    let mut node_id = None;
    let mut company_id = None;
    let mut upload = None;
    let mut empty_file = false;
    let mut other_bytes = 0usize;
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        match field.name() {
            Some("file") if upload.is_none() && !empty_file => {
                let name = files::display_name(field.file_name().unwrap_or_default());
                let mime_type = field
                    .content_type()
                    .map(str::trim)
                    .filter(|m| !m.is_empty())
                    .unwrap_or("application/octet-stream")
                    .to_owned();
                let staging = state.files.stage().await.map_err(ApiError::internal)?;
                let (key, size) = match stream_to(&mut field, staging, max, storage.room()).await? {
                    Streamed::Stored(key, size) => (key, size),
                    Streamed::Empty => {
                        empty_file = true;
                        continue;
                    }
                    Streamed::NoRoom(size) => {
                        return Err(storage.check(size).err().unwrap_or(ApiError::TooLarge));
                    }
                };
                *staged = Some(key.clone());
                upload = Some(Upload { staged: key, name, mime_type, size, company_id: None });
            }
            name => {
                let kept = match name {
                    Some("node_id") if node_id.is_none() => Some(&mut node_id),
                    Some("company_id") if company_id.is_none() => Some(&mut company_id),
                    _ => None,
                };
                let mut text = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
                    other_bytes += chunk.len();
                    if other_bytes > OTHER_FIELDS_MAX {
                        return Err(ApiError::TooLarge);
                    }
                    if kept.is_some() {
                        text.extend_from_slice(&chunk);
                    }
                }
                if let Some(kept) = kept {
                    *kept = Some(String::from_utf8_lossy(&text).into_owned());
                }
            }
        }
    }
    Ok(Form { node_id, company_id, upload, empty_file })
}

/// What streaming a file came to.
enum Streamed {
    /// Staged whole at this key, this many bytes.
    Stored(object_store::path::Path, u64),
    /// No bytes at all (nothing staged).
    Empty,
    /// This many bytes, more than the plan has room for: what went past the
    /// room was counted, not written, so the refusal can say the size.
    NoRoom(u64),
}

/// Streams a file into `staging`: past `max` bytes it is too large (413);
/// past `room` (the plan's storage left) the rest is only counted. Anything
/// but a complete file aborts the upload, leaving nothing behind.
async fn stream_to(
    field: &mut Field<'_>,
    mut staging: Staging,
    max: u64,
    room: Option<u64>,
) -> Result<Streamed, ApiError> {
    let mut size = 0u64;
    let failed = loop {
        let chunk = match field.chunk().await {
            Ok(Some(chunk)) => chunk,
            Ok(None) => break None,
            Err(error) => break Some(multipart_error(error)),
        };
        size += chunk.len() as u64;
        if size > max {
            break Some(ApiError::TooLarge);
        }
        if room.is_none_or(|room| size <= room)
            && let Err(error) = staging.write(chunk).await
        {
            break Some(ApiError::internal(error));
        }
    };
    if let Some(error) = failed {
        staging.abort().await;
        return Err(error);
    }
    if room.is_some_and(|room| size > room) {
        staging.abort().await;
        return Ok(Streamed::NoRoom(size));
    }
    if size == 0 {
        // A multipart upload of no parts is refused by S3; nothing to keep anyway.
        staging.abort().await;
        return Ok(Streamed::Empty);
    }
    let key = staging.finish().await.map_err(ApiError::internal)?;
    Ok(Streamed::Stored(key, size))
}

fn upload_failed() -> ApiError {
    ApiError::invalid("file", MessageCode::UploadFailed)
}

fn multipart_error(error: MultipartError) -> ApiError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::TooLarge
    } else {
        upload_failed()
    }
}

/// `?node_id=`: required, a positive integer.
#[derive(Debug, Deserialize)]
pub struct NodeQuery {
    node_id: Option<String>,
}

/// Removes a file from one of my file nodes, entry and bytes.
#[utoipa::path(delete, path = "/filedb/file/{file_id}", tag = "files",
    security(("bearer" = [])),
    params(
        ("file_id" = i64, Path, description = "The file's id in its node's files"),
        ("node_id" = i64, Query, description = "The filedb or filerepository node's database id"),
    ),
    responses(
        (status = 200, description = "Removed", body = DeleteAnswer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such file in a file node of mine (or removed already)", body = ErrorBody),
        (status = 422, description = "node_id missing (field_required) or not a positive integer (invalid_input)", body = ErrorBody),
    ))]
pub async fn remove_file(
    State(state): State<AppState>,
    user: AuthUser,
    Path(file_id): Path<i64>,
    Query(query): Query<NodeQuery>,
) -> Result<Json<DeleteAnswer>, ApiError> {
    let node_id = positive_id("node_id", query.node_id.as_deref())?;
    files::remove(&state, user.id, node_id, file_id).await?;
    Ok(Json(DeleteAnswer { success: true }))
}

/// One of my files, as uploaded.
#[utoipa::path(get, path = "/filedb/{id}/files/{file_id}", tag = "files",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The filedb or filerepository node's database id"),
        ("file_id" = i64, Path, description = "The file's id in the node's files"),
    ),
    responses(
        (status = 200, description = "The bytes, with the stored content type and an attachment Content-Disposition naming the original file",
            content_type = "application/octet-stream"),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such node or file of mine", body = ErrorBody),
    ))]
pub async fn download(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, file_id)): Path<(i64, i64)>,
) -> Result<Response, ApiError> {
    let (entry, stored) = files::find(&state, user.id, id, file_id).await?;
    let length = stored.meta.size;
    let content_type = entry
        .mime_type
        .as_deref()
        .and_then(|m| HeaderValue::from_str(m).ok())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let disposition = HeaderValue::from_str(&files::content_disposition(&entry.name))
        .unwrap_or(HeaderValue::from_static("attachment"));
    let mut response = Body::from_stream(stored.into_stream()).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    headers.insert(header::CONTENT_TYPE, content_type);
    headers.insert(header::CONTENT_DISPOSITION, disposition);
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    Ok(response)
}

/// What removing a company's files came to.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CompanyFilesRemoved {
    pub success: bool,
    /// How many files went.
    pub removed: u64,
}

/// Removes one company's files from one of my file databases that several
/// companies share (entries and bytes); the other companies' and the
/// shared files stay.
#[utoipa::path(delete, path = "/filedb/{id}/multitenant/{company_id}", tag = "files",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The filedb node's database id"),
        ("company_id" = i64, Path, description = "One of my companies"),
    ),
    responses(
        (status = 200, description = "Removed (none is no error)", body = CompanyFilesRemoved),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such filedb node or company of mine", body = ErrorBody),
    ))]
pub async fn remove_company_files(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, company_id)): Path<(i64, i64)>,
) -> Result<Json<CompanyFilesRemoved>, ApiError> {
    let removed = files::remove_company(&state, user.id, id, company_id).await?;
    Ok(Json(CompanyFilesRemoved { success: true, removed: removed as u64 }))
}

//! The files of file database and file repository nodes: `POST
//! /playground/filedb/upload` (also `/filedb/upload`), `DELETE
//! /filedb/file/{file_id}?node_id=`, and `GET /filedb/{id}/files/{file_id}` to
//! get one back. The bytes stay on this server's disk (`crate::canvas::files`).

use std::path::PathBuf;

use axum::body::Body;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use dastyar_core::data::files::FileEntry;
use dastyar_core::messages::MessageCode;
use serde::{Deserialize, Serialize};
use tokio::io::AsyncWriteExt;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::billing::storage::StorageUse;
use crate::canvas::canvas_node_schema::CanvasNodeSchema;
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
    let mut temp = TempFile(None);
    let form = read_form(&state, user.id, multipart, &mut temp).await?;
    let node_id = positive_id("node_id", form.node_id.as_deref())?;
    let mut upload =
        form.upload.ok_or_else(|| ApiError::invalid("file", MessageCode::FieldRequired))?;
    if form.company_id.is_some() {
        upload.company_id = Some(positive_id("company_id", form.company_id.as_deref())?);
    }
    if upload.size == 0 {
        return Err(upload_failed());
    }
    temp.0 = None; // `files::add` owns it now
    let (file, row) = files::add(&state, user.id, node_id, upload).await?;
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

/// A temporary upload removed unless handed over.
struct TempFile(Option<PathBuf>);

impl Drop for TempFile {
    fn drop(&mut self) {
        if let Some(path) = self.0.take() {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// An upload's form as read.
struct Form {
    node_id: Option<String>,
    company_id: Option<String>,
    upload: Option<Upload>,
}

/// Reads the form: `node_id`'s and `company_id`'s text and the first
/// `file`, streamed to a temporary file (whose path `temp` keeps for
/// cleaning up).
async fn read_form(
    state: &AppState,
    user_id: i64,
    mut multipart: Multipart,
    temp: &mut TempFile,
) -> Result<Form, ApiError> {
    let max = state.config.max_upload_bytes();
    // Checked again when the file joins its node; this stops a file that
    // cannot fit before it fills the disk.
    let storage = StorageUse::of(state, user_id).await?;
    let mut node_id = None;
    let mut company_id = None;
    let mut upload = None;
    let mut other_bytes = 0usize;
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        match field.name() {
            Some("file") if upload.is_none() => {
                let name = files::display_name(field.file_name().unwrap_or_default());
                let mime_type = field
                    .content_type()
                    .map(str::trim)
                    .filter(|m| !m.is_empty())
                    .unwrap_or("application/octet-stream")
                    .to_owned();
                let path = files::temp_path(&state.config.data_dir).await?;
                temp.0 = Some(path.clone());
                let size = match stream_to(&mut field, &path, max, storage.room()).await? {
                    Streamed::Stored(size) => size,
                    Streamed::NoRoom(size) => {
                        return Err(storage.check(size).err().unwrap_or(ApiError::TooLarge));
                    }
                };
                upload = Some(Upload { temp: path, name, mime_type, size, company_id: None });
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
    Ok(Form { node_id, company_id, upload })
}

/// Writes a field to `path`, refusing more than `max` bytes; its size.
/// What streaming a file came to.
enum Streamed {
    /// Written whole, this many bytes.
    Stored(u64),
    /// This many bytes, more than the plan has room for: what went past the
    /// room was counted, not written, so the refusal can say the size.
    NoRoom(u64),
}

/// Streams a file to `path`: past `max` bytes it is too large (413); past
/// `room` (the plan's storage left) the rest is only counted.
async fn stream_to(
    field: &mut Field<'_>,
    path: &PathBuf,
    max: u64,
    room: Option<u64>,
) -> Result<Streamed, ApiError> {
    let mut out = tokio::fs::File::create(path).await.map_err(ApiError::internal)?;
    let mut size = 0u64;
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        size += chunk.len() as u64;
        if size > max {
            return Err(ApiError::TooLarge);
        }
        if room.is_none_or(|room| size <= room) {
            out.write_all(&chunk).await.map_err(ApiError::internal)?;
        }
    }
    if room.is_some_and(|room| size > room) {
        return Ok(Streamed::NoRoom(size));
    }
    out.flush().await.map_err(ApiError::internal)?;
    out.sync_data().await.map_err(ApiError::internal)?;
    Ok(Streamed::Stored(size))
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
    let (entry, path) = files::find(&state, user.id, id, file_id).await?;
    let bytes = match tokio::fs::read(&path).await {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(ApiError::NotFound),
        Err(e) => return Err(ApiError::internal(e)),
    };
    let content_type = entry
        .mime_type
        .as_deref()
        .and_then(|m| HeaderValue::from_str(m).ok())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    let disposition = HeaderValue::from_str(&files::content_disposition(&entry.name))
        .unwrap_or(HeaderValue::from_static("attachment"));
    let mut response = Body::from(bytes).into_response();
    let headers = response.headers_mut();
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

//! Files uploaded into file database and file repository nodes, their
//! bytes in the file store (`state.files`: the data folder or a shared
//! bucket) at `<node id>/<file id>`, and listed in the node's `files`
//! (changed through the ordinary node update).
//!
//! An upload is staged first and moved to its key only once it is complete
//! and its node is known to be the user's, so a half-written file never shows.

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::data::files::FileEntry;
use dastyar_core::messages::MessageCode;
use object_store::GetResult;
use object_store::path::Path as StoreKey;
use serde_json::json;
use tokio::sync::Mutex;

use crate::billing::storage::StorageUse;
use crate::canvas::file_store::FileStore;
use crate::canvas::nodes::{self, Served};
use crate::error::ApiError;
use crate::knowledge::documents;
use crate::state::AppState;
use crate::store::frames;
use crate::store::nodes::NodeRow;

/// The longest file name kept for display, in characters.
pub const FILE_NAME_MAX: usize = 255;

/// Changes to a node's file list are read-modify-write: one at a time (in
/// this process).
static FILE_LISTS: Mutex<()> = Mutex::const_new(());

/// How old a staged upload must be before a start-up sweep removes it:
/// older than any upload still running (another instance may share the
/// store), young enough not to keep a crash's leftovers for long.
pub const STALE_UPLOAD: std::time::Duration = std::time::Duration::from_secs(6 * 60 * 60);

/// Removes staged uploads older than `older_than`, left behind when a
/// server stopped mid-upload; answers how many went. Failures are logged,
/// never fatal: a leftover costs space, not correctness.
pub async fn sweep_stale_uploads(files: &FileStore, older_than: std::time::Duration) -> usize {
    match files.sweep_staging(older_than).await {
        Ok(removed) => removed,
        Err(error) => {
            tracing::warn!(%error, "could not sweep stale uploads");
            0
        }
    }
}

/// Removes every file of a node (nothing to do when there is none).
pub async fn remove_node_files(state: &AppState, node_id: i64) -> Result<(), ApiError> {
    state
        .files
        .remove_node(node_id)
        .await
        .map_err(|e| ApiError::internal(format!("removing a node's files: {e}")))
}

/// A client's file name as shown: its last path component, control
/// characters dropped, trimmed, at most [`FILE_NAME_MAX`] characters;
/// `file` when nothing is left.
pub fn display_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last.chars().filter(|c| !c.is_control()).collect();
    let trimmed: String = cleaned.trim().chars().take(FILE_NAME_MAX).collect();
    let trimmed = trimmed.trim();
    if trimmed.is_empty() || trimmed == "." || trimmed == ".." {
        "file".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// One of the user's file database or file repository nodes, with its
/// collection and files; `None` for anything else.
async fn file_node(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<Option<(NodeRow, Served, Vec<FileEntry>)>, ApiError> {
    let Some(row) = crate::store::nodes::get(state.db.pool(), user_id, node_id).await? else {
        return Ok(None);
    };
    let kind = row.kind().map_err(ApiError::internal)?;
    if !matches!(kind, NodeKind::Filedb | NodeKind::Filerepository) {
        return Ok(None);
    }
    let files = match row.payload().map_err(ApiError::internal)? {
        NodePayload::Filedb(p) => p.files,
        NodePayload::Filerepository(p) => p.files,
        _ => return Ok(None),
    };
    let served = Served::of(kind).ok_or_else(|| ApiError::internal("no collection for files"))?;
    Ok(Some((row, served, files)))
}

/// A complete upload staged at `staged` to join node `node_id`.
pub struct Upload {
    pub staged: StoreKey,
    pub name: String,
    pub mime_type: String,
    pub size: u64,
    /// The company whose file it is, in a shared file database.
    pub company_id: Option<i64>,
}

/// Moves an upload into its node: a new entry (the next id), the bytes
/// moved to its key, the node's `files` updated. 404 (and the upload
/// dropped) when the node is not one of the user's file nodes.
pub async fn add(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    upload: Upload,
) -> Result<(FileEntry, NodeRow), ApiError> {
    let result = add_inner(state, user_id, node_id, &upload).await;
    if result.is_err() {
        state.files.discard(&upload.staged).await;
    }
    result
}

async fn add_inner(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    upload: &Upload,
) -> Result<(FileEntry, NodeRow), ApiError> {
    let _guard = FILE_LISTS.lock().await;
    let (row, served, mut files) =
        file_node(state, user_id, node_id).await?.ok_or(ApiError::NotFound)?;
    if let Some(company_id) = upload.company_id {
        if row.kind != NodeKind::Filedb.as_str() {
            return Err(ApiError::invalid("company_id", MessageCode::FileCompanyFiledbOnly));
        }
        if frames::company(&state.db, user_id, company_id).await?.is_none() {
            return Err(ApiError::invalid("company_id", MessageCode::NotFound));
        }
    }
    // Under the lock, so two uploads at once cannot both take the last room.
    StorageUse::of(state, user_id).await?.check(upload.size)?;
    let id = files.iter().map(|f| f.id).max().unwrap_or(0).max(0) + 1;
    let entry = FileEntry {
        id,
        name: upload.name.clone(),
        size: Some(i64::try_from(upload.size).unwrap_or(i64::MAX)),
        mime_type: Some(upload.mime_type.clone()),
        uploaded_at: Some(crate::db::timestamp::now()),
        company_id: upload.company_id,
    };
    state.files.promote(&upload.staged, node_id, id).await.map_err(ApiError::internal)?;
    files.push(entry.clone());
    match nodes::update(state, user_id, served, node_id, json!({"files": files})).await {
        Ok(row) => {
            // The file is kept either way; one never queued is read by a reindex.
            if let Err(error) = documents::queue_file(state, user_id, node_id, &entry).await {
                tracing::error!(
                    ?error,
                    node_id,
                    file = entry.id,
                    "a file could not be queued for reading"
                );
            }
            Ok((entry, row))
        }
        Err(error) => {
            let _ = state.files.remove(node_id, id).await;
            Err(error)
        }
    }
}

/// Removes a file from one of the user's file nodes, entry and bytes.
/// Nothing to remove (no such node of mine, no such file) is no error.
pub async fn remove(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    file_id: i64,
) -> Result<(), ApiError> {
    let _guard = FILE_LISTS.lock().await;
    let Some((_, served, mut files)) = file_node(state, user_id, node_id).await? else {
        return Err(ApiError::NotFound);
    };
    let before = files.len();
    files.retain(|f| f.id != file_id);
    if files.len() == before {
        return Err(ApiError::NotFound);
    }
    nodes::update(state, user_id, served, node_id, json!({"files": files})).await?;
    state
        .files
        .remove(node_id, file_id)
        .await
        .map_err(|e| ApiError::internal(format!("removing a file: {e}")))
}

/// Removes one company's files from one of the user's file databases
/// shared by several companies, entries and bytes; how many went. 404 when
/// the node is not one of the user's file databases or the company not
/// one of theirs.
pub async fn remove_company(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    company_id: i64,
) -> Result<usize, ApiError> {
    let _guard = FILE_LISTS.lock().await;
    let Some((row, served, mut files)) = file_node(state, user_id, node_id).await? else {
        return Err(ApiError::NotFound);
    };
    if row.kind != NodeKind::Filedb.as_str()
        || frames::company(&state.db, user_id, company_id).await?.is_none()
    {
        return Err(ApiError::NotFound);
    }
    let (gone, kept): (Vec<FileEntry>, Vec<FileEntry>) =
        files.drain(..).partition(|f| f.company_id == Some(company_id));
    if gone.is_empty() {
        return Ok(0);
    }
    nodes::update(state, user_id, served, node_id, json!({"files": kept})).await?;
    for file in &gone {
        // The entry is gone; bytes left behind are only space, logged.
        if let Err(error) = state.files.remove(node_id, file.id).await {
            tracing::warn!(%error, node_id, file = file.id, "a removed file's bytes stayed")
        }
    }
    Ok(gone.len())
}

/// One of the user's stored files: its entry and its bytes as a stream
/// (404 when the node, the entry or the bytes are missing).
pub async fn find(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    file_id: i64,
) -> Result<(FileEntry, GetResult), ApiError> {
    let (_, _, files) = file_node(state, user_id, node_id).await?.ok_or(ApiError::NotFound)?;
    let entry = files.into_iter().find(|f| f.id == file_id).ok_or(ApiError::NotFound)?;
    let bytes = state.files.get(node_id, file_id).await.map_err(ApiError::internal)?;
    Ok((entry, bytes.ok_or(ApiError::NotFound)?))
}

/// A stored file's bytes, whole; `None` when they are gone.
pub async fn read(
    state: &AppState,
    node_id: i64,
    file_id: i64,
) -> Result<Option<Vec<u8>>, ApiError> {
    match state.files.read(node_id, file_id).await {
        Ok(bytes) => Ok(bytes.map(Vec::from)),
        Err(e) => Err(ApiError::internal(format!("reading file {node_id}/{file_id}: {e}"))),
    }
}

/// `Content-Disposition: attachment` naming `name`: an ASCII fallback and
/// the UTF-8 name (RFC 6266 / 5987).
pub fn content_disposition(name: &str) -> String {
    let fallback: String = name
        .chars()
        .map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' })
        .collect();
    let mut encoded = String::new();
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    format!("attachment; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_lose_paths_and_controls() {
        assert_eq!(display_name("قیمت‌ها.pdf"), "قیمت‌ها.pdf");
        assert_eq!(display_name("../../etc/passwd"), "passwd");
        assert_eq!(display_name("C:\\Users\\x\\a b.txt"), "a b.txt");
        assert_eq!(display_name("a\u{0}b\nc.txt"), "abc.txt");
        for empty in ["", "  ", "dir/", "..", "."] {
            assert_eq!(display_name(empty), "file", "{empty:?}");
        }
        assert_eq!(display_name(&"x".repeat(400)).chars().count(), FILE_NAME_MAX);
    }

    #[test]
    fn dispositions_carry_both_names() {
        assert_eq!(
            content_disposition("a b.txt"),
            "attachment; filename=\"a b.txt\"; filename*=UTF-8''a%20b.txt"
        );
        let persian = content_disposition("فا\"یل.pdf");
        assert!(persian.starts_with("attachment; filename=\"_____.pdf\""), "{persian}");
        assert!(persian.contains("filename*=UTF-8''%D9%81"), "{persian}");
    }
}

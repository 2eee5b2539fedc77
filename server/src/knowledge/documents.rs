//! Keeping documents in step with the files: each file uploaded is queued
//! for reading; each file that leaves its node takes its chunks with it (a
//! node deleted takes all of them, by the tables' cascade).

use dastyar_core::data::NodePayload;
use dastyar_core::data::files::FileEntry;
use dastyar_core::{MessageCode, NodeKind};
use serde::Serialize;
use serde_json::json;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::canvas::graph::ProjectGraph;
use crate::error::ApiError;
use crate::knowledge::INDEX_JOB;
use crate::knowledge::scope::sources_of;
use crate::state::AppState;
use crate::store::jobs;
use crate::store::knowledge::{self as store, DocumentRow, DocumentState, NewDocument};
use crate::store::nodes::{self, NodeRow};
use crate::store::tx::Tx;

/// Kinds that hold knowledge: what `GET /knowledge/{id}` answers for.
pub const KNOWLEDGE_KINDS: [NodeKind; 5] = [
    NodeKind::Vectorstore,
    NodeKind::Filedb,
    NodeKind::Filerepository,
    NodeKind::Googledoc,
    NodeKind::Googlesheet,
];

/// One document as the panels show it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct DocumentView {
    /// The node whose file it is.
    pub node_id: i64,
    /// The file in that node's `files` (0 for a Google doc or sheet).
    pub file_id: i64,
    pub name: String,
    pub state: DocumentState,
    /// Failed: why, in Persian.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    /// 0..100 while processing.
    pub progress: i64,
    /// Pages or rows read.
    pub sections: i64,
    pub chunks: i64,
    pub updated_at: String,
    /// Its chunks' vectors, for hybrid search: absent without an embedding
    /// model (search is BM25's alone), else pending, ready or failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vectors: Option<VectorState>,
    /// Why its vectors could not be made yet, in Persian (tried again later).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vectors_error: Option<String>,
}

/// Where a ready document's vectors stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum VectorState {
    Pending,
    Ready,
    Failed,
}

impl DocumentView {
    fn of(row: DocumentRow, model: Option<&str>) -> DocumentView {
        let vectors = model.filter(|_| row.state() == DocumentState::Ready).map(|model| {
            if row.embedding_model.as_deref() == Some(model) {
                VectorState::Ready
            } else if row.embedding_error.is_some() {
                VectorState::Failed
            } else {
                VectorState::Pending
            }
        });
        let vectors_error =
            row.embedding_error.clone().filter(|_| vectors == Some(VectorState::Failed));
        DocumentView {
            vectors,
            vectors_error,
            node_id: row.source_node_id,
            file_id: row.file_id,
            state: row.state(),
            progress: row.progress,
            sections: row.sections,
            chunks: row.chunks,
            error: row.error,
            name: row.name,
            updated_at: row.updated_at,
        }
    }
}

/// The documents behind a knowledge node, with how many stand where.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct KnowledgeStatus {
    pub documents: Vec<DocumentView>,
    pub ready: usize,
    pub processing: usize,
    pub failed: usize,
}

/// Queues one file of a file node for reading (again, if it was read).
pub async fn queue_file(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    file: &FileEntry,
) -> Result<DocumentRow, ApiError> {
    let document = NewDocument {
        user_id,
        source_node_id: node_id,
        file_id: file.id,
        company_id: file.company_id,
        name: &file.name,
    };
    queue(state, &document).await
}

/// Queues a Google doc or sheet node's document for reading (again): its
/// one document has `file_id` 0 and the doc's or sheet's name.
pub async fn queue_google(
    state: &AppState,
    user_id: i64,
    node: &NodeRow,
) -> Result<DocumentRow, ApiError> {
    let name = match node.payload().map_err(ApiError::internal)? {
        NodePayload::Googledoc(p) => p.doc_name.or(p.doc_id),
        NodePayload::Googlesheet(p) => p.sheet_name.or(p.sheet_id),
        _ => return Err(ApiError::NotFound),
    };
    let name = name.filter(|n| !n.trim().is_empty()).unwrap_or_else(|| node.name.clone());
    let document =
        NewDocument { user_id, source_node_id: node.id, file_id: 0, company_id: None, name: &name };
    queue(state, &document).await
}

async fn queue(state: &AppState, document: &NewDocument<'_>) -> Result<DocumentRow, ApiError> {
    let mut tx = Tx::begin(&state.db).await?;
    let row = store::queue(&mut tx, document).await?;
    let payload = json!({"document_id": row.id, "revision": row.revision});
    jobs::enqueue(tx.conn(), document.user_id, INDEX_JOB, &payload).await?;
    tx.commit().await?;
    Ok(row)
}

/// A file node's files, or none for any other kind.
fn files_of(node: &NodeRow) -> Option<Vec<FileEntry>> {
    match node.payload().ok()? {
        NodePayload::Filedb(p) => Some(p.files),
        NodePayload::Filerepository(p) => Some(p.files),
        _ => None,
    }
}

/// After a file node's list changed: the documents of files no longer in it
/// go, and those whose file changed company follow it.
pub async fn follow_files(state: &AppState, user_id: i64, node: &NodeRow) -> Result<(), ApiError> {
    let Some(files) = files_of(node) else { return Ok(()) };
    let keep: Vec<i64> = files.iter().map(|f| f.id).collect();
    store::remove_except(&state.db, node.id, &keep).await?;
    for document in store::of_nodes(&state.db, user_id, &[node.id]).await? {
        let company = files.iter().find(|f| f.id == document.file_id).and_then(|f| f.company_id);
        if document.company_id != company {
            store::set_company(&state.db, document.id, company).await?;
        }
    }
    Ok(())
}

/// One of the user's knowledge nodes (404 for anything else) and its project's graph.
pub async fn knowledge_node(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<(NodeRow, ProjectGraph), ApiError> {
    let node = nodes::get(state.db.pool(), user_id, node_id).await?.ok_or(ApiError::NotFound)?;
    let kind = node.kind().map_err(ApiError::internal)?;
    if !KNOWLEDGE_KINDS.contains(&kind) {
        return Err(ApiError::NotFound);
    }
    let graph = ProjectGraph::load(&state.db, user_id, node.project_id).await?;
    Ok((node, graph))
}

/// The documents of one of the user's knowledge nodes: a vector store's are
/// those of every source joined to it.
pub async fn status(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<KnowledgeStatus, ApiError> {
    let (node, graph) = knowledge_node(state, user_id, node_id).await?;
    let sources = sources_of(&graph, node.id);
    let rows = store::of_nodes(&state.db, user_id, &sources).await?;
    let model = state.llm.embedding_model();
    let documents: Vec<DocumentView> =
        rows.into_iter().map(|row| DocumentView::of(row, model)).collect();
    let count = |wanted: DocumentState| documents.iter().filter(|d| d.state == wanted).count();
    Ok(KnowledgeStatus {
        ready: count(DocumentState::Ready),
        processing: count(DocumentState::Processing),
        failed: count(DocumentState::Failed),
        documents,
    })
}

/// A read that ended in an error of ours rather than the file's (its object
/// could not be fetched from the file store, say) leaves the document
/// failed with `KnowledgeReadFailed`, which "read again" retries, instead of
/// processing for ever. A newer revision queued meanwhile is left alone.
pub async fn fail_unread(
    state: &AppState,
    document_id: i64,
    revision: i64,
) -> Result<(), sqlx::Error> {
    let Some(document) = store::get(&state.db, document_id).await? else { return Ok(()) };
    let code = MessageCode::KnowledgeReadFailed;
    let message = code.render(&[("name", &document.name)]);
    store::fail(&state.db, document_id, revision, &code.code(), &message).await?;
    Ok(())
}

/// Reads every file behind one of the user's knowledge nodes again (those
/// never queued too: a server stopped between an upload and its queueing).
pub async fn reindex(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<KnowledgeStatus, ApiError> {
    let (node, graph) = knowledge_node(state, user_id, node_id).await?;
    for source in sources_of(&graph, node.id) {
        let Some(row) = graph.node(source) else { continue };
        for file in files_of(row).unwrap_or_default() {
            queue_file(state, user_id, source, &file).await?;
        }
    }
    status(state, user_id, node_id).await
}

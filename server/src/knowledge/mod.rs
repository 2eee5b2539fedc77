//! Knowledge assistants search: files read into text (`extract`), cut into
//! chunks and indexed by term in the database (`index_job`), kept in step
//! with the files (`documents`), and searched by BM25 (`search`) over the
//! documents an assistant is joined to (`scope`).

pub mod citation;
pub mod documents;
pub mod extract;
pub mod google;
pub mod index_job;
pub mod scope;
pub mod search;

/// The job that reads a document and indexes it; its payload is
/// `{document_id, revision}`.
pub const INDEX_JOB: &str = "knowledge_index";

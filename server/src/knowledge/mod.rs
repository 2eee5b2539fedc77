//! Knowledge assistants search: files read into text (`extract`), cut into
//! chunks and indexed by term in the database (`index_job`), kept in step
//! with the files (`documents`), and searched by BM25 (`search`) over the
//! documents an assistant is joined to (`scope`). With an embedding model,
//! chunks get vectors too (`embedder`), searched in memory (`vectors`) and
//! fused with BM25's ranking by rank (`fusion`).

pub mod citation;
pub mod documents;
pub mod embedder;
pub mod extract;
pub mod fusion;
pub mod google;
pub mod index_job;
pub mod scope;
pub mod search;
pub mod vectors;

/// The job that reads a document and indexes it; its payload is
/// `{document_id, revision}`.
pub const INDEX_JOB: &str = "knowledge_index";

//! The job that reads a document into text and indexes it: the file's bytes,
//! core's chunks of the text a reader gave, and each chunk's terms counted,
//! kept in one transaction. A file that cannot be read leaves the document
//! failed with a Persian reason; the job itself still completes.

use std::collections::HashMap;

use dastyar_core::text::Section;
use dastyar_core::text::chunk::{ChunkOptions, chunks};
use dastyar_core::text::terms::index_terms;
use dastyar_core::{MessageCode, NodeKind};
use serde_json::{Value, json};

use crate::canvas::files;
use crate::error::ApiError;
use crate::knowledge::extract::{self, ExtractError, Format};
use crate::knowledge::google;
use crate::state::AppState;
use crate::store::knowledge::{self as store, DocumentRow, NewChunk, ReadDocument};
use crate::store::nodes;

/// Bytes the format is told from, after the name.
const SNIFF_BYTES: usize = 512;

/// Reads and indexes the document the payload names; its result says how
/// it ended. A newer revision queued meanwhile makes this one stand down.
pub async fn handle(state: &AppState, payload: &Value) -> Result<Value, ApiError> {
    let (Some(id), Some(revision)) = (
        payload.get("document_id").and_then(Value::as_i64),
        payload.get("revision").and_then(Value::as_i64),
    ) else {
        return Err(ApiError::internal(format!("a knowledge job without its document: {payload}")));
    };
    let Some(document) = store::get(&state.db, id).await? else {
        return Ok(json!({"document_id": id, "outcome": "gone"}));
    };
    if document.revision != revision {
        return Ok(json!({"document_id": id, "outcome": "superseded"}));
    }
    let outcome = match read(state, &document).await? {
        Ok(sections) => index(state, &document, sections).await?,
        Err((code, message)) => {
            let code = serde_json::to_value(code).map_err(ApiError::internal)?;
            let code = code.as_str().unwrap_or_default().to_owned();
            store::fail(&state.db, document.id, revision, &code, &message).await?;
            "failed"
        }
    };
    Ok(json!({"document_id": id, "outcome": outcome}))
}

/// The document's text, or why it has none (with the format, when known).
type Read = Result<Vec<Section>, (ExtractError, Option<Format>)>;

/// The document's text, read from where its source keeps it, or why it has
/// none: the message code and its Persian text.
async fn read(
    state: &AppState,
    document: &DocumentRow,
) -> Result<Result<Vec<Section>, (MessageCode, String)>, ApiError> {
    let Some(node) = nodes::get(state.db.pool(), document.user_id, document.source_node_id).await?
    else {
        let error = ExtractError::Corrupt;
        return Ok(Err((error.code(), error.message(&document.name, None))));
    };
    match node.kind().map_err(ApiError::internal)? {
        NodeKind::Filedb | NodeKind::Filerepository => {
            let read = read_file(state, document).await?;
            Ok(read
                .map_err(|(error, format)| (error.code(), error.message(&document.name, format))))
        }
        NodeKind::Googledoc | NodeKind::Googlesheet => google::source::read(state, &node).await,
        _ => {
            let error = ExtractError::Unsupported;
            Ok(Err((error.code(), error.message(&document.name, None))))
        }
    }
}

/// An uploaded file's text, by the readers of its format.
async fn read_file(state: &AppState, document: &DocumentRow) -> Result<Read, ApiError> {
    let Some(bytes) = files::read(state, document.source_node_id, document.file_id).await? else {
        return Ok(Err((ExtractError::Corrupt, None)));
    };
    store::set_progress(&state.db, document.id, document.revision, 20).await?;
    let sniff = &bytes[..bytes.len().min(SNIFF_BYTES)];
    let Some(format) = Format::detect(&document.name, None, sniff) else {
        return Ok(Err((ExtractError::Unsupported, None)));
    };
    // Readers parse whole files: off the async threads.
    let read = tokio::task::spawn_blocking(move || extract::extract(&bytes, format))
        .await
        .map_err(ApiError::internal)?;
    Ok(read.map_err(|error| (error, Some(format))))
}

/// Cuts the text into chunks, counts their terms and keeps them: "ready",
/// or "superseded" when a newer revision was queued meanwhile.
async fn index(
    state: &AppState,
    document: &DocumentRow,
    sections: Vec<Section>,
) -> Result<&'static str, ApiError> {
    store::set_progress(&state.db, document.id, document.revision, 60).await?;
    let characters: usize = sections.iter().map(|s| s.text.chars().count()).sum();
    let section_count = sections.len();
    let prepared = tokio::task::spawn_blocking(move || prepare(&sections))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    let read = ReadDocument {
        id: document.id,
        revision: document.revision,
        sections: i64::try_from(section_count).unwrap_or(i64::MAX),
        characters: i64::try_from(characters).unwrap_or(i64::MAX),
        chunks: &prepared,
    };
    if !store::replace_chunks(&state.db, &read).await? {
        return Ok("superseded");
    }
    store::after_bulk_index(&state.db, &prepared).await; // searches read the indexes alone
    // Its chunks need vectors, if an embedding model is set.
    state.embedding_due.notify_one();
    Ok("ready")
}

/// Core's chunks of the sections, each with its terms counted.
pub fn prepare(sections: &[Section]) -> Result<Vec<NewChunk>, serde_json::Error> {
    chunks(sections, &ChunkOptions::DEFAULT)
        .into_iter()
        .map(|chunk| {
            let terms = index_terms(&chunk.text);
            let mut counts: HashMap<String, i64> = HashMap::new();
            for term in &terms {
                *counts.entry(term.clone()).or_default() += 1;
            }
            let mut term_counts: Vec<(String, i64)> = counts.into_iter().collect();
            term_counts.sort();
            Ok(NewChunk {
                first_location: serde_json::to_string(&chunk.first)?,
                last_location: serde_json::to_string(&chunk.last)?,
                text: chunk.text,
                terms: i64::try_from(terms.len()).unwrap_or(i64::MAX),
                term_counts,
            })
        })
        .collect()
}

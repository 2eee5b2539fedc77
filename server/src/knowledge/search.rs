//! Searching a scope's chunks: BM25 over core's search terms, computed by
//! the database from the postings of the query's terms alone.

use dastyar_core::text::Location;
use dastyar_core::text::terms::{index_terms, query_terms};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use ts_rs::TS;
use utoipa::ToSchema;

use dastyar_core::MessageCode;
use dastyar_core::digits::persian_digits;

use crate::db::Db;
use crate::error::ApiError;
use crate::knowledge::citation::Citation;
use crate::knowledge::documents::knowledge_node;
use crate::knowledge::fusion;
use crate::knowledge::scope::scope_of;
use crate::state::AppState;
use crate::store::knowledge::{self as store, Scope};

/// Passages a search answers with at most.
pub const SEARCH_LIMIT_MAX: usize = 20;
/// Passages a search answers with unless asked for another number; the
/// assistant's tool is given as many.
pub const SEARCH_LIMIT_DEFAULT: usize = 5;
/// Chunks each ranking offers hybrid search's fusion: enough that a chunk
/// one ranking places low can still rise on the other's word.
const CANDIDATES: usize = 50;
/// The longest query, in characters: longer than any question.
pub const QUERY_MAX_CHARS: usize = 1000;

/// A query as typed, or a 422 saying why it cannot be searched.
pub fn checked_query(query: &str) -> Result<&str, ApiError> {
    let query = query.trim();
    if query.is_empty() {
        return Err(ApiError::invalid("query", MessageCode::KnowledgeQueryEmpty));
    }
    if query.chars().count() > QUERY_MAX_CHARS {
        let max = persian_digits(&QUERY_MAX_CHARS.to_string());
        return Err(ApiError::invalid_with(
            "query",
            MessageCode::KnowledgeQueryTooLong,
            &[("max", &max)],
        ));
    }
    Ok(query)
}

/// The number of passages asked for (the default when none is), or a 422.
pub fn checked_limit(limit: Option<i64>) -> Result<usize, ApiError> {
    match limit {
        None => Ok(SEARCH_LIMIT_DEFAULT),
        Some(n) if (1..=SEARCH_LIMIT_MAX as i64).contains(&n) => Ok(n as usize),
        Some(_) => {
            let max = persian_digits(&SEARCH_LIMIT_MAX.to_string());
            Err(ApiError::invalid_with(
                "limit",
                MessageCode::KnowledgeLimitInvalid,
                &[("max", &max)],
            ))
        }
    }
}

/// Searches what one of the user's knowledge nodes holds, as its owner
/// (every company's files).
pub async fn search_node(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    query: &str,
    limit: usize,
) -> Result<Vec<Passage>, ApiError> {
    let (node, graph) = knowledge_node(state, user_id, node_id).await?;
    let scope = scope_of(&graph, &[node.id], None);
    Ok(search(state, &scope, query, limit).await?)
}

/// A passage found, with where it is from (its file, and where in it the
/// passage starts and ends: the same place for one page or row).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct Passage {
    #[serde(flatten)]
    pub source: Citation,
    pub text: String,
    /// Higher is closer; only the order means anything (BM25's score, or
    /// with hybrid search the fused rank score).
    pub score: f64,
}

/// Passages as the model reads them: each with its source named.
pub fn for_model(passages: &[Passage]) -> Value {
    let found: Vec<Value> =
        passages.iter().map(|p| json!({"source": p.source.label(), "text": p.text})).collect();
    json!({ "passages": found })
}

/// BM25's inverse document frequency, in the form that is never negative
/// (a term in most chunks still counts a little).
fn idf(chunks: i64, with_term: i64) -> f64 {
    let (n, df) = (chunks as f64, with_term as f64);
    (1.0 + (n - df + 0.5) / (df + 0.5)).ln()
}

/// The `limit` passages of `scope` closest to `query`, best first. With an
/// embedding model, BM25's ranking and the vectors' are fused by rank
/// (hybrid search); without one, or while the provider cannot embed the
/// query, BM25's alone. None when neither finds anything.
pub async fn search(
    state: &AppState,
    scope: &Scope,
    query: &str,
    limit: usize,
) -> Result<Vec<Passage>, sqlx::Error> {
    let limit = limit.clamp(1, SEARCH_LIMIT_MAX);
    if state.llm.embedding_model().is_none() {
        return lexical_search(&state.db, scope, query, limit).await;
    }
    let lexical = bm25(&state.db, scope, query, CANDIDATES).await?;
    let nearest = state.vectors.nearest(&state.db, &state.llm, scope, query, CANDIDATES).await?;
    let nearest = nearest.unwrap_or_else(|error| {
        tracing::warn!(%error, "the query could not be embedded; searching by BM25 alone");
        Vec::new()
    });
    passages(&state.db, fusion::reciprocal_rank(&[&lexical, &nearest], limit)).await
}

/// The `limit` passages BM25 ranks best, best first (by its score).
pub async fn lexical_search(
    db: &Db,
    scope: &Scope,
    query: &str,
    limit: usize,
) -> Result<Vec<Passage>, sqlx::Error> {
    let ranked = bm25(db, scope, query, limit.clamp(1, SEARCH_LIMIT_MAX)).await?;
    passages(db, ranked).await
}

/// The `limit` chunks of `scope` BM25 ranks best for `query`: (chunk id,
/// score), best first.
pub async fn bm25(
    db: &Db,
    scope: &Scope,
    query: &str,
    limit: usize,
) -> Result<Vec<(i64, f64)>, sqlx::Error> {
    let terms = query_terms(query);
    if terms.is_empty() || scope.sources.is_empty() {
        return Ok(Vec::new());
    }
    // Two round trips: the scope's size with the terms' frequencies, then
    // the ranking. One statement would need idf's logarithm in SQL, which
    // the bundled SQLite lacks.
    let statistics = store::term_statistics(db, scope, &terms).await?;
    if statistics.chunks == 0 {
        return Ok(Vec::new());
    }
    // Terms in no chunk add nothing; leaving them out keeps the query short.
    let chunks = statistics.chunks;
    let weights: Vec<(String, f64)> =
        statistics.frequencies.into_iter().map(|(term, df)| (term, idf(chunks, df))).collect();
    store::rank(db, scope, &weights, statistics.mean_terms, limit as i64).await
}

/// The ranked chunks as passages with their sources, in the same order.
async fn passages(db: &Db, ranked: Vec<(i64, f64)>) -> Result<Vec<Passage>, sqlx::Error> {
    let ids: Vec<i64> = ranked.iter().map(|(id, _)| *id).collect();
    let mut found = store::chunks(db, &ids).await?;
    let mut passages = Vec::with_capacity(ranked.len());
    for (id, score) in ranked {
        let Some(at) = found.iter().position(|c| c.id == id) else { continue };
        let chunk = found.swap_remove(at);
        let source = Citation {
            name: chunk.name,
            node_id: chunk.source_node_id,
            file_id: chunk.file_id,
            from: location(&chunk.first_location),
            to: location(&chunk.last_location),
        };
        passages.push(Passage { source, text: chunk.text, score });
    }
    Ok(passages)
}

/// The share of a query's terms a passage holds (0 to 1), by core's terms.
pub fn coverage(query: &str, passage: &str) -> f64 {
    let wanted = query_terms(query);
    if wanted.is_empty() {
        return 0.0;
    }
    let held: std::collections::HashSet<String> = index_terms(passage).into_iter().collect();
    wanted.iter().filter(|t| held.contains(*t)).count() as f64 / wanted.len() as f64
}

/// A stored location; one that does not read (a hand edit) is the whole file.
fn location(json: &str) -> Location {
    serde_json::from_str(json).unwrap_or(Location::Whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coverage_counts_the_querys_terms_in_the_passage_however_spelt() {
        let passage = "هزینهٔ ارسال برای خریدهای بالای ۵۰۰ هزار تومان رایگان است.";
        assert_eq!(coverage("هزينه ارسال", passage), 1.0);
        assert_eq!(coverage("هزينه تخفيف", passage), 0.5);
        assert_eq!(coverage("", passage), 0.0);
    }

    #[test]
    fn rarer_terms_weigh_more_and_none_weighs_less_than_zero() {
        assert!(idf(1000, 1) > idf(1000, 10));
        assert!(idf(1000, 10) > idf(1000, 900));
        assert!(idf(1000, 1000) > 0.0);
    }
}

//! The `knowledge_documents`, `knowledge_chunks` and `knowledge_postings`
//! tables: each file read for search, its text in chunks, and the inverted
//! index BM25 ranks them by. A search reads the postings of its terms only.

use serde::{Deserialize, Serialize};
use sqlx::{AssertSqlSafe, Connection, Executor, FromRow};
use ts_rs::TS;
use utoipa::ToSchema;

use super::tx::Tx;
use super::{IDS_PER_QUERY, placeholders};
use crate::db::{Backend, Db, timestamp};

/// Where a document stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum DocumentState {
    Processing,
    Ready,
    Failed,
}

impl DocumentState {
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentState::Processing => "processing",
            DocumentState::Ready => "ready",
            DocumentState::Failed => "failed",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct DocumentRow {
    pub id: i64,
    pub user_id: i64,
    pub source_node_id: i64,
    pub file_id: i64,
    pub company_id: Option<i64>,
    pub name: String,
    pub state: String,
    pub error_code: Option<String>,
    pub error: Option<String>,
    pub progress: i64,
    pub sections: i64,
    pub chunks: i64,
    pub characters: i64,
    pub revision: i64,
    pub created_at: String,
    pub updated_at: String,
    /// The model every chunk has a vector from, once they all have.
    pub embedding_model: Option<String>,
    /// The embedder's last failure, in Persian, until a try succeeds.
    pub embedding_error: Option<String>,
}

impl DocumentRow {
    /// The state; an unknown word (a hand edit) reads as failed.
    pub fn state(&self) -> DocumentState {
        match self.state.as_str() {
            "processing" => DocumentState::Processing,
            "ready" => DocumentState::Ready,
            _ => DocumentState::Failed,
        }
    }
}

const DOCUMENT_COLUMNS: &str = "id, user_id, source_node_id, file_id, company_id, name, state, \
     error_code, error, progress, sections, chunks, characters, revision, created_at, updated_at, \
     embedding_model, embedding_error";

/// A document to read: a file of a file node, or a Google node itself (`file_id` 0).
#[derive(Debug, Clone)]
pub struct NewDocument<'a> {
    pub user_id: i64,
    pub source_node_id: i64,
    pub file_id: i64,
    pub company_id: Option<i64>,
    pub name: &'a str,
}

/// Records a document as being read, or puts one read before back to
/// processing under a new revision; the row as it now is.
pub async fn queue(tx: &mut Tx, document: &NewDocument<'_>) -> Result<DocumentRow, sqlx::Error> {
    let sql = format!(
        "INSERT INTO knowledge_documents
             (user_id, source_node_id, file_id, company_id, name, state, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'processing', $6, $6)
         ON CONFLICT (source_node_id, file_id) DO UPDATE SET
             company_id = excluded.company_id, name = excluded.name, state = 'processing',
             error_code = NULL, error = NULL, progress = 0,
             revision = knowledge_documents.revision + 1, updated_at = excluded.updated_at
         RETURNING {DOCUMENT_COLUMNS}"
    );
    sqlx::query_as(AssertSqlSafe(sql))
        .bind(document.user_id)
        .bind(document.source_node_id)
        .bind(document.file_id)
        .bind(document.company_id)
        .bind(document.name)
        .bind(timestamp::now())
        .fetch_one(tx.conn())
        .await
}

pub async fn get(db: &Db, id: i64) -> Result<Option<DocumentRow>, sqlx::Error> {
    let sql = format!("SELECT {DOCUMENT_COLUMNS} FROM knowledge_documents WHERE id = $1");
    sqlx::query_as(AssertSqlSafe(sql)).bind(id).fetch_optional(db.pool()).await
}

/// The user's documents of the source nodes `nodes`, by node then file.
pub async fn of_nodes(
    db: &Db,
    user_id: i64,
    nodes: &[i64],
) -> Result<Vec<DocumentRow>, sqlx::Error> {
    let mut found: Vec<DocumentRow> = Vec::new();
    for ids in nodes.chunks(IDS_PER_QUERY) {
        let sql = format!(
            "SELECT {DOCUMENT_COLUMNS} FROM knowledge_documents
             WHERE user_id = $1 AND source_node_id IN ({})",
            placeholders(2, ids.len())
        );
        let mut query = sqlx::query_as(AssertSqlSafe(sql)).persistent(false).bind(user_id);
        for id in ids {
            query = query.bind(*id);
        }
        found.extend(query.fetch_all(db.pool()).await?);
    }
    found.sort_by_key(|d| (d.source_node_id, d.file_id));
    Ok(found)
}

/// Notes how far reading has come, while the revision is still the one read.
pub async fn set_progress(
    db: &Db,
    id: i64,
    revision: i64,
    progress: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE knowledge_documents SET progress = $3, updated_at = $4
         WHERE id = $1 AND revision = $2 AND state = 'processing'",
    )
    .bind(id)
    .bind(revision)
    .bind(progress)
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Marks a document that cannot be read, with why; its old chunks go.
pub async fn fail(
    db: &Db,
    id: i64,
    revision: i64,
    code: &str,
    error: &str,
) -> Result<bool, sqlx::Error> {
    let mut tx = Tx::begin(db).await?;
    let done = sqlx::query(
        "UPDATE knowledge_documents SET state = 'failed', error_code = $3, error = $4,
             progress = 0, sections = 0, chunks = 0, characters = 0, updated_at = $5
         WHERE id = $1 AND revision = $2",
    )
    .bind(id)
    .bind(revision)
    .bind(code)
    .bind(error)
    .bind(timestamp::now())
    .execute(tx.conn())
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    delete_chunks(&mut tx, id).await?;
    tx.commit().await?;
    Ok(true)
}

/// A chunk to keep, with its terms counted.
#[derive(Debug, Clone)]
pub struct NewChunk {
    pub text: String,
    /// JSON of core's `Location`.
    pub first_location: String,
    pub last_location: String,
    /// Each distinct term and how often it is in the chunk.
    pub term_counts: Vec<(String, i64)>,
    /// All terms, counted with repeats.
    pub terms: i64,
}

/// What a read gave, to be kept in place of the document's chunks.
pub struct ReadDocument<'a> {
    pub id: i64,
    pub revision: i64,
    pub sections: i64,
    pub characters: i64,
    pub chunks: &'a [NewChunk],
}

/// Chunks inserted per statement (8 columns each). Statements stay small:
/// sqlx's SQLite driver binds parameters in time that grows faster than
/// their number (1,000 postings a statement stored ten times slower than
/// ten statements of 100).
const CHUNKS_PER_INSERT: usize = 50;
/// Postings inserted per statement (6 columns each).
const POSTINGS_PER_INSERT: usize = 100;

/// Keeps a document's chunks and their postings in place of what it had,
/// and marks it ready, all in one transaction: only if the revision read is
/// still the document's (else `false` and nothing changes).
pub async fn replace_chunks(db: &Db, read: &ReadDocument<'_>) -> Result<bool, sqlx::Error> {
    let mut tx = Tx::begin(db).await?;
    let sql = format!(
        "SELECT {DOCUMENT_COLUMNS} FROM knowledge_documents WHERE id = $1 AND revision = $2{}",
        tx.for_update()
    );
    let current: Option<DocumentRow> = sqlx::query_as(AssertSqlSafe(sql))
        .bind(read.id)
        .bind(read.revision)
        .fetch_optional(tx.conn())
        .await?;
    let Some(document) = current else { return Ok(false) };
    delete_chunks(&mut tx, document.id).await?;
    for (batch_number, batch) in read.chunks.chunks(CHUNKS_PER_INSERT).enumerate() {
        let first_ordinal = batch_number * CHUNKS_PER_INSERT;
        let ids = insert_chunks(&mut tx, &document, first_ordinal, batch).await?;
        insert_postings(&mut tx, &document, &ids, batch).await?;
    }
    sqlx::query(
        "UPDATE knowledge_documents SET state = 'ready', error_code = NULL, error = NULL,
             progress = 100, sections = $2, chunks = $3, characters = $4, updated_at = $5,
             embedding_model = NULL, embedding_attempts = 0, embedding_error = NULL,
             embedding_due_at = NULL
         WHERE id = $1",
    )
    .bind(document.id)
    .bind(read.sections)
    .bind(i64::try_from(read.chunks.len()).unwrap_or(i64::MAX))
    .bind(read.characters)
    .bind(timestamp::now())
    .execute(tx.conn())
    .await?;
    tx.commit().await?;
    Ok(true)
}

/// Inserts a batch of chunks; their ids in the batch's order.
async fn insert_chunks(
    tx: &mut Tx,
    document: &DocumentRow,
    first_ordinal: usize,
    batch: &[NewChunk],
) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<String> =
        (0..batch.len()).map(|i| format!("({})", placeholders(1 + i * 8, 8))).collect();
    let sql = format!(
        "INSERT INTO knowledge_chunks (document_id, source_node_id, company_id, ordinal, text,
             first_location, last_location, terms)
         VALUES {} RETURNING id, ordinal",
        rows.join(", ")
    );
    let mut query = sqlx::query_as::<_, (i64, i64)>(AssertSqlSafe(sql)).persistent(false);
    for (offset, chunk) in batch.iter().enumerate() {
        query = query
            .bind(document.id)
            .bind(document.source_node_id)
            .bind(document.company_id)
            .bind(i64::try_from(first_ordinal + offset).unwrap_or(i64::MAX))
            .bind(chunk.text.as_str())
            .bind(chunk.first_location.as_str())
            .bind(chunk.last_location.as_str())
            .bind(chunk.terms);
    }
    let mut inserted = query.fetch_all(tx.conn()).await?;
    // RETURNING promises no order: the ordinals put them back in it.
    inserted.sort_by_key(|(_, ordinal)| *ordinal);
    Ok(inserted.into_iter().map(|(id, _)| id).collect())
}

async fn insert_postings(
    tx: &mut Tx,
    document: &DocumentRow,
    chunk_ids: &[i64],
    batch: &[NewChunk],
) -> Result<(), sqlx::Error> {
    let mut postings: Vec<(i64, &str, i64, i64)> = chunk_ids
        .iter()
        .zip(batch)
        .flat_map(|(id, chunk)| {
            chunk.term_counts.iter().map(move |(term, tf)| (*id, term.as_str(), *tf, chunk.terms))
        })
        .collect();
    // By term, so a term's postings of these chunks land on one page or two
    // of PostgreSQL's table instead of one per chunk: a search that must
    // read the rows (before vacuum marks them visible) reads a fifth of the
    // pages. A stable sort: each term's chunks stay in order.
    postings.sort_by(|a, b| a.1.cmp(b.1));
    for part in postings.chunks(POSTINGS_PER_INSERT) {
        let rows: Vec<String> =
            (0..part.len()).map(|i| format!("({})", placeholders(1 + i * 6, 6))).collect();
        let sql = format!(
            "INSERT INTO knowledge_postings
                 (chunk_id, term, source_node_id, company_id, tf, chunk_terms)
             VALUES {}",
            rows.join(", ")
        );
        let mut query = sqlx::query(AssertSqlSafe(sql)).persistent(false);
        for (chunk_id, term, tf, chunk_terms) in part {
            query = query
                .bind(*chunk_id)
                .bind(*term)
                .bind(document.source_node_id)
                .bind(document.company_id)
                .bind(*tf)
                .bind(*chunk_terms);
        }
        query.execute(tx.conn()).await?;
    }
    Ok(())
}

/// Removes a document's chunks and their postings.
async fn delete_chunks(tx: &mut Tx, document_id: i64) -> Result<(), sqlx::Error> {
    // Postings first and by chunk: each chunk's postings are one range of
    // the primary key, where a cascade would look them up one chunk at a time
    // just the same but inside the chunks' delete.
    sqlx::query(
        "DELETE FROM knowledge_postings
         WHERE chunk_id IN (SELECT id FROM knowledge_chunks WHERE document_id = $1)",
    )
    .bind(document_id)
    .execute(tx.conn())
    .await?;
    sqlx::query("DELETE FROM knowledge_chunks WHERE document_id = $1")
        .bind(document_id)
        .execute(tx.conn())
        .await?;
    Ok(())
}

/// Postings a stored document must have for [`after_bulk_index`] to vacuum
/// (about eight chunks); below, autovacuum's threshold of 10,000 new
/// postings (migration 0013) gathers several documents' rows.
const POSTINGS_TO_VACUUM: usize = 1_000;
/// The longest an index job's vacuum may take; autovacuum finishes the work
/// of one stopped here.
const VACUUM_TIMEOUT: &str = "60s";

/// After a document's chunks were stored (PostgreSQL, many postings):
/// vacuums the postings and chunks so their new rows are marked visible to
/// all and searches read the covering indexes alone. Until then a common
/// term's postings are each looked up in the table (a search of 10,000
/// chunks took 26 ms at p50 instead of 11), and autovacuum would come only
/// after its naptime (a minute by default). Never fails: a vacuum that
/// cannot run is logged and left to autovacuum.
///
/// Vacuuming the rows no earlier vacuum marked costs what they fill (a
/// 100-page handbook's ~14,000 postings: ~25 ms), and locks out neither
/// reads nor writes; `SKIP_LOCKED` passes when another vacuum holds a
/// table (that one or the next marks these rows too). Rows are marked only
/// once no transaction older than them is open.
pub async fn after_bulk_index(db: &Db, chunks: &[NewChunk]) {
    if db.backend() != Backend::Postgres {
        return;
    }
    let postings: usize = chunks.iter().map(|c| c.term_counts.len()).sum();
    if postings < POSTINGS_TO_VACUUM {
        return;
    }
    let started = std::time::Instant::now();
    match vacuum_search_tables(db).await {
        Ok(()) => tracing::debug!(postings, took = ?started.elapsed(), "vacuumed after indexing"),
        Err(error) => {
            tracing::warn!(%error, postings, "vacuum after indexing failed; autovacuum will do it")
        }
    }
}

async fn vacuum_search_tables(db: &Db) -> Result<(), sqlx::Error> {
    // A connection of its own, closed afterwards: its statement timeout
    // never reaches another query, even if this is dropped half-way.
    let mut conn = db.pool().acquire().await?.detach();
    let timeout = format!("SET statement_timeout = '{VACUUM_TIMEOUT}'");
    conn.execute(AssertSqlSafe(timeout)).await?;
    // No truncation: giving back empty pages at the end would take a lock
    // that holds searches up meanwhile.
    let vacuum = "VACUUM (SKIP_LOCKED, TRUNCATE false) knowledge_postings, knowledge_chunks";
    let vacuumed = conn.execute(vacuum).await.map(drop);
    let _ = conn.close().await;
    vacuumed
}

/// Removes the documents of source node `node_id` whose file is not one of
/// `keep` (a Google node's own document, file 0, stays), with their chunks;
/// how many went.
pub async fn remove_except(db: &Db, node_id: i64, keep: &[i64]) -> Result<u64, sqlx::Error> {
    let mut tx = Tx::begin(db).await?;
    let ids: Vec<(i64, i64)> =
        sqlx::query_as("SELECT id, file_id FROM knowledge_documents WHERE source_node_id = $1")
            .bind(node_id)
            .fetch_all(tx.conn())
            .await?;
    let mut removed = 0;
    for (id, file_id) in ids {
        if file_id == 0 || keep.contains(&file_id) {
            continue;
        }
        delete_chunks(&mut tx, id).await?;
        sqlx::query("DELETE FROM knowledge_documents WHERE id = $1")
            .bind(id)
            .execute(tx.conn())
            .await?;
        removed += 1;
    }
    tx.commit().await?;
    Ok(removed)
}

/// Gives a document and its chunks to another company (or to all, `None`),
/// when its file's entry changed hands.
pub async fn set_company(db: &Db, id: i64, company_id: Option<i64>) -> Result<(), sqlx::Error> {
    let mut tx = Tx::begin(db).await?;
    sqlx::query("UPDATE knowledge_documents SET company_id = $2 WHERE id = $1")
        .bind(id)
        .bind(company_id)
        .execute(tx.conn())
        .await?;
    sqlx::query("UPDATE knowledge_chunks SET company_id = $2 WHERE document_id = $1")
        .bind(id)
        .bind(company_id)
        .execute(tx.conn())
        .await?;
    sqlx::query(
        "UPDATE knowledge_postings SET company_id = $2
         WHERE chunk_id IN (SELECT id FROM knowledge_chunks WHERE document_id = $1)",
    )
    .bind(id)
    .bind(company_id)
    .execute(tx.conn())
    .await?;
    tx.commit().await
}

/// What a search covers: chunks of these source nodes; with a company, only
/// the files shared with every company and that company's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    pub sources: Vec<i64>,
    pub company_id: Option<i64>,
}

impl Scope {
    /// The scope's condition on a table with `source_node_id` and
    /// `company_id`, its placeholders from `$first`: the sources, then the company.
    pub(super) fn condition(&self, alias: &str, first: usize) -> String {
        let company = first + self.sources.len();
        format!(
            "{alias}source_node_id IN ({}) AND (CAST(${company} AS BIGINT) IS NULL
                 OR {alias}company_id IS NULL OR {alias}company_id = ${company})",
            placeholders(first, self.sources.len())
        )
    }

    pub(super) fn bind_to<'q, O>(
        &self,
        mut query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments>,
    ) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments> {
        for id in &self.sources {
            query = query.bind(*id);
        }
        query.bind(self.company_id)
    }
}

/// What BM25 weighs a query's terms by: how many chunks a scope holds,
/// their mean length in terms, and in how many of them each term is.
#[derive(Debug, Clone, PartialEq)]
pub struct TermStatistics {
    pub chunks: i64,
    pub mean_terms: f64,
    /// Only the terms in some chunk of the scope.
    pub frequencies: Vec<(String, i64)>,
}

/// The scope's size and the document frequencies of `terms` in it, in one
/// statement (one round trip): the size's row has no term.
pub async fn term_statistics(
    db: &Db,
    scope: &Scope,
    terms: &[String],
) -> Result<TermStatistics, sqlx::Error> {
    let mut statistics = TermStatistics { chunks: 0, mean_terms: 0.0, frequencies: Vec::new() };
    if scope.sources.is_empty() || terms.is_empty() {
        return Ok(statistics);
    }
    // Both halves read covering indexes only (`knowledge_chunks_by_scope`,
    // `knowledge_postings_by_term`), and share the scope's placeholders.
    let sql = format!(
        "SELECT NULL, COUNT(*), CAST(COALESCE(AVG(terms), 0) AS DOUBLE PRECISION)
         FROM knowledge_chunks WHERE {scope}
         UNION ALL
         SELECT term, COUNT(*), CAST(0 AS DOUBLE PRECISION) FROM knowledge_postings
         WHERE term IN ({terms}) AND {scope} GROUP BY term",
        scope = scope.condition("", 1 + terms.len()),
        terms = placeholders(1, terms.len()),
    );
    let mut query =
        sqlx::query_as::<_, (Option<String>, i64, f64)>(AssertSqlSafe(sql)).persistent(false);
    for term in terms {
        query = query.bind(term.as_str());
    }
    for (term, count, mean) in scope.bind_to(query).fetch_all(db.pool()).await? {
        match term {
            None => (statistics.chunks, statistics.mean_terms) = (count, mean),
            Some(term) => statistics.frequencies.push((term, count)),
        }
    }
    Ok(statistics)
}

/// BM25's two constants: how fast a term's weight saturates with its count,
/// and how much a long chunk is discounted. The usual values.
pub const BM25_K1: f64 = 1.2;
pub const BM25_B: f64 = 0.75;

/// The `limit` best chunks of a scope for terms weighted by their inverse
/// document frequency, by BM25, best first: (chunk id, score).
pub async fn rank(
    db: &Db,
    scope: &Scope,
    weights: &[(String, f64)],
    mean_terms: f64,
    limit: i64,
) -> Result<Vec<(i64, f64)>, sqlx::Error> {
    if scope.sources.is_empty() || weights.is_empty() {
        return Ok(Vec::new());
    }
    let n = weights.len();
    let cases: String =
        (0..n).map(|i| format!(" WHEN ${} THEN ${}", 1 + 2 * i, 2 + 2 * i)).collect();
    let terms_at = 1 + 2 * n;
    let mean_at = terms_at + n;
    let limit_at = mean_at + 1;
    let scope_at = limit_at + 1;
    // The constants as doubles: PostgreSQL reads `0.75` as NUMERIC, and
    // `0.75 * chunk_terms` was then NUMERIC arithmetic on every posting read
    // (the same values; the query took half as long again). SQLite's
    // literals are doubles anyway.
    let double = |x: f64| format!("CAST({x} AS DOUBLE PRECISION)");
    let sql = format!(
        "SELECT chunk_id, CAST(SUM(
             (CASE term{cases} ELSE 0.0 END) * tf * {k1_plus_1}
             / (tf + {k1} * ({one_minus_b} + {b} * chunk_terms / ${mean_at}))
         ) AS DOUBLE PRECISION) AS score
         FROM knowledge_postings
         WHERE term IN ({terms}) AND {scope}
         GROUP BY chunk_id ORDER BY score DESC, chunk_id LIMIT ${limit_at}",
        k1_plus_1 = double(BM25_K1 + 1.0),
        k1 = double(BM25_K1),
        one_minus_b = double(1.0 - BM25_B),
        b = double(BM25_B),
        terms = placeholders(terms_at, n),
        scope = scope.condition("", scope_at),
    );
    let mut query = sqlx::query_as::<_, (i64, f64)>(AssertSqlSafe(sql)).persistent(false);
    for (term, weight) in weights {
        query = query.bind(term.as_str()).bind(*weight);
    }
    for (term, _) in weights {
        query = query.bind(term.as_str());
    }
    query = query.bind(mean_terms.max(1.0)).bind(limit);
    scope.bind_to(query).fetch_all(db.pool()).await
}

/// A found chunk with the document it is from.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct FoundChunk {
    pub id: i64,
    pub document_id: i64,
    pub source_node_id: i64,
    pub file_id: i64,
    pub name: String,
    pub text: String,
    pub first_location: String,
    pub last_location: String,
}

/// The chunks `ids` with their documents' names, in no particular order.
pub async fn chunks(db: &Db, ids: &[i64]) -> Result<Vec<FoundChunk>, sqlx::Error> {
    let mut found = Vec::new();
    for part in ids.chunks(IDS_PER_QUERY) {
        let sql = format!(
            "SELECT c.id, c.document_id, c.source_node_id, d.file_id, d.name, c.text,
                    c.first_location, c.last_location
             FROM knowledge_chunks c JOIN knowledge_documents d ON d.id = c.document_id
             WHERE c.id IN ({})",
            placeholders(1, part.len())
        );
        let mut query = sqlx::query_as(AssertSqlSafe(sql)).persistent(false);
        for id in part {
            query = query.bind(*id);
        }
        found.extend(query.fetch_all(db.pool()).await?);
    }
    Ok(found)
}

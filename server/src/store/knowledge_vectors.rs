//! Knowledge chunks' vectors (`knowledge_chunks.embedding`, little-endian
//! f32s) and each document's embedding state: which model all its chunks
//! have vectors from, and when the embedder may take it next. Instances
//! share the work by claiming a document for a while, as jobs are claimed.

use sqlx::{AssertSqlSafe, FromRow};

use super::knowledge::Scope;
use super::tx::Tx;
use crate::db::Db;

/// A document an instance took to embed.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct Claimed {
    pub id: i64,
    /// Failed tries before this one, for the pause after another failure.
    pub attempts: i64,
}

/// Ready documents whose chunks lack vectors from the model: a document is
/// due when it has none from the model in force and no claim or pause holds it.
const DUE: &str = "state = 'ready' AND (embedding_model IS NULL OR embedding_model <> $1)
     AND (embedding_due_at IS NULL OR embedding_due_at <= $2)";

/// Takes the next document due at `now` whose chunks lack vectors from
/// `model`, holding it until `until` (another instance leaves it alone).
pub async fn claim(
    db: &Db,
    model: &str,
    now: &str,
    until: &str,
) -> Result<Option<Claimed>, sqlx::Error> {
    let sql = format!(
        "SELECT id, embedding_attempts AS attempts FROM knowledge_documents
         WHERE {DUE} ORDER BY updated_at, id LIMIT 8"
    );
    let candidates: Vec<Claimed> =
        sqlx::query_as(AssertSqlSafe(sql)).bind(model).bind(now).fetch_all(db.pool()).await?;
    for candidate in candidates {
        let sql =
            format!("UPDATE knowledge_documents SET embedding_due_at = $3 WHERE id = $4 AND {DUE}");
        let taken = sqlx::query(AssertSqlSafe(sql))
            .bind(model)
            .bind(now)
            .bind(until)
            .bind(candidate.id)
            .execute(db.pool())
            .await?;
        if taken.rows_affected() == 1 {
            return Ok(Some(candidate));
        }
    }
    Ok(None)
}

/// Lets every document be taken at once: a restart (perhaps with a new
/// model or key) tries again what failed before without waiting out its pause.
pub async fn all_due_now(db: &Db) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE knowledge_documents SET embedding_due_at = NULL
         WHERE embedding_due_at IS NOT NULL",
    )
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Up to `limit` chunks of a document without a vector from `model`, in
/// order: (chunk id, text).
pub async fn unembedded(
    db: &Db,
    document_id: i64,
    model: &str,
    limit: i64,
) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, text FROM knowledge_chunks
         WHERE document_id = $1 AND (embedding_model IS NULL OR embedding_model <> $2)
         ORDER BY ordinal LIMIT $3",
    )
    .bind(document_id)
    .bind(model)
    .bind(limit)
    .fetch_all(db.pool())
    .await
}

/// Keeps chunks' vectors from `model` and holds the document until `until`.
/// A chunk gone meanwhile (the document was read again) is passed over.
pub async fn keep(
    db: &Db,
    document_id: i64,
    model: &str,
    vectors: &[(i64, Vec<u8>)],
    until: &str,
) -> Result<(), sqlx::Error> {
    let mut tx = Tx::begin(db).await?;
    for (chunk_id, bytes) in vectors {
        sqlx::query(
            "UPDATE knowledge_chunks SET embedding = $1, embedding_model = $2
             WHERE id = $3 AND document_id = $4",
        )
        .bind(bytes.as_slice())
        .bind(model)
        .bind(*chunk_id)
        .bind(document_id)
        .execute(tx.conn())
        .await?;
    }
    sqlx::query("UPDATE knowledge_documents SET embedding_due_at = $2 WHERE id = $1")
        .bind(document_id)
        .bind(until)
        .execute(tx.conn())
        .await?;
    tx.commit().await
}

/// Marks the document searchable by `model`'s vectors if every chunk now
/// has one (a new read meanwhile leaves it due); whether it did.
pub async fn finish(db: &Db, document_id: i64, model: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE knowledge_documents SET embedding_model = $2, embedding_attempts = 0,
             embedding_error = NULL, embedding_due_at = NULL
         WHERE id = $1 AND state = 'ready' AND NOT EXISTS (
             SELECT 1 FROM knowledge_chunks
             WHERE document_id = $1 AND (embedding_model IS NULL OR embedding_model <> $2))",
    )
    .bind(document_id)
    .bind(model)
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records a failed try: why, and not before `retry_at`.
pub async fn fail(
    db: &Db,
    document_id: i64,
    error: &str,
    retry_at: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE knowledge_documents SET embedding_error = $2, embedding_due_at = $3,
             embedding_attempts = embedding_attempts + 1
         WHERE id = $1",
    )
    .bind(document_id)
    .bind(error)
    .bind(retry_at)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The scope's documents searchable by `model`'s vectors: (id, revision).
pub async fn embedded_documents(
    db: &Db,
    scope: &Scope,
    model: &str,
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    if scope.sources.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT id, revision FROM knowledge_documents
         WHERE state = 'ready' AND embedding_model = $1 AND {}",
        scope.condition("", 2)
    );
    let query = sqlx::query_as::<_, (i64, i64)>(AssertSqlSafe(sql)).persistent(false).bind(model);
    scope.bind_to(query).fetch_all(db.pool()).await
}

/// A document's chunks' vectors from `model`: (chunk id, bytes), in order.
pub async fn vectors(
    db: &Db,
    document_id: i64,
    model: &str,
) -> Result<Vec<(i64, Vec<u8>)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, embedding FROM knowledge_chunks
         WHERE document_id = $1 AND embedding_model = $2 AND embedding IS NOT NULL
         ORDER BY ordinal",
    )
    .bind(document_id)
    .bind(model)
    .fetch_all(db.pool())
    .await
}

//! Vector search over a scope's chunks: the query embedded by the provider,
//! compared with every chunk vector of the scope's embedded documents. The
//! vectors are kept in memory per document and revision (loaded once, not
//! per search), within a byte budget; the least recently searched documents
//! leave first. Vectors are unit length, so a dot product is the cosine.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::db::Db;
use crate::providers::llm::{LlmError, LlmProvider};
use crate::store::knowledge::Scope;
use crate::store::knowledge_vectors as store;

/// Memory the kept vectors may take: 10,000 chunks of 1,536 dimensions
/// (OpenAI's small model) take 61 MB.
pub const CACHE_BYTES: usize = 256 * 1024 * 1024;
/// Query vectors kept: the tool and the retrieval before the first call
/// often embed the same question.
const QUERIES_KEPT: usize = 256;

/// A vector as stored: scaled to unit length, little-endian f32s.
pub fn encode(vector: &[f32]) -> Vec<u8> {
    unit(vector).iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// A stored vector, or `None` for bytes that are not whole f32s.
pub fn decode(bytes: &[u8]) -> Option<Vec<f32>> {
    if bytes.is_empty() || !bytes.len().is_multiple_of(4) {
        return None;
    }
    Some(bytes.chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect())
}

/// The vector scaled to length 1 (a zero vector stays zero: it matches nothing).
fn unit(vector: &[f32]) -> Vec<f32> {
    let length = vector.iter().map(|x| x * x).sum::<f32>().sqrt();
    if length == 0.0 || !length.is_finite() {
        return vec![0.0; vector.len()];
    }
    vector.iter().map(|x| x / length).collect()
}

/// One document's vectors, one after another.
#[derive(Debug)]
struct DocumentVectors {
    revision: i64,
    model: String,
    dimensions: usize,
    chunk_ids: Vec<i64>,
    values: Vec<f32>,
}

impl DocumentVectors {
    fn bytes(&self) -> usize {
        self.values.len() * 4 + self.chunk_ids.len() * 8
    }
}

#[derive(Debug, Default)]
struct Kept {
    documents: HashMap<i64, (Arc<DocumentVectors>, u64)>,
    bytes: usize,
    /// Counts uses, for least-recently-used eviction.
    clock: u64,
}

impl Kept {
    fn get(&mut self, id: i64, revision: i64, model: &str) -> Option<Arc<DocumentVectors>> {
        self.clock += 1;
        let clock = self.clock;
        let (vectors, used) = self.documents.get_mut(&id)?;
        if vectors.revision != revision || vectors.model != model {
            return None;
        }
        *used = clock;
        Some(vectors.clone())
    }

    fn put(&mut self, id: i64, vectors: Arc<DocumentVectors>, budget: usize) {
        self.clock += 1;
        self.bytes += vectors.bytes();
        if let Some((old, _)) = self.documents.insert(id, (vectors, self.clock)) {
            self.bytes -= old.bytes();
        }
        while self.bytes > budget && self.documents.len() > 1 {
            let Some((&oldest, _)) = self.documents.iter().min_by_key(|(_, (_, used))| *used)
            else {
                break;
            };
            if let Some((gone, _)) = self.documents.remove(&oldest) {
                self.bytes -= gone.bytes();
            }
        }
    }
}

/// The vectors in memory and the recent query vectors; one per instance.
#[derive(Debug)]
pub struct VectorIndex {
    kept: Mutex<Kept>,
    budget: usize,
    queries: Mutex<Vec<(QueryKey, Arc<Vec<f32>>)>>,
}

/// A query vector's key: the model and the query.
type QueryKey = (String, String);

impl Default for VectorIndex {
    fn default() -> Self {
        VectorIndex::with_budget(CACHE_BYTES)
    }
}

impl VectorIndex {
    pub fn with_budget(budget: usize) -> VectorIndex {
        VectorIndex { kept: Mutex::default(), budget, queries: Mutex::default() }
    }

    /// Bytes of vectors in memory.
    pub fn kept_bytes(&self) -> usize {
        self.kept.lock().expect("not poisoned").bytes
    }

    /// The `limit` chunks of `scope` nearest `query` by `model`'s vectors:
    /// (chunk id, cosine), nearest first. Empty when nothing in the scope
    /// has vectors yet (then the provider is not asked at all).
    pub async fn nearest(
        &self,
        db: &Db,
        llm: &LlmProvider,
        scope: &Scope,
        query: &str,
        limit: usize,
    ) -> Result<Result<Vec<(i64, f64)>, LlmError>, sqlx::Error> {
        let Some(model) = llm.embedding_model() else { return Ok(Ok(Vec::new())) };
        let documents = store::embedded_documents(db, scope, model).await?;
        if documents.is_empty() {
            return Ok(Ok(Vec::new()));
        }
        let query = match self.query_vector(llm, model, query).await {
            Ok(vector) => vector,
            Err(error) => return Ok(Err(error)),
        };
        let mut searched = Vec::with_capacity(documents.len());
        for (id, revision) in documents {
            searched.push(self.document(db, id, revision, model).await?);
        }
        // Thousands of dot products: off the async threads.
        let nearest = tokio::task::spawn_blocking(move || best(&query, &searched, limit))
            .await
            .unwrap_or_default();
        Ok(Ok(nearest))
    }

    /// The query's vector: a recent one, or the provider's.
    async fn query_vector(
        &self,
        llm: &LlmProvider,
        model: &str,
        query: &str,
    ) -> Result<Arc<Vec<f32>>, LlmError> {
        let key = (model.to_owned(), query.to_owned());
        if let Some((_, vector)) =
            self.queries.lock().expect("not poisoned").iter().find(|(k, _)| *k == key)
        {
            return Ok(vector.clone());
        }
        let mut vectors = llm.embed(&[query.to_owned()]).await?;
        let vector = Arc::new(unit(&vectors.pop().unwrap_or_default()));
        let mut queries = self.queries.lock().expect("not poisoned");
        if queries.len() >= QUERIES_KEPT {
            queries.remove(0);
        }
        queries.push((key, vector.clone()));
        Ok(vector)
    }

    /// A document's vectors, from memory or loaded.
    async fn document(
        &self,
        db: &Db,
        id: i64,
        revision: i64,
        model: &str,
    ) -> Result<Arc<DocumentVectors>, sqlx::Error> {
        if let Some(kept) = self.kept.lock().expect("not poisoned").get(id, revision, model) {
            return Ok(kept);
        }
        let rows = store::vectors(db, id, model).await?;
        let mut loaded = DocumentVectors {
            revision,
            model: model.to_owned(),
            dimensions: 0,
            chunk_ids: Vec::with_capacity(rows.len()),
            values: Vec::new(),
        };
        for (chunk_id, bytes) in rows {
            let Some(vector) = decode(&bytes) else { continue };
            if loaded.dimensions == 0 {
                loaded.dimensions = vector.len();
                loaded.values.reserve(vector.len() * loaded.chunk_ids.capacity());
            }
            // A vector of another length (a hand edit) cannot be compared.
            if vector.len() == loaded.dimensions {
                loaded.chunk_ids.push(chunk_id);
                loaded.values.extend_from_slice(&vector);
            }
        }
        let loaded = Arc::new(loaded);
        self.kept.lock().expect("not poisoned").put(id, loaded.clone(), self.budget);
        Ok(loaded)
    }
}

/// The `limit` chunks whose vectors are nearest `query`, nearest first.
fn best(query: &[f32], documents: &[Arc<DocumentVectors>], limit: usize) -> Vec<(i64, f64)> {
    let mut scored: Vec<(i64, f64)> = Vec::new();
    for document in documents.iter().filter(|d| d.dimensions == query.len()) {
        let rows = document.values.chunks_exact(document.dimensions);
        for (id, vector) in document.chunk_ids.iter().zip(rows) {
            let cosine: f32 = vector.iter().zip(query).map(|(a, b)| a * b).sum();
            scored.push((*id, f64::from(cosine)));
        }
    }
    let by_score = |a: &(i64, f64), b: &(i64, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    if scored.len() > limit && limit > 0 {
        scored.select_nth_unstable_by(limit - 1, by_score);
        scored.truncate(limit);
    }
    scored.sort_by(by_score);
    scored.truncate(limit);
    scored
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document(revision: i64, rows: &[(i64, [f32; 2])]) -> Arc<DocumentVectors> {
        Arc::new(DocumentVectors {
            revision,
            model: "m".into(),
            dimensions: 2,
            chunk_ids: rows.iter().map(|(id, _)| *id).collect(),
            values: rows.iter().flat_map(|(_, v)| unit(v)).collect(),
        })
    }

    #[test]
    fn vectors_are_kept_at_unit_length_and_read_back() {
        let stored = encode(&[3.0, 4.0]);
        assert_eq!(decode(&stored).unwrap(), vec![0.6, 0.8]);
        assert_eq!(decode(&encode(&[0.0, 0.0])).unwrap(), vec![0.0, 0.0]);
        assert_eq!(decode(&[1, 2, 3]), None);
        assert_eq!(decode(&[]), None);
    }

    #[test]
    fn the_nearest_come_first_across_documents() {
        let a = document(1, &[(1, [1.0, 0.0]), (2, [0.0, 1.0])]);
        let b = document(1, &[(3, [1.0, 1.0]), (4, [-1.0, 0.0])]);
        let found = best(&unit(&[1.0, 0.1]), &[a, b], 3);
        let ids: Vec<i64> = found.iter().map(|(id, _)| *id).collect();
        assert_eq!(ids, vec![1, 3, 2]);
        assert!(found[0].1 > found[1].1 && found[1].1 > found[2].1);
    }

    #[test]
    fn a_document_of_another_length_is_passed_over() {
        let three = Arc::new(DocumentVectors {
            revision: 1,
            model: "m".into(),
            dimensions: 3,
            chunk_ids: vec![9],
            values: vec![1.0, 0.0, 0.0],
        });
        let found = best(&[1.0, 0.0], &[three, document(1, &[(1, [1.0, 0.0])])], 5);
        assert_eq!(found.iter().map(|(id, _)| *id).collect::<Vec<_>>(), vec![1]);
    }

    #[test]
    fn memory_stays_within_the_budget_least_recently_used_first() {
        let one = document(1, &[(1, [1.0, 0.0])]);
        let size = one.bytes();
        let mut kept = Kept::default();
        kept.put(10, one.clone(), 2 * size);
        kept.put(11, document(1, &[(2, [1.0, 0.0])]), 2 * size);
        assert!(kept.get(10, 1, "m").is_some());
        kept.put(12, document(1, &[(3, [1.0, 0.0])]), 2 * size);
        assert_eq!(kept.bytes, 2 * size);
        assert!(kept.get(11, 1, "m").is_none(), "the least recently used went");
        assert!(kept.get(10, 1, "m").is_some() && kept.get(12, 1, "m").is_some());
        assert!(kept.get(10, 2, "m").is_none(), "another revision is not these vectors");
        assert!(kept.get(10, 1, "other").is_none(), "nor another model's");
    }
}

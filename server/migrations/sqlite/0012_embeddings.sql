-- Vectors for hybrid knowledge search (SQLite). The twin is
-- ../postgres/0012_embeddings.sql: keep the two identical in meaning.
--
-- With an embedding model configured, each chunk's `embedding` (0010) is
-- filled by the embedder after the document is indexed; a document is
-- searched by its vectors only once every chunk has one from the model in
-- force, so a change of model never mixes two models' vectors.

-- The model the chunk's `embedding` is from.
ALTER TABLE knowledge_chunks ADD COLUMN embedding_model TEXT;

-- Set once every chunk has a vector from this model.
ALTER TABLE knowledge_documents ADD COLUMN embedding_model TEXT;
-- Failed tries since the last success, for the pause before the next.
ALTER TABLE knowledge_documents ADD COLUMN embedding_attempts INTEGER NOT NULL DEFAULT 0;
-- Not before then: an instance's claim while it embeds, or the pause after a failure.
ALTER TABLE knowledge_documents ADD COLUMN embedding_due_at TEXT;
-- The last failure, in Persian, until a try succeeds.
ALTER TABLE knowledge_documents ADD COLUMN embedding_error TEXT;

-- Knowledge search straight after indexing (SQLite). The twin is
-- ../postgres/0013_postings_vacuum.sql: keep the two identical in meaning.
--
-- PostgreSQL's half sets autovacuum thresholds on `knowledge_postings` and
-- `knowledge_chunks` (SQLite has no visibility map: its covering indexes
-- are read alone from the first insert) and adds this index.

-- A scope's size (chunks and their mean length in terms) from the index
-- alone, not from the chunks' rows with their texts. It leads with the
-- source as `knowledge_chunks_by_source` did, which it replaces.
CREATE INDEX knowledge_chunks_by_scope ON knowledge_chunks (source_node_id, company_id, terms);
DROP INDEX knowledge_chunks_by_source;

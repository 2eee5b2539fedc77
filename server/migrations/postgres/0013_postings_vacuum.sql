-- Knowledge search straight after indexing (PostgreSQL). The twin is
-- ../sqlite/0013_postings_vacuum.sql: keep the two identical in meaning.
--
-- A search reads the postings of its terms through the covering index
-- `knowledge_postings_by_term` and the scope's chunk count and mean length
-- through `knowledge_chunks_by_scope` below. Those are index-only scans
-- only on pages the visibility map marks all-visible; rows inserted since
-- the last vacuum are checked in the table itself (a common term's
-- postings were read from nearly every page of the table: ~85 ms where the
-- index alone takes ~10 ms). Indexing a large document vacuums these two
-- tables itself (`store::knowledge::after_bulk_index`); the settings here
-- make autovacuum follow small documents too, within its naptime.

-- Autovacuum's defaults wait for inserts of 20% of the table plus 1,000
-- rows: 250,000 postings on a store of 10,000 chunks, nearly twenty long
-- handbooks searched the slow way. Here a fixed 10,000 postings (about 80
-- chunks), whatever the table's size; vacuuming new rows costs what they
-- fill, not the table. Rows a re-read or a removal leaves dead are vacuumed
-- at 2% of the table instead of 20%, and statistics follow each 10,000
-- changed postings (ANALYZE samples a fixed number of rows).
ALTER TABLE knowledge_postings SET (
    autovacuum_vacuum_insert_threshold = 10000,
    autovacuum_vacuum_insert_scale_factor = 0,
    autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_analyze_threshold = 10000,
    autovacuum_analyze_scale_factor = 0
);
-- The same for chunks, about a hundred times fewer rows than postings
-- (the embedder also rewrites each chunk once, leaving its old row dead).
ALTER TABLE knowledge_chunks SET (
    autovacuum_vacuum_insert_threshold = 100,
    autovacuum_vacuum_insert_scale_factor = 0,
    autovacuum_vacuum_threshold = 100,
    autovacuum_vacuum_scale_factor = 0.02,
    autovacuum_analyze_threshold = 100,
    autovacuum_analyze_scale_factor = 0
);

-- A scope's size (chunks and their mean length in terms) from the index
-- alone, not from the chunks' rows with their texts (a store of 10,000
-- chunks: ~2,000 pages of rows, a few dozen of this index). It leads with
-- the source as `knowledge_chunks_by_source` did, which it replaces.
CREATE INDEX knowledge_chunks_by_scope ON knowledge_chunks (source_node_id, company_id, terms);
DROP INDEX knowledge_chunks_by_source;

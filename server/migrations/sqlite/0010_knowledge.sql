-- Knowledge assistants search (SQLite). The twin is
-- ../postgres/0010_knowledge.sql: keep the two identical in meaning.
--
-- Each uploaded file (and each Google doc or sheet) is a document, read into
-- text by a job, cut into chunks, and indexed by term for BM25. Everything
-- lives in the database so any instance can search what another indexed.

-- One row per file of a file database or repository (`file_id` as in the
-- node's `files`), or per Google doc or sheet node (`file_id` 0).
CREATE TABLE knowledge_documents (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    source_node_id INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    file_id        INTEGER NOT NULL DEFAULT 0,
    company_id     INTEGER,                       -- a company's own file in a shared file database
    name           TEXT    NOT NULL,
    state          TEXT    NOT NULL,              -- processing | ready | failed
    error_code     TEXT,                          -- failed: the message code
    error          TEXT,                          -- failed: why, in Persian
    progress       INTEGER NOT NULL DEFAULT 0,    -- 0..100 while processing
    sections       INTEGER NOT NULL DEFAULT 0,    -- pages or rows read
    chunks         INTEGER NOT NULL DEFAULT 0,
    characters     INTEGER NOT NULL DEFAULT 0,
    -- Bumped each time the document is queued again: a job for an older
    -- revision leaves what a newer one wrote alone.
    revision       INTEGER NOT NULL DEFAULT 1,
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL,
    UNIQUE (source_node_id, file_id)
);
CREATE INDEX knowledge_documents_by_user ON knowledge_documents (user_id);

-- A document's text in overlapping pieces, with where each starts and ends
-- (JSON of core's `Location`) and its length in terms.
CREATE TABLE knowledge_chunks (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    document_id    INTEGER NOT NULL REFERENCES knowledge_documents (id) ON DELETE CASCADE,
    source_node_id INTEGER NOT NULL,
    company_id     INTEGER,
    ordinal        INTEGER NOT NULL,
    text           TEXT    NOT NULL,
    first_location TEXT    NOT NULL,
    last_location  TEXT    NOT NULL,
    terms          INTEGER NOT NULL,
    embedding      BLOB                           -- little-endian f32s, when embeddings are on
);
CREATE INDEX knowledge_chunks_by_document ON knowledge_chunks (document_id, ordinal);
CREATE INDEX knowledge_chunks_by_source ON knowledge_chunks (source_node_id);

-- The inverted index: how often each term is in each chunk. The source,
-- company and chunk length are repeated here so a search reads this table
-- (its index) alone.
CREATE TABLE knowledge_postings (
    chunk_id       INTEGER NOT NULL REFERENCES knowledge_chunks (id) ON DELETE CASCADE,
    term           TEXT    NOT NULL,
    source_node_id INTEGER NOT NULL,
    company_id     INTEGER,
    tf             INTEGER NOT NULL,
    chunk_terms    INTEGER NOT NULL,
    PRIMARY KEY (chunk_id, term)
);
CREATE INDEX knowledge_postings_by_term
    ON knowledge_postings (term, source_node_id, chunk_id, tf, chunk_terms, company_id);

-- The passages an answer drew on (JSON, `[Citation]`), shown under it.
ALTER TABLE conversation_messages ADD COLUMN sources TEXT;

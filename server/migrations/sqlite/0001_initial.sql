-- Dastyar's first schema (SQLite). The PostgreSQL twin is
-- ../postgres/0001_initial.sql: keep the two identical in meaning.
--
-- Conventions shared by both backends (the server reads them through
-- sqlx::Any, which knows only integers, floats, text and blobs):
--   * ids and counters are 64-bit integers;
--   * timestamps are TEXT in UTC RFC 3339 with microseconds and a Z
--     (2026-11-21T18:35:00.123456Z), written by the server, never by a column
--     default, so they sort as text and read the same on both backends;
--   * JSON is TEXT.

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT    NOT NULL UNIQUE, -- stored lower-cased
    name          TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,        -- argon2 PHC string
    created_at    TEXT    NOT NULL
);

CREATE TABLE projects (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    category   TEXT,
    thumbnail  TEXT,                       -- data:image/png;base64,... URL
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE INDEX projects_by_user ON projects (user_id, created_at);

-- One table for every persisted node kind; `data` holds the kind's own fields.
CREATE TABLE nodes (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id   INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL,
    name         TEXT    NOT NULL DEFAULT '',
    position_x   REAL    NOT NULL DEFAULT 0,
    position_y   REAL    NOT NULL DEFAULT 0,
    container_id INTEGER REFERENCES nodes (id) ON DELETE SET NULL,
    width        REAL,
    height       REAL,
    status       TEXT    NOT NULL DEFAULT 'pending',
    data         TEXT    NOT NULL DEFAULT '{}',
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL
);
CREATE INDEX nodes_by_project ON nodes (project_id);
CREATE INDEX nodes_by_container ON nodes (container_id);

-- Both ends are rows of `nodes` (every persisted kind lives there), so an
-- edge disappears with either of its nodes.
CREATE TABLE edges (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    project_id  INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    source_type TEXT    NOT NULL,
    source_id   INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    target_type TEXT    NOT NULL,
    target_id   INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    edge_data   TEXT    NOT NULL DEFAULT '{}',
    created_at  TEXT    NOT NULL
);
CREATE INDEX edges_by_project ON edges (project_id);
CREATE INDEX edges_by_source ON edges (source_id);
CREATE INDEX edges_by_target ON edges (target_id);

-- The work queue for what outlives a request.
CREATE TABLE jobs (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,
    status     TEXT    NOT NULL DEFAULT 'queued',
    progress   INTEGER NOT NULL DEFAULT 0,
    attempts   INTEGER NOT NULL DEFAULT 0,
    payload    TEXT    NOT NULL DEFAULT '{}',
    result     TEXT,
    error      TEXT,
    created_at TEXT    NOT NULL,
    updated_at TEXT    NOT NULL
);
CREATE INDEX jobs_by_status ON jobs (status, created_at);
CREATE INDEX jobs_by_user ON jobs (user_id);

-- Google Docs and Sheets sources (SQLite). The twin is
-- ../postgres/0011_google.sql: keep the two identical in meaning.
--
-- A Google doc or sheet node is authorised by its owner through OAuth 2.0
-- (authorization code with PKCE); its tokens are kept sealed with the
-- server's key and refreshed when they expire.

-- A flow started and not yet finished: the `state` Google sends back names
-- it (kept as its SHA-256, so a copy of the table cannot finish a flow).
CREATE TABLE google_flows (
    state_hash     TEXT    PRIMARY KEY,
    node_id        INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    verifier       TEXT    NOT NULL,              -- the PKCE code verifier, sealed
    expires_at     TEXT    NOT NULL,
    created_at     TEXT    NOT NULL
);
CREATE INDEX google_flows_by_node ON google_flows (node_id);

-- One row per authorised node.
CREATE TABLE google_links (
    node_id        INTEGER PRIMARY KEY REFERENCES nodes (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    access_token   TEXT    NOT NULL,              -- sealed
    refresh_token  TEXT    NOT NULL,              -- sealed
    expires_at     TEXT    NOT NULL,              -- when the access token stops working
    synced_version TEXT,                          -- Drive's version of the file last read
    next_sync_at   TEXT    NOT NULL,              -- when the periodic re-sync looks next
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);
CREATE INDEX google_links_due ON google_links (next_sync_at);

-- Companies and their chat frames (SQLite). The twin is
-- ../postgres/0008_frames.sql: keep the two identical in meaning.
--
-- A company is the business a frame (an iframe node's chat on a website)
-- or a bot talks for; it owns their conversations, so the analyzer reads
-- them together and companies can be merged.

CREATE TABLE companies (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name        TEXT    NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX companies_by_user ON companies (user_id, name);

-- One registered frame per iframe node. The public key names it in the
-- embed script and the widget's API; the node's data keeps its domains
-- and look.
CREATE TABLE frames (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    node_id     INTEGER NOT NULL UNIQUE REFERENCES nodes (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    company_id  INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    public_key  TEXT    NOT NULL UNIQUE,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);
CREATE INDEX frames_by_company ON frames (company_id);

-- Whose conversation it is, for a widget's or a bot's.
ALTER TABLE conversations ADD COLUMN company_id INTEGER REFERENCES companies (id) ON DELETE SET NULL;
CREATE INDEX conversations_by_company ON conversations (company_id, updated_at);

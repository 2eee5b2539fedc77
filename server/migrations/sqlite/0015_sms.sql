-- SMS sends through Kavenegar (SQLite). The twin is
-- ../postgres/0015_sms.sql: keep the two identical in meaning.
--
-- Every send an SMS node made (from its panel, its assistant or a bulk
-- send) that reached Kavenegar or tried to: what was sent to whom, what
-- Kavenegar answered, and each message's delivery as last asked.

CREATE TABLE sms_sends (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    node_id          INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    origin           TEXT    NOT NULL,            -- panel | assistant | bulk
    method           TEXT    NOT NULL,            -- simple | template | bulk
    message          TEXT    NOT NULL,            -- the text (simple); '' for a template or a bulk send
    template         TEXT,                        -- the verify-lookup template (template method)
    segments         INTEGER NOT NULL,            -- parts of every message together (core's count)
    estimated_cost   INTEGER NOT NULL,            -- core's estimate for those parts
    cost             INTEGER NOT NULL DEFAULT 0,  -- what Kavenegar said it charged, rials
    status           TEXT    NOT NULL,            -- sent | failed
    provider_status  INTEGER,                     -- Kavenegar's return.status; null when it was not reached
    response_message TEXT    NOT NULL,            -- what people read about it, in Persian
    entries          TEXT    NOT NULL,            -- JSON: one per receptor (receptor, message, messageid, status, statustext, cost)
    assistant_id     INTEGER REFERENCES nodes (id) ON DELETE SET NULL, -- origin assistant: which
    api_key_hash     TEXT    NOT NULL,            -- SHA-256 of the key sent with (templates used with a key)
    created_at       TEXT    NOT NULL,
    checked_at       TEXT                         -- when delivery was last asked of Kavenegar
);
CREATE INDEX sms_sends_by_node ON sms_sends (node_id, id);
CREATE INDEX sms_sends_by_key ON sms_sends (user_id, api_key_hash);

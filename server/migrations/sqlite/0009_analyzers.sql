-- Message analyzers' schedules and reports (SQLite). The twin is
-- ../postgres/0009_analyzers.sql: keep the two identical in meaning.
--
-- An analyzer reads the conversations of the chat frames and bots in the
-- container joined to it, since its last report, and sends its report to
-- the owner of the bot it is joined to.

-- The frame's or bot's node a conversation came through (null in the test
-- frame and the owner's preview): what the analyzer reads by.
ALTER TABLE conversations ADD COLUMN channel_node_id INTEGER REFERENCES nodes (id) ON DELETE SET NULL;
CREATE INDEX conversations_by_channel_node ON conversations (channel_node_id);

-- One row per analyzer that has a schedule or has reported. `reported_to`
-- is the last message id a report covered: the next reads after it.
CREATE TABLE analyzers (
    node_id        INTEGER PRIMARY KEY REFERENCES nodes (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    daily          INTEGER NOT NULL DEFAULT 1,   -- 1: a report every day at `hour`
    hour           INTEGER NOT NULL DEFAULT 9,   -- 0..23, Asia/Tehran
    next_report_at TEXT,                         -- when the schedule runs next (null when off)
    reported_to    INTEGER NOT NULL DEFAULT 0,
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);
CREATE INDEX analyzers_due ON analyzers (next_report_at);

-- Each report, with the range of messages it covered: the unique range
-- start means two runs racing on one range keep one report.
CREATE TABLE analyzer_reports (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    node_id        INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    requested_by   TEXT    NOT NULL,             -- schedule | user
    first_message  INTEGER NOT NULL,
    last_message   INTEGER NOT NULL,
    conversations  INTEGER NOT NULL,
    messages       INTEGER NOT NULL,
    content        TEXT    NOT NULL,
    model          TEXT    NOT NULL,
    credits        INTEGER NOT NULL DEFAULT 0,
    delivery       TEXT    NOT NULL,             -- sending | sent | not_sent
    delivery_error TEXT,                         -- not_sent: why, in Persian
    chat_id        INTEGER,                      -- sent: the owner's chat
    created_at     TEXT    NOT NULL,
    UNIQUE (node_id, first_message)
);
CREATE INDEX analyzer_reports_by_node ON analyzer_reports (node_id, id);

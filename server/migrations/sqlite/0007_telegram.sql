-- Telegram bots connected to Telegram (SQLite). The twin is
-- ../postgres/0007_telegram.sql: keep the two identical in meaning.
--
-- A telegram node's payload keeps what the user entered (the sealed token,
-- the names); these tables keep what the connection to Telegram needs.

-- One row per connected bot node. `mode` is how updates arrive: webhook
-- (Telegram posts them, proving itself with the secret whose SHA-256 is
-- kept), polling (getUpdates, by the one instance holding the lease) or
-- disconnected. One Telegram bot feeds one node at a time.
CREATE TABLE telegram_bots (
    node_id        INTEGER PRIMARY KEY REFERENCES nodes (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    bot_id         INTEGER NOT NULL,        -- Telegram's id of the bot (the token's digits)
    mode           TEXT    NOT NULL,     -- webhook | polling | disconnected
    secret_hash    TEXT,                 -- webhook: SHA-256 (hex) of its secret_token
    owner_chat_id  INTEGER,                 -- who sent the first message: reports go there
    owner_name     TEXT,
    poll_offset    INTEGER NOT NULL DEFAULT 0,  -- polling: the next update_id to ask for
    poller         TEXT,                 -- polling: the instance holding the lease
    poller_until   TEXT,                 -- ... and until when
    last_error     TEXT,                 -- the latest failure reaching or hearing Telegram
    last_error_at  TEXT,
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);
CREATE UNIQUE INDEX telegram_bots_one_node_per_bot ON telegram_bots (bot_id)
    WHERE mode <> 'disconnected';
CREATE INDEX telegram_bots_by_mode ON telegram_bots (mode);

-- The people who wrote to a bot (the panel's "users").
CREATE TABLE telegram_chats (
    node_id     INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    chat_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL DEFAULT '',
    username    TEXT,
    messages    INTEGER NOT NULL DEFAULT 0,
    first_seen  TEXT    NOT NULL,
    last_seen   TEXT    NOT NULL,
    PRIMARY KEY (node_id, chat_id)
);

-- Each update taken in, so one Telegram re-delivers, or two instances
-- receive, is handled once. Kept two days (Telegram keeps updates one).
CREATE TABLE telegram_updates (
    node_id     INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    update_id   INTEGER NOT NULL,
    received_at TEXT    NOT NULL,
    PRIMARY KEY (node_id, update_id)
);
CREATE INDEX telegram_updates_by_time ON telegram_updates (received_at);

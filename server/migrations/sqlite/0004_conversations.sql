-- Conversations with assistants and their messages (SQLite). The PostgreSQL
-- twin is ../postgres/0004_conversations.sql: keep the two identical in meaning.
--
-- A conversation belongs to one assistant node (and goes with it) and to the
-- node's owner; `channel` says where it happens (test_frame now; widget and
-- telegram later, with `visitor` naming the person there).

CREATE TABLE conversations (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    assistant_node_id INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    channel           TEXT    NOT NULL,   -- test_frame | widget | telegram
    visitor           TEXT,               -- the person on the channel; null in the test frame
    title             TEXT    NOT NULL DEFAULT '',
    busy_until        TEXT,               -- while an answer is being written: until when (a lease)
    created_at        TEXT    NOT NULL,
    updated_at        TEXT    NOT NULL
);
CREATE INDEX conversations_by_assistant ON conversations (assistant_node_id, updated_at);
CREATE INDEX conversations_by_user ON conversations (user_id);

-- One row per turn, in order: what the person said, what the model answered
-- (text and/or tool calls), and each tool's result. A person's message
-- carries the client's idempotency key, so a retried send is recognised.
CREATE TABLE conversation_messages (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id   INTEGER NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    role              TEXT    NOT NULL,   -- user | assistant | tool
    content           TEXT    NOT NULL DEFAULT '',
    tool_calls        TEXT,               -- assistant: JSON [{id, type, function: {name, arguments}}]
    tool_call_id      TEXT,               -- tool: the call it answers
    tool_name         TEXT,               -- tool: the tool's name
    client_key        TEXT,               -- user: the Idempotency-Key it was sent with
    model             TEXT,               -- assistant: the model that wrote it
    prompt_tokens     INTEGER,
    completion_tokens INTEGER,
    credits           INTEGER,            -- assistant: credits it cost
    created_at        TEXT    NOT NULL,
    UNIQUE (conversation_id, client_key)
);
CREATE INDEX conversation_messages_in_order ON conversation_messages (conversation_id, id);

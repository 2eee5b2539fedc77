-- Wrong passwords per e-mail address (PostgreSQL). The SQLite twin is
-- ../sqlite/0005_login_failures.sql: keep the two identical in meaning.
--
-- Kept in the database, not in memory, so every instance behind a load
-- balancer counts the same failures. Keyed by the address as typed
-- (normalised), whether or not an account has it, so a lock tells nothing
-- about which addresses exist. A successful sign-in deletes the row.

CREATE TABLE login_failures (
    email          TEXT    PRIMARY KEY,
    failures       BIGINT  NOT NULL,
    last_failed_at TEXT    NOT NULL,
    locked_until   TEXT                -- no sign-in is checked before this moment
);
CREATE INDEX login_failures_by_time ON login_failures (last_failed_at);

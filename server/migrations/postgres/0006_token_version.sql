-- A counter per account that every login token carries (PostgreSQL; the
-- SQLite twin is ../sqlite/0006_token_version.sql). Bumping it, on a
-- password change or "sign out everywhere", makes every token issued before
-- invalid at once. Tokens issued before this column existed carry none and
-- count as 0, so nobody is signed out by the upgrade.
ALTER TABLE users ADD COLUMN token_version BIGINT NOT NULL DEFAULT 0;

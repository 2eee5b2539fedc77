-- Subscriptions (SQLite). The PostgreSQL twin is
-- ../postgres/0002_subscriptions.sql: keep the two identical in meaning.
--
-- A user's plan is that of their newest active subscription whose period
-- holds now (started_at <= now < expires_at), else the catalogue's free plan.
-- Plans themselves are not stored: they come from the plan catalogue
-- (server/plans.json or DASTYAR_PLANS_FILE), named here by plan_key.

CREATE TABLE subscriptions (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_key      TEXT    NOT NULL,
    billing_cycle TEXT    NOT NULL,         -- monthly | yearly
    status        TEXT    NOT NULL,         -- pending | active | cancelled
    amount        INTEGER NOT NULL DEFAULT 0, -- rials paid
    payment_id    INTEGER,                  -- the payment that bought it, once payments exist
    started_at    TEXT    NOT NULL,
    expires_at    TEXT    NOT NULL,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX subscriptions_by_user ON subscriptions (user_id, created_at);
CREATE INDEX subscriptions_in_force ON subscriptions (user_id, status, expires_at);

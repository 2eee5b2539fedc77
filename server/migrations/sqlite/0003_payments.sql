-- Payments and the credit ledger (SQLite). The PostgreSQL twin is
-- ../postgres/0003_payments.sql: keep the two identical in meaning.
--
-- A payment is pending until its gateway settles it: paid (exactly once; the
-- plan or credits it bought are granted in the same transaction) or failed.
-- A failed payment may still become paid when the gateway later verifies the
-- money arrived; a paid one never changes again.

CREATE TABLE payments (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose         TEXT    NOT NULL,   -- plan | credits
    gateway         TEXT    NOT NULL,   -- mock | zarinpal
    status          TEXT    NOT NULL,   -- pending | paid | failed
    amount          INTEGER NOT NULL,   -- rials
    description     TEXT    NOT NULL,
    subscription_id INTEGER REFERENCES subscriptions (id) ON DELETE SET NULL, -- purpose plan
    credits         INTEGER,            -- purpose credits
    package_key     TEXT,               -- credits of a package; null: a custom amount
    authority       TEXT UNIQUE,        -- the gateway's id for the payment
    ref_id          TEXT,               -- the gateway's reference once paid
    card_last_four  TEXT,
    failure_code    TEXT,               -- a message code: why it failed
    gateway_code    INTEGER,            -- the gateway's own code for that
    created_at      TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    settled_at      TEXT
);
CREATE INDEX payments_by_user ON payments (user_id, created_at);

-- Credits: append-only; a user's balance is the sum of their entries.
-- entry_key makes every grant happen once (payment:{id}, grant:...).
CREATE TABLE credit_ledger (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount     INTEGER NOT NULL,        -- credits: + granted or bought, - spent
    reason     TEXT    NOT NULL,        -- purchase | monthly_grant | usage
    entry_key  TEXT    NOT NULL UNIQUE,
    payment_id INTEGER,                 -- the payment that bought them (no foreign key: rows never change)
    created_at TEXT    NOT NULL
);
CREATE INDEX credit_ledger_by_user ON credit_ledger (user_id);

CREATE TRIGGER credit_ledger_append_only BEFORE UPDATE ON credit_ledger
BEGIN
    SELECT RAISE(ABORT, 'credit_ledger is append-only');
END;

-- The schedule engine (SQLite). The twin is ../postgres/0014_schedules.sql:
-- keep the two identical in meaning.
--
-- A scheduler or trigger switched on has a row in `schedules`: when it is
-- due next and how many times it has run. Each time it fires is a row in
-- `schedule_runs`, unique per (node, due time): of several instances only
-- one inserts it, so a run never fires twice; an instance that dies mid-run
-- leaves its run `running` with a lease that runs out, and another takes it
-- over, so a run is never lost.

CREATE TABLE schedules (
    node_id        INTEGER PRIMARY KEY REFERENCES nodes (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind           TEXT    NOT NULL,             -- scheduler | trigger
    next_due_at    TEXT,                         -- null once off or at its max runs
    runs           INTEGER NOT NULL DEFAULT 0,   -- scheduled runs fired since switched on
    max_runs       INTEGER,
    last_run_at    TEXT,
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);
CREATE INDEX schedules_due ON schedules (next_due_at);

CREATE TABLE schedule_runs (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    node_id        INTEGER NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    due_at         TEXT    NOT NULL,             -- the time it was due (now, when run by hand)
    requested_by   TEXT    NOT NULL,             -- schedule | user | test
    missed         INTEGER NOT NULL DEFAULT 0,   -- due times skipped by the catch-up policy
    state          TEXT    NOT NULL,             -- running | succeeded | failed
    instance       TEXT    NOT NULL,             -- who runs it now
    lease_until    TEXT    NOT NULL,             -- running: taken over after this
    attempts       INTEGER NOT NULL DEFAULT 1,
    started_at     TEXT    NOT NULL,
    finished_at    TEXT,
    outcome        TEXT,                         -- JSON: what the run did
    error          TEXT,                         -- failed: why, in Persian
    UNIQUE (node_id, due_at)
);
CREATE INDEX schedule_runs_by_node ON schedule_runs (node_id, id);
CREATE INDEX schedule_runs_running ON schedule_runs (state, lease_until);

-- The twin of ../postgres/0019_project_revision_once_per_transaction.sql,
-- which bumps a PostgreSQL project's revision once per transaction instead
-- of once per row written. SQLite's triggers update the project's row in
-- place, in the one writer's own transaction, at no cost worth a change.
SELECT 1;

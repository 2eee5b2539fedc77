-- The twin of ../postgres/0018_project_revision_at_commit.sql, which moves
-- PostgreSQL's revision bump to the commit so concurrent writes to one
-- project do not hold its row while they run. SQLite has one writer at a
-- time and holds the whole database until the commit either way: its
-- triggers stay as they are.
SELECT 1;

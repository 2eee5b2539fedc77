-- A project's revision is bumped once per transaction, however many of its
-- nodes and edges the transaction writes (PostgreSQL). A batch of moves, a
-- container's removal or a cascade touches many rows of one project, and
-- each row's deferred trigger updated the project's row again at commit: a
-- new row version per node moved, where one says all a reader needs (the
-- revision and the rows still change in one transaction). The projects
-- bumped so far are remembered in a setting local to the transaction,
-- which PostgreSQL forgets at its end (and at a rolled-back savepoint,
-- with the bump itself).
-- The twin is ../sqlite/0019_project_revision_once_per_transaction.sql.

CREATE FUNCTION bump_project_revision_once(project BIGINT) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    revised text := coalesce(current_setting('dastyar.revised_projects', true), '');
    mark text := ',' || project || ',';
BEGIN
    IF strpos(revised, mark) = 0 THEN
        UPDATE projects SET revision = revision + 1 WHERE id = project;
        PERFORM set_config('dastyar.revised_projects', revised || mark, true);
    END IF;
END;
$$;

CREATE OR REPLACE FUNCTION bump_project_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        PERFORM bump_project_revision_once(OLD.project_id);
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.project_id <> OLD.project_id) THEN
        PERFORM bump_project_revision_once(NEW.project_id);
    END IF;
    RETURN NULL;
END;
$$;

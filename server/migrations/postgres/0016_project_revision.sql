-- A project's revision (PostgreSQL): a number that grows with every change
-- to its nodes or edges, in the transaction of the change itself, so a
-- load of an unchanged project is answered from what was served before
-- (`ETag`, `304 Not Modified`, a cached copy per revision) on any instance.
-- The twin is ../sqlite/0016_project_revision.sql: keep the two identical
-- in meaning.
--
-- Triggers rather than a bump in each write: every path that touches a
-- node or an edge (the canvas, jobs, the schedule engine, SMS sends, Google
-- callbacks, cascades) moves the revision without having to remember to.

ALTER TABLE projects ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION bump_project_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE projects SET revision = revision + 1 WHERE id = OLD.project_id;
    END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.project_id <> OLD.project_id) THEN
        UPDATE projects SET revision = revision + 1 WHERE id = NEW.project_id;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER nodes_revision AFTER INSERT OR UPDATE OR DELETE ON nodes
    FOR EACH ROW EXECUTE FUNCTION bump_project_revision();
CREATE TRIGGER edges_revision AFTER INSERT OR UPDATE OR DELETE ON edges
    FOR EACH ROW EXECUTE FUNCTION bump_project_revision();

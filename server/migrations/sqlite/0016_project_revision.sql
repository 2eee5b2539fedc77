-- A project's revision (SQLite): a number that grows with every change to
-- its nodes or edges, in the transaction of the change itself, so a load
-- of an unchanged project is answered from what was served before
-- (`ETag`, `304 Not Modified`, a cached copy per revision) on any instance.
-- The twin is ../postgres/0016_project_revision.sql: keep the two identical
-- in meaning.
--
-- Triggers rather than a bump in each write: every path that touches a
-- node or an edge (the canvas, jobs, the schedule engine, SMS sends, Google
-- callbacks, cascades) moves the revision without having to remember to.

ALTER TABLE projects ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER nodes_revision_insert AFTER INSERT ON nodes BEGIN
    UPDATE projects SET revision = revision + 1 WHERE id = NEW.project_id;
END;
CREATE TRIGGER nodes_revision_update AFTER UPDATE ON nodes BEGIN
    UPDATE projects SET revision = revision + 1 WHERE id IN (OLD.project_id, NEW.project_id);
END;
CREATE TRIGGER nodes_revision_delete AFTER DELETE ON nodes BEGIN
    UPDATE projects SET revision = revision + 1 WHERE id = OLD.project_id;
END;

CREATE TRIGGER edges_revision_insert AFTER INSERT ON edges BEGIN
    UPDATE projects SET revision = revision + 1 WHERE id = NEW.project_id;
END;
CREATE TRIGGER edges_revision_update AFTER UPDATE ON edges BEGIN
    UPDATE projects SET revision = revision + 1 WHERE id IN (OLD.project_id, NEW.project_id);
END;
CREATE TRIGGER edges_revision_delete AFTER DELETE ON edges BEGIN
    UPDATE projects SET revision = revision + 1 WHERE id = OLD.project_id;
END;

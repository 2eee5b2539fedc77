-- A project's revision is bumped when the transaction commits, not when
-- its first node or edge is written (PostgreSQL). The bump locks the
-- project's row until the commit is on disk; taken at the first write, it
-- was held while the rest of the transaction ran and while the commit came
-- back from the server, so writes to one project queued behind each other's
-- round trips (16 at once made 1,000 nodes at 117 to 300 a second).
-- Deferred to the commit, the row is held for the commit alone. Readers are
-- as safe as before: the revision and the rows change in one transaction.
-- The twin is ../sqlite/0018_project_revision_at_commit.sql.

DROP TRIGGER nodes_revision ON nodes;
DROP TRIGGER edges_revision ON edges;

CREATE CONSTRAINT TRIGGER nodes_revision AFTER INSERT OR UPDATE OR DELETE ON nodes
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION bump_project_revision();
CREATE CONSTRAINT TRIGGER edges_revision AFTER INSERT OR UPDATE OR DELETE ON edges
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION bump_project_revision();

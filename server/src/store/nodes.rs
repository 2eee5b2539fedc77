//! Nodes of every persisted kind, in the one `nodes` table. `data` holds the
//! kind's backend payload (core's `NodePayload`, snake_case JSON); the common
//! fields (name, position, container, size, status) have columns of their own.
//! Every function takes the owner: another user's node is simply not found.
//! Every query takes any executor: the pool, or a [`Tx`]'s connection when a
//! check and its writes must see the same data and land together. Inserting
//! counts against the plan's quota in the same statement, so it always runs
//! in a [`Tx`] (`insert` opens one).

use dastyar_core::NodeKind;
use dastyar_core::data::common::NodeBase;
use dastyar_core::data::{CanvasNode, NodePayload};
use dastyar_core::geometry::Position;
use dastyar_core::ids::CanvasId;
use dastyar_core::limits::NodeCounts;
use dastyar_core::secrets;
use dastyar_core::status::CreationStatus;

use sqlx::{Any, AnyConnection, AssertSqlSafe, Executor};

use super::tx::Tx;
use super::{IDS_PER_QUERY, placeholders};
use crate::db::{Db, timestamp};

/// A stored node, as read from its row.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct NodeRow {
    pub id: i64,
    pub project_id: i64,
    pub kind: String,
    pub name: String,
    pub position_x: f64,
    pub position_y: f64,
    pub container_id: Option<i64>,
    pub width: Option<f64>,
    pub height: Option<f64>,
    pub status: String,
    pub data: String,
    pub created_at: String,
    pub updated_at: String,
}

/// What a new node is stored with.
#[derive(Debug, Clone)]
pub struct NewNode {
    pub project_id: i64,
    pub name: String,
    pub position: Position,
    pub container_id: Option<i64>,
    pub width: Option<f64>,
    pub height: Option<f64>,
    pub status: CreationStatus,
    pub payload: NodePayload,
}

/// A stored row that no longer reads as its kind (a bug or a hand edit).
#[derive(Debug)]
pub struct CorruptRow(pub String);

impl std::fmt::Display for CorruptRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl NodeRow {
    pub fn kind(&self) -> Result<NodeKind, CorruptRow> {
        self.kind.parse().map_err(|_| CorruptRow(format!("node {}: kind {:?}", self.id, self.kind)))
    }

    pub fn status(&self) -> CreationStatus {
        serde_json::from_value(serde_json::Value::String(self.status.clone())).unwrap_or_default()
    }

    pub fn payload(&self) -> Result<NodePayload, CorruptRow> {
        let value = serde_json::from_str(&self.data)
            .map_err(|e| CorruptRow(format!("node {}: data: {e}", self.id)))?;
        NodePayload::from_json(self.kind()?, value)
            .map_err(|e| CorruptRow(format!("node {}: payload: {e}", self.id)))
    }

    pub fn canvas_id(&self) -> Result<CanvasId, CorruptRow> {
        Ok(CanvasId::saved(self.kind()?, self.id))
    }

    /// The payload as an answer may carry it: every secret masked.
    pub fn masked_payload(&self) -> Result<NodePayload, CorruptRow> {
        let kind = self.kind()?;
        if secrets::secret_paths(kind).is_empty() {
            return self.payload();
        }
        let mut value: serde_json::Value = serde_json::from_str(&self.data)
            .map_err(|e| CorruptRow(format!("node {}: data: {e}", self.id)))?;
        secrets::mask_payload(kind, &mut value);
        NodePayload::from_json(kind, value)
            .map_err(|e| CorruptRow(format!("node {}: payload: {e}", self.id)))
    }

    /// The node as the canvas holds it: `type-id`, position (relative to its
    /// container when it has one), `parentId`, and the kind's data with its
    /// secrets masked.
    pub fn to_canvas(&self) -> Result<CanvasNode, CorruptRow> {
        let base = NodeBase {
            label: self.name.clone(),
            width: self.width,
            height: self.height,
            creation_status: self.status(),
            status_info: None,
        };
        Ok(CanvasNode {
            id: self.canvas_id()?.to_string(),
            position: Position { x: self.position_x, y: self.position_y },
            parent_id: self
                .container_id
                .map(|id| CanvasId::saved(NodeKind::Container, id).to_string()),
            data: self.masked_payload()?.into_node_data(base),
        })
    }
}

macro_rules! columns {
    () => {
        "id, project_id, kind, name, position_x, position_y, container_id, width, height, status, data, created_at, updated_at"
    };
}
pub(super) fn status_text(status: CreationStatus) -> String {
    serde_json::to_value(status)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

pub(super) fn payload_text(payload: &NodePayload) -> String {
    serde_json::to_string(payload).unwrap_or_else(|_| "{}".to_owned())
}

/// Stores a new node in one of the user's projects; `None` when the project is not theirs.
///
/// The size is bound as a double and a flag, never as a null double: sqlx
/// 0.9's `Any` driver sends a null `f64` to PostgreSQL as a `FLOAT4`
/// parameter (sqlx-core `any/arguments.rs` swaps `Real` and `Double` for
/// nulls), and the statement cached with that type then rejects a real
/// `FLOAT8` size on the same connection ("incorrect binary data format").
pub async fn insert(db: &Db, user_id: i64, node: &NewNode) -> Result<Option<NodeRow>, sqlx::Error> {
    let mut tx = Tx::begin(db).await?;
    let inserted = insert_within_quota(&mut tx, user_id, node, None).await?;
    tx.commit().await?;
    match inserted {
        Inserted::Node(row) => Ok(Some(*row)),
        Inserted::NoProject | Inserted::QuotaFull { .. } => Ok(None),
    }
}

/// What [`insert_within_quota`] came to.
#[derive(Debug, Clone, PartialEq)]
pub enum Inserted {
    Node(Box<NodeRow>),
    /// The project is not one of the user's.
    NoProject,
    /// The user already has `used` nodes of the kind, as many as the quota allows (or more).
    QuotaFull {
        used: u32,
    },
}

/// Stores a new node in one of the user's projects unless the user already
/// has `quota` nodes of its kind (across all their projects); `None` is no limit.
///
/// Safe against concurrent creates when run inside a transaction: on
/// PostgreSQL the user's row is locked first, so the count sees every
/// committed insert of the same user; on SQLite the statement is a write from
/// its start and writers take turns.
pub async fn insert_within_quota(
    tx: &mut Tx,
    user_id: i64,
    node: &NewNode,
    quota: Option<u32>,
) -> Result<Inserted, sqlx::Error> {
    if quota.is_some() {
        let lock = format!("SELECT id FROM users WHERE id = $1{}", tx.for_update());
        sqlx::query(AssertSqlSafe(lock)).bind(user_id).fetch_optional(tx.conn()).await?;
    }
    let conn = tx.conn();
    let kind = node.payload.kind().as_str();
    let now = timestamp::now();
    let row: Option<NodeRow> = sqlx::query_as(concat!(
        "INSERT INTO nodes (project_id, kind, name, position_x, position_y, container_id,
                            width, height, status, data, created_at, updated_at)
         SELECT $1, $3, $4, $5, $6, $7, CASE WHEN $13 THEN $8 END, CASE WHEN $14 THEN $9 END,
                $10, $11, $12, $12
         WHERE $1 IN (SELECT id FROM projects WHERE user_id = $2)
           AND (SELECT COUNT(*) FROM nodes WHERE kind = $3 AND ",
        owned!(),
        ") < $15
         RETURNING ",
        columns!()
    ))
    .bind(node.project_id)
    .bind(user_id)
    .bind(kind)
    .bind(&node.name)
    .bind(node.position.x)
    .bind(node.position.y)
    .bind(node.container_id)
    .bind(node.width.unwrap_or_default())
    .bind(node.height.unwrap_or_default())
    .bind(status_text(node.status))
    .bind(payload_text(&node.payload))
    .bind(now)
    .bind(node.width.is_some())
    .bind(node.height.is_some())
    .bind(quota.map_or(i64::MAX, i64::from))
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(row) = row {
        return Ok(Inserted::Node(Box::new(row)));
    }
    let project: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM projects WHERE id = $1 AND user_id = $2")
            .bind(node.project_id)
            .bind(user_id)
            .fetch_optional(&mut *conn)
            .await?;
    if project.is_none() {
        return Ok(Inserted::NoProject);
    }
    let (used,): (i64,) =
        sqlx::query_as(concat!("SELECT COUNT(*) FROM nodes WHERE kind = $1 AND ", owned!()))
            .bind(kind)
            .bind(user_id)
            .fetch_one(&mut *conn)
            .await?;
    Ok(Inserted::QuotaFull { used: u32::try_from(used).unwrap_or(u32::MAX) })
}

pub async fn get<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
) -> Result<Option<NodeRow>, sqlx::Error> {
    sqlx::query_as(concat!("SELECT ", columns!(), " FROM nodes WHERE id = $1 AND ", owned!()))
        .bind(id)
        .bind(user_id)
        .fetch_optional(ex)
        .await
}

/// Every user's nodes of `kinds` after id `after`, `limit` at most, by id:
/// for work over the whole table at start (sealing secrets), never for an answer.
pub async fn page_of_kinds(
    pool: &sqlx::Pool<Any>,
    kinds: &[NodeKind],
    after: i64,
    limit: i64,
) -> Result<Vec<NodeRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {} FROM nodes WHERE id > $1 AND kind IN ({}) ORDER BY id LIMIT $2",
        columns!(),
        placeholders(3, kinds.len())
    );
    let mut query = sqlx::query_as(AssertSqlSafe(sql)).bind(after).bind(limit);
    for kind in kinds {
        query = query.bind(kind.as_str());
    }
    query.fetch_all(pool).await
}

/// Replaces a node's name, data and status.
pub async fn update<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
    name: &str,
    payload: &NodePayload,
    status: CreationStatus,
) -> Result<Option<NodeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE nodes SET name = $3, data = $4, status = $5, updated_at = $6
         WHERE id = $1 AND ",
        owned!(),
        " RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(user_id)
    .bind(name)
    .bind(payload_text(payload))
    .bind(status_text(status))
    .bind(timestamp::now())
    .fetch_optional(ex)
    .await
}

pub async fn set_status<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
    status: CreationStatus,
) -> Result<Option<NodeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE nodes SET status = $3, updated_at = $4 WHERE id = $1 AND ",
        owned!(),
        " RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(user_id)
    .bind(status_text(status))
    .bind(timestamp::now())
    .fetch_optional(ex)
    .await
}

/// Replaces a node's data and status unless it changed since `seen_at` (its
/// `updated_at` when read); `None` when it changed or is gone.
pub async fn update_if_unchanged<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
    seen_at: &str,
    payload: &NodePayload,
    status: CreationStatus,
) -> Result<Option<NodeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE nodes SET data = $3, status = $4, updated_at = $5
         WHERE id = $1 AND updated_at = $6 AND ",
        owned!(),
        " RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(user_id)
    .bind(payload_text(payload))
    .bind(status_text(status))
    .bind(timestamp::now())
    .bind(seen_at)
    .fetch_optional(ex)
    .await
}

/// Moves several nodes in one statement: `(user_id, id, position)` each, at
/// most one move per node. Answers the rows moved, in no particular order; a
/// node its mover does not own is simply not among them. One statement
/// rather than one per node saves a round trip and a plan per move, the
/// better part of a move's cost on PostgreSQL.
pub async fn set_positions<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    moves: &[(i64, i64, Position)],
) -> Result<Vec<NodeRow>, sqlx::Error> {
    if moves.is_empty() {
        return Ok(Vec::new());
    }
    // VALUES names its columns column1, column2, ... on both databases.
    let values = (0..moves.len())
        .map(|i| format!("({})", placeholders(2 + 4 * i, 4)))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "UPDATE nodes SET position_x = moved.column3, position_y = moved.column4, updated_at = $1
         FROM (VALUES {values}) AS moved
         WHERE id = moved.column2
           AND project_id IN (SELECT id FROM projects WHERE user_id = moved.column1)
         RETURNING {}",
        columns!()
    );
    // Each batch size is its own statement: not worth a place in the cache.
    let mut query = sqlx::query_as(AssertSqlSafe(sql)).persistent(false).bind(timestamp::now());
    for &(user_id, id, position) in moves {
        query = query.bind(user_id).bind(id).bind(position.x).bind(position.y);
    }
    query.fetch_all(ex).await
}

/// Puts a node into a container (or takes it out with `None`) at `position`
/// (relative to the container inside one, absolute outside).
pub async fn set_container<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
    container_id: Option<i64>,
    position: Position,
) -> Result<Option<NodeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE nodes SET container_id = $3, position_x = $4, position_y = $5, updated_at = $6
         WHERE id = $1 AND ",
        owned!(),
        " RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(user_id)
    .bind(container_id)
    .bind(position.x)
    .bind(position.y)
    .bind(timestamp::now())
    .fetch_optional(ex)
    .await
}

/// Deletes a node (the database cascade takes its edges, without their side
/// effects: see `edges::delete_node`); whether there was one to delete.
pub async fn delete<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(concat!("DELETE FROM nodes WHERE id = $1 AND ", owned!()))
        .bind(id)
        .bind(user_id)
        .execute(ex)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The user's nodes of `kinds`, across all projects.
pub async fn of_kinds_for_user<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    kinds: &[NodeKind],
) -> Result<Vec<NodeRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {} FROM nodes WHERE project_id IN (SELECT id FROM projects WHERE user_id = $1)
           AND kind IN ({}) ORDER BY id",
        columns!(),
        placeholders(2, kinds.len())
    );
    let mut query = sqlx::query_as(AssertSqlSafe(sql)).bind(user_id);
    for kind in kinds {
        query = query.bind(kind.as_str());
    }
    query.fetch_all(ex).await
}

/// How many plan-limited nodes the user has, across all projects.
pub async fn count_limited<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
) -> Result<NodeCounts, sqlx::Error> {
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT kind, COUNT(*) FROM nodes
         WHERE project_id IN (SELECT id FROM projects WHERE user_id = $1)
           AND kind IN ('assistant', 'analyzer', 'vectorstore')
         GROUP BY kind",
    )
    .bind(user_id)
    .fetch_all(ex)
    .await?;
    let mut counts = NodeCounts::default();
    for (kind, n) in rows {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        match kind.as_str() {
            "assistant" => counts.assistants = n,
            "analyzer" => counts.analyzers = n,
            _ => counts.vector_stores = n,
        }
    }
    Ok(counts)
}

/// A plan-limited node (assistant, analyzer, vector store) with its project.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct LimitedNode {
    pub id: i64,
    pub kind: String,
    pub name: String,
    pub project_id: i64,
    pub project_name: String,
    pub created_at: String,
}

/// Every plan-limited node of the user's, across projects, newest first.
pub async fn list_limited<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
) -> Result<Vec<LimitedNode>, sqlx::Error> {
    sqlx::query_as(
        "SELECT n.id, n.kind, n.name, n.project_id, p.name AS project_name, n.created_at
         FROM nodes n JOIN projects p ON p.id = n.project_id
         WHERE p.user_id = $1 AND n.kind IN ('assistant', 'analyzer', 'vectorstore')
         ORDER BY n.created_at DESC, n.id DESC",
    )
    .bind(user_id)
    .fetch_all(ex)
    .await
}

/// Every node of a project the user owns, oldest first (empty for someone else's).
pub async fn list_for_project<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    project_id: i64,
) -> Result<Vec<NodeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM nodes WHERE project_id = $1 AND ",
        owned!(),
        " ORDER BY id"
    ))
    .bind(project_id)
    .bind(user_id)
    .fetch_all(ex)
    .await
}

/// The nodes of a project the user owns among `ids`, oldest first.
pub async fn list_by_ids(
    conn: &mut AnyConnection,
    user_id: i64,
    project_id: i64,
    ids: &[i64],
) -> Result<Vec<NodeRow>, sqlx::Error> {
    list_where_in(conn, user_id, project_id, "id", ids).await
}

/// The nodes of a project the user owns inside one of the containers `container_ids`, oldest first.
pub async fn list_in_containers(
    conn: &mut AnyConnection,
    user_id: i64,
    project_id: i64,
    container_ids: &[i64],
) -> Result<Vec<NodeRow>, sqlx::Error> {
    list_where_in(conn, user_id, project_id, "container_id", container_ids).await
}

/// The project's nodes whose `column` is one of `values`, a few hundred values a statement.
async fn list_where_in(
    conn: &mut AnyConnection,
    user_id: i64,
    project_id: i64,
    column: &str,
    values: &[i64],
) -> Result<Vec<NodeRow>, sqlx::Error> {
    const SQL: &str =
        concat!("SELECT ", columns!(), " FROM nodes WHERE project_id = $1 AND ", owned!(), " AND ");
    let mut rows = Vec::new();
    for chunk in values.chunks(IDS_PER_QUERY) {
        let sql = format!("{SQL}{column} IN ({})", placeholders(3, chunk.len()));
        let mut query =
            sqlx::query_as(AssertSqlSafe(sql)).persistent(false).bind(project_id).bind(user_id);
        for id in chunk {
            query = query.bind(*id);
        }
        rows.extend(query.fetch_all(&mut *conn).await?);
    }
    rows.sort_by_key(|row: &NodeRow| row.id);
    rows.dedup_by_key(|row| row.id);
    Ok(rows)
}

/// The user's nodes of one kind, across projects, oldest first.
pub async fn list_of_kind<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    kind: NodeKind,
) -> Result<Vec<NodeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM nodes WHERE kind = $1 AND ",
        owned!(),
        " ORDER BY id"
    ))
    .bind(kind.as_str())
    .bind(user_id)
    .fetch_all(ex)
    .await
}

/// A node of the user's, locked until the transaction ends.
pub async fn lock(tx: &mut Tx, user_id: i64, id: i64) -> Result<Option<NodeRow>, sqlx::Error> {
    const SQL: &str = concat!("SELECT ", columns!(), " FROM nodes WHERE id = $1 AND ", owned!());
    let sql = format!("{SQL}{}", tx.for_update());
    sqlx::query_as(AssertSqlSafe(sql)).bind(id).bind(user_id).fetch_optional(tx.conn()).await
}

/// The nodes inside a container of the user's, locked until the transaction ends.
pub async fn lock_children(
    tx: &mut Tx,
    user_id: i64,
    container_id: i64,
) -> Result<Vec<NodeRow>, sqlx::Error> {
    const SQL: &str = concat!(
        "SELECT ",
        columns!(),
        " FROM nodes WHERE container_id = $1 AND ",
        owned!(),
        " ORDER BY id"
    );
    let sql = format!("{SQL}{}", tx.for_update());
    sqlx::query_as(AssertSqlSafe(sql)).bind(container_id).bind(user_id).fetch_all(tx.conn()).await
}

/// Replaces a node's data and status (the caller read it as the user's).
pub async fn write_data<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    id: i64,
    payload: &NodePayload,
    status: CreationStatus,
) -> Result<NodeRow, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE nodes SET data = $2, status = $3, updated_at = $4 WHERE id = $1 RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(payload_text(payload))
    .bind(status_text(status))
    .bind(timestamp::now())
    .fetch_one(ex)
    .await
}

/// Replaces a node's data, keeping its `updated_at` (what the server keeps
/// on it changed, not what the user edited), in the caller's transaction.
pub async fn set_data(tx: &mut Tx, id: i64, payload: &NodePayload) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE nodes SET data = $2 WHERE id = $1")
        .bind(id)
        .bind(payload_text(payload))
        .execute(tx.conn())
        .await?;
    Ok(())
}

/// Replaces a node's data with `payload` unless it changed since it read
/// `read` (its stored text): a rewrite of stored data that must not undo a
/// concurrent edit. Whether it was replaced; `updated_at` is kept.
pub async fn rewrite_data(
    pool: &sqlx::Pool<Any>,
    id: i64,
    read: &str,
    payload: &NodePayload,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("UPDATE nodes SET data = $3 WHERE id = $1 AND data = $2")
        .bind(id)
        .bind(read)
        .bind(payload_text(payload))
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets a node's size columns and its data together (a container keeps its
/// size in both).
pub async fn resize<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
    width: f64,
    height: f64,
    payload: &NodePayload,
) -> Result<Option<NodeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE nodes SET width = $3, height = $4, data = $5, updated_at = $6
         WHERE id = $1 AND ",
        owned!(),
        " RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(user_id)
    .bind(width)
    .bind(height)
    .bind(payload_text(payload))
    .bind(timestamp::now())
    .fetch_optional(ex)
    .await
}

pub async fn rename<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
    name: &str,
) -> Result<Option<NodeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE nodes SET name = $3, updated_at = $4 WHERE id = $1 AND ",
        owned!(),
        " RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(user_id)
    .bind(name)
    .bind(timestamp::now())
    .fetch_optional(ex)
    .await
}

//! Edges: one row per connection between two stored nodes of a project.
//! `edge_data` is the JSON text the canvas sent. Both ends are `nodes` rows,
//! so an edge goes with either of its nodes (`ON DELETE CASCADE`).
//!
//! Every function takes an executor, so it runs on the pool or inside a
//! [`Tx`](super::tx::Tx); every read takes the owner, so another user's edge
//! is simply not found.

use sqlx::{Any, AnyConnection, AssertSqlSafe, Executor};

use super::{IDS_PER_QUERY, placeholders};

use crate::db::timestamp;

/// A stored edge, as read from its row.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EdgeRow {
    pub id: i64,
    pub project_id: i64,
    pub source_type: String,
    pub source_id: i64,
    pub target_type: String,
    pub target_id: i64,
    pub edge_data: String,
    pub created_at: String,
}

impl EdgeRow {
    /// The end that is not `node_id` (the target of a self-loop).
    pub fn other_end(&self, node_id: i64) -> i64 {
        if self.source_id == node_id { self.target_id } else { self.source_id }
    }

    pub fn touches(&self, node_id: i64) -> bool {
        self.source_id == node_id || self.target_id == node_id
    }
}

/// What a new edge is stored with. The caller has checked that both ends are
/// nodes of `project_id`, a project of the user's.
#[derive(Debug, Clone)]
pub struct NewEdge {
    pub project_id: i64,
    pub source_type: String,
    pub source_id: i64,
    pub target_type: String,
    pub target_id: i64,
    pub edge_data: String,
}

macro_rules! columns {
    () => {
        "id, project_id, source_type, source_id, target_type, target_id, edge_data, created_at"
    };
}

/// Every edge of a project the user owns, oldest first (empty for someone else's).
pub async fn list_for_project<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    project_id: i64,
) -> Result<Vec<EdgeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM edges WHERE project_id = $1 AND ",
        owned!(),
        " ORDER BY id"
    ))
    .bind(project_id)
    .bind(user_id)
    .fetch_all(ex)
    .await
}

/// The edges of a project the user owns with an end among `node_ids`, oldest first.
pub async fn list_touching(
    conn: &mut AnyConnection,
    user_id: i64,
    project_id: i64,
    node_ids: &[i64],
) -> Result<Vec<EdgeRow>, sqlx::Error> {
    const SQL: &str =
        concat!("SELECT ", columns!(), " FROM edges WHERE project_id = $1 AND ", owned!(), " AND ");
    let mut rows = Vec::new();
    for chunk in node_ids.chunks(IDS_PER_QUERY) {
        let ids = placeholders(3, chunk.len());
        let sql = format!("{SQL}(source_id IN ({ids}) OR target_id IN ({ids}))");
        let mut query =
            sqlx::query_as(AssertSqlSafe(sql)).persistent(false).bind(project_id).bind(user_id);
        for id in chunk {
            query = query.bind(*id);
        }
        rows.extend(query.fetch_all(&mut *conn).await?);
    }
    rows.sort_by_key(|row: &EdgeRow| row.id);
    rows.dedup_by_key(|row| row.id);
    Ok(rows)
}

/// The user's edges, across projects, whose source is of kind `source_type`.
pub async fn list_from_kind<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    source_type: &str,
) -> Result<Vec<EdgeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM edges WHERE source_type = $1 AND ",
        owned!(),
        " ORDER BY id"
    ))
    .bind(source_type)
    .bind(user_id)
    .fetch_all(ex)
    .await
}

pub async fn get<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
) -> Result<Option<EdgeRow>, sqlx::Error> {
    sqlx::query_as(concat!("SELECT ", columns!(), " FROM edges WHERE id = $1 AND ", owned!()))
        .bind(id)
        .bind(user_id)
        .fetch_optional(ex)
        .await
}

/// The user's edge between these two ends, in this direction (the oldest, if
/// somehow there are several).
pub async fn find_by_ends<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    source: (&str, i64),
    target: (&str, i64),
) -> Result<Option<EdgeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM edges WHERE source_type = $1 AND source_id = $3 AND target_type = $4
           AND target_id = $5 AND ",
        owned!(),
        " ORDER BY id LIMIT 1"
    ))
    .bind(source.0)
    .bind(user_id)
    .bind(source.1)
    .bind(target.0)
    .bind(target.1)
    .fetch_optional(ex)
    .await
}

/// The edges that start or end at a node of the user's.
pub async fn touching<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    node_id: i64,
) -> Result<Vec<EdgeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM edges WHERE (source_id = $1 OR target_id = $1) AND ",
        owned!(),
        " ORDER BY id"
    ))
    .bind(node_id)
    .bind(user_id)
    .fetch_all(ex)
    .await
}

pub async fn insert<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    edge: &NewEdge,
) -> Result<EdgeRow, sqlx::Error> {
    sqlx::query_as(concat!(
        "INSERT INTO edges (project_id, source_type, source_id, target_type, target_id,
                            edge_data, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ",
        columns!()
    ))
    .bind(edge.project_id)
    .bind(&edge.source_type)
    .bind(edge.source_id)
    .bind(&edge.target_type)
    .bind(edge.target_id)
    .bind(&edge.edge_data)
    .bind(timestamp::now())
    .fetch_one(ex)
    .await
}

/// Replaces an edge's `edge_data`.
pub async fn set_data<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
    edge_data: &str,
) -> Result<Option<EdgeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE edges SET edge_data = $3 WHERE id = $1 AND ",
        owned!(),
        " RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(user_id)
    .bind(edge_data)
    .fetch_optional(ex)
    .await
}

/// Deletes an edge of the user's, answering it when there was one.
pub async fn delete<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    user_id: i64,
    id: i64,
) -> Result<Option<EdgeRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        "DELETE FROM edges WHERE id = $1 AND ",
        owned!(),
        " RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(user_id)
    .fetch_optional(ex)
    .await
}

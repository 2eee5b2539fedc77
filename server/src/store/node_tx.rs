//! The node queries that edges and containers run on any executor: the pool,
//! or a [`Tx`] when a check and its writes must see the same data and land
//! together. Reads take the owner: another user's node is simply not found.

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::status::CreationStatus;
use sqlx::{Any, AnyConnection, AssertSqlSafe, Executor};

use super::nodes::{NodeRow, columns, payload_text, status_text};
use super::tx::Tx;
use super::{IDS_PER_QUERY, placeholders};
use crate::db::timestamp;

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

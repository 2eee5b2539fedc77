//! Projects. Every function takes the owner: another user's project is simply
//! not found.

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::db::{Db, timestamp};
use crate::store::tx::Tx;

/// A project as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct Project {
    pub id: i64,
    pub name: String,
    pub category: Option<String>,
    /// A `data:image/png;base64,...` URL.
    pub thumbnail: Option<String>,
    /// UTC RFC 3339.
    pub created_at: String,
    /// UTC RFC 3339.
    pub updated_at: String,
}

macro_rules! columns {
    () => {
        "id, name, category, thumbnail, created_at, updated_at"
    };
}

/// The user's projects, newest first.
pub async fn list(db: &Db, user_id: i64) -> Result<Vec<Project>, sqlx::Error> {
    sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM projects WHERE user_id = $1 ORDER BY created_at DESC, id DESC"
    ))
    .bind(user_id)
    .fetch_all(db.pool())
    .await
}

pub async fn create(db: &Db, user_id: i64, name: &str) -> Result<Project, sqlx::Error> {
    let now = timestamp::now();
    sqlx::query_as(concat!(
        "INSERT INTO projects (user_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3)
         RETURNING ",
        columns!()
    ))
    .bind(user_id)
    .bind(name)
    .bind(now)
    .fetch_one(db.pool())
    .await
}

pub async fn get(db: &Db, user_id: i64, id: i64) -> Result<Option<Project>, sqlx::Error> {
    sqlx::query_as(concat!("SELECT ", columns!(), " FROM projects WHERE id = $1 AND user_id = $2"))
        .bind(id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await
}

/// A project's revision, which grows with every change to its nodes or
/// edges (migration 0016's triggers); `None` when it is not the user's.
pub async fn revision(db: &Db, user_id: i64, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT revision FROM projects WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await
}

pub async fn rename(
    db: &Db,
    user_id: i64,
    id: i64,
    name: &str,
) -> Result<Option<Project>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE projects SET name = $1, updated_at = $2 WHERE id = $3 AND user_id = $4 RETURNING ",
        columns!()
    ))
    .bind(name)
    .bind(timestamp::now())
    .bind(id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await
}

pub async fn set_category(
    db: &Db,
    user_id: i64,
    id: i64,
    category: Option<&str>,
) -> Result<Option<Project>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE projects SET category = $1, updated_at = $2 WHERE id = $3 AND user_id = $4 RETURNING ", columns!()
    ))
    .bind(category)
    .bind(timestamp::now())
    .bind(id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await
}

pub async fn set_thumbnail(
    db: &Db,
    user_id: i64,
    id: i64,
    thumbnail: &str,
) -> Result<Option<Project>, sqlx::Error> {
    sqlx::query_as(concat!(
        "UPDATE projects SET thumbnail = $1, updated_at = $2 WHERE id = $3 AND user_id = $4 RETURNING ", columns!()
    ))
    .bind(thumbnail)
    .bind(timestamp::now())
    .bind(id)
    .bind(user_id)
    .fetch_optional(db.pool())
    .await
}

/// Deletes a project with everything in it. Answers the ids of its nodes
/// that held uploaded files (their folders are the caller's to remove), or
/// `None` when there was no such project of the user's.
pub async fn delete(db: &Db, user_id: i64, id: i64) -> Result<Option<Vec<i64>>, sqlx::Error> {
    let mut tx = Tx::begin(db).await?;
    let file_nodes: Vec<(i64,)> = sqlx::query_as(
        "SELECT n.id FROM nodes n JOIN projects p ON p.id = n.project_id \
         WHERE p.id = $1 AND p.user_id = $2 AND n.kind IN ('filedb', 'filerepository')",
    )
    .bind(id)
    .bind(user_id)
    .fetch_all(tx.conn())
    .await?;
    let done = sqlx::query("DELETE FROM projects WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(tx.conn())
        .await?;
    tx.commit().await?;
    Ok((done.rows_affected() > 0).then(|| file_nodes.into_iter().map(|(id,)| id).collect()))
}

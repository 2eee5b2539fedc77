//! Accounts.

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::db::{Db, timestamp};

/// A user as the API shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct User {
    pub id: i64,
    /// Lower-cased.
    pub email: String,
    pub name: String,
}

/// A user with what login needs.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Account {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    /// The version its login tokens must carry.
    pub token_version: i64,
}

impl Account {
    pub fn user(self) -> User {
        User { id: self.id, email: self.email, name: self.name }
    }
}

/// Why an account could not be created.
#[derive(Debug)]
pub enum CreateError {
    /// Another account has this e-mail.
    EmailTaken,
    Db(sqlx::Error),
}

/// Creates an account; `email` must already be normalised.
pub async fn create(
    db: &Db,
    email: &str,
    name: &str,
    password_hash: &str,
) -> Result<User, CreateError> {
    sqlx::query_as(
        "INSERT INTO users (email, name, password_hash, created_at) VALUES ($1, $2, $3, $4)
         RETURNING id, email, name",
    )
    .bind(email)
    .bind(name)
    .bind(password_hash)
    .bind(timestamp::now())
    .fetch_one(db.pool())
    .await
    .map_err(|error| match &error {
        sqlx::Error::Database(e) if e.is_unique_violation() => CreateError::EmailTaken,
        _ => CreateError::Db(error),
    })
}

/// The account with this (normalised) e-mail.
pub async fn by_email(db: &Db, email: &str) -> Result<Option<Account>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, email, name, password_hash, token_version FROM users WHERE email = $1",
    )
    .bind(email)
    .fetch_optional(db.pool())
    .await
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<User>, sqlx::Error> {
    sqlx::query_as("SELECT id, email, name FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await
}

/// The account `id` with what a password check needs.
pub async fn account(db: &Db, id: i64) -> Result<Option<Account>, sqlx::Error> {
    sqlx::query_as("SELECT id, email, name, password_hash, token_version FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await
}

/// The token version of account `id`, if it exists.
pub async fn token_version(db: &Db, id: i64) -> Result<Option<i64>, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT token_version FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(|r| r.0))
}

/// Makes every token of account `id` invalid; the new version.
pub async fn bump_token_version(db: &Db, id: i64) -> Result<i64, sqlx::Error> {
    let (version,): (i64,) = sqlx::query_as(
        "UPDATE users SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version",
    )
    .bind(id)
    .fetch_one(db.pool())
    .await?;
    Ok(version)
}

/// Replaces the password of account `id` and, in the same statement, makes
/// every token issued before invalid; the new token version.
pub async fn set_password(db: &Db, id: i64, password_hash: &str) -> Result<i64, sqlx::Error> {
    let (version,): (i64,) = sqlx::query_as(
        "UPDATE users SET password_hash = $2, token_version = token_version + 1
         WHERE id = $1 RETURNING token_version",
    )
    .bind(id)
    .bind(password_hash)
    .fetch_one(db.pool())
    .await?;
    Ok(version)
}

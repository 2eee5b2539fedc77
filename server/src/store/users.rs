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
    sqlx::query_as("SELECT id, email, name, password_hash FROM users WHERE email = $1")
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

pub async fn exists(db: &Db, id: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT id FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.is_some())
}

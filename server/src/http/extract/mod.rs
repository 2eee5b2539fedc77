//! Extractors whose every rejection is an [`ApiError`] in the JSON error
//! shape (never axum's plain text): the JSON body, path parameters, the query
//! string, the signed-in user and the idempotency key.

mod auth_user;
pub mod idempotency_key;
mod json;
mod path;
mod query;

pub use auth_user::AuthUser;
pub use idempotency_key::IdempotencyKey;
pub use json::Json;
pub use path::Path;
pub use query::{Query, positive_id};

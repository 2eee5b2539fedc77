//! Extractors whose every rejection is an [`ApiError`] in the JSON error
//! shape (never axum's plain text): the JSON body, path parameters, the query
//! string, and the signed-in user.

mod auth_user;
mod json;
mod path;
mod query;

pub use auth_user::AuthUser;
pub use json::Json;
pub use path::Path;
pub use query::{Query, positive_id};

//! The signed-in user, from the bearer token.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::accounts::token::JwtKeys;
use crate::db::Db;
use crate::error::ApiError;
use crate::store;

/// The signed-in user, from `Authorization: Bearer <token>`. A missing,
/// malformed, badly signed or expired token, one whose account is gone, or
/// one issued before the account's last password change or "sign out
/// everywhere", answers 401 `unauthenticated`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuthUser {
    pub id: i64,
}

impl<S> FromRequestParts<S> for AuthUser
where
    S: Send + Sync,
    Db: FromRef<S>,
    std::sync::Arc<JwtKeys>: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(bearer)
            .ok_or(ApiError::Unauthenticated)?;
        let keys = std::sync::Arc::<JwtKeys>::from_ref(state);
        let claims = keys.verify(token).ok_or(ApiError::Unauthenticated)?;
        let db = Db::from_ref(state);
        let current = store::users::token_version(&db, claims.user_id).await?;
        if current != Some(claims.version) {
            // The account is gone, or signed out everywhere since.
            return Err(ApiError::Unauthenticated);
        }
        Ok(AuthUser { id: claims.user_id })
    }
}

fn bearer(header: &str) -> Option<&str> {
    let (scheme, token) = header.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_tokens() {
        assert_eq!(bearer("Bearer abc"), Some("abc"));
        assert_eq!(bearer("bearer  abc "), Some("abc"));
        assert_eq!(bearer("Basic abc"), None);
        assert_eq!(bearer("Bearer "), None);
        assert_eq!(bearer("Bearer"), None);
    }
}

//! Path parameters whose rejection is an [`ApiError`].

use axum::extract::FromRequestParts;
use axum::extract::rejection::PathRejection;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// Path parameters. A value that does not parse (a non-numeric or too large
/// id) names nothing that exists: 404.
#[derive(Debug, Clone, Copy)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(PathRejection::FailedToDeserializePathParams(_)) => Err(ApiError::NotFound),
            Err(other) => {
                Err(ApiError::internal(format!("path parameters: {}", other.body_text())))
            }
        }
    }
}

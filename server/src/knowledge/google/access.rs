//! A node's access token for a call to Google: refreshed before the call
//! when it has expired (or is about to), and once more when Google answers
//! 401 anyway. A refresh Google refuses (`invalid_grant`: revoked, or
//! unused for months) forgets the tokens and sets the node back to pending.

use std::future::Future;

use chrono::{TimeDelta, Utc};
use dastyar_core::data::google::GoogleAuthStatus;

use super::set_auth_status;
use crate::db::timestamp;
use crate::error::ApiError;
use crate::providers::google::{GoogleClient, GoogleError, Tokens};
use crate::state::AppState;
use crate::store::google::{self as store, LinkRow};

/// What the sealed tokens are bound to.
pub const ACCESS_CONTEXT: &str = "google:access_token";
pub const REFRESH_CONTEXT: &str = "google:refresh_token";
/// A token this close to its end is refreshed first: a call may take a while.
const MARGIN_SECONDS: i64 = 60;

/// Why no call could be made or it failed.
#[derive(Debug)]
pub enum CallError {
    Google(GoogleError),
    Server(ApiError),
}

impl From<GoogleError> for CallError {
    fn from(error: GoogleError) -> Self {
        CallError::Google(error)
    }
}

impl From<ApiError> for CallError {
    fn from(error: ApiError) -> Self {
        CallError::Server(error)
    }
}

impl From<sqlx::Error> for CallError {
    fn from(error: sqlx::Error) -> Self {
        CallError::Server(error.into())
    }
}

/// When an access token given now for `expires_in` seconds stops working.
pub fn expiry(tokens: &Tokens) -> String {
    let seconds = i64::try_from(tokens.expires_in).unwrap_or(i64::MAX).min(86_400);
    timestamp::of(Utc::now() + TimeDelta::seconds(seconds))
}

fn open(state: &AppState, sealed: &str, context: &str) -> Result<String, ApiError> {
    state
        .secrets
        .open(sealed, context)
        .map_err(|_| ApiError::internal("a Google token does not open"))
}

/// Runs `call` with the link's access token, refreshing it first when it
/// has expired and once more on a 401 (the link then holds the new one).
pub async fn with_token<T, F, Fut>(
    state: &AppState,
    client: &GoogleClient,
    link: &mut LinkRow,
    call: F,
) -> Result<T, CallError>
where
    F: Fn(String) -> Fut,
    Fut: Future<Output = Result<T, GoogleError>>,
{
    let soon = timestamp::of(Utc::now() + TimeDelta::seconds(MARGIN_SECONDS));
    let token = if link.expires_at <= soon {
        refresh(state, client, link).await?
    } else {
        open(state, &link.access_token, ACCESS_CONTEXT)?
    };
    match call(token).await {
        Err(GoogleError::Unauthenticated) => {
            let token = refresh(state, client, link).await?;
            Ok(call(token).await?)
        }
        answer => Ok(answer?),
    }
}

/// A new access token, kept sealed.
async fn refresh(
    state: &AppState,
    client: &GoogleClient,
    link: &mut LinkRow,
) -> Result<String, CallError> {
    let refresh_token = open(state, &link.refresh_token, REFRESH_CONTEXT)?;
    let tokens = client.refresh(&refresh_token).await?;
    let sealed = state.secrets.seal(&tokens.access_token, ACCESS_CONTEXT);
    let expires_at = expiry(&tokens);
    store::set_access(&state.db, link.node_id, &sealed, &expires_at).await?;
    // The next call of this read uses it rather than refreshing again.
    link.access_token = sealed;
    link.expires_at = expires_at;
    Ok(tokens.access_token)
}

/// Google no longer honours the node's tokens: they are forgotten and the
/// node waits to be authorised again.
pub async fn revoked(state: &AppState, link: &LinkRow) -> Result<(), ApiError> {
    store::remove_link(&state.db, link.node_id).await?;
    set_auth_status(state, link.user_id, link.node_id, GoogleAuthStatus::Pending).await
}

//! The authorization-code flow with PKCE: a click on "authorise" keeps a
//! random state and verifier (sealed) for ten minutes and answers Google's
//! consent URL; Google's redirect back names the flow by its state, which
//! is taken once, the code is exchanged with the verifier, the tokens are
//! kept sealed, the node becomes authorized and its document is queued.

use std::time::Duration;

use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{TimeDelta, Utc};
use dastyar_core::MessageCode;
use dastyar_core::data::google::GoogleAuthStatus;
use serde::Serialize;
use sha2::{Digest, Sha256};
use ts_rs::TS;
use utoipa::ToSchema;

use super::access::{ACCESS_CONTEXT, REFRESH_CONTEXT, expiry};
use super::{configured, google_node, redirect_uri, set_auth_status};
use crate::db::timestamp;
use crate::error::ApiError;
use crate::knowledge::documents;
use crate::providers::google::GoogleError;
use crate::state::AppState;
use crate::store::google::{self as store, FlowRow, LinkRow};
use crate::store::nodes;

/// How long the owner has to come back from Google (Google's codes live about as long).
const FLOW_LIFETIME: Duration = Duration::from_secs(10 * 60);
const VERIFIER_CONTEXT: &str = "google:code_verifier";
/// When the re-sync first looks at a node authorised now.
const FIRST_RESYNC: TimeDelta = TimeDelta::minutes(15);

/// `POST /google/{node_id}/authorize`: where to send the owner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AuthorizeStart {
    /// Google's consent page; open it in the browser.
    pub url: String,
}

fn random_text(bytes: usize) -> String {
    let mut random = vec![0u8; bytes];
    rand::fill(&mut random[..]);
    URL_SAFE_NO_PAD.encode(random)
}

fn hash(text: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(text.as_bytes()))
}

fn invalid_flow() -> ApiError {
    ApiError::with_status(StatusCode::BAD_REQUEST, MessageCode::GoogleFlowInvalid)
}

/// Starts a flow for one of the user's Google nodes.
pub async fn start(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<AuthorizeStart, ApiError> {
    let client = configured(state)?;
    google_node(state, user_id, node_id).await?;
    let flow_state = random_text(32);
    // 43 to 128 characters, RFC 7636's unreserved ones.
    let verifier = random_text(48);
    let expires = Utc::now() + TimeDelta::from_std(FLOW_LIFETIME).map_err(ApiError::internal)?;
    let flow = FlowRow {
        node_id,
        user_id,
        verifier: state.secrets.seal(&verifier, VERIFIER_CONTEXT),
        expires_at: timestamp::of(expires),
    };
    store::start_flow(&state.db, &hash(&flow_state), &flow).await?;
    let url = client.authorize_url(&redirect_uri(state), &flow_state, &hash(&verifier));
    Ok(AuthorizeStart { url })
}

/// Google's redirect back, as it came.
#[derive(Debug, Default)]
pub struct Callback<'a> {
    pub code: Option<&'a str>,
    pub state: Option<&'a str>,
    pub error: Option<&'a str>,
}

/// Finishes the flow the state names; answers where the browser goes next
/// (the node's canvas). A state never issued, expired or used is a 400.
pub async fn finish(state: &AppState, callback: Callback<'_>) -> Result<String, ApiError> {
    let flow_state = callback.state.filter(|s| !s.is_empty()).ok_or_else(invalid_flow)?;
    let flow = store::take_flow(&state.db, &hash(flow_state)).await?.ok_or_else(invalid_flow)?;
    if flow.expires_at < timestamp::now() {
        return Err(invalid_flow());
    }
    let node =
        nodes::get(state.db.pool(), flow.user_id, flow.node_id).await?.ok_or_else(invalid_flow)?;
    let canvas =
        |outcome: &str| format!("/projects/{}?google={outcome}&node={}", node.project_id, node.id);
    if callback.error.is_some() {
        return Ok(canvas("denied"));
    }
    let code = callback.code.filter(|c| !c.is_empty()).ok_or_else(invalid_flow)?;
    let client = configured(state)?;
    let verifier = state
        .secrets
        .open(&flow.verifier, VERIFIER_CONTEXT)
        .map_err(|_| ApiError::internal("a Google flow's verifier does not open"))?;
    let tokens = match client.exchange(code, &verifier, &redirect_uri(state)).await {
        Ok(tokens) => tokens,
        Err(GoogleError::InvalidGrant(_)) => return Err(invalid_flow()),
        Err(error) => return Err(upstream(&error)),
    };
    // Consent is asked each time, so Google sends a refresh token; an old
    // one is kept if it did not.
    let refresh = match tokens.refresh_token.as_deref() {
        Some(token) => state.secrets.seal(token, REFRESH_CONTEXT),
        None => match store::link(&state.db, node.id).await? {
            Some(link) => link.refresh_token,
            None => return Err(upstream(&GoogleError::InvalidGrant("no refresh token".into()))),
        },
    };
    let link = LinkRow {
        node_id: node.id,
        user_id: flow.user_id,
        access_token: state.secrets.seal(&tokens.access_token, ACCESS_CONTEXT),
        refresh_token: refresh,
        expires_at: expiry(&tokens),
        synced_version: None,
        next_sync_at: timestamp::of(Utc::now() + FIRST_RESYNC),
    };
    store::save_link(&state.db, &link).await?;
    set_auth_status(state, flow.user_id, node.id, GoogleAuthStatus::Authorized).await?;
    let node =
        nodes::get(state.db.pool(), flow.user_id, node.id).await?.ok_or(ApiError::NotFound)?;
    documents::queue_google(state, flow.user_id, &node).await?;
    Ok(canvas("authorized"))
}

/// A failure of Google's as the API answers it (424, in Persian).
pub fn upstream(error: &GoogleError) -> ApiError {
    match error {
        GoogleError::InvalidClient => ApiError::upstream(MessageCode::GoogleClientRejected, &[]),
        GoogleError::Unreachable(_) => ApiError::upstream(MessageCode::GoogleUnreachable, &[]),
        other => {
            let reason = other.to_string();
            ApiError::upstream(MessageCode::GoogleRefused, &[("reason", &reason)])
        }
    }
}

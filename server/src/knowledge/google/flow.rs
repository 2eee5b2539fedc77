//! The authorization-code flow with PKCE: a click on "authorise" keeps a
//! random state and verifier (sealed) for ten minutes and answers Google's
//! consent URL; Google's redirect back names the flow by its state, which
//! is taken once, the code is exchanged with the verifier, the tokens are
//! kept sealed, the node becomes authorized and its document is queued. The
//! browser goes back to the node's canvas either way, told how it ended.

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
use super::{client, configured, google_node, redirect_uri, set_auth_status};
use crate::db::timestamp;
use crate::error::ApiError;
use crate::knowledge::documents;
use crate::providers::google::GoogleError;
use crate::state::AppState;
use crate::store::google::{self as store, FlowRow, LinkRow};
use crate::store::nodes::{self, NodeRow};

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

/// Why a return from Google did not authorise its node: a code of core's
/// catalogue and its placeholders, which the canvas shows in the node's panel.
type Failure = (MessageCode, Vec<(&'static str, String)>);

fn failure(code: MessageCode) -> Failure {
    (code, Vec::new())
}

/// Finishes the flow the state names; answers where the browser goes next:
/// the node's canvas, `/projects/{project}?google=authorized&node={id}`, or
/// `?google=failed&node={id}&error={code}` with the message's placeholders
/// (`reason`, `redirect_uri`) when it was not authorised. A state never
/// issued or already used is a 400: no node of anyone's is known then.
pub async fn finish(state: &AppState, callback: Callback<'_>) -> Result<String, ApiError> {
    let flow_state = callback.state.filter(|s| !s.is_empty()).ok_or_else(invalid_flow)?;
    let flow = store::take_flow(&state.db, &hash(flow_state)).await?.ok_or_else(invalid_flow)?;
    let node =
        nodes::get(state.db.pool(), flow.user_id, flow.node_id).await?.ok_or_else(invalid_flow)?;
    let outcome = if flow.expires_at < timestamp::now() {
        Err(failure(MessageCode::GoogleFlowInvalid))
    } else {
        authorise(state, &flow, &node, &callback).await?
    };
    Ok(canvas_return(node.project_id, node.id, outcome))
}

/// The canvas address that tells the web app how the return ended.
fn canvas_return(project_id: i64, node_id: i64, outcome: Result<(), Failure>) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    let node_id = node_id.to_string();
    match outcome {
        Ok(()) => {
            query.append_pair("google", "authorized").append_pair("node", &node_id);
        }
        Err((code, params)) => {
            query.append_pair("google", "failed").append_pair("node", &node_id);
            query.append_pair("error", &code.code());
            for (name, value) in &params {
                query.append_pair(name, value);
            }
        }
    }
    format!("/projects/{project_id}?{}", query.finish())
}

/// Exchanges the code Google sent back for the node's tokens, keeps them
/// sealed, marks the node authorized and queues its document; or why not.
async fn authorise(
    state: &AppState,
    flow: &FlowRow,
    node: &NodeRow,
    callback: &Callback<'_>,
) -> Result<Result<(), Failure>, ApiError> {
    match callback.error {
        // The owner said no on Google's consent page.
        Some("access_denied") => return Ok(Err(failure(MessageCode::GoogleAccessDenied))),
        // Google's own word for it (`admin_policy_enforced`, say) is the reason.
        Some(error) => {
            return Ok(Err((MessageCode::GoogleRefused, vec![("reason", error.into())])));
        }
        None => {}
    }
    let Some(code) = callback.code.filter(|c| !c.is_empty()) else {
        return Ok(Err(failure(MessageCode::GoogleFlowInvalid)));
    };
    let Some(client) = client(state) else {
        let params = vec![("redirect_uri", redirect_uri(state))];
        return Ok(Err((MessageCode::GoogleNotConfigured, params)));
    };
    let verifier = state
        .secrets
        .open(&flow.verifier, VERIFIER_CONTEXT)
        .map_err(|_| ApiError::internal("a Google flow's verifier does not open"))?;
    let tokens = match client.exchange(code, &verifier, &redirect_uri(state)).await {
        Ok(tokens) => tokens,
        Err(GoogleError::InvalidGrant(_)) => {
            return Ok(Err(failure(MessageCode::GoogleFlowInvalid)));
        }
        Err(error) => return Ok(Err(refused(&error))),
    };
    // Consent is asked each time, so Google sends a refresh token; an old
    // one is kept if it did not.
    let refresh = match tokens.refresh_token.as_deref() {
        Some(token) => state.secrets.seal(token, REFRESH_CONTEXT),
        None => match store::link(&state.db, node.id).await? {
            Some(link) => link.refresh_token,
            None => {
                let error = GoogleError::InvalidGrant("no refresh token".into());
                return Ok(Err(refused(&error)));
            }
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
    Ok(Ok(()))
}

/// A refusal of Google's, as the owner reads it.
fn refused(error: &GoogleError) -> Failure {
    match error {
        GoogleError::InvalidClient => failure(MessageCode::GoogleClientRejected),
        GoogleError::Unreachable(_) => failure(MessageCode::GoogleUnreachable),
        other => (MessageCode::GoogleRefused, vec![("reason", other.to_string())]),
    }
}

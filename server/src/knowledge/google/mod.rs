//! Google docs and sheets as knowledge sources: the owner authorises a node
//! through OAuth 2.0 with PKCE (`flow`), its tokens are kept sealed and
//! refreshed (`access`), the job reads a doc as text and a sheet as rows
//! (`source`), and a loop re-reads what changed on Google (`resync`).

pub mod access;
pub mod flow;
pub mod resync;
pub mod source;

use dastyar_core::data::NodePayload;
use dastyar_core::data::google::GoogleAuthStatus;
use dastyar_core::{MessageCode, NodeKind};

use crate::error::ApiError;
use crate::providers::google::GoogleClient;
use crate::state::AppState;
use crate::store::nodes::{self, NodeRow};

/// Where Google sends the owner back (under `DASTYAR_PUBLIC_URL`).
pub const CALLBACK_PATH: &str = "/api/google/callback";
/// Attempts at writing the node's status over concurrent edits.
const WRITE_ATTEMPTS: usize = 3;

/// The redirect URI registered with Google.
pub fn redirect_uri(state: &AppState) -> String {
    format!("{}{CALLBACK_PATH}", state.config.public_url())
}

/// The configured OAuth client, if the id and secret are set.
pub fn client(state: &AppState) -> Option<GoogleClient> {
    GoogleClient::from_settings(&state.config.providers.google, state.http.clone())
}

/// The configured client, or a 409 saying what to set.
pub fn configured(state: &AppState) -> Result<GoogleClient, ApiError> {
    client(state).ok_or_else(|| {
        let uri = redirect_uri(state);
        let params = [("redirect_uri", uri.as_str())];
        ApiError::conflict_with(MessageCode::GoogleNotConfigured, &params, Default::default())
    })
}

/// What a Google node points at: the doc or sheet id (when set) and a name.
pub struct Source {
    pub kind: NodeKind,
    pub id: Option<String>,
    pub name: String,
    pub auth_status: GoogleAuthStatus,
}

impl Source {
    pub fn of(node: &NodeRow) -> Option<Source> {
        let (kind, id, name, auth_status) = match node.payload().ok()? {
            NodePayload::Googledoc(p) => {
                let id = non_empty(&p.doc_id).map(str::to_owned);
                (NodeKind::Googledoc, id, non_empty(&p.doc_name).map(str::to_owned), p.auth_status)
            }
            NodePayload::Googlesheet(p) => {
                let id = non_empty(&p.sheet_id).map(str::to_owned);
                let name = non_empty(&p.sheet_name).map(str::to_owned);
                (NodeKind::Googlesheet, id, name, p.auth_status)
            }
            _ => return None,
        };
        let name = name.or_else(|| id.clone()).unwrap_or_else(|| node.name.clone());
        Some(Source { kind, id, name, auth_status })
    }
}

fn non_empty(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// One of the user's Google doc or sheet nodes (404 for anything else).
pub async fn google_node(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<(NodeRow, Source), ApiError> {
    let node = nodes::get(state.db.pool(), user_id, node_id).await?.ok_or(ApiError::NotFound)?;
    let source = Source::of(&node).ok_or(ApiError::NotFound)?;
    Ok((node, source))
}

/// Writes the node's `auth_status` (a field only the server sets), never
/// over an edit that came in meanwhile.
pub async fn set_auth_status(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    status: GoogleAuthStatus,
) -> Result<(), ApiError> {
    let pool = state.db.pool();
    for _ in 0..WRITE_ATTEMPTS {
        let Some(row) = nodes::get(pool, user_id, node_id).await? else { return Ok(()) };
        let mut payload = row.payload().map_err(ApiError::internal)?;
        match &mut payload {
            NodePayload::Googledoc(p) if p.auth_status != status => p.auth_status = status,
            NodePayload::Googlesheet(p) if p.auth_status != status => p.auth_status = status,
            _ => return Ok(()),
        }
        let written = nodes::update_if_unchanged(
            pool,
            user_id,
            node_id,
            &row.updated_at,
            &payload,
            row.status(),
        )
        .await?;
        if written.is_some() {
            return Ok(());
        }
    }
    Err(ApiError::internal(format!("node {node_id} kept changing while its status was written")))
}

/// Whether Google is set up on this server, and what to set if not.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema, ts_rs::TS)]
#[ts(export, export_to = "api/")]
pub struct GoogleSetup {
    pub configured: bool,
    /// The settings still to set (environment variable names).
    pub missing: Vec<String>,
    /// The address to register with Google as an authorised redirect URI.
    pub redirect_uri: String,
    /// When not configured: what to do, in Persian.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
}

/// The server's Google setup.
pub fn setup(state: &AppState) -> GoogleSetup {
    let settings = &state.config.providers.google;
    let unset = |v: &Option<String>| v.as_deref().is_none_or(|v| v.trim().is_empty());
    let mut missing = Vec::new();
    if unset(&settings.client_id) {
        missing.push("DASTYAR_GOOGLE_CLIENT_ID".to_owned());
    }
    if unset(&settings.client_secret) {
        missing.push("DASTYAR_GOOGLE_CLIENT_SECRET".to_owned());
    }
    let redirect_uri = redirect_uri(state);
    let configured = missing.is_empty();
    let message = (!configured)
        .then(|| MessageCode::GoogleNotConfigured.render(&[("redirect_uri", &redirect_uri)]));
    GoogleSetup { configured, missing, redirect_uri, message }
}

//! Google docs and sheets: whether Google is set up, authorising a node
//! (OAuth 2.0 with PKCE; Google sends the owner back to the callback),
//! and reading a node's document again.

use axum::extract::State;
use axum::response::Redirect;
use dastyar_core::MessageCode;
use dastyar_core::data::google::GoogleAuthStatus;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::http::client_address::ClientAddress;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path, Query};
use crate::knowledge::documents::{self, KnowledgeStatus};
use crate::knowledge::google::flow::{self, AuthorizeStart, Callback};
use crate::knowledge::google::{self, GoogleSetup};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(status))
        .routes(routes!(authorize))
        .routes(routes!(callback))
        .routes(routes!(sync))
}

/// Whether Google is set up on this server, and if not what to set.
#[utoipa::path(get, path = "/google/status", tag = "google",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Configured or not, the settings missing and the redirect URI to register", body = GoogleSetup),
        (status = 401, description = "unauthenticated", body = ErrorBody),
    ))]
pub async fn status(State(state): State<AppState>, _user: AuthUser) -> Json<GoogleSetup> {
    Json(google::setup(&state))
}

/// Starts authorising a Google doc or sheet node: open the URL answered.
#[utoipa::path(post, path = "/google/{id}/authorize", tag = "google",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "A Google doc or sheet node's database id")),
    responses(
        (status = 200, description = "Google's consent page for this node", body = AuthorizeStart),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such Google node of mine", body = ErrorBody),
        (status = 409, description = "google_not_configured: the server has no Google client (the message says what to set)", body = ErrorBody),
    ))]
pub async fn authorize(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<AuthorizeStart>, ApiError> {
    Ok(Json(flow::start(&state, user.id, id).await?))
}

/// What Google appends to the redirect URI.
#[derive(Debug, Deserialize)]
pub struct GoogleReturn {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

/// Google sends the owner back here. The state names the flow (taken once);
/// the code is exchanged, the node becomes authorized, its document is
/// queued and the browser goes back to the canvas, which is told how it
/// ended (a refusal too: its message code and placeholders).
#[utoipa::path(get, path = "/google/callback", tag = "google",
    params(
        ("code" = Option<String>, Query, description = "Google's authorization code"),
        ("state" = Option<String>, Query, description = "The flow's state, as the authorize URL carried it"),
        ("error" = Option<String>, Query, description = "access_denied when the owner declined"),
    ),
    responses(
        (status = 303, description = "To the node's canvas: /projects/{project}?google=authorized&node={id}, or ?google=failed&node={id}&error={message code} with the message's placeholders (reason, redirect_uri): google_access_denied when the owner declined, google_flow_invalid for an expired flow or a code Google refused, google_client_rejected, google_unreachable, google_refused, google_not_configured"),
        (status = 400, description = "google_flow_invalid: a state never issued or already used", body = ErrorBody),
        (status = 429, description = "too_many_requests: this address came back too often lately", body = ErrorBody),
    ))]
pub async fn callback(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Query(query): Query<GoogleReturn>,
) -> Result<Redirect, ApiError> {
    state.limits.google_callback.check(address)?;
    let callback = Callback {
        code: query.code.as_deref(),
        state: query.state.as_deref(),
        error: query.error.as_deref(),
    };
    Ok(Redirect::to(&flow::finish(&state, callback).await?))
}

/// Reads the node's doc or sheet again from Google.
#[utoipa::path(post, path = "/google/{id}/sync", tag = "google",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "A Google doc or sheet node's database id")),
    responses(
        (status = 200, description = "Its document, queued to be read", body = KnowledgeStatus),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such Google node of mine", body = ErrorBody),
        (status = 409, description = "google_not_authorized or google_not_configured", body = ErrorBody),
    ))]
pub async fn sync(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<KnowledgeStatus>, ApiError> {
    google::configured(&state)?;
    let (node, source) = google::google_node(&state, user.id, id).await?;
    if source.auth_status != GoogleAuthStatus::Authorized {
        return Err(ApiError::Conflict(MessageCode::GoogleNotAuthorized));
    }
    documents::queue_google(&state, user.id, &node).await?;
    Ok(Json(documents::status(&state, user.id, id).await?))
}

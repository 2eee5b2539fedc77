//! A visitor's session: a page on one of the frame's sites asks for one and
//! gets a token, the frame's look and whether its assistant is online.
//! Pages anywhere else get nothing.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use dastyar_core::data::NodePayload;
use dastyar_core::data::iframe::{FrameAppearance, IframePayload};
use dastyar_core::messages::MessageCode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::origin;
use super::visitor_token::LIFETIME;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::frames::{self as store, FrameRow};
use crate::store::nodes::{self, NodeRow};

/// What the loader sends.
#[derive(Debug, Default, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SessionRequest {
    /// The id this browser was given before, to go on with its conversation.
    #[serde(default)]
    #[schema(pattern = "^[A-Za-z0-9_-]{16,64}$")]
    #[ts(optional)]
    pub visitor: Option<String>,
}

/// A visitor's session on a frame.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WidgetSession {
    /// Kept by the browser to go on with the conversation later.
    pub visitor: String,
    /// Sent as `Authorization: Bearer` with the chat's calls.
    pub token: String,
    /// Seconds the token lasts.
    pub expires_in: u64,
    /// Whether the frame's assistant answers now.
    pub active: bool,
    /// What to show when it does not.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub offline_message: Option<String>,
    pub appearance: FrameAppearance,
}

/// A registered frame with its node, as the widget's calls read it.
#[derive(Debug, Clone)]
pub struct LiveFrame {
    pub frame: FrameRow,
    pub node: NodeRow,
    pub payload: IframePayload,
}

impl LiveFrame {
    /// Whether people on the site can chat: an assistant is joined and the
    /// frame is switched on.
    pub fn active(&self) -> bool {
        self.payload.is_active && self.payload.assistant_id.is_some()
    }

    pub fn offline_message(&self) -> Option<String> {
        (!self.active()).then(|| MessageCode::FrameInactive.persian().to_owned())
    }

    pub fn allows(&self, page_origin: Option<&str>) -> bool {
        page_origin.is_some_and(|o| origin::allowed(o, &self.payload.authorized_domains))
    }
}

/// The frame a public key names (404 for none).
pub async fn live_frame(state: &AppState, key: &str) -> Result<LiveFrame, ApiError> {
    let frame = store::by_key(&state.db, key).await?.ok_or(ApiError::NotFound)?;
    let node = nodes::get(state.db.pool(), frame.user_id, frame.node_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    match node.payload().map_err(ApiError::internal)? {
        NodePayload::Iframe(payload) => Ok(LiveFrame { frame, node, payload }),
        _ => Err(ApiError::NotFound),
    }
}

/// Opens a session for a page at `page_origin`: 403 unless it is one of the
/// frame's sites.
pub async fn open(
    state: &AppState,
    key: &str,
    page_origin: Option<&str>,
    request: SessionRequest,
) -> Result<WidgetSession, ApiError> {
    let live = live_frame(state, key).await?;
    if !live.allows(page_origin) {
        return Err(ApiError::forbidden(MessageCode::FrameOriginRefused));
    }
    let visitor = match request.visitor {
        Some(visitor) if is_visitor_id(&visitor) && !is_preview(&visitor) => visitor,
        Some(_) => return Err(ApiError::invalid("visitor", MessageCode::VisitorInvalid)),
        None => new_visitor_id(VISITOR_PREFIX),
    };
    granted(state, &live, visitor)
}

/// A session for the frame's owner, from the canvas: the same chat as on
/// the site, whatever the page's origin, as a preview visitor of its own
/// (kept apart from the site's people, and left out of the analyzer's reports).
pub async fn preview(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    request: SessionRequest,
) -> Result<WidgetSession, ApiError> {
    super::frames::iframe_node(state, user_id, node_id).await?;
    let frame = store::by_node(&state.db, user_id, node_id)
        .await?
        .ok_or(ApiError::Conflict(MessageCode::FrameNotRegistered))?;
    let live = live_frame(state, &frame.public_key).await?;
    let visitor = match request.visitor {
        Some(visitor) if is_visitor_id(&visitor) && is_preview(&visitor) => visitor,
        Some(_) => return Err(ApiError::invalid("visitor", MessageCode::VisitorInvalid)),
        None => new_visitor_id(PREVIEW_PREFIX),
    };
    granted(state, &live, visitor)
}

fn granted(state: &AppState, live: &LiveFrame, visitor: String) -> Result<WidgetSession, ApiError> {
    let token = state.visitor_tokens.issue(live.frame.id, &visitor).map_err(ApiError::internal)?;
    Ok(WidgetSession {
        visitor,
        token,
        expires_in: LIFETIME.as_secs(),
        active: live.active(),
        offline_message: live.offline_message(),
        appearance: live.payload.appearance.clone(),
    })
}

/// 16 to 64 of `A-Za-z0-9_-`.
pub fn is_visitor_id(text: &str) -> bool {
    (16..=64).contains(&text.len())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

const VISITOR_PREFIX: &str = "v_";
const PREVIEW_PREFIX: &str = "preview_";

/// Whether a visitor id is the owner's preview from the canvas.
pub fn is_preview(visitor: &str) -> bool {
    visitor.starts_with(PREVIEW_PREFIX)
}

fn new_visitor_id(prefix: &str) -> String {
    let bytes: [u8; 18] = rand::random();
    format!("{prefix}{}", URL_SAFE_NO_PAD.encode(bytes))
}

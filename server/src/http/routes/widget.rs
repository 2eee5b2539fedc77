//! The chat widget's calls, which anyone on a frame's sites can make
//! without an account: a session for the page (its `Origin` must be one of
//! the frame's domains; CORS headers go to those only), then the visitor's
//! conversation and messages with the session's token. Each is limited per
//! address, and messages per visitor too. Also the chat window's page,
//! `/embed/{key}`, outside `/api`.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::http::header::{
    ACCESS_CONTROL_ALLOW_HEADERS, ACCESS_CONTROL_ALLOW_METHODS, ACCESS_CONTROL_ALLOW_ORIGIN,
    ACCESS_CONTROL_MAX_AGE, AUTHORIZATION, CACHE_CONTROL, CONTENT_SECURITY_POLICY, ORIGIN, VARY,
};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use futures_util::Stream;
use serde::Deserialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::channels::widget::chat::{
    self, WidgetConversation, WidgetConversationStarted, WidgetEvent,
};
use crate::channels::widget::embed_page;
use crate::channels::widget::session::{self, LiveFrame, SessionRequest, WidgetSession};
use crate::error::ApiError;
use crate::http::client_address::ClientAddress;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{IdempotencyKey, Json, Path};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(open_session, session_preflight))
        .routes(routes!(conversation))
        .routes(routes!(new_conversation))
        .routes(routes!(send, messages_preflight))
}

/// What a visitor writes.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WidgetMessageRequest {
    /// 1 to 8,000 characters once trimmed.
    pub content: String,
}

/// A session for a page on one of the frame's sites.
#[utoipa::path(post, path = "/widget/{key}/session", tag = "widget",
    params(("key" = String, Path, description = "The frame's public key, from its embed script")),
    request_body = SessionRequest,
    responses(
        (status = 200, description = "The visitor's token, the frame's look and whether its assistant is online (with CORS headers for the page's origin)", body = WidgetSession),
        (status = 403, description = "frame_origin_refused: the page is not on one of the frame's domains (no CORS headers)", body = ErrorBody),
        (status = 404, description = "No frame has this key", body = ErrorBody),
        (status = 422, description = "visitor_invalid", body = ErrorBody),
        (status = 429, description = "too_many_requests: this address asked too often; try again after `Retry-After` seconds", body = ErrorBody),
    ))]
pub async fn open_session(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Path(key): Path<String>,
    headers: HeaderMap,
    Json(body): Json<SessionRequest>,
) -> Result<Response, ApiError> {
    state.limits.widget_sessions.check(address)?;
    let origin = page_origin(&headers);
    let session = session::open(&state, &key, origin, body).await?;
    Ok(with_cors(Json(session).into_response(), origin, false))
}

/// CORS preflight for the session: answered for the frame's sites only.
#[utoipa::path(options, path = "/widget/{key}/session", tag = "widget",
    params(("key" = String, Path, description = "The frame's public key")),
    responses(
        (status = 204, description = "Allowed, for a page on one of the frame's domains"),
        (status = 403, description = "frame_origin_refused", body = ErrorBody),
        (status = 404, description = "No frame has this key", body = ErrorBody),
    ))]
pub async fn session_preflight(
    State(state): State<AppState>,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    preflight(&state, &key, &headers).await
}

/// The visitor's latest conversation on the frame, so it survives page loads.
#[utoipa::path(get, path = "/widget/{key}/conversation", tag = "widget",
    params(
        ("key" = String, Path, description = "The frame's public key"),
        ("Authorization" = String, Header, description = "Bearer and the session's token"),
    ),
    responses(
        (status = 200, description = "Its text messages, oldest first (none before the first message)", body = WidgetConversation),
        (status = 401, description = "widget_session_expired", body = ErrorBody),
        (status = 404, description = "No frame has this key", body = ErrorBody),
    ))]
pub async fn conversation(
    State(state): State<AppState>,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let (live, visitor) = chat::visitor(&state, &key, bearer(&headers)).await?;
    let conversation = chat::latest(&state, &live, &visitor).await?;
    Ok(cors_for(&live, &headers, Json(conversation).into_response()))
}

/// Starts a new conversation for the visitor.
#[utoipa::path(post, path = "/widget/{key}/conversation/new", tag = "widget",
    params(
        ("key" = String, Path, description = "The frame's public key"),
        ("Authorization" = String, Header, description = "Bearer and the session's token"),
    ),
    responses(
        (status = 201, description = "Started", body = WidgetConversationStarted),
        (status = 401, description = "widget_session_expired", body = ErrorBody),
        (status = 404, description = "No frame has this key", body = ErrorBody),
        (status = 409, description = "frame_inactive: the assistant is offline", body = ErrorBody),
        (status = 429, description = "too_many_requests", body = ErrorBody),
    ))]
pub async fn new_conversation(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    state.limits.widget_messages.check(address)?;
    let (live, visitor) = chat::visitor(&state, &key, bearer(&headers)).await?;
    let started = chat::start(&state, &live, &visitor).await?;
    Ok(cors_for(&live, &headers, (StatusCode::CREATED, Json(started)).into_response()))
}

/// The visitor says something; the answer streams back as server-sent
/// events (`started`, `delta`, `error`, `done`), each `data` a JSON
/// `WidgetEvent`. The frame's owner pays for it.
#[utoipa::path(post, path = "/widget/{key}/messages", tag = "widget",
    params(
        ("key" = String, Path, description = "The frame's public key"),
        ("Authorization" = String, Header, description = "Bearer and the session's token"),
        ("Idempotency-Key" = Option<String>, Header, description = "Names this message: sent again, it is answered once"),
    ),
    request_body = WidgetMessageRequest,
    responses(
        (status = 200, description = "text/event-stream of WidgetEvent", body = WidgetEvent, content_type = "text/event-stream"),
        (status = 401, description = "widget_session_expired", body = ErrorBody),
        (status = 404, description = "No frame has this key", body = ErrorBody),
        (status = 409, description = "frame_inactive (the assistant is offline) or conversation_busy (an answer is being written)", body = ErrorBody),
        (status = 422, description = "message_empty, message_too_long", body = ErrorBody),
        (status = 429, description = "too_many_requests: this visitor or address wrote too often; try again after `Retry-After` seconds", body = ErrorBody),
        (status = 503, description = "assistant_unavailable: the assistant cannot answer now", body = ErrorBody),
    ))]
pub async fn send(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Path(key): Path<String>,
    idempotency: IdempotencyKey,
    headers: HeaderMap,
    Json(body): Json<WidgetMessageRequest>,
) -> Result<Response, ApiError> {
    state.limits.widget_messages.check(address)?;
    let (live, visitor) = chat::visitor(&state, &key, bearer(&headers)).await?;
    state.limits.visitor_messages.check_key(&format!("{}:{}", live.frame.id, visitor.id))?;
    let client_key = idempotency.from_client.then_some(idempotency.key.as_str());
    let events = chat::send(&state, &live, &visitor, &body.content, client_key).await?;
    Ok(cors_for(&live, &headers, stream(events).into_response()))
}

/// CORS preflight for the chat's calls, for a page on one of the frame's
/// sites calling them directly.
#[utoipa::path(options, path = "/widget/{key}/messages", tag = "widget",
    params(("key" = String, Path, description = "The frame's public key")),
    responses(
        (status = 204, description = "Allowed, for a page on one of the frame's domains"),
        (status = 403, description = "frame_origin_refused", body = ErrorBody),
        (status = 404, description = "No frame has this key", body = ErrorBody),
    ))]
pub async fn messages_preflight(
    State(state): State<AppState>,
    Path(key): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    preflight(&state, &key, &headers).await
}

/// The chat window's page, framed only by the frame's sites.
pub async fn embed_page(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    axum::extract::Path(key): axum::extract::Path<String>,
) -> Response {
    if let Err(refused) = state.limits.widget_sessions.check(address) {
        return refused.into_response();
    }
    match session::live_frame(&state, &key).await {
        Ok(live) => {
            let policy = embed_page::content_security_policy(&live);
            let mut response = Html(embed_page::html(&live, &key)).into_response();
            let headers = response.headers_mut();
            if let Ok(policy) = HeaderValue::from_str(&policy) {
                headers.insert(CONTENT_SECURITY_POLICY, policy);
            }
            // The domains can change at any time.
            headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response
        }
        Err(error) => error.into_response(),
    }
}

/// The page's origin, as the browser sent it.
fn page_origin(headers: &HeaderMap) -> Option<&str> {
    headers.get(ORIGIN).and_then(|v| v.to_str().ok())
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers.get(AUTHORIZATION)?.to_str().ok()?.strip_prefix("Bearer ")
}

/// CORS headers for a page on one of the frame's sites; none for any other.
fn cors_for(live: &LiveFrame, headers: &HeaderMap, response: Response) -> Response {
    let origin = page_origin(headers).filter(|o| live.allows(Some(o)));
    with_cors(response, origin, false)
}

fn with_cors(mut response: Response, origin: Option<&str>, preflight: bool) -> Response {
    let headers = response.headers_mut();
    headers.append(VARY, HeaderValue::from_static("Origin"));
    let Some(origin) = origin.and_then(|o| HeaderValue::from_str(o).ok()) else { return response };
    headers.insert(ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    if preflight {
        headers.insert(ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static("GET, POST"));
        headers.insert(
            ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static("content-type, authorization, idempotency-key"),
        );
        headers.insert(ACCESS_CONTROL_MAX_AGE, HeaderValue::from_static("600"));
    }
    response
}

async fn preflight(state: &AppState, key: &str, headers: &HeaderMap) -> Result<Response, ApiError> {
    let live = session::live_frame(state, key).await?;
    let origin = page_origin(headers);
    if !live.allows(origin) {
        return Err(ApiError::forbidden(dastyar_core::MessageCode::FrameOriginRefused));
    }
    Ok(with_cors(StatusCode::NO_CONTENT.into_response(), origin, true))
}

fn stream(
    events: tokio::sync::mpsc::Receiver<WidgetEvent>,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let stream = futures_util::stream::unfold(events, |mut events| async move {
        let event = events.recv().await?;
        let sse = Event::default().event(event.name()).json_data(&event).unwrap_or_default();
        Some((Ok(sse), events))
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

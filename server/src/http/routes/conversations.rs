//! Conversations with an assistant (the test frame's chat; the widget and
//! Telegram will reuse them): start, list, read, delete, and the two calls
//! whose answer streams back as server-sent events, a message and a
//! function's result.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use serde::Deserialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, IdempotencyKey, Json, Path};
use crate::runtime::conversations::{self, ConversationDetail, ConversationView};
use crate::runtime::turn::Events;
use crate::runtime::turn_event::TurnEvent;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start, list))
        .routes(routes!(read, delete))
        .routes(routes!(send))
        .routes(routes!(tool_result))
}

/// `POST /playground/conversations/{id}/messages`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SendMessageRequest {
    /// What the person says (1 to 8,000 characters).
    pub content: String,
}

/// `POST /playground/conversations/{id}/tool-results`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ToolResultRequest {
    /// The waiting call's id (from `awaiting_function`).
    pub tool_call_id: String,
    /// What the function returned, as text (JSON or words).
    pub output: String,
}

/// Start a test-frame conversation with one of my assistants.
#[utoipa::path(post, path = "/playground/assistants/{id}/conversations", tag = "conversations",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The assistant's database id")),
    responses(
        (status = 201, description = "The new conversation", body = ConversationView),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such assistant of mine", body = ErrorBody),
    ))]
pub async fn start(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<(StatusCode, Json<ConversationView>), ApiError> {
    Ok((StatusCode::CREATED, Json(conversations::start(&state, user.id, id).await?)))
}

/// My test-frame conversations with one of my assistants, latest first.
#[utoipa::path(get, path = "/playground/assistants/{id}/conversations", tag = "conversations",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The assistant's database id")),
    responses(
        (status = 200, description = "The conversations", body = Vec<ConversationView>),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such assistant of mine", body = ErrorBody),
    ))]
pub async fn list(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Vec<ConversationView>>, ApiError> {
    Ok(Json(conversations::list(&state, user.id, id).await?))
}

/// One of my conversations with its messages and the function calls waiting.
#[utoipa::path(get, path = "/playground/conversations/{id}", tag = "conversations",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    responses(
        (status = 200, description = "The conversation", body = ConversationDetail),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such conversation of mine", body = ErrorBody),
    ))]
pub async fn read(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<ConversationDetail>, ApiError> {
    Ok(Json(conversations::read(&state, user.id, id).await?))
}

/// Delete one of my conversations with its messages.
#[utoipa::path(delete, path = "/playground/conversations/{id}", tag = "conversations",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such conversation of mine", body = ErrorBody),
    ))]
pub async fn delete(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<StatusCode, ApiError> {
    conversations::delete(&state, user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Say something; the answer streams back as server-sent events (`started`,
/// `delta`, `tool_call`, `tool_result`, `awaiting_function`, `error`,
/// `done`), each `data` a JSON `TurnEvent`. Spends credits.
#[utoipa::path(post, path = "/playground/conversations/{id}/messages", tag = "conversations",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The conversation's id"),
        ("Idempotency-Key" = Option<String>, Header, description = "Names this message: sent again, it answers with what was answered, charging nothing more"),
    ),
    request_body = SendMessageRequest,
    responses(
        (status = 200, description = "text/event-stream of TurnEvent", body = TurnEvent, content_type = "text/event-stream"),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 402, description = "insufficient_credits, with details.upgrade_url", body = ErrorBody),
        (status = 404, description = "No such conversation of mine", body = ErrorBody),
        (status = 409, description = "conversation_busy: an answer is being written", body = ErrorBody),
        (status = 422, description = "message_empty, message_too_long; model_unknown", body = ErrorBody),
        (status = 424, description = "llm_*: no provider configured (what to set), or it failed", body = ErrorBody),
    ))]
pub async fn send(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    key: IdempotencyKey,
    Json(body): Json<SendMessageRequest>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let client_key = key.from_client.then_some(key.key.as_str());
    let events = conversations::send(&state, user.id, id, &body.content, client_key).await?;
    Ok(stream(events))
}

/// Post the result of a function the model called; the answer goes on
/// streaming as for a message.
#[utoipa::path(post, path = "/playground/conversations/{id}/tool-results", tag = "conversations",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The conversation's id")),
    request_body = ToolResultRequest,
    responses(
        (status = 200, description = "text/event-stream of TurnEvent", body = TurnEvent, content_type = "text/event-stream"),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 402, description = "insufficient_credits", body = ErrorBody),
        (status = 404, description = "No such conversation of mine", body = ErrorBody),
        (status = 409, description = "tool_call_not_pending, conversation_busy", body = ErrorBody),
        (status = 424, description = "llm_*", body = ErrorBody),
    ))]
pub async fn tool_result(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<ToolResultRequest>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let events =
        conversations::post_tool_result(&state, user.id, id, &body.tool_call_id, &body.output)
            .await?;
    Ok(stream(events))
}

/// The turn's events as server-sent events, each sent as it happens.
fn stream(events: Events) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let stream = futures_util::stream::unfold(events, |mut events| async move {
        let event = events.recv().await?;
        let sse = Event::default().event(event.name()).json_data(&event).unwrap_or_default();
        Some((Ok(sse), events))
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

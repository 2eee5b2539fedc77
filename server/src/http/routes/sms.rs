//! The SMS node's own routes, beside the generic `/sms` ones (create, read,
//! update, delete, position, container) and the connection shortcuts
//! (`connect-assistant`, `connected-assistant`, `disconnect-assistant`):
//! sending (from the panel, for its assistant, in bulk), testing the key,
//! the history, the last send's outcome, delivery, and the templates used.
//!
//! A send that fails answers the spec's `{status: "failed", message,
//! error}`, `error` being the usual `{code, message, details}`: a 422 on
//! the field when the input is wrong (ours or as Kavenegar judged it), a
//! 424 when Kavenegar refused or could not be reached.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::http::error_response::{ErrorBody, ErrorDetail};
use crate::http::extract::{AuthUser, Json, Path, Query};
use crate::sms::account::{self, SmsTemplates, SmsTemplatesRequest, SmsTestAnswer};
use crate::sms::delivery;
use crate::sms::history::{self, SmsHistory, SmsHistoryCleared, SmsLastStatus, SmsSendView};
use crate::sms::send::{
    self, SmsAssistantSendRequest, SmsBulkRequest, SmsSendAnswer, SmsSendRequest,
};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send_sms))
        .routes(routes!(test_sms))
        .routes(routes!(send_from_assistant))
        .routes(routes!(send_bulk))
        .routes(routes!(history_list, history_clear))
        .routes(routes!(last_status))
        .routes(routes!(bulk_status))
        .routes(routes!(templates))
}

/// A failed send or test: `{status: "failed", message, error}`.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsFailureBody {
    /// `failed`.
    pub status: String,
    /// In Persian: `error.message`.
    pub message: String,
    pub error: ErrorDetail,
}

/// An [`ApiError`] answered as [`SmsFailureBody`].
#[derive(Debug)]
pub struct SmsFailure(ApiError);

impl From<ApiError> for SmsFailure {
    fn from(error: ApiError) -> Self {
        SmsFailure(error)
    }
}

impl IntoResponse for SmsFailure {
    fn into_response(self) -> Response {
        let status = self.0.status();
        if let ApiError::Internal(cause) = &self.0 {
            tracing::error!(%cause, "internal error");
        }
        let ErrorBody { error } = self.0.body();
        let body =
            SmsFailureBody { status: "failed".into(), message: error.message.clone(), error };
        (status, axum::Json(body)).into_response()
    }
}

/// `?limit=`: how many sends, 1 to 100 (10 when absent).
#[derive(Debug, Deserialize, IntoParams)]
pub struct HistoryQuery {
    limit: Option<i64>,
}

/// Sends the node's message (or template) to its receptors; the body may
/// replace the receptors, the text or the tokens for this send.
#[utoipa::path(post, path = "/sms/{id}/send", tag = "sms",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    request_body = SmsSendRequest,
    responses(
        (status = 200, description = "Kavenegar took it; the send as the history keeps it", body = SmsSendAnswer),
        (status = 404, description = "No such SMS node of mine", body = SmsFailureBody),
        (status = 422, description = "A field is missing or wrong (field_required, phone_invalid, sms_api_key_invalid, sms_message_empty, sms_template_invalid, sms_token_invalid, sms_too_many_receptors), or Kavenegar refused it (kavenegar_api_key_invalid on apiKey, kavenegar_receptor_invalid, kavenegar_template_not_found, ...); details name the field, Kavenegar's provider_status and the kept send_id", body = SmsFailureBody),
        (status = 424, description = "Kavenegar refused it (kavenegar_credit_insufficient, kavenegar_account_disabled, ...) or could not be reached (kavenegar_unreachable)", body = SmsFailureBody),
    ))]
pub async fn send_sms(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<SmsSendRequest>,
) -> Result<Json<SmsSendAnswer>, SmsFailure> {
    Ok(Json(send::send(&state, user.id, id, &body).await?))
}

/// Asks Kavenegar about the node's key without sending anything: whether
/// it knows it, and the credit its account has left.
#[utoipa::path(post, path = "/sms/{id}/test", tag = "sms",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    responses(
        (status = 200, description = "Kavenegar knows the key", body = SmsTestAnswer),
        (status = 404, description = "No such SMS node of mine", body = SmsFailureBody),
        (status = 422, description = "No key, a malformed one, or one Kavenegar does not know (kavenegar_api_key_invalid)", body = SmsFailureBody),
        (status = 424, description = "Kavenegar refused or could not be reached", body = SmsFailureBody),
    ))]
pub async fn test_sms(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<SmsTestAnswer>, SmsFailure> {
    Ok(Json(account::test(&state, user.id, id).await?))
}

/// A send by the assistant joined to the node, as its `send_sms` tool sends.
#[utoipa::path(post, path = "/sms/{id}/send-from-assistant", tag = "sms",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    request_body = SmsAssistantSendRequest,
    responses(
        (status = 200, description = "Kavenegar took it", body = SmsSendAnswer),
        (status = 404, description = "No such SMS node of mine", body = SmsFailureBody),
        (status = 409, description = "sms_no_assistant: no assistant (or not that one) is joined to the node", body = SmsFailureBody),
        (status = 422, description = "As for send; sms_receptor_fixed when a receptor is given but the node does not let the assistant choose", body = SmsFailureBody),
        (status = 424, description = "Kavenegar refused or could not be reached", body = SmsFailureBody),
    ))]
pub async fn send_from_assistant(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<SmsAssistantSendRequest>,
) -> Result<Json<SmsSendAnswer>, SmsFailure> {
    Ok(Json(send::from_assistant(&state, user.id, id, &body).await?))
}

/// One text per receptor in one call (`sms/sendarray`) from one line.
#[utoipa::path(post, path = "/sms/{id}/send-bulk", tag = "sms",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    request_body = SmsBulkRequest,
    responses(
        (status = 200, description = "Kavenegar took them; send.id is the job bulk-status asks about", body = SmsSendAnswer),
        (status = 404, description = "No such SMS node of mine", body = SmsFailureBody),
        (status = 422, description = "sms_bulk_empty, sms_too_many_receptors, sms_sender_required, sms_sender_invalid, or a message's receptor or text (messages[i].receptor, messages[i].message); or Kavenegar refused one", body = SmsFailureBody),
        (status = 424, description = "Kavenegar refused or could not be reached", body = SmsFailureBody),
    ))]
pub async fn send_bulk(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<SmsBulkRequest>,
) -> Result<Json<SmsSendAnswer>, SmsFailure> {
    Ok(Json(send::bulk(&state, user.id, id, &body).await?))
}

/// The node's sends, newest first.
#[utoipa::path(get, path = "/sms/{id}/history", tag = "sms",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id"), HistoryQuery),
    responses(
        (status = 200, description = "Its latest sends and how many it has", body = SmsHistory),
        (status = 404, description = "No such SMS node of mine", body = ErrorBody),
        (status = 422, description = "history_limit_invalid", body = ErrorBody),
    ))]
pub async fn history_list(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Query(query): Query<HistoryQuery>,
) -> Result<Json<SmsHistory>, ApiError> {
    Ok(Json(history::list(&state, user.id, id, query.limit).await?))
}

/// Forgets the node's sends.
#[utoipa::path(delete, path = "/sms/{id}/history", tag = "sms",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    responses(
        (status = 200, description = "How many were forgotten", body = SmsHistoryCleared),
        (status = 404, description = "No such SMS node of mine", body = ErrorBody),
    ))]
pub async fn history_clear(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<SmsHistoryCleared>, ApiError> {
    Ok(Json(history::clear(&state, user.id, id).await?))
}

/// How the node's last send went (its `lastSendStatus`, `lastSendTime`,
/// `lastResponseMessage`), and that send.
#[utoipa::path(get, path = "/sms/{id}/last-status", tag = "sms",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    responses(
        (status = 200, description = "The last send's outcome; empty before the first", body = SmsLastStatus),
        (status = 404, description = "No such SMS node of mine", body = ErrorBody),
    ))]
pub async fn last_status(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<SmsLastStatus>, ApiError> {
    Ok(Json(history::last_status(&state, user.id, id).await?))
}

/// What Kavenegar says now of a send's messages (`sms/status`), kept on it.
#[utoipa::path(get, path = "/sms/{id}/bulk-status/{job_id}", tag = "sms",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The SMS node's database id"),
        ("job_id" = i64, Path, description = "The send's id (send.id of a send's answer)"),
    ),
    responses(
        (status = 200, description = "The send, each message with its delivery status", body = SmsSendView),
        (status = 404, description = "No such SMS node of mine, or no such send of it", body = ErrorBody),
        (status = 409, description = "sms_no_delivery_to_check: Kavenegar took none of its messages", body = ErrorBody),
        (status = 422, description = "Kavenegar no longer knows the key (kavenegar_api_key_invalid)", body = ErrorBody),
        (status = 424, description = "Kavenegar refused or could not be reached", body = ErrorBody),
    ))]
pub async fn bulk_status(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, job_id)): Path<(i64, i64)>,
) -> Result<Json<SmsSendView>, ApiError> {
    Ok(Json(delivery::refresh(&state, user.id, id, job_id).await?))
}

/// The verify-lookup templates sent successfully with a key. Kavenegar has
/// no API that lists an account's templates: these come from the history,
/// after Kavenegar confirmed the key, with a note saying so.
#[utoipa::path(post, path = "/sms/templates", tag = "sms",
    security(("bearer" = [])),
    request_body = SmsTemplatesRequest,
    responses(
        (status = 200, description = "The templates used with the key, and the note", body = SmsTemplates),
        (status = 404, description = "node_id names no SMS node of mine", body = ErrorBody),
        (status = 422, description = "A malformed key, or one Kavenegar does not know (field api_key)", body = ErrorBody),
        (status = 424, description = "Kavenegar could not be reached", body = ErrorBody),
    ))]
pub async fn templates(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<SmsTemplatesRequest>,
) -> Result<Json<SmsTemplates>, ApiError> {
    Ok(Json(account::templates(&state, user.id, &body).await?))
}

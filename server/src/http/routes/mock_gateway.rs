//! The mock gateway for development: its page (in the web app) settles a
//! payment with `mock-payment/confirm` (plans) or `confirm-credits`
//! (credits), or cancels it. On only when configured (`DASTYAR_MOCK_PAYMENTS`,
//! by default on without a Zarinpal merchant id), and it settles only
//! payments made through it.

use axum::extract::State;
use dastyar_core::MessageCode;
use dastyar_core::validate::card::card_last_four;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::billing::payments::{self, PaymentView, settle};
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json};
use crate::state::AppState;
use crate::store;
use crate::store::payments::{GatewayKind, PaymentPurpose, PaymentStatus, Receipt};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(confirm)).routes(routes!(confirm_credits))
}

/// `POST /api/subscription/mock-payment/confirm` and `confirm-credits`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct MockConfirmRequest {
    pub payment_id: i64,
    /// The payer cancelled on the mock page: the payment fails.
    #[serde(default)]
    #[ts(optional)]
    pub cancel: Option<bool>,
    /// The card paid with: 16 digits (spaces and dashes allowed); its last
    /// four are recorded.
    #[serde(default)]
    #[ts(optional)]
    pub card_number: Option<String>,
    /// What the page says was paid, in rials; when given it must be the
    /// payment's amount, else the payment fails.
    #[serde(default)]
    #[ts(optional)]
    pub amount: Option<i64>,
}

/// The payment after the mock settled it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct MockConfirmAnswer {
    pub payment: PaymentView,
    /// `false`: it was paid already (a replay) and nothing was granted again.
    pub newly_settled: bool,
}

/// Settles (or cancels) a plan payment made through the mock gateway.
#[utoipa::path(post, path = "/subscription/mock-payment/confirm", tag = "subscription",
    security(("bearer" = [])),
    request_body = MockConfirmRequest,
    responses(
        (status = 200, description = "Paid (the subscription is active), cancelled, or paid before (a replay grants nothing)", body = MockConfirmAnswer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "no such payment of mine", body = ErrorBody),
        (status = 409, description = "mock gateway off, another gateway's or a credits payment, failed before, or amount not the payment's (payment_amount_mismatch; the payment fails)", body = ErrorBody),
        (status = 422, description = "card_number is not 16 digits", body = ErrorBody),
    ))]
pub async fn confirm(
    State(state): State<AppState>,
    user: AuthUser,
    Json(request): Json<MockConfirmRequest>,
) -> Result<Json<MockConfirmAnswer>, ApiError> {
    settle_mock(&state, user.id, PaymentPurpose::Plan, &request).await.map(Json)
}

/// Settles (or cancels) a credits payment made through the mock gateway.
#[utoipa::path(post, path = "/subscription/mock-payment/confirm-credits", tag = "subscription",
    security(("bearer" = [])),
    request_body = MockConfirmRequest,
    responses(
        (status = 200, description = "Paid (the credits are in the ledger), cancelled, or paid before (a replay grants nothing)", body = MockConfirmAnswer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "no such payment of mine", body = ErrorBody),
        (status = 409, description = "mock gateway off, another gateway's or a plan payment, failed before, or amount not the payment's", body = ErrorBody),
        (status = 422, description = "card_number is not 16 digits", body = ErrorBody),
    ))]
pub async fn confirm_credits(
    State(state): State<AppState>,
    user: AuthUser,
    Json(request): Json<MockConfirmRequest>,
) -> Result<Json<MockConfirmAnswer>, ApiError> {
    settle_mock(&state, user.id, PaymentPurpose::Credits, &request).await.map(Json)
}

async fn settle_mock(
    state: &AppState,
    user_id: i64,
    purpose: PaymentPurpose,
    request: &MockConfirmRequest,
) -> Result<MockConfirmAnswer, ApiError> {
    if !state.config.providers.zarinpal.mock_enabled() {
        return Err(ApiError::Conflict(MessageCode::MockGatewayDisabled));
    }
    let payment = store::payments::get(&state.db, user_id, request.payment_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if payment.gateway() != Some(GatewayKind::Mock) {
        return Err(ApiError::Conflict(MessageCode::PaymentGatewayMismatch));
    }
    if payment.purpose() != Some(purpose) {
        return Err(ApiError::Conflict(MessageCode::PaymentPurposeMismatch));
    }
    let answer = |payment, newly_settled| async move {
        Ok(MockConfirmAnswer { payment: payments::view(state, &payment).await?, newly_settled })
    };
    match payment.status() {
        PaymentStatus::Paid => return answer(payment, false).await,
        PaymentStatus::Failed => return Err(ApiError::Conflict(MessageCode::PaymentNotPending)),
        PaymentStatus::Pending => {}
    }
    let card_last_four = request
        .card_number
        .as_deref()
        .map(card_last_four)
        .transpose()
        .map_err(|problem| ApiError::Problems(vec![problem]))?;
    let failure = if request.cancel == Some(true) {
        Some(MessageCode::PaymentCancelled)
    } else if request.amount.is_some_and(|amount| amount != payment.amount) {
        Some(MessageCode::PaymentAmountMismatch)
    } else {
        None
    };
    if let Some(code) = failure {
        store::payments::mark_failed(&state.db, payment.id, &code.code(), None).await?;
        if code == MessageCode::PaymentAmountMismatch {
            return Err(ApiError::Conflict(code));
        }
        let failed = store::payments::get(&state.db, user_id, payment.id)
            .await?
            .ok_or(ApiError::NotFound)?;
        return answer(failed, false).await;
    }
    let receipt = Receipt { ref_id: Some(format!("MOCK-{}", payment.id)), card_last_four };
    let settled = settle::paid(state, payment.id, &receipt).await?;
    answer(settled.payment, settled.newly).await
}

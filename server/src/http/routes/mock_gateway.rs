//! The mock gateway for development: its page (in the web app) settles a
//! payment with `mock-payment/confirm` (plans) or `confirm-credits`
//! (credits), or cancels it. On only when configured (`DASTYAR_MOCK_PAYMENTS`,
//! by default on without a Zarinpal merchant id), and it settles only
//! payments made through it.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::billing::payments::PaymentView;
use crate::billing::payments::mock::{self, MockPayer};
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json};
use crate::state::AppState;
use crate::store::payments::PaymentPurpose;

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
    confirm_as(&state, user.id, PaymentPurpose::Plan, request).await
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
    confirm_as(&state, user.id, PaymentPurpose::Credits, request).await
}

async fn confirm_as(
    state: &AppState,
    user_id: i64,
    purpose: PaymentPurpose,
    request: MockConfirmRequest,
) -> Result<Json<MockConfirmAnswer>, ApiError> {
    let payer = MockPayer {
        cancel: request.cancel == Some(true),
        card_number: request.card_number,
        amount: request.amount,
    };
    let (payment, newly_settled) =
        mock::confirm(state, user_id, request.payment_id, purpose, &payer).await?;
    Ok(Json(MockConfirmAnswer { payment, newly_settled }))
}

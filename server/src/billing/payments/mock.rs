//! The development gateway: a page of the app pays or cancels instead of a
//! bank. It settles only payments made through it, and only while it is on
//! (`DASTYAR_MOCK_PAYMENTS`).

use dastyar_core::MessageCode;
use dastyar_core::validate::card::card_last_four;

use crate::billing::payments::{self, PaymentView, settle};
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::payments::{GatewayKind, PaymentPurpose, PaymentStatus, Receipt};

/// What the payer did on the mock gateway's page.
#[derive(Debug, Clone, Default)]
pub struct MockPayer {
    pub cancel: bool,
    /// 16 digits (Persian digits too); its last four are kept.
    pub card_number: Option<String>,
    /// The amount the page showed; not the payment's fails it.
    pub amount: Option<i64>,
}

/// Settles, cancels or fails one of the user's mock payments of `purpose`:
/// the payment as it now is, and whether this call settled it (a replay
/// answers the paid payment and grants nothing).
pub async fn confirm(
    state: &AppState,
    user_id: i64,
    payment_id: i64,
    purpose: PaymentPurpose,
    payer: &MockPayer,
) -> Result<(PaymentView, bool), ApiError> {
    if !state.config.providers.zarinpal.mock_enabled() {
        return Err(ApiError::Conflict(MessageCode::MockGatewayDisabled));
    }
    let payment =
        store::payments::get(&state.db, user_id, payment_id).await?.ok_or(ApiError::NotFound)?;
    if payment.gateway() != Some(GatewayKind::Mock) {
        return Err(ApiError::Conflict(MessageCode::PaymentGatewayMismatch));
    }
    if payment.purpose() != Some(purpose) {
        return Err(ApiError::Conflict(MessageCode::PaymentPurposeMismatch));
    }
    let answer = |payment, newly_settled| async move {
        Ok((payments::view(state, &payment).await?, newly_settled))
    };
    match payment.status() {
        PaymentStatus::Paid => return answer(payment, false).await,
        PaymentStatus::Failed => return Err(ApiError::Conflict(MessageCode::PaymentNotPending)),
        PaymentStatus::Pending => {}
    }
    let card_last_four = payer
        .card_number
        .as_deref()
        .map(card_last_four)
        .transpose()
        .map_err(|problem| ApiError::Problems(vec![problem]))?;
    let failure = if payer.cancel {
        Some(MessageCode::PaymentCancelled)
    } else if payer.amount.is_some_and(|amount| amount != payment.amount) {
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

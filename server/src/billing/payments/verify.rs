//! Asking Zarinpal whether a payment was paid, with the amount we asked for
//! (never an amount from the callback), and settling it by the answer.
//! The callback's own `Status` is not trusted: only verify decides.

use dastyar_core::MessageCode;

use super::gateway::GatewayFailure;
use super::settle;
use crate::error::ApiError;
use crate::providers::zarinpal::{CODE_AMOUNT_MISMATCH, CODE_NOT_PAID, Zarinpal, ZarinpalError};
use crate::state::AppState;
use crate::store;
use crate::store::payments::{GatewayKind, PaymentRow, PaymentStatus, Receipt};

/// Verifies a Zarinpal payment and settles it: paid (once) when the gateway
/// confirms, failed when it says it was not. A paid payment is answered as
/// it is, without asking again. An unreachable gateway leaves it pending.
pub async fn zarinpal(state: &AppState, payment: PaymentRow) -> Result<PaymentRow, ApiError> {
    if payment.status() == PaymentStatus::Paid {
        return Ok(payment);
    }
    if payment.gateway() != Some(GatewayKind::Zarinpal) {
        return Err(ApiError::Conflict(MessageCode::PaymentGatewayMismatch));
    }
    // A payment the gateway never started has nothing to verify (it failed then).
    let Some(authority) = payment.authority.as_deref() else { return Ok(payment) };
    let gateway = Zarinpal::from_settings(&state.config.providers.zarinpal, state.http.clone())
        .ok_or(ApiError::Conflict(MessageCode::PaymentGatewayNotConfigured))?;
    match gateway.verify(authority, payment.amount).await {
        Ok(verified) => {
            let receipt = Receipt {
                ref_id: verified.ref_id.clone(),
                card_last_four: verified.card_last_four(),
            };
            Ok(settle::paid(state, payment.id, &receipt).await?.payment)
        }
        Err(ZarinpalError::Refused { code, message }) => {
            tracing::info!(payment_id = payment.id, code, %message, "zarinpal did not verify");
            let failure = match code {
                CODE_AMOUNT_MISMATCH => MessageCode::PaymentAmountMismatch,
                CODE_NOT_PAID => MessageCode::PaymentCancelled,
                _ => MessageCode::PaymentVerifyFailed,
            };
            store::payments::mark_failed(&state.db, payment.id, &failure.code(), Some(code))
                .await?;
            store::payments::get(&state.db, payment.user_id, payment.id)
                .await?
                .ok_or(ApiError::NotFound)
        }
        Err(error) => {
            Err(GatewayFailure::from_zarinpal(&error, MessageCode::PaymentVerifyFailed).into())
        }
    }
}

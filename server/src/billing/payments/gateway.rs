//! Which gateway takes new payments, and how each one starts a payment.
//!
//! Zarinpal when a merchant id is configured; otherwise the mock gateway
//! when it is on (the default for a local run). The mock settles only its
//! own payments, so turning it on beside Zarinpal never lets anyone confirm
//! a real payment for free.

use dastyar_core::MessageCode;

use crate::error::ApiError;
use crate::providers::zarinpal::{PaymentRequest, Zarinpal, ZarinpalError};
use crate::state::AppState;
use crate::store;
use crate::store::payments::{GatewayKind, PaymentRow};

/// The mock gateway's payment page (a page of the web app).
pub const MOCK_PAYMENT_PAGE: &str = "/subscription/mock-gateway";
/// Where Zarinpal sends the payer back (`?Authority=...&Status=OK|NOK`).
pub const ZARINPAL_CALLBACK_PATH: &str = "/api/subscription/zarinpal/callback";

/// A gateway that can take a new payment.
#[derive(Debug, Clone)]
pub enum Gateway {
    Mock,
    Zarinpal(Zarinpal),
}

/// A payment the gateway has started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Begun {
    /// Where the payer pays.
    pub payment_url: String,
    /// The gateway's id for the payment, if it gives one.
    pub authority: Option<String>,
}

/// Why a gateway did not start or verify a payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GatewayFailure {
    /// It refused, with its own code.
    Refused { code: MessageCode, gateway_code: i64 },
    /// It could not be reached or answered nonsense.
    Unavailable,
}

impl GatewayFailure {
    /// What a failed payment records: our code and the gateway's.
    pub fn stored(&self) -> (MessageCode, Option<i64>) {
        match *self {
            GatewayFailure::Refused { code, gateway_code } => (code, Some(gateway_code)),
            GatewayFailure::Unavailable => (MessageCode::PaymentGatewayUnavailable, None),
        }
    }

    pub fn from_zarinpal(error: &ZarinpalError, refused: MessageCode) -> GatewayFailure {
        tracing::warn!(%error, "payment gateway");
        match *error {
            ZarinpalError::Refused { code, .. } => {
                GatewayFailure::Refused { code: refused, gateway_code: code }
            }
            ZarinpalError::Unreachable(_) => GatewayFailure::Unavailable,
        }
    }
}

impl From<GatewayFailure> for ApiError {
    fn from(failure: GatewayFailure) -> ApiError {
        let (code, gateway_code) = failure.stored();
        ApiError::upstream(code, &[("code", &gateway_code.unwrap_or_default().to_string())])
    }
}

impl Gateway {
    /// The gateway new payments go through.
    pub fn for_new_payments(state: &AppState) -> Result<Gateway, ApiError> {
        let settings = &state.config.providers.zarinpal;
        if let Some(zarinpal) = Zarinpal::from_settings(settings, state.http.clone()) {
            Ok(Gateway::Zarinpal(zarinpal))
        } else if settings.mock_enabled() {
            Ok(Gateway::Mock)
        } else {
            Err(ApiError::Conflict(MessageCode::PaymentGatewayNotConfigured))
        }
    }

    pub fn kind(&self) -> GatewayKind {
        match self {
            Gateway::Mock => GatewayKind::Mock,
            Gateway::Zarinpal(_) => GatewayKind::Zarinpal,
        }
    }

    /// Starts a stored payment at the gateway.
    pub async fn begin(
        &self,
        state: &AppState,
        payment: &PaymentRow,
    ) -> Result<Begun, GatewayFailure> {
        match self {
            Gateway::Mock => Ok(Begun {
                payment_url: format!("{MOCK_PAYMENT_PAGE}?payment_id={}", payment.id),
                authority: None,
            }),
            Gateway::Zarinpal(zarinpal) => {
                let email = store::users::by_id(&state.db, payment.user_id)
                    .await
                    .ok()
                    .flatten()
                    .map(|user| user.email);
                let callback_url = format!("{}{ZARINPAL_CALLBACK_PATH}", state.config.public_url());
                let request = PaymentRequest {
                    amount: payment.amount,
                    description: &payment.description,
                    callback_url: &callback_url,
                    email: email.as_deref(),
                    order_id: payment.id.to_string(),
                };
                let authority = zarinpal.request(&request).await.map_err(|e| {
                    GatewayFailure::from_zarinpal(&e, MessageCode::PaymentGatewayRefused)
                })?;
                Ok(Begun {
                    payment_url: zarinpal.start_pay_url(&authority),
                    authority: Some(authority),
                })
            }
        }
    }
}

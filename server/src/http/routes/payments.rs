//! Buying under `/api/subscription`: a plan, a pending subscription's
//! payment, a credit package or a custom amount of credits, each answering
//! the `payment_url` the browser is sent to; reading a payment; and
//! Zarinpal's return to us (its callback, and verifying again by hand).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Redirect;
use dastyar_core::MessageCode;
use serde::Deserialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::billing::catalogue::BillingCycle;
use crate::billing::downgrade::plan_by_key;
use crate::billing::payments::{self, Order, PaymentStarted, PaymentView, verify};
use crate::error::ApiError;
use crate::http::client_address::ClientAddress;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path, Query};
use crate::state::AppState;
use crate::store;
use crate::store::payments::GatewayKind;

/// The page the payer comes back to (a page of the web app).
pub const PAYMENT_RESULT_PAGE: &str = "/subscription/payment-result";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(purchase))
        .routes(routes!(initiate_payment))
        .routes(routes!(purchase_credits))
        .routes(routes!(purchase_custom_credits))
        .routes(routes!(payment))
        .routes(routes!(verify_payment))
        .routes(routes!(zarinpal_callback))
}

/// `POST /api/subscription/purchase`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct PurchaseRequest {
    pub plan_key: String,
    /// `monthly` or `yearly`.
    pub billing_cycle: String,
}

/// `POST /api/subscription/initiate-payment`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct InitiatePaymentRequest {
    /// A subscription of mine still pending.
    pub subscription_id: i64,
}

/// `POST /api/subscription/purchase-credits`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct PurchaseCreditsRequest {
    pub package_key: String,
}

/// `POST /api/subscription/purchase-custom-credits`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct PurchaseCustomCreditsRequest {
    /// Within the catalogue's `custom_credits` range.
    pub credit_amount: i64,
}

/// Starts buying a plan.
#[utoipa::path(post, path = "/subscription/purchase", tag = "subscription",
    security(("bearer" = [])),
    request_body = PurchaseRequest,
    responses(
        (status = 201, description = "A pending subscription and its payment: send the browser to payment_url", body = PaymentStarted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 409, description = "my nodes are over the plan's quotas (plan_needs_cleanup, details list them) or no gateway is configured", body = ErrorBody),
        (status = 422, description = "unknown plan (plan_unknown), the free plan (plan_free_not_for_sale) or a bad billing_cycle", body = ErrorBody),
        (status = 424, description = "the gateway refused or could not be reached", body = ErrorBody),
    ))]
pub async fn purchase(
    State(state): State<AppState>,
    user: AuthUser,
    Json(request): Json<PurchaseRequest>,
) -> Result<(StatusCode, Json<PaymentStarted>), ApiError> {
    let plan = plan_by_key(&state, &request.plan_key, "plan_key")?;
    let cycle = BillingCycle::parse(&request.billing_cycle)
        .ok_or_else(|| ApiError::invalid("billing_cycle", MessageCode::BillingCycleInvalid))?;
    let started = payments::buy_plan(&state, user.id, plan, cycle).await?;
    Ok((StatusCode::CREATED, Json(started)))
}

/// Pays for a subscription of mine still pending (its payment was abandoned or failed).
#[utoipa::path(post, path = "/subscription/initiate-payment", tag = "subscription",
    security(("bearer" = [])),
    request_body = InitiatePaymentRequest,
    responses(
        (status = 201, description = "A new payment for it: send the browser to payment_url", body = PaymentStarted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "no such subscription of mine", body = ErrorBody),
        (status = 409, description = "not pending (subscription_not_pending), its plan is gone, or my nodes are over its quotas", body = ErrorBody),
        (status = 424, description = "the gateway refused or could not be reached", body = ErrorBody),
    ))]
pub async fn initiate_payment(
    State(state): State<AppState>,
    user: AuthUser,
    Json(request): Json<InitiatePaymentRequest>,
) -> Result<(StatusCode, Json<PaymentStarted>), ApiError> {
    let started = payments::pay_pending(&state, user.id, request.subscription_id).await?;
    Ok((StatusCode::CREATED, Json(started)))
}

/// Starts buying a credit package.
#[utoipa::path(post, path = "/subscription/purchase-credits", tag = "subscription",
    security(("bearer" = [])),
    request_body = PurchaseCreditsRequest,
    responses(
        (status = 201, description = "A pending payment: send the browser to payment_url", body = PaymentStarted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "unknown package (credit_package_unknown)", body = ErrorBody),
        (status = 424, description = "the gateway refused or could not be reached", body = ErrorBody),
    ))]
pub async fn purchase_credits(
    State(state): State<AppState>,
    user: AuthUser,
    Json(request): Json<PurchaseCreditsRequest>,
) -> Result<(StatusCode, Json<PaymentStarted>), ApiError> {
    let package = state
        .plans
        .credit_package(&request.package_key)
        .ok_or_else(|| ApiError::invalid("package_key", MessageCode::CreditPackageUnknown))?;
    let order = Order::Credits {
        credits: package.credits,
        package_key: Some(&package.key),
        price: package.price,
    };
    Ok((StatusCode::CREATED, Json(payments::start(&state, user.id, order).await?)))
}

/// Starts buying any number of credits within the catalogue's range.
#[utoipa::path(post, path = "/subscription/purchase-custom-credits", tag = "subscription",
    security(("bearer" = [])),
    request_body = PurchaseCustomCreditsRequest,
    responses(
        (status = 201, description = "A pending payment: send the browser to payment_url", body = PaymentStarted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "credit_amount outside the range (credit_amount_invalid)", body = ErrorBody),
        (status = 424, description = "the gateway refused or could not be reached", body = ErrorBody),
    ))]
pub async fn purchase_custom_credits(
    State(state): State<AppState>,
    user: AuthUser,
    Json(request): Json<PurchaseCustomCreditsRequest>,
) -> Result<(StatusCode, Json<PaymentStarted>), ApiError> {
    let custom = state.plans.custom_credits();
    let credits = request.credit_amount;
    let Some(price) = custom.price(credits) else {
        let (min, max) = (custom.min_credits.to_string(), custom.max_credits.to_string());
        return Err(ApiError::invalid_with(
            "credit_amount",
            MessageCode::CreditAmountInvalid,
            &[("min", &min), ("max", &max)],
        ));
    };
    let order = Order::Credits { credits, package_key: None, price };
    Ok((StatusCode::CREATED, Json(payments::start(&state, user.id, order).await?)))
}

/// One payment of mine (the return page reads it).
#[utoipa::path(get, path = "/subscription/payments/{id}", tag = "subscription",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Payment id")),
    responses(
        (status = 200, description = "The payment", body = PaymentView),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "no such payment of mine", body = ErrorBody),
    ))]
pub async fn payment(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<PaymentView>, ApiError> {
    let row = store::payments::get(&state.db, user.id, id).await?.ok_or(ApiError::NotFound)?;
    Ok(Json(payments::view(&state, &row).await?))
}

/// Asks Zarinpal again whether a payment of mine was paid (when its callback
/// could not reach the gateway); settles it by the answer.
#[utoipa::path(post, path = "/subscription/payments/{id}/verify", tag = "subscription",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "Payment id")),
    responses(
        (status = 200, description = "The payment, paid (once) or failed as the gateway says", body = PaymentView),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "no such payment of mine", body = ErrorBody),
        (status = 409, description = "not a Zarinpal payment (payment_gateway_mismatch), or Zarinpal is not configured", body = ErrorBody),
        (status = 424, description = "the gateway could not be reached; the payment stays pending", body = ErrorBody),
    ))]
pub async fn verify_payment(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<PaymentView>, ApiError> {
    let row = store::payments::get(&state.db, user.id, id).await?.ok_or(ApiError::NotFound)?;
    let row = verify::zarinpal(&state, row).await?;
    Ok(Json(payments::view(&state, &row).await?))
}

/// What Zarinpal appends to the callback address (its `Status` is not trusted).
#[derive(Debug, Deserialize)]
pub struct ZarinpalReturn {
    #[serde(rename = "Authority")]
    authority: Option<String>,
}

/// Zarinpal sends the payer back here (`?Authority=...&Status=OK|NOK`). The
/// payment is verified with the gateway (its `Status` is not trusted) and the
/// browser goes on to the result page, which reads the payment.
#[utoipa::path(get, path = "/subscription/zarinpal/callback", tag = "subscription",
    params(
        ("Authority" = Option<String>, Query, description = "Zarinpal's id for the payment; without it, or for one never issued, the browser goes to ?status=unknown"),
        ("Status" = Option<String>, Query, description = "OK or NOK (informational only)"),
    ),
    responses(
        (status = 303, description = "To /subscription/payment-result?payment_id=... (or ?status=unknown for an authority we never issued)"),
        (status = 429, description = "too_many_requests: this address came back too often lately; try again after `Retry-After` seconds", body = ErrorBody),
    ))]
pub async fn zarinpal_callback(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Query(query): Query<ZarinpalReturn>,
) -> Result<Redirect, ApiError> {
    state.limits.payment_callback.check(address)?;
    let unknown = || Redirect::to(&format!("{PAYMENT_RESULT_PAGE}?status=unknown"));
    let Some(authority) = query.authority.as_deref().map(str::trim).filter(|a| !a.is_empty())
    else {
        return Ok(unknown());
    };
    let Some(row) =
        store::payments::by_authority(&state.db, GatewayKind::Zarinpal, authority).await?
    else {
        return Ok(unknown());
    };
    let id = row.id;
    // An unreachable gateway leaves the payment pending; the result page
    // says so and offers to verify again.
    match verify::zarinpal(&state, row).await {
        Ok(_) => {}
        Err(error @ ApiError::Internal(_)) => return Err(error),
        Err(error) => tracing::warn!(payment_id = id, ?error, "zarinpal callback could not verify"),
    }
    Ok(Redirect::to(&format!("{PAYMENT_RESULT_PAGE}?payment_id={id}")))
}

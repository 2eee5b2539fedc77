//! Paying for plans and credits: a payment is stored pending, its gateway
//! is asked for the address the browser pays at (`payment_url`), and the
//! gateway's answer settles it exactly once ([`settle`]).
//!
//! Amounts always come from the catalogue, never from the client.

pub mod gateway;
pub mod mock;
pub mod settle;
pub mod verify;

use dastyar_core::MessageCode;
use dastyar_core::digits::persian_digits;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::billing::catalogue::{BillingCycle, Plan};
use crate::billing::downgrade;
use crate::db::timestamp;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::payments::{GatewayKind, NewPayment, PaymentPurpose, PaymentRow, PaymentStatus};
use crate::store::subscriptions::{NewSubscription, SubscriptionRow, SubscriptionStatus};
use gateway::Gateway;

/// A payment of the caller's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct PaymentView {
    pub id: i64,
    pub purpose: PaymentPurpose,
    pub status: PaymentStatus,
    pub gateway: GatewayKind,
    /// Rials.
    pub amount: i64,
    /// Persian: what was bought.
    pub description: String,
    /// Plan payments: the subscription bought.
    pub subscription_id: Option<i64>,
    pub plan_key: Option<String>,
    /// Plan payments: the plan's Persian name.
    pub plan_name: Option<String>,
    pub billing_cycle: Option<BillingCycle>,
    /// Credit payments: how many credits.
    pub credits: Option<i64>,
    /// Credit payments: the package (`null` for a custom amount).
    pub package_key: Option<String>,
    /// The gateway's reference, once paid.
    pub ref_id: Option<String>,
    /// The paying card's last four digits, when the gateway gives them.
    pub card_last_four: Option<String>,
    /// Failed payments: why, as a code and in Persian.
    #[schema(value_type = Option<String>, example = "payment_cancelled")]
    pub failure_code: Option<MessageCode>,
    pub failure_message: Option<String>,
    pub created_at: String,
    /// When it was paid.
    pub settled_at: Option<String>,
}

/// A payment started: send the browser to `payment_url`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct PaymentStarted {
    pub payment_id: i64,
    /// Where the payer pays (the mock gateway's page, or Zarinpal's StartPay).
    pub payment_url: String,
    /// Rials.
    pub amount: i64,
    pub gateway: GatewayKind,
    /// Plan payments: the pending subscription it pays for.
    pub subscription_id: Option<i64>,
}

/// What is being bought.
#[derive(Debug, Clone, Copy)]
pub enum Order<'a> {
    /// A pending subscription to `plan`.
    Plan { plan: &'a Plan, subscription: &'a SubscriptionRow },
    /// Credits: a package (its key) or a custom amount, for `price` rials.
    Credits { credits: i64, package_key: Option<&'a str>, price: i64 },
}

impl Order<'_> {
    fn new_payment(&self, user_id: i64, gateway: GatewayKind) -> NewPayment {
        match *self {
            Order::Plan { plan, subscription } => {
                let cycle = subscription.billing_cycle();
                NewPayment {
                    user_id,
                    purpose: PaymentPurpose::Plan,
                    gateway,
                    amount: plan.prices.for_cycle(cycle),
                    description: MessageCode::PaymentForPlan
                        .render(&[("plan", &plan.name), ("cycle", cycle_word(cycle))]),
                    subscription_id: Some(subscription.id),
                    credits: None,
                    package_key: None,
                }
            }
            Order::Credits { credits, package_key, price } => NewPayment {
                user_id,
                purpose: PaymentPurpose::Credits,
                gateway,
                amount: price,
                description: MessageCode::PaymentForCredits
                    .render(&[("credits", &persian_digits(&credits.to_string()))]),
                subscription_id: None,
                credits: Some(credits),
                package_key: package_key.map(str::to_owned),
            },
        }
    }
}

fn cycle_word(cycle: BillingCycle) -> &'static str {
    match cycle {
        BillingCycle::Monthly => MessageCode::BillingMonthly.persian(),
        BillingCycle::Yearly => MessageCode::BillingYearly.persian(),
    }
}

/// Stores a pending payment for `order` and asks the gateway where it is
/// paid. When the gateway refuses, the payment is kept as failed with why.
pub async fn start(
    state: &AppState,
    user_id: i64,
    order: Order<'_>,
) -> Result<PaymentStarted, ApiError> {
    let gateway = Gateway::for_new_payments(state)?;
    let new = order.new_payment(user_id, gateway.kind());
    let payment = store::payments::insert(state.db.pool(), &new).await?;
    let begun = match gateway.begin(state, &payment).await {
        Ok(begun) => begun,
        Err(failure) => {
            let (code, gateway_code) = failure.stored();
            store::payments::mark_failed(&state.db, payment.id, &code.code(), gateway_code).await?;
            return Err(failure.into());
        }
    };
    if let Some(authority) = &begun.authority {
        store::payments::set_authority(&state.db, payment.id, authority).await?;
    }
    Ok(PaymentStarted {
        payment_id: payment.id,
        payment_url: begun.payment_url,
        amount: payment.amount,
        gateway: gateway.kind(),
        subscription_id: payment.subscription_id,
    })
}

/// Starts buying `plan` for `cycle`: a pending subscription and its payment.
/// Refused for the free plan and for a plan the user's nodes do not fit.
pub async fn buy_plan(
    state: &AppState,
    user_id: i64,
    plan: &Plan,
    cycle: BillingCycle,
) -> Result<PaymentStarted, ApiError> {
    if plan.is_free() {
        return Err(ApiError::invalid("plan_key", MessageCode::PlanFreeNotForSale));
    }
    downgrade::ensure_fits(state, user_id, plan).await?;
    let now = timestamp::now();
    let expires_at = timestamp::add_months(&now, cycle.months())
        .ok_or_else(|| ApiError::internal("a period past the calendar"))?;
    let new = NewSubscription {
        user_id,
        plan_key: plan.key.clone(),
        billing_cycle: cycle,
        status: SubscriptionStatus::Pending,
        amount: plan.prices.for_cycle(cycle),
        payment_id: None,
        started_at: now,
        expires_at,
    };
    let subscription = store::subscriptions::insert(state.db.pool(), &new).await?;
    start(state, user_id, Order::Plan { plan, subscription: &subscription }).await
}

/// Pays for one of the user's subscriptions still pending (its earlier
/// payment was abandoned or failed), at the catalogue's price today.
pub async fn pay_pending(
    state: &AppState,
    user_id: i64,
    subscription_id: i64,
) -> Result<PaymentStarted, ApiError> {
    let subscription = store::subscriptions::get(state.db.pool(), user_id, subscription_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if subscription.status != SubscriptionStatus::Pending.as_str() {
        return Err(ApiError::Conflict(MessageCode::SubscriptionNotPending));
    }
    let plan = state
        .plans
        .plan(&subscription.plan_key)
        .filter(|plan| !plan.is_free())
        .ok_or(ApiError::Conflict(MessageCode::PlanUnknown))?;
    downgrade::ensure_fits(state, user_id, plan).await?;
    start(state, user_id, Order::Plan { plan, subscription: &subscription }).await
}

/// The API's view of a payment (reads its subscription for plan payments).
pub async fn view(state: &AppState, payment: &PaymentRow) -> Result<PaymentView, ApiError> {
    let subscription = match payment.subscription_id {
        Some(id) => store::subscriptions::get(state.db.pool(), payment.user_id, id).await?,
        None => None,
    };
    let plan_key = subscription.as_ref().map(|s| s.plan_key.clone());
    let failure_code = payment.failure_code.as_deref().and_then(MessageCode::from_code);
    Ok(PaymentView {
        id: payment.id,
        purpose: payment
            .purpose()
            .ok_or_else(|| ApiError::internal(format!("payment {} has no purpose", payment.id)))?,
        status: payment.status(),
        gateway: payment
            .gateway()
            .ok_or_else(|| ApiError::internal(format!("payment {} has no gateway", payment.id)))?,
        amount: payment.amount,
        description: payment.description.clone(),
        subscription_id: payment.subscription_id,
        plan_name: plan_key
            .as_deref()
            .map(|key| state.plans.plan(key).map_or_else(|| key.to_owned(), |p| p.name.clone())),
        plan_key,
        billing_cycle: subscription.as_ref().map(SubscriptionRow::billing_cycle),
        credits: payment.credits,
        package_key: payment.package_key.clone(),
        ref_id: payment.ref_id.clone(),
        card_last_four: payment.card_last_four.clone(),
        failure_message: failure_code.map(|code| failure_message(code, payment.gateway_code)),
        failure_code,
        created_at: payment.created_at.clone(),
        settled_at: payment.settled_at.clone(),
    })
}

/// A failure's Persian text, with the gateway's code where it has one.
fn failure_message(code: MessageCode, gateway_code: Option<i64>) -> String {
    let number = gateway_code.map(|c| c.to_string()).unwrap_or_default();
    code.render(&[("code", &number)])
}

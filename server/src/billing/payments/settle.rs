//! Settling a payment the gateway says was paid: exactly once.
//!
//! The payment row is locked, and only a payment not yet paid becomes paid;
//! what it bought (a subscription, credits) is granted in the same
//! transaction. A replayed or simultaneous settlement finds it paid and
//! grants nothing. The ledger's unique entry key is a second guard.

use crate::billing::credits;
use crate::db::timestamp;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::credits::{Entry, Reason};
use crate::store::payments::{PaymentPurpose, PaymentRow, PaymentStatus, Receipt};
use crate::store::subscriptions::{NewSubscription, SubscriptionStatus};
use crate::store::tx::Tx;

/// A payment after settlement, and whether this call settled it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settled {
    pub payment: PaymentRow,
    /// `false`: it was paid already and nothing was granted now.
    pub newly: bool,
}

/// Marks a payment paid and grants what it bought, unless it is paid already.
pub async fn paid(
    state: &AppState,
    payment_id: i64,
    receipt: &Receipt,
) -> Result<Settled, ApiError> {
    let mut tx = Tx::begin(&state.db).await?;
    let payment = store::payments::lock(&mut tx, payment_id).await?.ok_or(ApiError::NotFound)?;
    if payment.status() == PaymentStatus::Paid
        || !store::payments::mark_paid(&mut tx, payment_id, receipt).await?
    {
        return Ok(Settled { payment, newly: false });
    }
    match payment.purpose() {
        Some(PaymentPurpose::Plan) => grant_plan(state, &mut tx, &payment).await?,
        Some(PaymentPurpose::Credits) => grant_credits(&mut tx, &payment).await?,
        None => return Err(ApiError::internal(format!("payment {payment_id} has no purpose"))),
    }
    tx.commit().await?;
    let payment = store::payments::get(&state.db, payment.user_id, payment_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(Settled { payment, newly: true })
}

/// Activates the subscription a payment bought. Buying the plan one is on
/// renews it: the new period starts when the current one (and any renewal
/// already bought) ends. Buying another plan replaces the current one at
/// once: one subscription is in force at a time.
async fn grant_plan(state: &AppState, tx: &mut Tx, payment: &PaymentRow) -> Result<(), ApiError> {
    let subscription_id = payment.subscription_id.ok_or_else(|| {
        ApiError::internal(format!("plan payment {} has no subscription", payment.id))
    })?;
    let mut subscription = store::subscriptions::get(tx.conn(), payment.user_id, subscription_id)
        .await?
        .ok_or_else(|| ApiError::internal(format!("subscription {subscription_id} is gone")))?;
    if subscription.status != SubscriptionStatus::Pending.as_str() {
        // Another payment bought this subscription first (two tabs paid for
        // it): this money buys one more period of the same plan and cycle.
        subscription = store::subscriptions::insert(
            tx.conn(),
            &NewSubscription {
                status: SubscriptionStatus::Pending,
                payment_id: Some(payment.id),
                ..NewSubscription::like(&subscription)
            },
        )
        .await?;
        store::payments::set_subscription(tx.conn(), payment.id, subscription.id).await?;
    }
    let now = timestamp::now();
    let renewal_starts = store::subscriptions::unended_until(
        tx.conn(),
        payment.user_id,
        &subscription.plan_key,
        &now,
    )
    .await?;
    let started_at = match renewal_starts {
        Some(end) => end,
        None => {
            store::subscriptions::cancel_unended(tx.conn(), payment.user_id, &now).await?;
            now.clone()
        }
    };
    let expires_at = timestamp::add_months(&started_at, subscription.billing_cycle().months())
        .ok_or_else(|| ApiError::internal(format!("unreadable timestamp {started_at}")))?;
    store::subscriptions::activate(
        tx.conn(),
        subscription.id,
        payment.id,
        payment.amount,
        &started_at,
        &expires_at,
    )
    .await?;
    // A renewal's months are granted as they come; a new plan's first now.
    if started_at <= now {
        let plan = state.plans.plan(&subscription.plan_key).unwrap_or(state.plans.free_plan());
        credits::grant_first_month(tx, plan, &subscription).await?;
    }
    Ok(())
}

async fn grant_credits(tx: &mut Tx, payment: &PaymentRow) -> Result<(), ApiError> {
    let amount = payment.credits.ok_or_else(|| {
        ApiError::internal(format!("credit payment {} has no credits", payment.id))
    })?;
    let key = credits::purchase_key(payment.id);
    let entry = Entry {
        user_id: payment.user_id,
        amount,
        reason: Reason::Purchase,
        key: &key,
        payment_id: Some(payment.id),
    };
    store::credits::append(tx.conn(), &entry).await?;
    Ok(())
}

//! Credits: each plan's monthly allowance and what was bought, in the
//! append-only ledger (`store::credits`); the balance is the ledger's sum.
//!
//! A month's allowance is written the first time anything asks for the
//! balance in that month (or when a subscription is bought), under a key
//! naming the month, so it lands once however often or wherever it is asked:
//! a subscription's months count from its start; the free plan's are
//! calendar months (UTC). Unused credits do not expire.

use crate::billing::catalogue::Plan;
use crate::billing::current_plan;
use crate::db::timestamp;
use crate::state::AppState;
use crate::store::credits::{self, Entry, Reason};
use crate::store::subscriptions::SubscriptionRow;
use crate::store::tx::Tx;

/// The ledger key of a subscription's allowance for its `month`-th month (from 0).
fn subscription_grant_key(subscription_id: i64, month: u32) -> String {
    format!("grant:subscription:{subscription_id}:{month}")
}

/// The ledger key of the free plan's allowance for a calendar month (`2026-11`).
fn free_grant_key(user_id: i64, now: &str) -> String {
    format!("grant:free:{user_id}:{}", &now[..7])
}

/// The ledger key of what a payment bought.
pub fn purchase_key(payment_id: i64) -> String {
    format!("payment:{payment_id}")
}

/// The user's balance, after this month's allowance of their current plan.
pub async fn balance(state: &AppState, user_id: i64) -> Result<i64, sqlx::Error> {
    let now = timestamp::now();
    let (plan, subscription) = current_plan::current_plan(state, user_id).await?;
    let key = match &subscription {
        Some(s) => subscription_grant_key(s.id, timestamp::whole_months(&s.started_at, &now)),
        None => free_grant_key(user_id, &now),
    };
    // Every answer asks for the balance: the allowance is looked for in the
    // same read, so only the month's first request writes (a write queues
    // behind others).
    let (balance, granted) = credits::balance_and_has_key(&state.db, user_id, &key).await?;
    if granted {
        return Ok(balance);
    }
    grant(state.db.pool(), user_id, plan, &key).await?;
    credits::balance(&state.db, user_id).await
}

/// Grants a subscription's first month inside the transaction that buys it.
pub async fn grant_first_month(
    tx: &mut Tx,
    plan: &Plan,
    subscription: &SubscriptionRow,
) -> Result<(), sqlx::Error> {
    let key = subscription_grant_key(subscription.id, 0);
    grant(tx.conn(), subscription.user_id, plan, &key).await
}

async fn grant<'c, E: sqlx::Executor<'c, Database = sqlx::Any>>(
    ex: E,
    user_id: i64,
    plan: &Plan,
    key: &str,
) -> Result<(), sqlx::Error> {
    if plan.monthly_credits > 0 {
        let entry = Entry {
            user_id,
            amount: plan.monthly_credits,
            reason: Reason::MonthlyGrant,
            key,
            payment_id: None,
        };
        credits::append(ex, &entry).await?;
    }
    Ok(())
}

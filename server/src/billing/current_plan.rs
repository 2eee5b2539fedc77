//! The plan a user is on: that of their newest active, unexpired
//! subscription, else the free plan; and what it allows.

use dastyar_core::NodeKind;
use dastyar_core::limits::{NodeCounts, NodeUsage};

use crate::billing::catalogue::Plan;
use crate::db::timestamp;
use crate::state::AppState;
use crate::store;
use crate::store::subscriptions::SubscriptionRow;

/// The plan a user is on now, and the subscription that puts them there
/// (`None`: the free plan, no subscription).
pub async fn current_plan(
    state: &AppState,
    user_id: i64,
) -> Result<(&Plan, Option<SubscriptionRow>), sqlx::Error> {
    let catalogue = &state.plans;
    let Some(subscription) =
        store::subscriptions::current(state.db.pool(), user_id, &timestamp::now()).await?
    else {
        return Ok((catalogue.free_plan(), None));
    };
    match catalogue.plan(&subscription.plan_key) {
        Some(plan) => Ok((plan, Some(subscription))),
        None => {
            // The operator removed the plan from the catalogue: the user keeps
            // the subscription on record, with the free plan's limits.
            tracing::warn!(
                user_id,
                plan_key = %subscription.plan_key,
                "subscribed plan is not in the catalogue; applying the free plan"
            );
            Ok((catalogue.free_plan(), Some(subscription)))
        }
    }
}

/// How many nodes of `kind` the user's current plan allows: `None` for kinds
/// plans do not limit, `Some(None)` for a limited kind this plan does not cap.
pub async fn quota_for(
    state: &AppState,
    user_id: i64,
    kind: NodeKind,
) -> Result<Option<Option<u32>>, sqlx::Error> {
    if state.plans.free_plan().quota.for_kind(kind).is_none() {
        return Ok(None);
    }
    let (plan, _) = current_plan(state, user_id).await?;
    Ok(plan.quota.for_kind(kind))
}

/// The user's standing against their current plan (`GET .../node-usage`).
pub async fn node_usage(state: &AppState, user_id: i64) -> Result<NodeUsage, sqlx::Error> {
    let (plan, _) = current_plan(state, user_id).await?;
    let counts: NodeCounts = store::nodes::count_limited(state.db.pool(), user_id).await?;
    Ok(NodeUsage::from_quota(&plan.quota, &counts))
}

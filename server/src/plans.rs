//! Plans and their node quotas, in one table. Until subscriptions exist every
//! user is on the free plan, which lets a newcomer try every kind of node.

use dastyar_core::NodeKind;
use dastyar_core::limits::{NodeCounts, NodeUsage, PlanQuota};

use crate::db::Db;
use crate::store;

/// A plan: its key (as subscriptions will name it), its Persian name, and
/// how many limited nodes it allows (`None`: no limit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub key: &'static str,
    pub name: &'static str,
    pub quota: PlanQuota,
}

/// Every plan there is.
pub const PLANS: &[Plan] = &[Plan {
    key: "free",
    name: "رایگان",
    quota: PlanQuota {
        assistant_nodes: Some(3),
        analyzer_nodes: Some(1),
        vector_store_nodes: Some(2),
    },
}];

/// The plan a new account starts on.
pub const DEFAULT_PLAN: &str = "free";

/// A plan by its key.
pub fn plan(key: &str) -> Option<&'static Plan> {
    PLANS.iter().find(|p| p.key == key)
}

/// The plan `user_id` is on: the free plan for everyone until subscriptions exist.
pub fn plan_of(_user_id: i64) -> &'static Plan {
    plan(DEFAULT_PLAN).unwrap_or(&PLANS[0])
}

/// How many nodes of `kind` the user's plan allows: `None` for kinds plans do
/// not limit, `Some(None)` for a limited kind this plan does not cap.
pub fn quota_for(user_id: i64, kind: NodeKind) -> Option<Option<u32>> {
    plan_of(user_id).quota.for_kind(kind)
}

/// The user's standing against their plan (`GET .../node-usage`).
pub async fn node_usage(db: &Db, user_id: i64) -> Result<NodeUsage, sqlx::Error> {
    let counts: NodeCounts = store::nodes::count_limited(db, user_id).await?;
    Ok(NodeUsage::from_quota(&plan_of(user_id).quota, &counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_free_plan_lets_a_newcomer_try_everything() {
        let free = plan("free").unwrap();
        assert_eq!(free.quota.assistant_nodes, Some(3));
        assert_eq!(free.quota.analyzer_nodes, Some(1));
        assert_eq!(free.quota.vector_store_nodes, Some(2));
        assert_eq!(plan_of(42), free);
        assert_eq!(quota_for(42, NodeKind::Assistant), Some(Some(3)));
        assert_eq!(quota_for(42, NodeKind::Sms), None);
    }

    #[test]
    fn plan_keys_are_unique() {
        for (i, a) in PLANS.iter().enumerate() {
            assert!(PLANS[i + 1..].iter().all(|b| b.key != a.key), "{}", a.key);
        }
    }
}

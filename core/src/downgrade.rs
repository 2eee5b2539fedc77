//! Moving to a plan with smaller quotas (spec §7 `analyze-downgrade`,
//! `cleanup-nodes`): per limited kind, how many nodes are over the target
//! plan's quota. The server refuses a downgrade while any kind is over; the
//! subscription page uses the same rule to say, as the user ticks nodes to
//! delete, whether the choice is enough.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::kind::NodeKind;
use crate::limits::{NodeCounts, PlanQuota};

/// The kinds plans limit, in the order the page lists them.
pub const LIMITED_KINDS: [NodeKind; 3] =
    [NodeKind::Assistant, NodeKind::Analyzer, NodeKind::Vectorstore];

/// One limited kind against a plan's quota.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct QuotaExcess {
    pub node_type: NodeKind,
    /// The plan's quota; `null` is unlimited.
    pub limit: Option<u32>,
    /// How many the user has.
    pub used: u32,
    /// How many must go before the plan fits (0 when it fits).
    pub excess: u32,
}

impl NodeCounts {
    /// The count of a limited kind; `None` for kinds plans do not limit.
    pub fn of_kind(&self, kind: NodeKind) -> Option<u32> {
        match kind {
            NodeKind::Assistant => Some(self.assistants),
            NodeKind::Analyzer => Some(self.analyzers),
            NodeKind::Vectorstore => Some(self.vector_stores),
            _ => None,
        }
    }

    /// The counts once `kinds` (one entry per node) are deleted; kinds plans
    /// do not limit change nothing.
    pub fn without(&self, kinds: &[NodeKind]) -> NodeCounts {
        let count = |kind: NodeKind| kinds.iter().filter(|&&k| k == kind).count();
        let less = |n: u32, kind| n.saturating_sub(u32::try_from(count(kind)).unwrap_or(u32::MAX));
        NodeCounts {
            assistants: less(self.assistants, NodeKind::Assistant),
            analyzers: less(self.analyzers, NodeKind::Analyzer),
            vector_stores: less(self.vector_stores, NodeKind::Vectorstore),
        }
    }
}

/// Every limited kind against `quota`, in [`LIMITED_KINDS`] order.
pub fn quota_excess(quota: &PlanQuota, counts: &NodeCounts) -> Vec<QuotaExcess> {
    LIMITED_KINDS
        .into_iter()
        .map(|kind| {
            let limit = quota.for_kind(kind).flatten();
            let used = counts.of_kind(kind).unwrap_or_default();
            let excess = limit.map_or(0, |l| used.saturating_sub(l));
            QuotaExcess { node_type: kind, limit, used, excess }
        })
        .collect()
}

/// Whether `counts` fit within `quota`.
pub fn fits(quota: &PlanQuota, counts: &NodeCounts) -> bool {
    quota_excess(quota, counts).iter().all(|e| e.excess == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: PlanQuota =
        PlanQuota { assistant_nodes: Some(3), analyzer_nodes: Some(1), vector_store_nodes: None };

    fn counts(assistants: u32, analyzers: u32, vector_stores: u32) -> NodeCounts {
        NodeCounts { assistants, analyzers, vector_stores }
    }

    #[test]
    fn excess_per_kind() {
        let excess = quota_excess(&SMALL, &counts(5, 1, 40));
        assert_eq!(
            excess,
            vec![
                QuotaExcess { node_type: NodeKind::Assistant, limit: Some(3), used: 5, excess: 2 },
                QuotaExcess { node_type: NodeKind::Analyzer, limit: Some(1), used: 1, excess: 0 },
                QuotaExcess { node_type: NodeKind::Vectorstore, limit: None, used: 40, excess: 0 },
            ]
        );
        assert!(!fits(&SMALL, &counts(5, 1, 40)));
        assert!(fits(&SMALL, &counts(3, 0, 40)));
    }

    #[test]
    fn deleting_brings_counts_down() {
        let after = counts(5, 2, 1).without(&[
            NodeKind::Assistant,
            NodeKind::Assistant,
            NodeKind::Analyzer,
            NodeKind::Function,
        ]);
        assert_eq!(after, counts(3, 1, 1));
        assert!(fits(&SMALL, &after));
        assert_eq!(counts(0, 0, 0).without(&[NodeKind::Assistant]), counts(0, 0, 0));
    }
}

//! Plan limits on assistant, analyzer and vector store nodes (spec §3 "Node
//! usage", §5 "Adding nodes", §8 "Limits").

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::digits::persian_digits;
use crate::kind::NodeKind;
use crate::messages::MessageCode;
use crate::timing::{LIMIT_REDIRECT_DELAY_MS, UPGRADE_LINK_DELAY_MS};

/// One limited kind's standing: how many exist, how many the plan allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct UsageEntry {
    pub can_create: bool,
    /// `null` means the plan sets no limit.
    pub limit: Option<u32>,
    pub used: u32,
}

impl UsageEntry {
    pub fn new(limit: Option<u32>, used: u32) -> Self {
        UsageEntry { can_create: limit.is_none_or(|l| used < l), limit, used }
    }
}

/// The three limited kinds, under the spec's key names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct NodeUsageByKind {
    pub assistant_nodes: UsageEntry,
    pub analyzer_nodes: UsageEntry,
    pub vector_store_nodes: UsageEntry,
}

/// The answer of `GET /api/playground/assistants/node-usage`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct NodeUsage {
    pub success: bool,
    pub node_usage: NodeUsageByKind,
}

/// A plan's quotas for the limited kinds; `None` is unlimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct PlanQuota {
    pub assistant_nodes: Option<u32>,
    pub analyzer_nodes: Option<u32>,
    pub vector_store_nodes: Option<u32>,
}

impl PlanQuota {
    pub fn for_kind(&self, kind: NodeKind) -> Option<Option<u32>> {
        match kind {
            NodeKind::Assistant => Some(self.assistant_nodes),
            NodeKind::Analyzer => Some(self.analyzer_nodes),
            NodeKind::Vectorstore => Some(self.vector_store_nodes),
            _ => None,
        }
    }
}

/// How many limited nodes a user has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct NodeCounts {
    pub assistants: u32,
    pub analyzers: u32,
    pub vector_stores: u32,
}

impl NodeUsage {
    pub fn from_quota(quota: &PlanQuota, counts: &NodeCounts) -> Self {
        NodeUsage {
            success: true,
            node_usage: NodeUsageByKind {
                assistant_nodes: UsageEntry::new(quota.assistant_nodes, counts.assistants),
                analyzer_nodes: UsageEntry::new(quota.analyzer_nodes, counts.analyzers),
                vector_store_nodes: UsageEntry::new(quota.vector_store_nodes, counts.vector_stores),
            },
        }
    }

    /// The entry for a limited kind; `None` for kinds plans do not limit.
    pub fn entry(&self, kind: NodeKind) -> Option<UsageEntry> {
        let usage = &self.node_usage;
        match kind {
            NodeKind::Assistant => Some(usage.assistant_nodes),
            NodeKind::Analyzer => Some(usage.analyzer_nodes),
            NodeKind::Vectorstore => Some(usage.vector_store_nodes),
            _ => None,
        }
    }
}

/// A refused add: which kind, its numbers, what to say and what the page does next.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct LimitError {
    pub kind: NodeKind,
    pub code: MessageCode,
    pub message: String,
    pub limit: Option<u32>,
    pub used: u32,
    /// Assistants: go to /subscription after this many ms.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub redirect_after_ms: Option<u32>,
    /// Vector stores: show a link to the subscription page after this many ms.
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub upgrade_link_after_ms: Option<u32>,
}

/// Whether one more node of `kind` may be added under `usage`. Kinds plans do
/// not limit always may.
pub fn check_node_limit(kind: NodeKind, usage: &NodeUsage) -> Result<(), LimitError> {
    let Some(entry) = usage.entry(kind) else { return Ok(()) };
    if entry.can_create && entry.limit.is_none_or(|l| entry.used < l) {
        return Ok(());
    }
    Err(limit_error(kind, entry.limit, entry.used))
}

/// Whether nodes of `kinds` (several at once: a paste, an undo bringing
/// nodes back) may all be added under `usage`: each limited kind's count on
/// top of what is used stays within its limit. The first kind that does not
/// fit is refused as [`check_node_limit`] refuses one.
pub fn check_node_limits(kinds: &[NodeKind], usage: &NodeUsage) -> Result<(), LimitError> {
    let mut counts: Vec<(NodeKind, u32)> = Vec::new();
    for &kind in kinds {
        match counts.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => counts.push((kind, 1)),
        }
    }
    for (kind, count) in counts {
        let Some(entry) = usage.entry(kind) else { continue };
        if entry.can_create && entry.limit.is_none_or(|l| entry.used.saturating_add(count) <= l) {
            continue;
        }
        return Err(limit_error(kind, entry.limit, entry.used));
    }
    Ok(())
}

/// The limit error for a kind, as the canvas shows it (spec §8).
pub fn limit_error(kind: NodeKind, limit: Option<u32>, used: u32) -> LimitError {
    let (code, redirect_after_ms, upgrade_link_after_ms) = match kind {
        NodeKind::Assistant => {
            (MessageCode::AssistantLimitReached, Some(LIMIT_REDIRECT_DELAY_MS), None)
        }
        NodeKind::Vectorstore => {
            (MessageCode::VectorStoreLimitReached, None, Some(UPGRADE_LINK_DELAY_MS))
        }
        NodeKind::Analyzer => (MessageCode::AnalyzerLimitReached, None, None),
        _ => (MessageCode::NodeLimitExceeded, None, None),
    };
    LimitError {
        kind,
        code,
        message: render_limit(code, kind, limit, used),
        limit,
        used,
        redirect_after_ms,
        upgrade_link_after_ms,
    }
}

/// The server's 403 message for `node_limit_exceeded`.
pub fn node_limit_exceeded_message(kind: NodeKind, limit: Option<u32>, used: u32) -> String {
    render_limit(MessageCode::NodeLimitExceeded, kind, limit, used)
}

fn render_limit(code: MessageCode, kind: NodeKind, limit: Option<u32>, used: u32) -> String {
    let limit = limit.map_or_else(|| "∞".to_owned(), |l| persian_digits(&l.to_string()));
    code.render(&[
        ("type", kind.label()),
        ("limit", &limit),
        ("used", &persian_digits(&used.to_string())),
    ])
}

/// Whether a failed add was a plan limit (spec §8: the text carries
/// `node_limit_exceeded` or «حداکثر», or the answer was HTTP 403).
pub fn is_limit_failure(http_status: Option<u16>, text: &str) -> bool {
    http_status == Some(403) || text.contains("node_limit_exceeded") || text.contains("حداکثر")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(limit: Option<u32>, used: u32) -> NodeUsage {
        let quota =
            PlanQuota { assistant_nodes: limit, analyzer_nodes: limit, vector_store_nodes: limit };
        let counts = NodeCounts { assistants: used, analyzers: used, vector_stores: used };
        NodeUsage::from_quota(&quota, &counts)
    }

    #[test]
    fn below_the_limit_may_add_at_the_limit_may_not() {
        for kind in [NodeKind::Assistant, NodeKind::Analyzer, NodeKind::Vectorstore] {
            assert!(check_node_limit(kind, &usage(Some(3), 2)).is_ok());
            let err = check_node_limit(kind, &usage(Some(3), 3)).unwrap_err();
            assert_eq!((err.kind, err.limit, err.used), (kind, Some(3), 3));
            assert!(err.message.contains("حداکثر"), "{}", err.message);
            assert!(check_node_limit(kind, &usage(Some(3), 4)).is_err());
            assert!(check_node_limit(kind, &usage(None, 1000)).is_ok());
        }
    }

    #[test]
    fn several_at_once_fit_only_when_all_of_them_do() {
        let room_for_two = usage(Some(3), 1);
        let two = [NodeKind::Assistant, NodeKind::Function, NodeKind::Assistant];
        assert!(check_node_limits(&two, &room_for_two).is_ok());
        let three = [NodeKind::Assistant, NodeKind::Assistant, NodeKind::Assistant];
        let err = check_node_limits(&three, &room_for_two).unwrap_err();
        assert_eq!((err.kind, err.limit, err.used), (NodeKind::Assistant, Some(3), 1));
        // Another limited kind that does not fit is named, whatever comes first.
        let mixed = [
            NodeKind::Function,
            NodeKind::Vectorstore,
            NodeKind::Vectorstore,
            NodeKind::Vectorstore,
        ];
        assert_eq!(
            check_node_limits(&mixed, &room_for_two).unwrap_err().kind,
            NodeKind::Vectorstore
        );
        // Unlimited kinds and plans, and nothing at all, always fit.
        assert!(check_node_limits(&[NodeKind::Function; 50], &usage(Some(0), 0)).is_ok());
        assert!(check_node_limits(&[NodeKind::Assistant; 50], &usage(None, 9)).is_ok());
        assert!(check_node_limits(&[], &usage(Some(0), 0)).is_ok());
        // One node is exactly the single check.
        assert_eq!(
            check_node_limits(&[NodeKind::Analyzer], &usage(Some(1), 1)),
            check_node_limit(NodeKind::Analyzer, &usage(Some(1), 1))
        );
    }

    #[test]
    fn unlimited_kinds_are_never_refused() {
        let full = usage(Some(0), 0);
        assert!(check_node_limit(NodeKind::Telegram, &full).is_ok());
        assert!(check_node_limit(NodeKind::Container, &full).is_ok());
        assert!(check_node_limit(NodeKind::Assistant, &full).is_err());
    }

    #[test]
    fn server_says_no_even_when_numbers_say_yes() {
        let mut u = usage(Some(5), 1);
        u.node_usage.assistant_nodes.can_create = false;
        assert!(check_node_limit(NodeKind::Assistant, &u).is_err());
    }

    #[test]
    fn each_kind_reacts_as_the_spec_says() {
        let a = limit_error(NodeKind::Assistant, Some(1), 1);
        assert_eq!(
            (a.code, a.redirect_after_ms, a.upgrade_link_after_ms),
            (MessageCode::AssistantLimitReached, Some(3000), None)
        );
        let v = limit_error(NodeKind::Vectorstore, Some(1), 1);
        assert_eq!((v.redirect_after_ms, v.upgrade_link_after_ms), (None, Some(500)));
        let an = limit_error(NodeKind::Analyzer, Some(2), 2);
        assert_eq!(an.code, MessageCode::AnalyzerLimitReached);
        assert!(an.message.contains("۲ از ۲"), "{}", an.message);
    }

    #[test]
    fn usage_serialises_with_the_spec_keys() {
        let json = serde_json::to_value(usage(Some(2), 1)).unwrap();
        assert_eq!(json["success"], true);
        assert_eq!(
            json["node_usage"]["vector_store_nodes"],
            serde_json::json!({"can_create": true, "limit": 2, "used": 1})
        );
        assert!(json["node_usage"]["assistant_nodes"].is_object());
        assert!(json["node_usage"]["analyzer_nodes"].is_object());
    }

    #[test]
    fn limit_failures_are_recognised() {
        assert!(is_limit_failure(Some(403), ""));
        assert!(is_limit_failure(None, "error: node_limit_exceeded"));
        assert!(is_limit_failure(Some(400), "به حداکثر رسیدید"));
        assert!(!is_limit_failure(Some(500), "boom"));
        assert!(node_limit_exceeded_message(NodeKind::Assistant, Some(1), 1).contains("حداکثر"));
    }
}

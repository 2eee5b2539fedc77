//! Moving to a plan with smaller quotas: which of the user's nodes are over
//! the target plan's quotas ([`analyze`]), and deleting the ones the user
//! chose before moving ([`cleanup`]). The rule itself is core's
//! `downgrade::quota_excess`.

use dastyar_core::digits::persian_digits;
use dastyar_core::downgrade::{self, LIMITED_KINDS, QuotaExcess};
use dastyar_core::ids::CanvasId;
use dastyar_core::limits::NodeCounts;
use dastyar_core::{MessageCode, NodeKind};
use serde::Serialize;
use serde_json::{Map, json};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::billing::catalogue::Plan;
use crate::billing::current_plan;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store;
use crate::store::nodes::LimitedNode;

/// One of the user's nodes a downgrade may delete.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct DowngradeNode {
    /// The node's database id (what `cleanup-nodes` takes).
    pub id: i64,
    /// The canvas id, `{type}-{id}`.
    pub canvas_id: String,
    pub node_type: NodeKind,
    pub name: String,
    pub project_id: i64,
    pub project_name: String,
    pub created_at: String,
    /// Among the newest `excess` of its kind: what the page ticks first.
    pub suggested: bool,
}

/// One limited kind against the target plan, with the nodes to choose from
/// when it is over (empty when it fits).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct DowngradeKind {
    pub node_type: NodeKind,
    /// The target plan's quota; `null` is unlimited.
    pub limit: Option<u32>,
    pub used: u32,
    /// How many must be deleted (0: it fits).
    pub excess: u32,
    /// Every node of the kind, newest first, when `excess` > 0.
    pub nodes: Vec<DowngradeNode>,
}

/// `analyze-downgrade`'s answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct DowngradeAnalysis {
    pub target_plan_key: String,
    /// Persian.
    pub target_plan_name: String,
    pub current_plan_key: String,
    /// Some kind is over the target's quota: nodes must be deleted first.
    pub needs_cleanup: bool,
    /// The three limited kinds, assistants first.
    pub kinds: Vec<DowngradeKind>,
}

/// A plan by key, or a 422 on `field`.
pub fn plan_by_key<'a>(state: &'a AppState, key: &str, field: &str) -> Result<&'a Plan, ApiError> {
    state.plans.plan(key).ok_or_else(|| ApiError::invalid(field, MessageCode::PlanUnknown))
}

/// Which of the user's nodes are over `target`'s quotas.
pub async fn analyze(
    state: &AppState,
    user_id: i64,
    target: &Plan,
) -> Result<DowngradeAnalysis, ApiError> {
    let nodes = store::nodes::list_limited(state.db.pool(), user_id).await?;
    let counts = counts_of(&nodes);
    let (current, _) = current_plan::current_plan(state, user_id).await?;
    let kinds: Vec<DowngradeKind> = downgrade::quota_excess(&target.quota, &counts)
        .into_iter()
        .map(|QuotaExcess { node_type, limit, used, excess }| DowngradeKind {
            node_type,
            limit,
            used,
            excess,
            nodes: if excess == 0 { Vec::new() } else { choices(&nodes, node_type, excess) },
        })
        .collect();
    Ok(DowngradeAnalysis {
        target_plan_key: target.key.clone(),
        target_plan_name: target.name.clone(),
        current_plan_key: current.key.clone(),
        needs_cleanup: kinds.iter().any(|k| k.excess > 0),
        kinds,
    })
}

/// Refuses (409 `plan_needs_cleanup`, with the analysis) a move to `target`
/// while the user's nodes are over its quotas.
pub async fn ensure_fits(state: &AppState, user_id: i64, target: &Plan) -> Result<(), ApiError> {
    let analysis = analyze(state, user_id, target).await?;
    if !analysis.needs_cleanup {
        return Ok(());
    }
    let mut details = Map::new();
    details.insert("target_plan_key".into(), json!(target.key));
    details.insert(
        "kinds".into(),
        json!(
            analysis
                .kinds
                .iter()
                .map(|k| json!({
                    "node_type": k.node_type, "limit": k.limit, "used": k.used, "excess": k.excess
                }))
                .collect::<Vec<_>>()
        ),
    );
    Err(ApiError::conflict_with(MessageCode::PlanNeedsCleanup, &[("plan", &target.name)], details))
}

/// Deletes exactly `ids` (the caller's limited nodes, each once), after
/// checking that what remains fits `target`; nothing is deleted otherwise.
/// Answers the ids deleted.
pub async fn cleanup(
    state: &AppState,
    user_id: i64,
    target: &Plan,
    ids: &[i64],
) -> Result<Vec<i64>, ApiError> {
    let nodes = store::nodes::list_limited(state.db.pool(), user_id).await?;
    let mut kinds = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        let node = nodes.iter().find(|n| n.id == *id);
        let Some(kind) = node.and_then(|n| n.kind.parse::<NodeKind>().ok()) else {
            return Err(ApiError::invalid("nodes_to_delete", MessageCode::NodesToDeleteInvalid));
        };
        if ids[..i].contains(id) {
            return Err(ApiError::invalid("nodes_to_delete", MessageCode::NodesToDeleteInvalid));
        }
        kinds.push(kind);
    }
    let remaining = counts_of(&nodes).without(&kinds);
    if let Some(over) =
        downgrade::quota_excess(&target.quota, &remaining).into_iter().find(|e| e.excess > 0)
    {
        let limit = persian_digits(&over.limit.unwrap_or_default().to_string());
        let used = persian_digits(&over.used.to_string());
        let mut details = Map::new();
        details.insert("node_type".into(), json!(over.node_type));
        details.insert("limit".into(), json!(over.limit));
        details.insert("remaining".into(), json!(over.used));
        return Err(ApiError::conflict_with(
            MessageCode::DowngradeStillExceeds,
            &[
                ("remaining", &used),
                ("type", over.node_type.label()),
                ("plan", &target.name),
                ("limit", &limit),
            ],
            details,
        ));
    }
    let mut deleted = Vec::with_capacity(ids.len());
    for &id in ids {
        // A node deleted meanwhile (another tab) is as good as deleted now.
        crate::canvas::edges::delete_node(&state.db, user_id, id).await?;
        deleted.push(id);
    }
    Ok(deleted)
}

fn counts_of(nodes: &[LimitedNode]) -> NodeCounts {
    let count = |kind: NodeKind| {
        let n = nodes.iter().filter(|n| n.kind == kind.as_str()).count();
        u32::try_from(n).unwrap_or(u32::MAX)
    };
    NodeCounts {
        assistants: count(NodeKind::Assistant),
        analyzers: count(NodeKind::Analyzer),
        vector_stores: count(NodeKind::Vectorstore),
    }
}

/// The nodes of `kind` (newest first), the newest `excess` suggested.
fn choices(nodes: &[LimitedNode], kind: NodeKind, excess: u32) -> Vec<DowngradeNode> {
    debug_assert!(LIMITED_KINDS.contains(&kind));
    nodes
        .iter()
        .filter(|n| n.kind == kind.as_str())
        .enumerate()
        .map(|(i, n)| DowngradeNode {
            id: n.id,
            canvas_id: CanvasId::saved(kind, n.id).to_string(),
            node_type: kind,
            name: n.name.clone(),
            project_id: n.project_id,
            project_name: n.project_name.clone(),
            created_at: n.created_at.clone(),
            suggested: u32::try_from(i).is_ok_and(|i| i < excess),
        })
        .collect()
}

//! A scheduler or trigger switched on gets a schedule from that moment; one
//! switched off, or whose schedule changed, is rescheduled. The node's
//! `nextRunTime`, `currentRuns` and `lastRunTime` are written from the
//! engine's own row, so what the canvas shows is what will happen.

use chrono::{DateTime, Utc};
use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::data::scheduler::SchedulerPayload;
use dastyar_core::schedule::{Schedule, next_runs};

use crate::db::timestamp;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::nodes::{self, NodeRow};
use crate::store::schedules::{self as store, ScheduleRow};
use crate::store::tx::Tx;

/// The schedule part of a scheduler's or trigger's payload.
pub fn schedule_of(payload: &NodePayload) -> Option<&SchedulerPayload> {
    match payload {
        NodePayload::Scheduler(s) => Some(s),
        NodePayload::Trigger(t) => Some(&t.scheduler),
        _ => None,
    }
}

pub fn schedule_of_mut(payload: &mut NodePayload) -> Option<&mut SchedulerPayload> {
    match payload {
        NodePayload::Scheduler(s) => Some(s),
        NodePayload::Trigger(t) => Some(&mut t.scheduler),
        _ => None,
    }
}

/// What decides when a node runs: its schedule, its cap and whether it is on.
fn timing(payload: &SchedulerPayload) -> (Schedule, Option<i64>, bool) {
    (payload.schedule(), payload.max_runs, payload.is_active)
}

/// After a node was written (switched, edited): brings its schedule in
/// step, unless what decides its timing is as `before` had it. The node as
/// it now stands.
pub async fn follow(
    state: &AppState,
    user_id: i64,
    before: Option<&NodePayload>,
    row: NodeRow,
) -> Result<NodeRow, ApiError> {
    let payload = row.payload().map_err(ApiError::internal)?;
    let Some(after) = schedule_of(&payload) else { return Ok(row) };
    if before.and_then(schedule_of).map(timing) == Some(timing(after)) {
        return Ok(row);
    }
    reschedule(state, user_id, row.id, Utc::now()).await?;
    Ok(nodes::get(state.db.pool(), user_id, row.id).await?.unwrap_or(row))
}

/// Computes the node's schedule afresh from `now`: on, its first due time
/// after now (runs counted on, from none once it had reached its cap); off,
/// none.
pub async fn reschedule(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let mut tx = Tx::begin(&state.db).await?;
    let Some(node) = nodes::lock(&mut tx, user_id, node_id).await? else { return Ok(()) };
    let mut payload = node.payload().map_err(ApiError::internal)?;
    let kind = node.kind().map_err(ApiError::internal)?;
    let Some(timing) = schedule_of_mut(&mut payload) else { return Ok(()) };
    let existing = store::lock(&mut tx, node.id).await?;
    let mut runs = existing.as_ref().map_or(timing.current_runs, |s| s.runs);
    let capped = |runs: i64| timing.max_runs.is_some_and(|max| runs >= max);
    if timing.is_active && capped(runs) {
        runs = 0;
    }
    let next = if timing.is_active {
        next_runs(&timing.schedule(), now, 1).ok().and_then(|mut runs| runs.pop())
    } else {
        None
    };
    timing.current_runs = runs;
    timing.next_run_time = next.map(timestamp::shown);
    let row = ScheduleRow {
        node_id: node.id,
        user_id,
        kind: kind.to_string(),
        next_due_at: next.map(timestamp::of),
        runs,
        max_runs: timing.max_runs,
        last_run_at: existing.and_then(|s| s.last_run_at),
    };
    store::put(&mut tx, &row).await?;
    nodes::set_data(&mut tx, node.id, &payload).await?;
    tx.commit().await?;
    Ok(())
}

/// Whether the kind has a schedule.
pub fn is_scheduled(kind: NodeKind) -> bool {
    matches!(kind, NodeKind::Scheduler | NodeKind::Trigger)
}

//! What the panels read and do with a scheduler's or trigger's runs: its
//! history, where it stands, its next due times, and a run now (a scheduler's
//! test run, a trigger's test message), outside its schedule and count.

use chrono::Utc;
use dastyar_core::NodeKind;
use dastyar_core::schedule::next_runs;
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use super::activation::{reschedule, schedule_of};
use super::engine::{Instance, LEASE};
use super::run;
use crate::db::timestamp;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::nodes::{self, NodeRow};
use crate::store::schedules::{self as store, NewRun, RequestedBy, RunRow};
use crate::store::tx::Tx;

/// The most runs one page of history holds.
pub const HISTORY_MAX: u32 = 100;

/// One run as the panel lists it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct RunView {
    pub id: i64,
    /// When it was due (UTC, RFC 3339); when asked, for a run by hand.
    pub due_at: String,
    /// `schedule`, or `user` for a run by hand.
    pub requested_by: String,
    /// Due times before it skipped by the catch-up policy.
    pub missed: i64,
    /// `running`, `succeeded` or `failed`.
    pub state: String,
    /// More than 1 when another instance took it over.
    pub attempts: i64,
    pub started_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub finished_at: Option<String>,
    /// What it did: the request's answer, or the trigger's message and the
    /// assistant's reply.
    #[schema(value_type = Object)]
    #[ts(type = "unknown")]
    pub outcome: Value,
    /// Why it failed, in Persian.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
}

impl RunView {
    pub fn of(row: RunRow) -> RunView {
        RunView {
            id: row.id,
            due_at: shown(&row.due_at),
            requested_by: row.requested_by,
            missed: row.missed,
            state: row.state,
            attempts: row.attempts,
            started_at: shown(&row.started_at),
            finished_at: row.finished_at.as_deref().map(shown),
            outcome: row
                .outcome
                .as_deref()
                .and_then(|o| serde_json::from_str(o).ok())
                .unwrap_or(Value::Null),
            error: row.error,
        }
    }
}

/// A stored timestamp to the second, as the node shows its times.
fn shown(stored: &str) -> String {
    timestamp::parse(stored).map(timestamp::shown).unwrap_or_else(|| stored.to_owned())
}

/// Where a scheduler or trigger stands, and its latest runs.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct RunHistory {
    pub is_active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next_run_time: Option<String>,
    pub current_runs: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max_runs: Option<i64>,
    /// Newest first.
    pub runs: Vec<RunView>,
}

/// The user's scheduler or trigger `id` of `kind` (404 for anything else).
async fn node_of(
    state: &AppState,
    user_id: i64,
    kind: NodeKind,
    id: i64,
) -> Result<NodeRow, ApiError> {
    nodes::get(state.db.pool(), user_id, id)
        .await?
        .filter(|row| row.kind().is_ok_and(|k| k == kind))
        .ok_or(ApiError::NotFound)
}

/// Where the node stands and its latest `limit` runs.
pub async fn history(
    state: &AppState,
    user_id: i64,
    kind: NodeKind,
    id: i64,
    limit: u32,
) -> Result<RunHistory, ApiError> {
    let node = node_of(state, user_id, kind, id).await?;
    let payload = node.payload().map_err(ApiError::internal)?;
    let timing = schedule_of(&payload).ok_or(ApiError::NotFound)?;
    let runs = store::history(&state.db, id, i64::from(limit.clamp(1, HISTORY_MAX))).await?;
    Ok(RunHistory {
        is_active: timing.is_active,
        next_run_time: timing.next_run_time.clone(),
        current_runs: timing.current_runs,
        max_runs: timing.max_runs,
        runs: runs.into_iter().map(RunView::of).collect(),
    })
}

/// The node's next `count` due times (UTC, RFC 3339): from its next run
/// when on, and no more than its max runs leave; from now when off. A 422
/// says what is wrong with its schedule.
pub async fn preview(
    state: &AppState,
    user_id: i64,
    kind: NodeKind,
    id: i64,
    count: u32,
) -> Result<Vec<String>, ApiError> {
    let node = node_of(state, user_id, kind, id).await?;
    let payload = node.payload().map_err(ApiError::internal)?;
    let timing = schedule_of(&payload).ok_or(ApiError::NotFound)?;
    let mut count = count.clamp(1, 50) as usize;
    if let Some(max) = timing.max_runs.filter(|_| timing.is_active) {
        count = count.min(usize::try_from(max - timing.current_runs).unwrap_or(0));
    }
    // On, its times go on from the next one the engine holds (an interval
    // keeps its phase); off, they would start from now.
    let next =
        timing.next_run_time.as_deref().and_then(timestamp::parse).filter(|_| timing.is_active);
    let mut times = Vec::with_capacity(count);
    let after = match next {
        Some(next) if count > 0 => {
            times.push(next);
            next
        }
        _ => Utc::now(),
    };
    let more = next_runs(&timing.schedule(), after, count - times.len().min(count))
        .map_err(|e| ApiError::Problems(vec![e]))?;
    times.extend(more);
    Ok(times.into_iter().map(timestamp::shown).collect())
}

/// Runs the node now, outside its schedule (not counted in its runs); a
/// trigger sends `message` in place of its template when one is given.
/// The run as it ended.
pub async fn run_now(
    state: &AppState,
    user_id: i64,
    kind: NodeKind,
    id: i64,
    message: Option<&str>,
) -> Result<RunView, ApiError> {
    node_of(state, user_id, kind, id).await?;
    let instance = Instance::new();
    let now = Utc::now();
    let mut tx = Tx::begin(&state.db).await?;
    let new = NewRun {
        node_id: id,
        user_id,
        due_at: &timestamp::of(now),
        requested_by: RequestedBy::User,
        missed: 0,
        instance: &instance.0,
        lease_until: &timestamp::of(now + LEASE),
        started_at: &timestamp::of(now),
    };
    let Some(run) = store::insert_run(&mut tx, &new).await? else {
        // Two runs by hand in the same microsecond: the other one stands.
        return Err(ApiError::Conflict(dastyar_core::MessageCode::Conflict));
    };
    tx.commit().await?;
    let ended = run::perform_with(state, &run, message).await?;
    let outcome = ended.outcome.to_string();
    store::finish_run(
        &state.db,
        run.id,
        &instance.0,
        ended.succeeded,
        &outcome,
        ended.error.as_deref(),
    )
    .await?;
    let row = store::run(&state.db, run.id).await?.unwrap_or(run);
    Ok(RunView::of(row))
}

/// Brings the node's schedule in step with its data now (what `sync` does),
/// and answers where it stands.
pub async fn sync(
    state: &AppState,
    user_id: i64,
    kind: NodeKind,
    id: i64,
) -> Result<RunHistory, ApiError> {
    node_of(state, user_id, kind, id).await?;
    reschedule(state, user_id, id, Utc::now()).await?;
    history(state, user_id, kind, id, 0).await.map(|mut h| {
        h.runs.clear();
        h
    })
}

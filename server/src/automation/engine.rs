//! The engine: each instance looks for due schedules a few times a second.
//! Firing one is a transaction: the schedule is locked (PostgreSQL skips
//! one another instance holds), its run inserted (unique per node and due
//! time), its next due time and counts written to it and to the node. The
//! run itself happens after the commit, under a lease the instance renews;
//! a run whose lease ran out (its instance died) is taken over and run
//! again under the same key. The clock is a parameter: tests move it.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use dastyar_core::schedule::following;
use futures_util::StreamExt;
use rand::distr::{Alphanumeric, SampleString};
use serde_json::json;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinHandle;

use super::activation::schedule_of;
use super::catch_up::Decision;
use super::run::{self, Ended};
use crate::db::timestamp;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::nodes;
use crate::store::schedules::{self as store, NewRun, RequestedBy, RunRow};
use crate::store::tx::Tx;

/// How long a run is held by its instance before another may take it over;
/// renewed every [`RENEW_EVERY`] while it runs.
pub const LEASE: TimeDelta = TimeDelta::seconds(60);
const RENEW_EVERY: Duration = Duration::from_secs(20);
/// How often an idle instance looks for due schedules: runs fire at most
/// this late (plus the time to claim them).
pub const LOOK_EVERY: Duration = Duration::from_millis(200);
/// Schedules claimed per look; more are claimed at once on the next.
const CLAIMED_PER_LOOK: i64 = 200;
/// Runs one instance performs at once: a trigger waits on the model for
/// seconds, and others must not queue behind it.
pub const RUNS_AT_ONCE: usize = 64;

/// This instance, as its runs name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance(pub String);

impl Instance {
    pub fn new() -> Instance {
        Instance(format!("i-{}", Alphanumeric.sample_string(&mut rand::rng(), 12)))
    }
}

impl Default for Instance {
    fn default() -> Self {
        Instance::new()
    }
}

/// Claims what is due at `now`: runs of schedules come due, and runs whose
/// lease ran out. None has run yet; [`perform`] runs each.
pub async fn claim(
    state: &AppState,
    instance: &Instance,
    now: DateTime<Utc>,
) -> Result<Vec<RunRow>, ApiError> {
    let now_text = timestamp::of(now);
    let lease = timestamp::of(now + LEASE);
    let mut claimed =
        store::take_over(&state.db, &now_text, &instance.0, &lease, CLAIMED_PER_LOOK).await?;
    for node_id in store::due(&state.db, &now_text, CLAIMED_PER_LOOK).await? {
        if let Some(run) = fire(state, instance, node_id, now).await? {
            claimed.push(run);
        }
    }
    Ok(claimed)
}

/// Fires one due schedule, if it is still due and no other instance holds
/// it: its run, unless the catch-up policy skips what was missed.
async fn fire(
    state: &AppState,
    instance: &Instance,
    node_id: i64,
    now: DateTime<Utc>,
) -> Result<Option<RunRow>, ApiError> {
    let mut tx = Tx::begin(&state.db).await?;
    let Some(schedule) = store::lock_due(&mut tx, node_id, &timestamp::of(now)).await? else {
        return Ok(None);
    };
    let Some(node) = nodes::lock(&mut tx, schedule.user_id, node_id).await? else {
        return Ok(None);
    };
    let mut payload = node.payload().map_err(ApiError::internal)?;
    let due = schedule.next_due_at.as_deref().and_then(timestamp::parse).unwrap_or(now);
    let timing = schedule_of(&payload).map(|s| (s.schedule(), s.is_active, s.max_runs));
    let Some((plan, true, max_runs)) = timing else {
        // Switched off, or no longer a schedule: it is not due any more.
        store::advance(&mut tx, node_id, None, schedule.runs, schedule.last_run_at.as_deref())
            .await?;
        tx.commit().await?;
        return Ok(None);
    };
    let standing = following(&plan, due, now).ok().flatten();
    let (next, latest, missed) = match standing {
        Some(f) => (Some(f.next), f.latest, f.missed),
        None => (None, due, 0),
    };
    let decision = state.config.schedule_catch_up.decide(due, latest, missed, now);
    let (fired_at, runs) = match decision {
        Decision::Fire { due, .. } => (Some(due), schedule.runs + 1),
        Decision::Skip { .. } => (None, schedule.runs),
    };
    let finished = max_runs.is_some_and(|max| runs >= max);
    let next = if finished { None } else { next };
    let last_run_at = fired_at.map(timestamp::of).or(schedule.last_run_at.clone());
    if let Some(timing) = super::activation::schedule_of_mut(&mut payload) {
        timing.current_runs = runs;
        timing.next_run_time = next.map(timestamp::shown);
        timing.is_active = !finished;
    }
    if let (dastyar_core::data::NodePayload::Trigger(trigger), Some(at)) = (&mut payload, fired_at)
    {
        trigger.last_run_time = Some(timestamp::shown(at));
    }
    nodes::set_data(&mut tx, node_id, &payload).await?;
    let next_text = next.map(timestamp::of);
    store::advance(&mut tx, node_id, next_text.as_deref(), runs, last_run_at.as_deref()).await?;
    let run = match (decision, fired_at) {
        (Decision::Fire { missed, .. }, Some(at)) => {
            let new = NewRun {
                node_id,
                user_id: schedule.user_id,
                due_at: &timestamp::of(at),
                requested_by: RequestedBy::Schedule,
                missed: i64::try_from(missed).unwrap_or(i64::MAX),
                instance: &instance.0,
                lease_until: &timestamp::of(now + LEASE),
                started_at: &timestamp::of(now),
            };
            store::insert_run(&mut tx, &new).await?
        }
        _ => None,
    };
    tx.commit().await?;
    Ok(run)
}

/// Performs a claimed run and records how it ended, renewing its lease
/// meanwhile. If the lease was lost (another instance took the run over),
/// the ending is that instance's to record.
pub async fn perform(state: &AppState, instance: &Instance, run: &RunRow) -> Result<(), ApiError> {
    let work = run::perform(state, run);
    tokio::pin!(work);
    let mut renew = tokio::time::interval(RENEW_EVERY);
    renew.tick().await;
    let ended = loop {
        tokio::select! {
            ended = &mut work => break ended,
            _ = renew.tick() => {
                let until = timestamp::of(Utc::now() + LEASE);
                store::renew(&state.db, run.id, &instance.0, &until).await?;
            }
        }
    };
    let ended = ended.unwrap_or_else(|error| {
        tracing::error!(run = run.id, ?error, "a scheduled run failed");
        Ended {
            succeeded: false,
            outcome: json!({}),
            error: Some(dastyar_core::MessageCode::InternalError.persian().to_owned()),
        }
    });
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
    Ok(())
}

/// Claims everything due at `now` (look after look, while one claims
/// something) and performs it all before answering: the runs it performed
/// (tests drive the engine with it and their own clock).
pub async fn tick(
    state: &AppState,
    instance: &Instance,
    now: DateTime<Utc>,
) -> Result<Vec<RunRow>, ApiError> {
    let mut claimed = Vec::new();
    loop {
        let more = claim(state, instance, now).await?;
        if more.is_empty() {
            break;
        }
        claimed.extend(more);
    }
    // As many at once as the loop runs.
    let mut performing = futures_util::stream::iter(claimed.clone())
        .map(|run| async move { perform(state, instance, &run).await })
        .buffer_unordered(RUNS_AT_ONCE);
    while let Some(result) = performing.next().await {
        result?;
    }
    drop(performing);
    Ok(claimed)
}

/// The loop that runs schedules in the background of `serve`, until stopped.
pub struct Engine {
    stop: watch::Sender<bool>,
    handle: JoinHandle<()>,
}

impl Engine {
    pub fn start(state: AppState) -> Engine {
        let (stop, mut stopped) = watch::channel(false);
        let instance = Instance::new();
        let handle = tokio::spawn(async move {
            let slots = Arc::new(Semaphore::new(RUNS_AT_ONCE));
            while !*stopped.borrow() {
                let mut busy = false;
                match claim(&state, &instance, Utc::now()).await {
                    Ok(claimed) => {
                        // One look takes a page: more may be due at once.
                        busy = !claimed.is_empty();
                        for run in claimed {
                            let Ok(slot) = slots.clone().acquire_owned().await else { break };
                            let (state, instance) = (state.clone(), instance.clone());
                            tokio::spawn(async move {
                                if let Err(error) = perform(&state, &instance, &run).await {
                                    tracing::error!(
                                        run = run.id,
                                        ?error,
                                        "a run could not be recorded"
                                    );
                                }
                                drop(slot);
                            });
                        }
                    }
                    Err(error) => tracing::error!(?error, "due schedules could not be claimed"),
                }
                if busy {
                    continue;
                }
                tokio::select! {
                    () = tokio::time::sleep(LOOK_EVERY) => {}
                    _ = stopped.changed() => {}
                }
            }
        });
        Engine { stop, handle }
    }

    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.handle.await;
    }
}

//! The daily report: each analyzer reports every day at its hour (Tehran
//! time; 9 in the morning unless changed), and can be switched off. One
//! loop per instance looks for analyzers due; of several instances, the
//! one that moves an analyzer's next run on takes the run.

use std::time::{Duration, SystemTime};

use chrono::{DateTime, Utc};
use dastyar_core::MessageCode;
use dastyar_core::schedule::{DEFAULT_TIMEZONE, Schedule, ScheduleType, next_runs};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use ts_rs::TS;
use utoipa::ToSchema;

use super::report::{self, Outcome, RequestedBy};
use super::scope;
use crate::db::timestamp;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::analyzers::{self as store, AnalyzerRow};

/// A new analyzer reports at 9 in the morning, Tehran time.
pub const DEFAULT_HOUR: i64 = 9;
/// How often an instance looks for analyzers due.
const LOOK_EVERY: Duration = Duration::from_secs(60);
/// Analyzers taken per look; the rest wait for the next.
const DUE_PER_LOOK: i64 = 32;

/// When an analyzer reports.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AnalyzerSchedule {
    /// A report every day.
    pub daily: bool,
    /// The hour of the day, 0 to 23, Tehran time.
    #[schema(minimum = 0, maximum = 23)]
    pub hour: i64,
    /// When the next report goes out (UTC, RFC 3339); none when off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next_report_at: Option<String>,
}

impl AnalyzerSchedule {
    fn of(row: &AnalyzerRow) -> AnalyzerSchedule {
        AnalyzerSchedule {
            daily: row.is_daily(),
            hour: row.hour,
            next_report_at: row.next_report_at.clone(),
        }
    }
}

fn now() -> DateTime<Utc> {
    DateTime::from(SystemTime::now())
}

/// The first `hour:00` in Tehran after `after`.
pub fn next_daily(hour: i64, after: DateTime<Utc>) -> DateTime<Utc> {
    let schedule = Schedule {
        schedule_type: ScheduleType::Cron,
        interval_value: None,
        interval_unit: None,
        cron_expression: Some(format!("0 {hour} * * *")),
        timezone: DEFAULT_TIMEZONE.to_owned(),
    };
    next_runs(&schedule, after, 1)
        .ok()
        .and_then(|runs| runs.into_iter().next())
        .unwrap_or(after + chrono::TimeDelta::days(1))
}

/// The analyzer's row, made with the default schedule on first use.
pub async fn row(state: &AppState, user_id: i64, node_id: i64) -> Result<AnalyzerRow, ApiError> {
    if let Some(row) = store::get(&state.db, user_id, node_id).await? {
        return Ok(row);
    }
    let next = timestamp::of(next_daily(DEFAULT_HOUR, now()));
    Ok(store::ensure(&state.db, user_id, node_id, &next).await?)
}

/// The user's analyzer's schedule.
pub async fn get(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<AnalyzerSchedule, ApiError> {
    scope::analyzer(state, user_id, node_id).await?;
    Ok(AnalyzerSchedule::of(&row(state, user_id, node_id).await?))
}

/// Sets the user's analyzer's schedule.
pub async fn set(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    daily: bool,
    hour: i64,
) -> Result<AnalyzerSchedule, ApiError> {
    if !(0..24).contains(&hour) {
        return Err(ApiError::invalid("hour", MessageCode::AnalyzerHourInvalid));
    }
    scope::analyzer(state, user_id, node_id).await?;
    row(state, user_id, node_id).await?;
    let next = daily.then(|| timestamp::of(next_daily(hour, now())));
    store::set_schedule(&state.db, node_id, daily, hour, next.as_deref()).await?;
    Ok(AnalyzerSchedule { daily, hour, next_report_at: next })
}

/// Runs the reports due at `now`: how many reports went out.
pub async fn run_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, ApiError> {
    let mut reported = 0;
    for due in store::due(&state.db, &timestamp::of(now), DUE_PER_LOOK).await? {
        let Some(was) = due.next_report_at.as_deref() else { continue };
        let next = timestamp::of(next_daily(due.hour, now));
        if !store::take_due(&state.db, due.node_id, was, &next).await? {
            continue; // another instance took it
        }
        match report::run(state, due.user_id, due.node_id, RequestedBy::Schedule).await {
            Ok(Outcome::Reported(_)) => reported += 1,
            Ok(Outcome::NothingNew) => {}
            Err(error) => {
                tracing::warn!(?error, node = due.node_id, "a scheduled analyzer report failed")
            }
        }
    }
    Ok(reported)
}

/// The loop that runs scheduled reports, until stopped.
pub struct Reporter {
    stop: watch::Sender<bool>,
    handle: JoinHandle<()>,
}

impl Reporter {
    pub fn start(state: AppState) -> Reporter {
        let (stop, mut stopped) = watch::channel(false);
        let handle = tokio::spawn(async move {
            while !*stopped.borrow() {
                if let Err(error) = run_due(&state, now()).await {
                    tracing::error!(?error, "analyzers due could not be run");
                }
                tokio::select! {
                    () = tokio::time::sleep(LOOK_EVERY) => {}
                    _ = stopped.changed() => {}
                }
            }
        });
        Reporter { stop, handle }
    }

    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.handle.await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_daily_report_is_at_the_hour_in_tehran() {
        // Tehran is UTC+3:30 all year (no daylight saving since 2022).
        let after = DateTime::parse_from_rfc3339("2026-11-25T04:00:00Z").unwrap().to_utc();
        assert_eq!(next_daily(9, after).to_rfc3339(), "2026-11-25T05:30:00+00:00");
        let later = DateTime::parse_from_rfc3339("2026-11-25T05:30:00Z").unwrap().to_utc();
        assert_eq!(next_daily(9, later).to_rfc3339(), "2026-11-26T05:30:00+00:00");
        assert_eq!(next_daily(0, after).to_rfc3339(), "2026-11-25T20:30:00+00:00");
    }
}

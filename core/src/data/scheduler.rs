//! The scheduler node: runs the requests it is connected to on a schedule.
//! Its run fields are shared with triggers (see `trigger.rs`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;
use crate::schedule::{IntervalUnit, Schedule, ScheduleType};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct SchedulerData {
    #[serde(flatten)]
    pub base: NodeBase,
    #[serde(flatten)]
    pub schedule: Schedule,
    /// Stop after this many runs; none runs for ever.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max_runs: Option<i64>,
    pub is_active: bool,
    /// Server-maintained, RFC 3339.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next_run_time: Option<String>,
    /// Server-maintained.
    pub current_runs: i64,
}

impl Default for SchedulerData {
    fn default() -> Self {
        SchedulerData {
            base: NodeBase::for_kind(NodeKind::Scheduler),
            schedule: Schedule::default(),
            max_runs: None,
            is_active: false,
            next_run_time: None,
            current_runs: 0,
        }
    }
}

impl SchedulerData {
    pub fn to_payload(&self) -> SchedulerPayload {
        SchedulerPayload::new(
            &self.schedule,
            self.max_runs,
            self.is_active,
            self.next_run_time.clone(),
            self.current_runs,
        )
    }

    pub fn from_payload(payload: SchedulerPayload, base: NodeBase) -> Self {
        SchedulerData {
            base,
            schedule: payload.schedule(),
            max_runs: payload.max_runs,
            is_active: payload.is_active,
            next_run_time: payload.next_run_time,
            current_runs: payload.current_runs,
        }
    }
}

/// A scheduler on the server, and the run fields a trigger's payload flattens in.
/// `Schedule` is camelCase for the canvas, so the schedule is spelt out again here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct SchedulerPayload {
    pub schedule_type: ScheduleType,
    // Never skipped: a missing key means the default of 5 minutes, an explicit null means none.
    pub interval_value: Option<i64>,
    pub interval_unit: Option<IntervalUnit>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cron_expression: Option<String>,
    pub timezone: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max_runs: Option<i64>,
    pub is_active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next_run_time: Option<String>,
    pub current_runs: i64,
}

impl Default for SchedulerPayload {
    fn default() -> Self {
        SchedulerData::default().to_payload()
    }
}

impl SchedulerPayload {
    pub fn new(
        schedule: &Schedule,
        max_runs: Option<i64>,
        is_active: bool,
        next_run_time: Option<String>,
        current_runs: i64,
    ) -> Self {
        SchedulerPayload {
            schedule_type: schedule.schedule_type,
            interval_value: schedule.interval_value,
            interval_unit: schedule.interval_unit,
            cron_expression: schedule.cron_expression.clone(),
            timezone: schedule.timezone.clone(),
            max_runs,
            is_active,
            next_run_time,
            current_runs,
        }
    }

    /// The schedule part, in the canvas's shape.
    pub fn schedule(&self) -> Schedule {
        Schedule {
            schedule_type: self.schedule_type,
            interval_value: self.interval_value,
            interval_unit: self.interval_unit,
            cron_expression: self.cron_expression.clone(),
            timezone: self.timezone.clone(),
        }
    }
}

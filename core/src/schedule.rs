//! Schedules of schedulers and triggers: interval or cron, in an IANA timezone.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The default timezone of triggers (spec §9) and, in this product, of schedulers too.
pub const DEFAULT_TIMEZONE: &str = "Asia/Tehran";
/// A new scheduler or trigger fires every 5 minutes (spec §9).
pub const DEFAULT_INTERVAL_VALUE: i64 = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum ScheduleType {
    #[default]
    Interval,
    Cron,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
#[ts(export)]
pub enum IntervalUnit {
    Seconds,
    #[default]
    Minutes,
    Hours,
    Days,
}

/// When something runs: the schedule fields schedulers and triggers share.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Schedule {
    #[serde(default)]
    pub schedule_type: ScheduleType,
    #[serde(default)]
    pub interval_value: Option<i64>,
    #[serde(default)]
    pub interval_unit: Option<IntervalUnit>,
    #[serde(default)]
    pub cron_expression: Option<String>,
    #[serde(default = "default_timezone")]
    pub timezone: String,
}

fn default_timezone() -> String {
    DEFAULT_TIMEZONE.to_owned()
}

impl Default for Schedule {
    fn default() -> Self {
        Schedule {
            schedule_type: ScheduleType::Interval,
            interval_value: Some(DEFAULT_INTERVAL_VALUE),
            interval_unit: Some(IntervalUnit::Minutes),
            cron_expression: None,
            timezone: default_timezone(),
        }
    }
}

//! Schedules of schedulers and triggers: interval or cron, in an IANA timezone.

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use chrono_tz::Tz;
use croner::Cron;
use croner::parser::{CronParser, Seconds, Year};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages::MessageCode;
use crate::validate::FieldError;

/// The default timezone of triggers (spec §9) and, in this product, of schedulers too.
pub const DEFAULT_TIMEZONE: &str = "Asia/Tehran";
/// A new scheduler or trigger fires every 5 minutes (spec §9).
pub const DEFAULT_INTERVAL_VALUE: i64 = 5;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum ScheduleType {
    #[default]
    Interval,
    Cron,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum IntervalUnit {
    Seconds,
    #[default]
    Minutes,
    Hours,
    Days,
}

/// When something runs: the schedule fields schedulers and triggers share.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
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

/// A timezone people can pick, with its Persian label (spec §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct TimezoneChoice {
    pub iana: &'static str,
    pub label: &'static str,
}

/// The timezones the schedule form offers, Tehran first (the default).
pub const TIMEZONE_CHOICES: &[TimezoneChoice] = &[
    TimezoneChoice { iana: "Asia/Tehran", label: "تهران" },
    TimezoneChoice { iana: "UTC", label: "UTC" },
    TimezoneChoice { iana: "Europe/London", label: "لندن" },
    TimezoneChoice { iana: "America/New_York", label: "نیویورک" },
];

/// The interval in seconds; `None` when it is not positive or does not fit.
pub fn interval_seconds(value: i64, unit: IntervalUnit) -> Option<i64> {
    if value <= 0 {
        return None;
    }
    let per_unit = match unit {
        IntervalUnit::Seconds => 1,
        IntervalUnit::Minutes => 60,
        IntervalUnit::Hours => 3_600,
        IntervalUnit::Days => 86_400,
    };
    value.checked_mul(per_unit)
}

/// Every IANA timezone name [`parse_timezone`] takes.
pub fn timezone_names() -> impl Iterator<Item = &'static str> {
    chrono_tz::TZ_VARIANTS.iter().map(|tz| tz.name())
}

/// An IANA timezone name, exactly as written (names are case-sensitive).
pub fn parse_timezone(tz: &str) -> Result<Tz, FieldError> {
    tz.parse().map_err(|_| FieldError::new("timezone", MessageCode::TimezoneInvalid))
}

/// Parses a cron expression the way every part of Dastyar runs it: five
/// fields, or six with seconds first, plus croner's aliases (@daily, MON,
/// JAN, L, W, #). A year field is refused: the form does not offer one.
/// An expression that can never fire (such as "0 0 30 2 *") is refused too.
pub fn parse_cron(expression: &str) -> Result<Cron, FieldError> {
    const FIELD: &str = "cronExpression";
    if expression.trim().is_empty() {
        return Err(FieldError::new(FIELD, MessageCode::CronEmpty));
    }
    let invalid = || FieldError::new(FIELD, MessageCode::CronInvalid);
    let cron = CronParser::builder()
        .seconds(Seconds::Optional)
        .year(Year::Disallowed)
        .build()
        .parse(expression)
        .map_err(|_| invalid())?;
    // Without a year field a pattern repeats within 400 years, so one search
    // from a fixed instant tells whether it ever fires (time is not an input).
    let reference = NaiveDate::from_ymd_opt(2001, 1, 1).and_then(|d| d.and_hms_opt(0, 0, 0));
    match reference.map(|start| cron.find_next_occurrence(&start, true)) {
        Some(Ok(_)) => Ok(cron),
        _ => Err(invalid()),
    }
}

/// Checks a schedule: a positive interval with a unit, or a cron expression
/// that parses and fires; and a valid IANA timezone in both cases.
pub fn validate_schedule(schedule: &Schedule) -> Result<(), FieldError> {
    match schedule.schedule_type {
        ScheduleType::Interval => {
            let seconds = schedule
                .interval_value
                .zip(schedule.interval_unit)
                .and_then(|(value, unit)| interval_seconds(value, unit));
            if seconds.is_none() {
                return Err(FieldError::new("intervalValue", MessageCode::IntervalInvalid));
            }
        }
        ScheduleType::Cron => {
            parse_cron(schedule.cron_expression.as_deref().unwrap_or_default())?;
        }
    }
    parse_timezone(&schedule.timezone).map(|_| ())
}

/// A trigger's schedule: a non-blank message to send, then the schedule itself.
pub fn validate_trigger_schedule(
    message_template: &str,
    schedule: &Schedule,
) -> Result<(), FieldError> {
    if message_template.trim().is_empty() {
        return Err(FieldError::new("messageTemplate", MessageCode::MessageTemplateEmpty));
    }
    validate_schedule(schedule)
}

/// The next `count` run times strictly after `after`, in UTC.
///
/// An interval runs at `after + k·interval` for k = 1..=count. A cron
/// expression is read as wall-clock time in the schedule's timezone, so its
/// runs follow that zone's daylight-saving changes (croner's rules: a time
/// skipped by a forward change runs at the first instant after the gap; a
/// repeated hour runs once for fixed times). Fewer than `count` come back
/// only when the calendar runs out.
pub fn next_runs(
    schedule: &Schedule,
    after: DateTime<Utc>,
    count: usize,
) -> Result<Vec<DateTime<Utc>>, FieldError> {
    validate_schedule(schedule)?;
    let mut runs = Vec::with_capacity(count);
    match schedule.schedule_type {
        ScheduleType::Interval => {
            let step = schedule
                .interval_value
                .zip(schedule.interval_unit)
                .and_then(|(value, unit)| interval_seconds(value, unit))
                .and_then(TimeDelta::try_seconds);
            // An interval too long for chrono has no run within its calendar.
            let Some(step) = step else { return Ok(runs) };
            let mut at = after;
            for _ in 0..count {
                let Some(next) = at.checked_add_signed(step) else { break };
                runs.push(next);
                at = next;
            }
        }
        ScheduleType::Cron => {
            let cron = parse_cron(schedule.cron_expression.as_deref().unwrap_or_default())?;
            let mut at = after.with_timezone(&parse_timezone(&schedule.timezone)?);
            while runs.len() < count {
                let Ok(next) = cron.find_next_occurrence(&at, false) else { break };
                runs.push(next.with_timezone(&Utc));
                at = next;
            }
        }
    }
    Ok(runs)
}

/// Where a schedule stands at some moment: its first due time after it,
/// and the due times it let pass since the one it last ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Following {
    /// The first due time strictly after the moment.
    pub next: DateTime<Utc>,
    /// Due times after the last one and at or before the moment (up to
    /// [`MISSED_COUNTED`]).
    pub missed: u64,
    /// The last due time at or before the moment: the last one run when
    /// none was missed (or the last counted, past the cap).
    pub latest: DateTime<Utc>,
}

/// Where a schedule last due at `last_due` stands at `now`; `None` when the
/// calendar has no later time.
///
/// An interval keeps its phase: its times stay `last_due + k·interval`, so a
/// schedule that was late does not drift. Counting stops at
/// [`MISSED_COUNTED`] (a per-second cron down for a week need not be counted
/// to the last second).
pub fn following(
    schedule: &Schedule,
    last_due: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Option<Following>, FieldError> {
    validate_schedule(schedule)?;
    if schedule.schedule_type == ScheduleType::Interval {
        let step = schedule
            .interval_value
            .zip(schedule.interval_unit)
            .and_then(|(value, unit)| interval_seconds(value, unit));
        let Some(step) = step else { return Ok(None) };
        let behind = (now - last_due).num_seconds().max(0);
        let missed = behind / step;
        let ahead = |k: i64| {
            TimeDelta::try_seconds(step.saturating_mul(k))
                .and_then(|ahead| last_due.checked_add_signed(ahead))
        };
        let (Some(next), Some(latest)) = (ahead(missed + 1), ahead(missed)) else {
            return Ok(None);
        };
        let missed = u64::try_from(missed).unwrap_or(0);
        return Ok(Some(Following { next, missed, latest }));
    }
    let mut missed = 0;
    let mut latest = last_due;
    loop {
        let Some(next) = next_runs(schedule, latest, 1)?.pop() else { return Ok(None) };
        if next > now {
            return Ok(Some(Following { next, missed, latest }));
        }
        missed += 1;
        latest = next;
        if missed >= MISSED_COUNTED {
            let after_now = next_runs(schedule, now, 1)?.pop();
            return Ok(after_now.map(|next| Following { next, missed, latest }));
        }
    }
}

/// How many missed due times [`following`] counts at most.
pub const MISSED_COUNTED: u64 = 1_000;

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn interval(value: Option<i64>, unit: Option<IntervalUnit>) -> Schedule {
        Schedule { interval_value: value, interval_unit: unit, ..Schedule::default() }
    }

    fn cron(expression: &str, timezone: &str) -> Schedule {
        Schedule {
            schedule_type: ScheduleType::Cron,
            interval_value: None,
            interval_unit: None,
            cron_expression: Some(expression.to_owned()),
            timezone: timezone.to_owned(),
        }
    }

    fn code(schedule: &Schedule) -> Option<MessageCode> {
        validate_schedule(schedule).err().map(|e| e.code)
    }

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32, s: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, s).unwrap()
    }

    #[test]
    fn interval_seconds_per_unit() {
        assert_eq!(interval_seconds(5, IntervalUnit::Seconds), Some(5));
        assert_eq!(interval_seconds(5, IntervalUnit::Minutes), Some(300));
        assert_eq!(interval_seconds(2, IntervalUnit::Hours), Some(7_200));
        assert_eq!(interval_seconds(1, IntervalUnit::Days), Some(86_400));
        assert_eq!(interval_seconds(0, IntervalUnit::Minutes), None);
        assert_eq!(interval_seconds(-1, IntervalUnit::Seconds), None);
        assert_eq!(interval_seconds(i64::MAX, IntervalUnit::Seconds), Some(i64::MAX));
        assert_eq!(interval_seconds(i64::MAX / 60 + 1, IntervalUnit::Minutes), None);
    }

    #[test]
    fn interval_schedules() {
        assert_eq!(code(&Schedule::default()), None);
        for unit in
            [IntervalUnit::Seconds, IntervalUnit::Minutes, IntervalUnit::Hours, IntervalUnit::Days]
        {
            assert_eq!(code(&interval(Some(1), Some(unit))), None, "{unit:?}");
        }
        let invalid = Err(FieldError::new("intervalValue", MessageCode::IntervalInvalid));
        assert_eq!(validate_schedule(&interval(Some(0), Some(IntervalUnit::Minutes))), invalid);
        assert_eq!(validate_schedule(&interval(Some(-5), Some(IntervalUnit::Minutes))), invalid);
        assert_eq!(validate_schedule(&interval(Some(5), None)), invalid);
        assert_eq!(validate_schedule(&interval(None, Some(IntervalUnit::Hours))), invalid);
        assert_eq!(validate_schedule(&interval(Some(i64::MAX), Some(IntervalUnit::Days))), invalid);
        // A leftover cron expression does not matter to an interval schedule.
        let leftover = Schedule { cron_expression: Some("nonsense".into()), ..Schedule::default() };
        assert_eq!(code(&leftover), None);
    }

    #[test]
    fn cron_schedules() {
        for expression in [
            "0 9 * * *",
            "*/5 * * * *",
            "30 0 9 * * *",
            "0 9 * * MON-FRI",
            "0 0 1 JAN *",
            "0 0 L * *",
            "0 0 29 2 *",
            "@daily",
            "@hourly",
            " 0 9 * * * ",
        ] {
            assert_eq!(code(&cron(expression, "Asia/Tehran")), None, "{expression:?}");
        }
        for expression in [
            "61 * * * *",
            "0 24 * * *",
            "* * * *",
            "0 0 1 1 * 2030",
            "0 0 30 2 *",
            "@reboot",
            "every day",
            "*/0 * * * *",
        ] {
            assert_eq!(
                validate_schedule(&cron(expression, "Asia/Tehran")),
                Err(FieldError::new("cronExpression", MessageCode::CronInvalid)),
                "{expression:?}"
            );
        }
        let empty = Err(FieldError::new("cronExpression", MessageCode::CronEmpty));
        assert_eq!(validate_schedule(&cron("  ", "UTC")), empty);
        let mut missing = cron("", "UTC");
        missing.cron_expression = None;
        assert_eq!(validate_schedule(&missing), empty);
    }

    #[test]
    fn timezones() {
        assert!(parse_timezone("Asia/Tehran").is_ok());
        assert!(parse_timezone("UTC").is_ok());
        let invalid = Err(FieldError::new("timezone", MessageCode::TimezoneInvalid));
        for tz in ["Tehran", "", "asia/tehran", "Mars/Olympus", "+03:30"] {
            assert_eq!(parse_timezone(tz).map(|_| ()), invalid, "{tz:?}");
        }
        assert_eq!(validate_schedule(&cron("0 9 * * *", "Asia/Teheran")), invalid);
        let bad_tz = Schedule { timezone: "Nowhere".into(), ..Schedule::default() };
        assert_eq!(validate_schedule(&bad_tz), invalid);
        for choice in TIMEZONE_CHOICES {
            assert!(parse_timezone(choice.iana).is_ok(), "{}", choice.iana);
        }
        assert_eq!(TIMEZONE_CHOICES[0].iana, DEFAULT_TIMEZONE);
    }

    #[test]
    fn trigger_schedule_needs_a_message_first() {
        assert!(validate_trigger_schedule("گزارش روزانه", &Schedule::default()).is_ok());
        assert_eq!(
            validate_trigger_schedule(" \n", &cron("", "nowhere")),
            Err(FieldError::new("messageTemplate", MessageCode::MessageTemplateEmpty))
        );
        assert_eq!(
            validate_trigger_schedule("hi", &cron("", "UTC")).unwrap_err().code,
            MessageCode::CronEmpty
        );
    }

    #[test]
    fn next_interval_runs() {
        let after = utc(2025, 1, 1, 10, 0, 0);
        assert_eq!(
            next_runs(&Schedule::default(), after, 3).unwrap(),
            vec![utc(2025, 1, 1, 10, 5, 0), utc(2025, 1, 1, 10, 10, 0), utc(2025, 1, 1, 10, 15, 0)]
        );
        let daily = interval(Some(2), Some(IntervalUnit::Days));
        assert_eq!(next_runs(&daily, after, 1).unwrap(), vec![utc(2025, 1, 3, 10, 0, 0)]);
        assert!(next_runs(&daily, after, 0).unwrap().is_empty());
        // Too long for chrono's calendar: no run, but not an error.
        let huge = interval(Some(i64::MAX / 86_400), Some(IntervalUnit::Days));
        assert!(next_runs(&huge, after, 2).unwrap().is_empty());
        assert_eq!(
            next_runs(&interval(Some(0), Some(IntervalUnit::Days)), after, 1).unwrap_err().code,
            MessageCode::IntervalInvalid
        );
    }

    #[test]
    fn cron_runs_in_tehran() {
        // Tehran is UTC+03:30 all year (no daylight saving since 2022).
        let runs =
            next_runs(&cron("0 9 * * *", "Asia/Tehran"), utc(2025, 6, 1, 6, 0, 0), 3).unwrap();
        assert_eq!(
            runs,
            vec![utc(2025, 6, 2, 5, 30, 0), utc(2025, 6, 3, 5, 30, 0), utc(2025, 6, 4, 5, 30, 0)]
        );
        // Strictly after: a run at exactly `after` is not repeated.
        let at_run = next_runs(&cron("0 9 * * *", "Asia/Tehran"), utc(2025, 6, 2, 5, 30, 0), 1);
        assert_eq!(at_run.unwrap(), vec![utc(2025, 6, 3, 5, 30, 0)]);
        let with_seconds =
            next_runs(&cron("15 30 8 * * *", "Asia/Tehran"), utc(2025, 6, 1, 0, 0, 0), 1);
        assert_eq!(with_seconds.unwrap(), vec![utc(2025, 6, 1, 5, 0, 15)]);
        // Sub-second `after` still gives a later run.
        let frac = utc(2025, 6, 2, 5, 30, 0) + TimeDelta::milliseconds(500);
        assert!(next_runs(&cron("* * * * * *", "UTC"), frac, 1).unwrap()[0] > frac);
    }

    #[test]
    fn cron_runs_follow_new_york_daylight_saving() {
        let nine = cron("0 9 * * *", "America/New_York");
        // Spring forward on 2025-03-09: 09:00 EST is 14:00 UTC, then EDT 13:00 UTC.
        let spring = next_runs(&nine, utc(2025, 3, 8, 0, 0, 0), 3).unwrap();
        assert_eq!(
            spring,
            vec![utc(2025, 3, 8, 14, 0, 0), utc(2025, 3, 9, 13, 0, 0), utc(2025, 3, 10, 13, 0, 0)]
        );
        // Fall back on 2025-11-02.
        let fall = next_runs(&nine, utc(2025, 11, 1, 0, 0, 0), 3).unwrap();
        assert_eq!(
            fall,
            vec![
                utc(2025, 11, 1, 13, 0, 0),
                utc(2025, 11, 2, 14, 0, 0),
                utc(2025, 11, 3, 14, 0, 0)
            ]
        );
        // 02:30 does not exist on 2025-03-09: it runs when the gap ends (03:00 EDT).
        let gap = next_runs(&cron("30 2 * * *", "America/New_York"), utc(2025, 3, 8, 12, 0, 0), 2);
        assert_eq!(gap.unwrap(), vec![utc(2025, 3, 9, 7, 0, 0), utc(2025, 3, 10, 6, 30, 0)]);
        // 01:30 happens twice on 2025-11-02: a fixed-time job runs once.
        let repeat =
            next_runs(&cron("30 1 * * *", "America/New_York"), utc(2025, 11, 1, 12, 0, 0), 2);
        assert_eq!(repeat.unwrap(), vec![utc(2025, 11, 2, 5, 30, 0), utc(2025, 11, 3, 6, 30, 0)]);
    }

    #[test]
    fn next_runs_rejects_invalid_schedules() {
        let after = utc(2025, 1, 1, 0, 0, 0);
        assert_eq!(
            next_runs(&cron("61 * * * *", "UTC"), after, 1).unwrap_err().code,
            MessageCode::CronInvalid
        );
        assert_eq!(
            next_runs(&cron("0 9 * * *", "Tehran"), after, 1).unwrap_err().code,
            MessageCode::TimezoneInvalid
        );
    }

    #[test]
    fn timezone_choices_serialise_for_the_form() {
        let json = serde_json::to_value(TIMEZONE_CHOICES).unwrap();
        assert_eq!(json[0], serde_json::json!({"iana": "Asia/Tehran", "label": "تهران"}));
        let ianas: Vec<_> = TIMEZONE_CHOICES.iter().map(|c| c.iana).collect();
        assert_eq!(ianas, ["Asia/Tehran", "UTC", "Europe/London", "America/New_York"]);
    }

    #[test]
    fn an_interval_keeps_its_phase_and_counts_what_it_missed() {
        let every_5 = interval(Some(5), Some(IntervalUnit::Minutes));
        let due = utc(2026, 3, 1, 10, 0, 0);
        let on_time = following(&every_5, due, utc(2026, 3, 1, 10, 0, 0)).unwrap();
        assert_eq!(
            on_time,
            Some(Following { next: utc(2026, 3, 1, 10, 5, 0), missed: 0, latest: due })
        );
        let late = following(&every_5, due, utc(2026, 3, 1, 10, 3, 10)).unwrap();
        assert_eq!(
            late.map(|f| (f.next, f.missed)),
            Some((utc(2026, 3, 1, 10, 5, 0), 0)),
            "late, not drifting"
        );
        let down = following(&every_5, due, utc(2026, 3, 1, 11, 2, 0)).unwrap();
        let latest = utc(2026, 3, 1, 11, 0, 0);
        assert_eq!(
            down,
            Some(Following { next: utc(2026, 3, 1, 11, 5, 0), missed: 12, latest }),
            "10:05 to 11:00 missed"
        );
        let exact = following(&every_5, due, utc(2026, 3, 1, 10, 5, 0)).unwrap();
        let latest = utc(2026, 3, 1, 10, 5, 0);
        assert_eq!(
            exact,
            Some(Following { next: utc(2026, 3, 1, 10, 10, 0), missed: 1, latest }),
            "10:05 is due now"
        );
    }

    #[test]
    fn cron_in_tehran_runs_at_local_time_all_year() {
        // Iran has kept one offset (+03:30) all year since 2022.
        let nine = cron("0 9 * * *", "Asia/Tehran");
        for (month, day) in [(1, 15), (3, 21), (6, 21), (9, 22), (12, 21)] {
            let after = utc(2026, month, day, 0, 0, 0);
            let found = following(&nine, after, after).unwrap().unwrap();
            assert_eq!(
                (found.next, found.missed),
                (utc(2026, month, day, 5, 30, 0), 0),
                "{month}/{day}"
            );
        }
    }

    #[test]
    fn cron_follows_daylight_saving_where_there_is_one() {
        // Berlin moves from +01:00 to +02:00 on 29 March 2026.
        let nine = cron("0 9 * * *", "Europe/Berlin");
        let before = following(&nine, utc(2026, 3, 27, 9, 0, 0), utc(2026, 3, 27, 9, 0, 0));
        assert_eq!(
            before.unwrap().map(|f| (f.next, f.missed)),
            Some((utc(2026, 3, 28, 8, 0, 0), 0))
        );
        let after = following(&nine, utc(2026, 3, 28, 8, 0, 0), utc(2026, 3, 28, 8, 0, 0));
        assert_eq!(
            after.unwrap().map(|f| (f.next, f.missed)),
            Some((utc(2026, 3, 29, 7, 0, 0), 0))
        );
        // Down for three days: 29, 30 and 31 March at 09:00 Berlin were missed.
        let down = following(&nine, utc(2026, 3, 28, 8, 0, 0), utc(2026, 3, 31, 12, 0, 0));
        let latest = utc(2026, 3, 31, 7, 0, 0);
        assert_eq!(
            down.unwrap(),
            Some(Following { next: utc(2026, 4, 1, 7, 0, 0), missed: 3, latest })
        );
    }

    #[test]
    fn missed_times_are_counted_up_to_a_cap() {
        let every_second = cron("* * * * * *", "UTC");
        let last = utc(2026, 1, 1, 0, 0, 0);
        let now = utc(2026, 1, 8, 0, 0, 0);
        let found = following(&every_second, last, now).unwrap().unwrap();
        assert_eq!((found.next, found.missed), (utc(2026, 1, 8, 0, 0, 1), MISSED_COUNTED));
        assert_eq!(found.latest, utc(2026, 1, 1, 0, 16, 40), "the last one counted");
        assert!(
            following(&Schedule { timezone: "Mars/Base".into(), ..Schedule::default() }, last, now)
                .is_err()
        );
    }
}

//! What a schedule does about due times it missed while no instance ran
//! (`DASTYAR_SCHEDULE_CATCH_UP`): run once for all of them (the default),
//! or skip them. Never a burst of one run per missed time.

use chrono::{DateTime, TimeDelta, Utc};
use clap::ValueEnum;

/// A due time this late counts as missed under [`CatchUp::Skip`]: later
/// than an instance that is running would ever be.
pub const GRACE: TimeDelta = TimeDelta::seconds(60);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum CatchUp {
    /// One run for what was missed, then on by the schedule.
    #[default]
    Once,
    /// No run for what was missed: on by the schedule from now.
    Skip,
}

/// What to do about a schedule due at `due` when looked at `now`, with
/// `missed` more due times between the two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Fire one run for this due time, counting `missed` as skipped.
    Fire { due: DateTime<Utc>, missed: u64 },
    /// Fire nothing; `missed` due times (this one included) were skipped.
    Skip { missed: u64 },
}

impl CatchUp {
    /// `latest` is the last of the due times at or before `now` (`due`
    /// itself when none followed it).
    pub fn decide(
        self,
        due: DateTime<Utc>,
        latest: DateTime<Utc>,
        missed: u64,
        now: DateTime<Utc>,
    ) -> Decision {
        let on_time = missed == 0 && now - due <= GRACE;
        match self {
            _ if on_time => Decision::Fire { due, missed: 0 },
            // The run stands for the latest of them: what it reports is now's.
            CatchUp::Once => Decision::Fire { due: latest, missed },
            CatchUp::Skip if now - latest <= GRACE => Decision::Fire { due: latest, missed },
            CatchUp::Skip => Decision::Skip { missed: missed + 1 },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(h: u32, m: u32, s: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 5, 1, h, m, s).unwrap()
    }

    #[test]
    fn on_time_fires_under_either_policy() {
        for policy in [CatchUp::Once, CatchUp::Skip] {
            let decision = policy.decide(at(10, 0, 0), at(10, 0, 0), 0, at(10, 0, 1));
            assert_eq!(decision, Decision::Fire { due: at(10, 0, 0), missed: 0 });
        }
    }

    #[test]
    fn after_downtime_once_fires_one_run_for_the_latest_time() {
        let decision = CatchUp::Once.decide(at(10, 0, 0), at(12, 55, 0), 35, at(12, 58, 0));
        assert_eq!(decision, Decision::Fire { due: at(12, 55, 0), missed: 35 });
        let one_late = CatchUp::Once.decide(at(10, 0, 0), at(10, 0, 0), 0, at(11, 0, 0));
        assert_eq!(one_late, Decision::Fire { due: at(10, 0, 0), missed: 0 });
    }

    #[test]
    fn after_downtime_skip_fires_nothing_unless_the_latest_is_just_due() {
        let long_ago = CatchUp::Skip.decide(at(10, 0, 0), at(12, 0, 0), 24, at(12, 58, 0));
        assert_eq!(long_ago, Decision::Skip { missed: 25 });
        let just_now = CatchUp::Skip.decide(at(10, 0, 0), at(12, 58, 0), 35, at(12, 58, 30));
        assert_eq!(just_now, Decision::Fire { due: at(12, 58, 0), missed: 35 });
    }
}

//! How long things wait and last (spec §9 "Delays", "Job polling").

use serde::Serialize;
use ts_rs::TS;

/// After an assistant-limit error the page moves to /subscription this much later.
pub const LIMIT_REDIRECT_DELAY_MS: u32 = 3_000;
/// After a vector-store-limit error the link to the subscription page follows this much later.
pub const UPGRADE_LINK_DELAY_MS: u32 = 500;
/// After a Telegram connection, the ownership notice appears this much later...
pub const TELEGRAM_NOTICE_DELAY_MS: u32 = 1_000;
/// ...and stays this long.
pub const TELEGRAM_NOTICE_DURATION_MS: u32 = 15_000;
/// Success and error notifications last this long.
pub const NOTIFICATION_DURATION_MS: u32 = 5_000;
/// Assistant-creation jobs are polled this often...
pub const JOB_POLL_INTERVAL_MS: u32 = 2_000;
/// ...at most this many times.
pub const JOB_POLL_MAX_ATTEMPTS: u32 = 150;

/// The same numbers as one value, for the canvas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct Timings {
    pub limit_redirect_delay_ms: u32,
    pub upgrade_link_delay_ms: u32,
    pub telegram_notice_delay_ms: u32,
    pub telegram_notice_duration_ms: u32,
    pub notification_duration_ms: u32,
    pub job_poll_interval_ms: u32,
    pub job_poll_max_attempts: u32,
}

pub const TIMINGS: Timings = Timings {
    limit_redirect_delay_ms: LIMIT_REDIRECT_DELAY_MS,
    upgrade_link_delay_ms: UPGRADE_LINK_DELAY_MS,
    telegram_notice_delay_ms: TELEGRAM_NOTICE_DELAY_MS,
    telegram_notice_duration_ms: TELEGRAM_NOTICE_DURATION_MS,
    notification_duration_ms: NOTIFICATION_DURATION_MS,
    job_poll_interval_ms: JOB_POLL_INTERVAL_MS,
    job_poll_max_attempts: JOB_POLL_MAX_ATTEMPTS,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timings_are_the_specs_numbers() {
        let json = serde_json::to_value(TIMINGS).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "limitRedirectDelayMs": 3000, "upgradeLinkDelayMs": 500,
                "telegramNoticeDelayMs": 1000, "telegramNoticeDurationMs": 15000,
                "notificationDurationMs": 5000, "jobPollIntervalMs": 2000,
                "jobPollMaxAttempts": 150
            })
        );
    }
}

//! Default list sizes (spec §9).

/// SMS and trigger history: the default `limit`.
pub const HISTORY_DEFAULT_LIMIT: u32 = 10;
/// Trigger logs: the default `limit`.
pub const TRIGGER_LOGS_DEFAULT_LIMIT: u32 = 50;
/// Trigger run previews: the default `count`.
pub const PREVIEW_RUNS_DEFAULT_COUNT: u32 = 5;
/// Subscription history starts at page 1 with 10 per page.
pub const SUBSCRIPTION_HISTORY_FIRST_PAGE: u32 = 1;
pub const SUBSCRIPTION_HISTORY_PER_PAGE: u32 = 10;
/// The most subscription history rows one page may ask for.
pub const SUBSCRIPTION_HISTORY_MAX_PER_PAGE: u32 = 100;

//! `getUpdates`, as the Bot API server runs it: refused (409) while a
//! webhook is set; `offset` confirms earlier updates; `limit` is 1 to 100
//! (default 100); `timeout` is 0 to 50 seconds (default 0). With nothing
//! to give and a timeout, the poll waits for an update; a newer poll that
//! starts waiting ends it with 409 "Conflict: terminated by other
//! getUpdates request; ...", and `setWebhook` with 409 "Conflict:
//! terminated by setWebhook request". Telegram also delays repeated
//! conflicts by 3 s and stretches short polls; the fake answers at once.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;

use super::Shared;
use super::envelope::{Outcome, Refusal, done};
use super::params::Params;

const MAX_TIMEOUT: i64 = 50;

pub(super) async fn get_updates(shared: &Arc<Shared>, token: &str, params: &Params) -> Outcome {
    let offset = params.integer("offset", 0, i64::from(i32::MIN), i64::from(i32::MAX));
    let limit = usize::try_from(params.integer("limit", 100, 1, 100)).unwrap_or(100);
    let timeout = params.integer("timeout", 0, 0, MAX_TIMEOUT).unsigned_abs();
    let ticket = {
        let mut inner = shared.lock();
        let bot = inner.bots.get_mut(token).ok_or_else(Refusal::unauthorized)?;
        if bot.webhook.is_some() {
            return Err(Refusal::conflict(
                "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to \
                 delete the webhook first",
            ));
        }
        bot.take_allowed_updates(params.arg("allowed_updates"));
        bot.confirm(offset);
        let updates = bot.first_updates(limit);
        if !updates.is_empty() || timeout == 0 {
            return done(json!(updates));
        }
        bot.polls.latest += 1;
        bot.polls.waiting += 1;
        bot.polls.most_waiting = bot.polls.most_waiting.max(bot.polls.waiting);
        bot.polls.latest
    };
    let _waiting = Waiting { shared, token };
    // An older poll learns it was ended.
    shared.changed();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(timeout);
    loop {
        // Registered before looking, so a change in between still wakes it.
        let changed = shared.changed.notified();
        tokio::pin!(changed);
        changed.as_mut().enable();
        {
            let inner = shared.lock();
            let bot = inner.bots.get(token).ok_or_else(Refusal::unauthorized)?;
            if bot.polls.ended_by_webhook == Some(ticket) {
                return Err(Refusal::conflict("Conflict: terminated by setWebhook request"));
            }
            if bot.polls.latest != ticket {
                return Err(Refusal::conflict(
                    "Conflict: terminated by other getUpdates request; make sure that only one bot \
                     instance is running",
                ));
            }
            let updates = bot.first_updates(limit);
            if !updates.is_empty() {
                return done(json!(updates));
            }
        }
        if tokio::time::timeout_at(deadline, changed).await.is_err() {
            return done(json!([]));
        }
    }
}

/// One waiting poll, counted while it waits (also when its client leaves).
struct Waiting<'a> {
    shared: &'a Shared,
    token: &'a str,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.shared.with_bot(self.token, |bot| bot.polls.waiting -= 1);
    }
}

//! Long polling, for bots Telegram cannot post to (a public URL that is not
//! https, as on a laptop). Each polling bot is polled by exactly one
//! instance: whoever holds its lease in the database; another instance
//! takes over once a lease runs out. Updates go through the same intake as
//! the webhook, so each is handled once whoever fetched it.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::{connection, intake};
use crate::db::timestamp;
use crate::error::ApiError;
use crate::providers::telegram::TelegramError;
use crate::state::AppState;
use crate::store::nodes;
use crate::store::telegram::{self as store, BotRow};

/// How long Telegram holds a poll open when nothing arrives.
pub const POLL_WAIT: Duration = Duration::from_secs(25);
/// A lease outlives one poll comfortably; it is renewed before each.
pub const LEASE: Duration = Duration::from_secs(60);
/// How often an instance looks for bots nobody polls.
const LOOK_EVERY: Duration = Duration::from_secs(3);
/// The pause after a failed poll, doubling up to [`MAX_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_secs(1);
const MAX_PAUSE: Duration = Duration::from_secs(60);
/// Updates are remembered (for de-duplication) this long; Telegram keeps
/// an unconfirmed update for a day.
const REMEMBER_UPDATES: Duration = Duration::from_secs(2 * 24 * 3600);
const FORGET_EVERY: Duration = Duration::from_secs(3600);

/// What one poll came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Polled {
    /// Updates fetched (and taken in unless seen before).
    Fetched(usize),
    /// Another instance holds the bot, or it no longer polls.
    NotMine,
}

/// Takes (or renews) the bot's lease for `me`, asks Telegram for updates
/// (waiting up to `wait`), takes them in and confirms them.
pub async fn poll_once(
    state: &AppState,
    node_id: i64,
    me: &str,
    wait: Duration,
) -> Result<Polled, PollError> {
    let now = SystemTime::now();
    let Some(bot) = store::lease_poller(
        &state.db,
        node_id,
        me,
        &timestamp::at(now),
        &timestamp::at(now + LEASE),
    )
    .await
    .map_err(ApiError::from)?
    else {
        return Ok(Polled::NotMine);
    };
    let token = bot_token(state, &bot).await?;
    let telegram = connection::client(state);
    let updates = telegram.get_updates(&token, bot.poll_offset, wait).await?;
    if bot.last_error.is_some() {
        store::set_error(&state.db, node_id, None).await.map_err(ApiError::from)?;
    }
    let mut next = bot.poll_offset;
    for update in &updates {
        let update_id = intake::update_id(update)?;
        intake::take(state, &bot, update.clone()).await?;
        next = next.max(update_id + 1);
    }
    if next > bot.poll_offset {
        store::set_offset(&state.db, node_id, me, next).await.map_err(ApiError::from)?;
    }
    Ok(Polled::Fetched(updates.len()))
}

/// Why a poll failed.
#[derive(Debug)]
pub enum PollError {
    Telegram(TelegramError),
    Server(ApiError),
}

impl From<TelegramError> for PollError {
    fn from(error: TelegramError) -> Self {
        PollError::Telegram(error)
    }
}

impl From<ApiError> for PollError {
    fn from(error: ApiError) -> Self {
        PollError::Server(error)
    }
}

async fn bot_token(state: &AppState, bot: &BotRow) -> Result<String, ApiError> {
    let row =
        nodes::get(state.db.pool(), bot.user_id, bot.node_id).await?.ok_or(ApiError::NotFound)?;
    connection::token(state, &row)
}

/// The pollers of one instance, running in the background of `serve`.
pub struct Pollers {
    stop: watch::Sender<bool>,
    handle: JoinHandle<()>,
}

impl Pollers {
    pub fn start(state: AppState) -> Pollers {
        let (stop, stopped) = watch::channel(false);
        let me = format!("{:016x}", rand::random::<u64>());
        let handle = tokio::spawn(look_for_bots(state, me, stopped));
        Pollers { stop, handle }
    }

    /// Stops polling and gives the leases up, so another instance takes over at once.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.handle.await;
    }
}

/// Every few seconds: starts a poll loop for each polling bot nobody
/// holds; forgets old updates now and then.
async fn look_for_bots(state: AppState, me: String, mut stopped: watch::Receiver<bool>) {
    let polling: Arc<Mutex<HashSet<i64>>> = Arc::default();
    let mut loops = Vec::new();
    let mut last_forget = tokio::time::Instant::now() - FORGET_EVERY;
    while !*stopped.borrow() {
        let now = timestamp::now();
        match store::unpolled(&state.db, &now).await {
            Ok(nodes) => {
                for node_id in nodes {
                    if polling.lock().expect("not poisoned").insert(node_id) {
                        let polling = polling.clone();
                        let (state, me, stopped) = (state.clone(), me.clone(), stopped.clone());
                        loops.push(tokio::spawn(async move {
                            poll_loop(&state, node_id, &me, stopped).await;
                            polling.lock().expect("not poisoned").remove(&node_id);
                        }));
                    }
                }
            }
            Err(error) => tracing::error!(%error, "polling bots could not be listed"),
        }
        if last_forget.elapsed() >= FORGET_EVERY {
            last_forget = tokio::time::Instant::now();
            let before = timestamp::at(SystemTime::now() - REMEMBER_UPDATES);
            if let Err(error) = store::forget_updates_before(&state.db, &before).await {
                tracing::warn!(%error, "old Telegram updates could not be forgotten");
            }
        }
        loops.retain(|task: &JoinHandle<()>| !task.is_finished());
        tokio::select! {
            () = tokio::time::sleep(LOOK_EVERY) => {}
            _ = stopped.changed() => {}
        }
    }
    for task in loops {
        let _ = task.await;
    }
}

/// Polls one bot while this instance holds it.
async fn poll_loop(state: &AppState, node_id: i64, me: &str, mut stopped: watch::Receiver<bool>) {
    let mut pause = FIRST_PAUSE;
    loop {
        let polled = tokio::select! {
            polled = poll_once(state, node_id, me, POLL_WAIT) => polled,
            _ = stopped.changed() => break,
        };
        match polled {
            Ok(Polled::Fetched(_)) => {
                pause = FIRST_PAUSE;
                continue;
            }
            Ok(Polled::NotMine) => return,
            Err(PollError::Telegram(error)) => {
                tracing::warn!(node = node_id, %error, "a bot could not be polled");
                let _ = store::set_error(&state.db, node_id, Some(&error.persian())).await;
                if let TelegramError::RateLimited { retry_after } = error {
                    pause = pause.max(Duration::from_secs(retry_after));
                }
            }
            Err(PollError::Server(error)) => {
                tracing::error!(node = node_id, ?error, "polled updates could not be taken in");
            }
        }
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            _ = stopped.changed() => break,
        }
        pause = (pause * 2).min(MAX_PAUSE);
    }
    if let Err(error) = store::release_poller(&state.db, node_id, me).await {
        tracing::warn!(node = node_id, %error, "a poll lease could not be given up");
    }
}

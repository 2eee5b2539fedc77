//! A local Telegram Bot API that speaks the real protocol: `/bot{TOKEN}/{method}`
//! by GET or POST, parameters from the query, a form, JSON or multipart,
//! Telegram's envelope and its errors in its words (HTTP status =
//! `error_code`), as the open-source Bot API server and tdlib produce them.
//!
//! It serves `getMe`, `setWebhook`, `deleteWebhook`, `getWebhookInfo`,
//! `getUpdates` (long polls; a newer poll ends an older one with 409),
//! `sendMessage` (plain, `MarkdownV2`, legacy `Markdown` and `HTML`, parsed
//! as Telegram parses them) and `sendChatAction`; any other method is
//! Telegram's 404 "Not Found". People write to a bot with
//! [`FakeTelegram::user_says`]: the update is queued and POSTed to the
//! webhook, if one is set, with its secret header. Tests read what a bot
//! did (messages, chat actions, calls, deliveries); `/_fake/*` lets a
//! browser spec do the same over HTTP.

mod bot;
mod control;
mod endpoint;
mod entities;
mod envelope;
mod html;
mod markdown;
mod markdown_v2;
mod methods;
mod params;
mod polling;
mod text;
mod url;
mod webhook;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::Router;
use serde::Serialize;
use serde_json::Value;
use tokio::sync::Notify;

use bot::Bot;
pub use entities::MessageEntity;
use envelope::Refusal;

/// A bot the fake knows: `getMe` answers it, and only its token is let in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FakeBot {
    pub token: String,
    pub id: i64,
    pub username: String,
    pub first_name: String,
}

/// A bot's webhook as `setWebhook` set it (the optional fields as the
/// client gave them, so a test can check what it sent).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FakeWebhook {
    pub url: String,
    /// `None` when none was given (or an empty one, which Telegram takes as none).
    pub secret_token: Option<String>,
    pub max_connections: Option<i64>,
    pub allowed_updates: Option<Vec<String>>,
}

/// One webhook POST and what it answered (`None`: no HTTP answer at all).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Delivery {
    pub update_id: i64,
    pub status: Option<u16>,
}

/// A message a bot sent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SentMessage {
    pub chat_id: i64,
    /// The `text` parameter as sent (with its markup).
    pub text: String,
    pub parse_mode: Option<String>,
    /// What the person sees: the text after the parse mode and Telegram's
    /// trimming, as the answer's `text` reports it.
    pub plain: String,
    pub message_id: i64,
    /// The formatting Telegram found, as the answer's `entities` reports it.
    pub entities: Vec<MessageEntity>,
}

/// An injected failure for the next calls of one method.
#[derive(Debug, Clone)]
struct Failure {
    left: usize,
    error_code: u16,
    description: String,
}

/// Everything behind one lock (never held across an await).
#[derive(Debug, Default)]
struct Inner {
    /// By token.
    bots: HashMap<String, Bot>,
    /// By lower-cased method name.
    failures: HashMap<String, Failure>,
    down: bool,
    /// Where webhook posts go instead of the webhook URL's own host.
    webhook_base: Option<String>,
    bots_made: i64,
}

impl Inner {
    /// The injected failure the next call of `method` meets, if any.
    fn take_failure(&mut self, method: &str) -> Option<Refusal> {
        let failure = self.failures.get_mut(method)?;
        failure.left -= 1;
        let refusal = Refusal::new(failure.error_code, failure.description.clone());
        if failure.left == 0 {
            self.failures.remove(method);
        }
        Some(refusal)
    }
}

#[derive(Debug)]
struct Shared {
    inner: Mutex<Inner>,
    /// Wakes long polls and [`FakeTelegram::wait_for_sent`] when anything changes.
    changed: Notify,
    /// Posts updates to webhooks.
    http: reqwest::Client,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().expect("the fake's state is not poisoned")
    }

    /// What `f` reads or does to the bot with this token (`None`: no such bot).
    fn with_bot<T>(&self, token: &str, f: impl FnOnce(&mut Bot) -> T) -> Option<T> {
        self.lock().bots.get_mut(token).map(f)
    }

    fn changed(&self) {
        self.changed.notify_waiters();
    }

    fn add_bot(&self, user: FakeBot) {
        let mut inner = self.lock();
        match inner.bots.get_mut(&user.token) {
            Some(bot) => bot.user = user,
            None => {
                inner.bots.insert(user.token.clone(), Bot::new(user));
            }
        }
    }

    fn new_bot(&self, name: &str) -> FakeBot {
        let n = {
            let mut inner = self.lock();
            inner.bots_made += 1;
            inner.bots_made
        };
        let id = 7_000_000_000 + n * 7_919;
        let user = FakeBot {
            token: format!("{id}:AAH{}", secret(name, id)),
            id,
            username: format!("{name}_bot"),
            first_name: name.to_owned(),
        };
        self.add_bot(user.clone());
        user
    }

    /// A person writes to the bot: the update, queued, offered to waiting
    /// polls and, when a webhook is set, delivered (`None`: no such bot).
    async fn user_says(
        self: &Arc<Self>,
        token: &str,
        chat_id: i64,
        first_name: &str,
        text: &str,
    ) -> Option<Value> {
        let (update, queued) = self.with_bot(token, |bot| {
            (bot.receive(chat_id, first_name, text, unix_now()), bot.wants("message"))
        })?;
        self.changed();
        if queued {
            webhook::deliver(self, token, &update).await;
        }
        Some(update)
    }

    fn fail_next(&self, method: &str, count: usize, error_code: u16, description: &str) {
        let method = method.to_lowercase();
        let mut inner = self.lock();
        if count == 0 {
            inner.failures.remove(&method);
            return;
        }
        let failure = Failure { left: count, error_code, description: description.to_owned() };
        inner.failures.insert(method, failure);
    }
}

/// The running fake: a handle to clone into tests, with its base URL and
/// what it has seen. It serves until the runtime that started it ends.
#[derive(Debug, Clone)]
pub struct FakeTelegram {
    /// `http://127.0.0.1:PORT`; clients call `{base_url}/bot{TOKEN}/{method}`.
    pub base_url: String,
    shared: Arc<Shared>,
}

impl FakeTelegram {
    /// On a free port of 127.0.0.1.
    pub async fn start() -> FakeTelegram {
        FakeTelegram::start_on("127.0.0.1:0".parse().expect("an address")).await
    }

    /// On a given address (the binary's `--telegram-port`; port 0 takes a free one).
    pub async fn start_on(addr: SocketAddr) -> FakeTelegram {
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(webhook::TIMEOUT)
            .build()
            .expect("an HTTP client");
        let shared =
            Arc::new(Shared { inner: Mutex::new(Inner::default()), changed: Notify::new(), http });
        let router = Router::new()
            .merge(control::router())
            .fallback(endpoint::handle)
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind(addr).await.expect("the fake's port is free");
        let addr = listener.local_addr().expect("a bound address");
        tokio::spawn(async move { axum::serve(listener, router).await.expect("the fake serves") });
        FakeTelegram { base_url: format!("http://{addr}"), shared }
    }

    /// A bot the fake knows; `getMe` answers it. A well-formed token it does
    /// not know is 401 "Unauthorized", as a revoked one is. Adding a known
    /// token again changes who the bot is and keeps what it did.
    pub fn add_bot(&self, bot: FakeBot) {
        self.shared.add_bot(bot);
    }

    /// A new bot named `name`: username `{name}_bot`, a token shaped as
    /// BotFather's (`{id}:AAH` and 32 more characters), fixed for the nth bot
    /// of this fake with this name, so runs repeat.
    pub fn new_bot(&self, name: &str) -> FakeBot {
        self.shared.new_bot(name)
    }

    /// Webhook posts go to `base` (e.g. `http://127.0.0.1:PORT`) with the
    /// webhook URL's path and query, as a TLS-terminating proxy in front of
    /// the server would pass them on; the URL itself stays what the client
    /// set (https, a public host).
    pub fn route_webhooks_to(&self, base: &str) {
        self.shared.lock().webhook_base = Some(base.trim_end_matches('/').to_owned());
    }

    /// A person (`chat_id`, `first_name`) writes `text` to the bot in their
    /// private chat: the update Telegram makes of it (the next update id,
    /// a `message` with the next message id in that chat, the time now),
    /// which makes the chat known to the bot, is queued for `getUpdates`
    /// and, when a webhook is set, POSTed to it before this returns.
    ///
    /// # Panics
    /// When no bot has this token (add one first).
    pub async fn user_says(
        &self,
        token: &str,
        chat_id: i64,
        first_name: &str,
        text: &str,
    ) -> Value {
        self.shared
            .user_says(token, chat_id, first_name, text)
            .await
            .unwrap_or_else(|| panic!("user_says: no bot has the token {token:?}; add one first"))
    }

    /// POSTs `update` to the bot's webhook again, same update id, as
    /// Telegram does while it is not answered 2xx: the status the webhook
    /// answered (`None` when no webhook is set or nothing answered).
    pub async fn redeliver(&self, token: &str, update: &Value) -> Option<u16> {
        webhook::deliver(&self.shared, token, update).await
    }

    pub fn webhook(&self, token: &str) -> Option<FakeWebhook> {
        self.shared.with_bot(token, |bot| bot.webhook.clone()).flatten()
    }

    /// Every webhook POST for the bot and what it answered, in order.
    pub fn deliveries(&self, token: &str) -> Vec<Delivery> {
        self.shared.with_bot(token, |bot| bot.deliveries.clone()).unwrap_or_default()
    }

    /// The messages the bot sent, in order.
    pub fn sent(&self, token: &str) -> Vec<SentMessage> {
        self.shared.with_bot(token, |bot| bot.sent.clone()).unwrap_or_default()
    }

    /// The chat actions the bot sent: (chat id, action), in order.
    pub fn chat_actions(&self, token: &str) -> Vec<(i64, String)> {
        self.shared.with_bot(token, |bot| bot.chat_actions.clone()).unwrap_or_default()
    }

    /// The methods the bot called, lower-cased, in order (refused calls too;
    /// not those a malformed or unknown token made, nor those during an outage).
    pub fn calls(&self, token: &str) -> Vec<String> {
        self.shared.with_bot(token, |bot| bot.calls.clone()).unwrap_or_default()
    }

    /// The most `getUpdates` long polls that were ever waiting at the same
    /// time for the bot (Telegram ends the older at once, but for an
    /// instant both wait), so a test can prove there is one poller per bot.
    pub fn max_concurrent_polls(&self, token: &str) -> usize {
        self.shared.with_bot(token, |bot| bot.polls.most_waiting).unwrap_or_default()
    }

    /// The next `count` calls of `method` (any bot; the name in any case)
    /// are refused with `error_code` and `description` (429 adds
    /// `parameters.retry_after` = 1 and `Retry-After: 1`).
    pub fn fail_next(&self, method: &str, count: usize, error_code: u16, description: &str) {
        self.shared.fail_next(method, count, error_code, description);
    }

    /// While down, every call answers 502 with an HTML page, as the proxy
    /// in front of an unreachable Telegram would.
    pub fn set_down(&self, down: bool) {
        self.shared.lock().down = down;
    }

    /// Waits until the bot has sent at least `count` messages or `timeout`
    /// passes; the messages sent by then (tests use this, not sleeps).
    pub async fn wait_for_sent(
        &self,
        token: &str,
        count: usize,
        timeout: Duration,
    ) -> Vec<SentMessage> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            // Registered before looking, so a message in between still wakes it.
            let changed = self.shared.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            let sent = self.sent(token);
            if sent.len() >= count {
                return sent;
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                return self.sent(token);
            }
        }
    }
}

/// 32 characters of a token's secret, from the bot's name and id.
fn secret(name: &str, id: i64) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // FNV-1a, stirred on for each character.
    let mut state: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.bytes().chain(id.to_le_bytes()) {
        state = (state ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    (0..32)
        .map(|_| {
            state ^= state >> 29;
            state = state.wrapping_mul(0xbf58_476d_1ce4_e5b9);
            char::from(ALPHABET[(state >> 58) as usize])
        })
        .collect()
}

fn unix_now() -> i64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
}

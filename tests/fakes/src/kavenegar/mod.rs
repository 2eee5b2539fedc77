//! A local Kavenegar REST API that speaks the real protocol:
//! `{base}/v1/{API_KEY}/{scope}/{method}.json`, by POST (form-urlencoded, as
//! the official SDKs send) or GET (query), answering Kavenegar's envelope
//! `{"return": {"status", "message"}, "entries": ...}` with its Persian
//! messages. An error's HTTP status mirrors `return.status` (as the official
//! Go SDK expects) unless [`FakeKavenegar::set_errors_with_http_200`] makes
//! it answer 200, as some gateways in front of it do.
//!
//! It serves `sms/send`, `sms/sendarray`, `sms/status`, `verify/lookup` and
//! `account/info`, judged as Kavenegar judges them: an unknown key is 403, a
//! disabled account 401, another scope or method 404, a verb other than GET
//! or POST 405, a missing parameter 400 and an empty one 406, a receptor
//! that is no Iranian mobile 411, a line not the account's 412, an empty or
//! over-long text 413, too many receptors 414, too little credit 418 (the
//! cost is charged per part), arrays of different lengths 419, a link where
//! the account may not send one 420, an unknown template 424, a token with
//! spaces or over 100 characters 431, a template token without a value 432,
//! a voice call of a token that is not digits 428, and a test account's
//! send to anyone but its owner 501. Any other answer (402, 409, 422, 451,
//! ...) can be scripted with [`FakeKavenegar::fail_next`].
//!
//! Tests read what was sent and every call made; `/_fake/*` lets a browser
//! spec do the same over HTTP.

mod control;
mod endpoint;
mod envelope;
mod methods;
mod numbers;
mod parts;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::Router;
use serde::Serialize;

pub use envelope::status_message;

/// Rials one part of a message costs (Kavenegar's price list is per part).
pub const PART_PRICE: i64 = 1_200;
/// The credit a new account starts with, in rials.
pub const STARTING_CREDIT: i64 = 500_000;
/// The line a new account sends from when no sender is given.
pub const DEFAULT_LINE: &str = "10004346";
/// The number a new account belongs to (the only one a test account reaches).
pub const OWNER_NUMBER: &str = "09120000000";

/// An account the fake knows: only its key is let in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FakeAccount {
    pub api_key: String,
    /// Rials left.
    pub credit: i64,
    /// Its lines; the first is the default sender.
    pub lines: Vec<String>,
    /// The owner's mobile, `09…`.
    pub owner: String,
    /// A test account sends only to its owner (501 otherwise).
    pub test_account: bool,
    /// A disabled account is refused with 401.
    pub disabled: bool,
    /// Whether a text may carry a link (420 otherwise).
    pub links_allowed: bool,
    /// Verify-lookup templates by name: their text with `%token`, `%token2`, ...
    pub templates: HashMap<String, String>,
}

/// A message the fake accepted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FakeSms {
    pub messageid: i64,
    pub api_key: String,
    /// `sms/send`, `sms/sendarray` or `verify/lookup`.
    pub method: String,
    /// As Kavenegar shows it: `09…`.
    pub receptor: String,
    pub sender: String,
    /// The text, a template's filled in.
    pub message: String,
    pub template: Option<String>,
    /// `sms` or `call` (lookup), `None` for the others.
    pub lookup_type: Option<String>,
    /// Parts × [`PART_PRICE`].
    pub cost: i64,
    /// Kavenegar's delivery status: 1 queued at first.
    pub status: i64,
    /// Unix seconds.
    pub date: i64,
}

/// One request the fake answered, accepted or not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FakeCall {
    /// GET or POST (or whatever came).
    pub http_method: String,
    /// The key in the path, as sent.
    pub api_key: String,
    /// `scope/method`, such as `sms/send`.
    pub method: String,
    /// The parameters, from the query and the form, in order.
    pub params: Vec<(String, String)>,
    /// The `return.status` answered.
    pub status: u16,
}

/// An injected failure for the next calls of one method.
#[derive(Debug, Clone)]
struct Failure {
    left: usize,
    status: u16,
}

/// Everything behind one lock (never held across an await).
#[derive(Debug, Default)]
struct Inner {
    /// By key.
    accounts: HashMap<String, FakeAccount>,
    sent: Vec<FakeSms>,
    calls: Vec<FakeCall>,
    /// By `scope/method`, lower-cased.
    failures: HashMap<String, Failure>,
    down: bool,
    errors_with_http_200: bool,
    accounts_made: u64,
    last_messageid: i64,
}

impl Inner {
    fn take_failure(&mut self, method: &str) -> Option<u16> {
        let failure = self.failures.get_mut(method)?;
        failure.left -= 1;
        let status = failure.status;
        if failure.left == 0 {
            self.failures.remove(method);
        }
        Some(status)
    }

    fn next_messageid(&mut self) -> i64 {
        if self.last_messageid == 0 {
            self.last_messageid = 8_792_342;
        }
        self.last_messageid += 1;
        self.last_messageid
    }
}

#[derive(Debug, Default)]
struct Shared {
    inner: Mutex<Inner>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().expect("the fake's state is not poisoned")
    }

    fn new_account(&self) -> FakeAccount {
        let mut inner = self.lock();
        inner.accounts_made += 1;
        let account = FakeAccount {
            api_key: api_key(inner.accounts_made),
            credit: STARTING_CREDIT,
            lines: vec![DEFAULT_LINE.to_owned()],
            owner: OWNER_NUMBER.to_owned(),
            test_account: false,
            disabled: false,
            links_allowed: true,
            templates: HashMap::new(),
        };
        inner.accounts.insert(account.api_key.clone(), account.clone());
        account
    }

    fn fail_next(&self, method: &str, count: usize, status: u16) {
        let method = method.trim_end_matches(".json").to_lowercase();
        let mut inner = self.lock();
        if count == 0 {
            inner.failures.remove(&method);
        } else {
            inner.failures.insert(method, Failure { left: count, status });
        }
    }

    /// Sets the delivery status of message `messageid` (every message when
    /// `None`); whether any message was changed.
    fn deliver(&self, messageid: Option<i64>, status: i64) -> bool {
        let mut inner = self.lock();
        let mut changed = false;
        for sms in inner.sent.iter_mut().filter(|s| messageid.is_none_or(|id| s.messageid == id)) {
            sms.status = status;
            changed = true;
        }
        changed
    }
}

/// The running fake: a handle to clone into tests, with its base URL and
/// what it has seen. It serves until the runtime that started it ends.
#[derive(Debug, Clone)]
pub struct FakeKavenegar {
    /// `http://127.0.0.1:PORT`; clients call `{base_url}/v1/{API_KEY}/{scope}/{method}.json`.
    pub base_url: String,
    shared: Arc<Shared>,
}

impl FakeKavenegar {
    /// On a free port of 127.0.0.1.
    pub async fn start() -> FakeKavenegar {
        FakeKavenegar::start_on("127.0.0.1:0".parse().expect("an address")).await
    }

    /// On a given address (the binary's `--kavenegar-port`; port 0 takes a free one).
    pub async fn start_on(addr: SocketAddr) -> FakeKavenegar {
        let shared = Arc::new(Shared::default());
        let router = Router::new()
            .merge(control::router())
            .fallback(endpoint::handle)
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind(addr).await.expect("the fake's port is free");
        let addr = listener.local_addr().expect("a bound address");
        tokio::spawn(async move { axum::serve(listener, router).await.expect("the fake serves") });
        FakeKavenegar { base_url: format!("http://{addr}"), shared }
    }

    /// A new account: a 48-character key (fixed for the nth account of this
    /// fake, so runs repeat), [`STARTING_CREDIT`], the line [`DEFAULT_LINE`],
    /// owned by [`OWNER_NUMBER`], no templates.
    pub fn new_account(&self) -> FakeAccount {
        self.shared.new_account()
    }

    /// Lets `account` in (replacing any account with its key).
    pub fn add_account(&self, account: FakeAccount) {
        self.shared.lock().accounts.insert(account.api_key.clone(), account);
    }

    /// The account as it is now (`None`: no such key).
    pub fn account(&self, api_key: &str) -> Option<FakeAccount> {
        self.shared.lock().accounts.get(api_key).cloned()
    }

    /// Changes the account with this key (nothing when there is none).
    pub fn update_account(&self, api_key: &str, change: impl FnOnce(&mut FakeAccount)) {
        if let Some(account) = self.shared.lock().accounts.get_mut(api_key) {
            change(account);
        }
    }

    /// Adds the verify-lookup template `name` with `text` (`%token`, `%token2`, ...).
    pub fn add_template(&self, api_key: &str, name: &str, text: &str) {
        self.update_account(api_key, |a| {
            a.templates.insert(name.to_owned(), text.to_owned());
        });
    }

    /// Every message accepted, in order.
    pub fn sent(&self) -> Vec<FakeSms> {
        self.shared.lock().sent.clone()
    }

    /// Every request answered, in order (refused ones too, but not those
    /// during an outage).
    pub fn calls(&self) -> Vec<FakeCall> {
        self.shared.lock().calls.clone()
    }

    /// The next `count` calls of `method` (`sms/send`, `verify/lookup`, ...)
    /// are refused with `return.status` = `status` and Kavenegar's message for it.
    pub fn fail_next(&self, method: &str, count: usize, status: u16) {
        self.shared.fail_next(method, count, status);
    }

    /// Delivery status `status` (10 delivered, 11 undelivered, ...) for
    /// message `messageid`, or every message when `None`.
    pub fn deliver(&self, messageid: Option<i64>, status: i64) {
        self.shared.deliver(messageid, status);
    }

    /// Errors answered with HTTP 200 (the code only in `return.status`)
    /// instead of an HTTP status mirroring it.
    pub fn set_errors_with_http_200(&self, on: bool) {
        self.shared.lock().errors_with_http_200 = on;
    }

    /// While down, every call answers 502 with an HTML page, as the proxy
    /// in front of an unreachable service would.
    pub fn set_down(&self, down: bool) {
        self.shared.lock().down = down;
    }
}

/// The nth account's key: 48 upper-case hexadecimal digits, as Kavenegar's keys look.
fn api_key(n: u64) -> String {
    // FNV-1a over n, stirred on for each digit.
    let mut state: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in n.to_le_bytes() {
        state = (state ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    (0..48)
        .map(|_| {
            state ^= state >> 29;
            state = state.wrapping_mul(0xbf58_476d_1ce4_e5b9);
            char::from(b"0123456789ABCDEF"[(state >> 60) as usize])
        })
        .collect()
}

fn unix_now() -> i64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_secs()).unwrap_or(i64::MAX)
}

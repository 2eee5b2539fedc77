//! Rate limits per client address (and per chat-widget visitor), for what
//! anyone can call without a token: signing in and up, payment and Google callbacks,
//! Telegram's webhook, and the chat widget.
//!
//! Each is a GCRA bucket per address (governor), kept in memory: an address
//! flooding one instance is held there, which is what they are for. What must
//! hold across instances, the wrong-password count per account, lives in the
//! database instead (`accounts::login_throttle`).

use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use dastyar_core::MessageCode;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::config::Config;
use crate::error::ApiError;

/// Forgotten addresses are swept out once the table holds this many...
const SWEEP_AT: usize = 10_000;
/// ...at most once per this many checks, so a flood from many addresses
/// does not sweep on every request.
const SWEEP_EVERY: u32 = 1_024;

const MINUTE: Duration = Duration::from_secs(60);

/// The limits of the routes anyone can call.
#[derive(Debug)]
pub struct RateLimits {
    /// `POST /auth/login`, per address.
    pub login: AddressLimit,
    /// `POST /auth/register`, per address.
    pub register: AddressLimit,
    /// Payment gateways' callbacks (`GET /subscription/zarinpal/callback`),
    /// per address: a payer's browser comes back once per payment.
    pub payment_callback: AddressLimit,
    /// Google's OAuth redirects back (`GET /google/callback`), per address.
    pub google_callback: AddressLimit,
    /// Telegram webhook posts without the bot's secret, per address
    /// (Telegram's own posts carry it and are not limited).
    pub webhook_refusals: AddressLimit,
    /// Chat widget sessions, per address (a page load asks for one).
    pub widget_sessions: AddressLimit,
    /// Chat widget messages, per address...
    pub widget_messages: AddressLimit,
    /// ...and per visitor of a frame (`{frame}:{visitor}`).
    pub visitor_messages: KeyLimit<String>,
}

/// Payment callbacks one address may make in a minute.
const PAYMENT_CALLBACKS_PER_MINUTE: u32 = 30;
/// Google redirects one address may come back with in a minute: an owner
/// authorises a node at a time.
const GOOGLE_CALLBACKS_PER_MINUTE: u32 = 20;
/// Webhook posts one address may make in a minute without the secret.
const WEBHOOK_REFUSALS_PER_MINUTE: u32 = 30;
/// Widget sessions one address may open in a minute (page loads, tabs).
const WIDGET_SESSIONS_PER_MINUTE: u32 = 60;
/// Widget messages from one address in a minute (an office behind one address).
const WIDGET_MESSAGES_PER_MINUTE: u32 = 60;
/// Messages one visitor may send in a minute: a person types slower.
pub const VISITOR_MESSAGES_PER_MINUTE: u32 = 12;

impl RateLimits {
    pub fn from_config(config: &Config) -> RateLimits {
        RateLimits {
            login: AddressLimit::new(config.logins_per_minute, MINUTE),
            register: AddressLimit::new(config.registrations_per_hour, 60 * MINUTE),
            payment_callback: AddressLimit::new(PAYMENT_CALLBACKS_PER_MINUTE, MINUTE),
            google_callback: AddressLimit::new(GOOGLE_CALLBACKS_PER_MINUTE, MINUTE),
            webhook_refusals: AddressLimit::new(WEBHOOK_REFUSALS_PER_MINUTE, MINUTE),
            widget_sessions: AddressLimit::new(WIDGET_SESSIONS_PER_MINUTE, MINUTE),
            widget_messages: AddressLimit::new(WIDGET_MESSAGES_PER_MINUTE, MINUTE),
            visitor_messages: KeyLimit::new(VISITOR_MESSAGES_PER_MINUTE, MINUTE),
        }
    }
}

/// `count` requests per `period` for one key, all of them at once if it
/// has been quiet.
#[derive(Debug)]
pub struct KeyLimit<K: Hash + Eq + Clone> {
    limiter: DefaultKeyedRateLimiter<K>,
    checks: AtomicU32,
}

impl<K: Hash + Eq + Clone> KeyLimit<K> {
    pub fn new(count: u32, period: Duration) -> KeyLimit<K> {
        let count = NonZeroU32::new(count).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(period / count.get())
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MAX))
            .allow_burst(count);
        KeyLimit { limiter: RateLimiter::keyed(quota), checks: AtomicU32::new(0) }
    }

    /// Counts a request for `key`: 429 `too_many_requests` with the seconds
    /// to wait once its allowance is spent.
    pub fn check_key(&self, key: &K) -> Result<(), ApiError> {
        self.sweep();
        self.limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::retry_later(MessageCode::TooManyRequests, wait)
        })
    }

    fn sweep(&self) {
        if self.checks.fetch_add(1, Ordering::Relaxed).is_multiple_of(SWEEP_EVERY)
            && self.limiter.len() >= SWEEP_AT
        {
            self.limiter.retain_recent();
            self.limiter.shrink_to_fit();
        }
    }

    /// Keys remembered now.
    pub fn keys(&self) -> usize {
        self.limiter.len()
    }
}

/// `count` requests per `period` from one address.
#[derive(Debug)]
pub struct AddressLimit(KeyLimit<IpAddr>);

impl AddressLimit {
    pub fn new(count: u32, period: Duration) -> AddressLimit {
        AddressLimit(KeyLimit::new(count, period))
    }

    /// Counts a request from `address` (see [`KeyLimit::check_key`]). A
    /// request with no known address (one the server made itself, as in
    /// tests) is not counted.
    pub fn check(&self, address: Option<IpAddr>) -> Result<(), ApiError> {
        match address {
            Some(address) => self.0.check_key(&bucket(address)),
            None => Ok(()),
        }
    }

    /// Addresses remembered now.
    pub fn addresses(&self) -> usize {
        self.0.keys()
    }
}

/// The bucket an address counts in: itself for IPv4; for IPv6 its /64, which
/// one subscriber usually holds whole (counting each address would let them
/// rotate through billions).
fn bucket(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let prefix = u128::from(v6) & !((1u128 << 64) - 1);
                IpAddr::V6(prefix.into())
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn an_address_gets_its_allowance_then_429_with_the_wait() {
        let limit = AddressLimit::new(3, Duration::from_secs(60));
        for _ in 0..3 {
            limit.check(ip("203.0.113.7")).unwrap();
        }
        let refused = limit.check(ip("203.0.113.7")).unwrap_err();
        assert_eq!(refused.status(), 429);
        let ApiError::RetryLater { code, retry_after } = refused else { panic!("{refused:?}") };
        assert_eq!(code, MessageCode::TooManyRequests);
        assert!((1..=20).contains(&retry_after), "one request back in 20 s: {retry_after}");
        limit.check(ip("203.0.113.8")).expect("another address has its own allowance");
        limit.check(None).expect("no address, not counted");
    }

    #[test]
    fn an_ipv6_subscriber_counts_as_its_64() {
        let limit = AddressLimit::new(2, Duration::from_secs(3600));
        limit.check(ip("2001:db8:1:2::1")).unwrap();
        limit.check(ip("2001:db8:1:2:ffff::9")).unwrap();
        assert!(limit.check(ip("2001:db8:1:2::abcd")).is_err(), "same /64");
        limit.check(ip("2001:db8:1:3::1")).expect("another /64");
        assert_eq!(bucket("::ffff:198.51.100.4".parse().unwrap()), ip("198.51.100.4").unwrap());
    }
}

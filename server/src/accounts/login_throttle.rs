//! Wrong passwords per account: after a few, the address is locked for a
//! while that doubles with each further failure, so guessing a password
//! takes years while a person who mistyped waits seconds.
//!
//! The count lives in the database (`store::login_failures`), so every
//! instance behind a load balancer sees the same lock. It is kept for any
//! address typed, whether or not an account has it: a lock says nothing
//! about which accounts exist. A locked address is refused before its
//! password is hashed, so a lock also spares the CPU.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, SystemTime};

use dastyar_core::MessageCode;

use crate::db::{Db, timestamp};
use crate::error::ApiError;
use crate::store::login_failures;

/// Wrong passwords allowed before the first lock.
pub const FREE_FAILURES: i64 = 5;
/// The first lock; each further failure doubles it...
const FIRST_LOCK: Duration = Duration::from_secs(30);
/// ...up to this.
const LONGEST_LOCK: Duration = Duration::from_secs(15 * 60);
/// Failures are forgotten after this long without another.
const FORGET_AFTER: Duration = Duration::from_secs(60 * 60);
/// Forgotten rows are deleted on one failure in this many.
const SWEEP_EVERY: u32 = 256;

/// How long the address is locked after its `failures`-th wrong password.
pub fn lock_for(failures: i64) -> Option<Duration> {
    let beyond = failures.checked_sub(FREE_FAILURES).filter(|n| *n >= 0)?;
    let doublings = u32::try_from(beyond).unwrap_or(u32::MAX).min(16);
    Some(FIRST_LOCK.saturating_mul(1 << doublings).min(LONGEST_LOCK))
}

/// 429 `login_locked` with the seconds left while `email` is locked.
pub async fn check(db: &Db, email: &str) -> Result<(), ApiError> {
    let now = SystemTime::now();
    let Some(until) = login_failures::locked_until(db, email, &timestamp::at(now)).await? else {
        return Ok(());
    };
    let left = timestamp::parse(&until)
        .and_then(|until| (until - chrono::DateTime::<chrono::Utc>::from(now)).to_std().ok())
        .unwrap_or(FIRST_LOCK);
    Err(ApiError::retry_later(MessageCode::LoginLocked, left))
}

/// Counts a wrong password for `email`, locking it when it has had too many.
pub async fn failed(db: &Db, email: &str) -> Result<(), sqlx::Error> {
    static FAILURES_SEEN: AtomicU32 = AtomicU32::new(0);
    let now = SystemTime::now();
    let forget_before = timestamp::at(now - FORGET_AFTER);
    let failures = login_failures::record(db, email, &timestamp::at(now), &forget_before).await?;
    if let Some(lock) = lock_for(failures) {
        login_failures::lock(db, email, &timestamp::at(now + lock)).await?;
    }
    if FAILURES_SEEN.fetch_add(1, Ordering::Relaxed).is_multiple_of(SWEEP_EVERY) {
        login_failures::forget_older_than(db, &forget_before).await?;
    }
    Ok(())
}

/// Forgets the failures of `email`: its owner signed in.
pub async fn succeeded(db: &Db, email: &str) -> Result<(), sqlx::Error> {
    login_failures::clear(db, email).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_start_after_the_free_failures_and_double_up_to_the_longest() {
        assert_eq!(lock_for(1), None);
        assert_eq!(lock_for(FREE_FAILURES - 1), None);
        assert_eq!(lock_for(FREE_FAILURES), Some(Duration::from_secs(30)));
        assert_eq!(lock_for(FREE_FAILURES + 1), Some(Duration::from_secs(60)));
        assert_eq!(lock_for(FREE_FAILURES + 4), Some(Duration::from_secs(480)));
        assert_eq!(lock_for(FREE_FAILURES + 5), Some(LONGEST_LOCK));
        assert_eq!(lock_for(1_000), Some(LONGEST_LOCK));
        assert_eq!(lock_for(i64::MAX), Some(LONGEST_LOCK));
    }
}

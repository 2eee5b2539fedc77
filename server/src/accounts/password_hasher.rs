//! Password hashing and checking with bounded concurrency.
//!
//! One argon2id hash holds 19 MiB for tens of milliseconds of CPU. Run one
//! per request and a burst of logins (which anyone can send, and which hash
//! even for unknown e-mails) takes gigabytes. So at most `workers` hashes run
//! at once, a bounded queue waits behind them, and whoever finds the queue
//! full, or waits too long in it, is told to come back (503 `server_busy`
//! with `Retry-After`) instead of holding memory.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use dastyar_core::MessageCode;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::accounts::password;
use crate::error::ApiError;

/// How many requests may wait for a hashing worker, per worker.
const QUEUE_PER_WORKER: usize = 128;
/// The longest a request waits in the queue before it is turned away.
const MAX_WAIT: Duration = Duration::from_secs(5);

#[derive(Debug)]
pub struct PasswordHasher {
    /// One permit per hash that may run now.
    workers: Arc<Semaphore>,
    /// One permit per request that may run or wait.
    admitted: Arc<Semaphore>,
    max_wait: Duration,
    running: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
}

impl PasswordHasher {
    /// A hasher running at most `workers` hashes at once (at least one).
    pub fn new(workers: usize) -> PasswordHasher {
        PasswordHasher::with_limits(workers, QUEUE_PER_WORKER * workers.max(1), MAX_WAIT)
    }

    /// One worker per core: hashing is pure CPU, more would only queue in the OS.
    pub fn per_core() -> PasswordHasher {
        PasswordHasher::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// Limits chosen by the caller (tests use small ones).
    pub fn with_limits(workers: usize, queue: usize, max_wait: Duration) -> PasswordHasher {
        let workers = workers.max(1);
        PasswordHasher {
            workers: Arc::new(Semaphore::new(workers)),
            admitted: Arc::new(Semaphore::new(workers + queue)),
            max_wait,
            running: Arc::default(),
            peak: Arc::default(),
        }
    }

    /// The argon2id PHC string of a new password.
    pub async fn hash(&self, password: String) -> Result<String, ApiError> {
        self.run(move || password::hash(&password)).await?.map_err(ApiError::internal)
    }

    /// Whether `password` matches `stored`. With no stored hash (no such
    /// account) it checks against a hash of its own, so an unknown e-mail
    /// costs the same time as a wrong password and tells nothing.
    pub async fn verify(&self, password: String, stored: Option<String>) -> Result<bool, ApiError> {
        static NOBODY: LazyLock<String> =
            LazyLock::new(|| password::hash("no such account 0").unwrap_or_default());
        self.run(move || {
            let matches = password::verify(&password, stored.as_deref().unwrap_or(&NOBODY));
            matches && stored.is_some()
        })
        .await
    }

    /// The most hashes that ever ran at once.
    pub fn peak_running(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let _admitted = self.admitted.clone().try_acquire_owned().map_err(|_| self.busy())?;
        let worker: OwnedSemaphorePermit =
            tokio::time::timeout(self.max_wait, self.workers.clone().acquire_owned())
                .await
                .map_err(|_| self.busy())?
                .map_err(ApiError::internal)?;
        // The permit travels with the work: a caller that goes away does not
        // free the worker before the hash it started is done.
        let (running, peak) = (self.running.clone(), self.peak.clone());
        tokio::task::spawn_blocking(move || {
            peak.fetch_max(running.fetch_add(1, Ordering::Relaxed) + 1, Ordering::Relaxed);
            let out = work();
            running.fetch_sub(1, Ordering::Relaxed);
            drop(worker);
            out
        })
        .await
        .map_err(ApiError::internal)
    }

    fn busy(&self) -> ApiError {
        ApiError::retry_later(MessageCode::ServerBusy, self.max_wait)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_burst_runs_no_more_hashes_at_once_than_workers() {
        let hasher = Arc::new(PasswordHasher::with_limits(2, 100, Duration::from_secs(60)));
        let stored = hasher.hash("secret123".into()).await.unwrap();
        let checks: Vec<_> = (0..12)
            .map(|i| {
                let (hasher, stored) = (hasher.clone(), stored.clone());
                let guess = if i == 0 { "secret123".to_owned() } else { format!("wrong{i}") };
                tokio::spawn(async move { hasher.verify(guess, Some(stored)).await.unwrap() })
            })
            .collect();
        let mut matched = 0;
        for check in checks {
            matched += usize::from(check.await.unwrap());
        }
        assert_eq!(matched, 1, "only the right password matches");
        assert_eq!(hasher.peak_running(), 2, "two workers, both used, never more");
    }

    #[tokio::test]
    async fn a_full_queue_is_told_to_come_back() {
        let hasher = Arc::new(PasswordHasher::with_limits(1, 1, Duration::from_secs(60)));
        let held = hasher.workers.clone().acquire_owned().await.unwrap();
        // Two are admitted (one to run, one to wait) behind the held worker;
        // the third finds no room.
        let waiting: Vec<_> = (0..2)
            .map(|_| {
                let hasher = hasher.clone();
                tokio::spawn(async move { hasher.verify("a1234567".into(), None).await })
            })
            .collect();
        while hasher.admitted.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        let refused = hasher.verify("a1234567".into(), None).await.unwrap_err();
        assert_eq!(refused.status(), 503);
        assert!(matches!(refused, ApiError::RetryLater { code: MessageCode::ServerBusy, .. }));
        drop(held);
        for waiter in waiting {
            assert!(!waiter.await.unwrap().unwrap(), "no account matches nothing");
        }
    }

    #[tokio::test]
    async fn waiting_too_long_is_told_to_come_back() {
        let hasher = PasswordHasher::with_limits(1, 10, Duration::from_millis(20));
        let _held = hasher.workers.clone().acquire_owned().await.unwrap();
        let refused = hasher.hash("a1234567".into()).await.unwrap_err();
        assert!(matches!(refused, ApiError::RetryLater { retry_after: 1, .. }));
    }
}

//! The gate a [`super::Reply::GatedText`] waits at. Releases are counted
//! rather than kept as a single `Notify` permit: a test may release before
//! the answer reaches its pause, or release two held answers at once, and
//! neither release may be lost.

use std::sync::Mutex;

use tokio::sync::Notify;

#[derive(Debug, Default)]
pub struct Gate {
    /// Releases not yet taken by a held answer.
    releases: Mutex<usize>,
    /// Wakes the waiters to look at `releases` again.
    changed: Notify,
}

impl Gate {
    /// Lets one held answer (now or the next to arrive) go on.
    pub fn release(&self) {
        *self.count() += 1;
        self.changed.notify_waiters();
    }

    /// Waits for a release and takes it. Dropped while waiting (the reader
    /// went away), it takes none.
    pub async fn pass(&self) {
        loop {
            // Registered before looking, so a release in between still wakes it.
            let changed = self.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            {
                let mut releases = self.count();
                if *releases > 0 {
                    *releases -= 1;
                    return;
                }
            }
            changed.await;
        }
    }

    /// Forgets the releases nobody took (a reset of the fake).
    pub fn clear(&self) {
        *self.count() = 0;
    }

    fn count(&self) -> std::sync::MutexGuard<'_, usize> {
        self.releases.lock().expect("the gate's count is not poisoned")
    }
}

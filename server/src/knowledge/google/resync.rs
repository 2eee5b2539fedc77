//! The periodic re-sync: every few minutes each instance looks for
//! authorised nodes due a look; of several instances, the one that moves a
//! node's next look on takes it. A node whose file's version on Drive is
//! not the one last read is queued to be read again; one whose
//! authorisation Google revoked is queued too, so its document reports it.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use super::access::{self, CallError};
use super::{Source, client};
use crate::db::timestamp;
use crate::error::ApiError;
use crate::knowledge::documents;
use crate::providers::google::GoogleError;
use crate::state::AppState;
use crate::store::google as store;
use crate::store::nodes;

/// How often an instance looks for nodes due.
const LOOK_EVERY: Duration = Duration::from_secs(60);
/// How often one node's file is looked at.
pub const SYNC_EVERY: TimeDelta = TimeDelta::minutes(15);
/// Nodes taken per look; the rest wait for the next.
const DUE_PER_LOOK: i64 = 32;

/// Looks at the nodes due at `now`: how many were queued to be read again.
pub async fn run_due(state: &AppState, now: DateTime<Utc>) -> Result<usize, ApiError> {
    let Some(client) = client(state) else { return Ok(0) };
    let mut queued = 0;
    for mut link in store::due(&state.db, &timestamp::of(now), DUE_PER_LOOK).await? {
        let next = timestamp::of(now + SYNC_EVERY);
        if !store::take_due(&state.db, link.node_id, &link.next_sync_at, &next).await? {
            continue; // another instance took it
        }
        let Some(node) = nodes::get(state.db.pool(), link.user_id, link.node_id).await? else {
            continue;
        };
        let Some(id) = Source::of(&node).and_then(|s| s.id) else { continue };
        let id = id.as_str();
        let client = &client;
        let changed = match access::with_token(state, client, &mut link, |token| async move {
            client.file(&token, id).await
        })
        .await
        {
            Ok(meta) => link.synced_version.as_deref() != Some(meta.change_mark().as_str()),
            Err(CallError::Google(GoogleError::InvalidGrant(_) | GoogleError::Unauthenticated)) => {
                true
            }
            Err(CallError::Google(error)) => {
                tracing::warn!(node = node.id, %error, "a Google file could not be looked at");
                false
            }
            Err(CallError::Server(error)) => return Err(error),
        };
        if changed {
            documents::queue_google(state, link.user_id, &node).await?;
            queued += 1;
        }
    }
    Ok(queued)
}

/// The loop that re-syncs Google nodes, until stopped.
pub struct Resyncer {
    stop: watch::Sender<bool>,
    handle: JoinHandle<()>,
}

impl Resyncer {
    pub fn start(state: AppState) -> Resyncer {
        let (stop, mut stopped) = watch::channel(false);
        let handle = tokio::spawn(async move {
            while !*stopped.borrow() {
                if let Err(error) = run_due(&state, Utc::now()).await {
                    tracing::error!(?error, "Google nodes due could not be re-synced");
                }
                tokio::select! {
                    () = tokio::time::sleep(LOOK_EVERY) => {}
                    _ = stopped.changed() => {}
                }
            }
        });
        Resyncer { stop, handle }
    }

    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.handle.await;
    }
}

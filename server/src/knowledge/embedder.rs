//! The embedder: with an embedding model configured, each instance looks
//! every few seconds (and at once when it has indexed a document) for a
//! document whose chunks lack vectors from that model, claims it for a while
//! and embeds its chunks in batches. A failure leaves the document searchable
//! by BM25 and is tried again after a pause that doubles, up to an hour; a
//! restart tries at once. Documents indexed before the model was set, or
//! under another model, are embedded the same way.

use std::sync::Arc;
use std::time::Duration;

use chrono::{TimeDelta, Utc};
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

use crate::db::timestamp;
use crate::error::ApiError;
use crate::knowledge::vectors::encode;
use crate::state::AppState;
use crate::store::knowledge_vectors as store;

/// Chunks sent per call: about 30,000 tokens of Persian text, well within
/// every provider's limits on inputs and tokens per request.
pub const BATCH: usize = 64;
/// How long a claim holds a document; renewed after each batch, so only an
/// instance that stopped mid-way loses it.
const HOLD: TimeDelta = TimeDelta::minutes(2);
/// The pause after a first failure, doubled after each further one.
const FIRST_PAUSE: TimeDelta = TimeDelta::minutes(1);
const LONGEST_PAUSE: TimeDelta = TimeDelta::hours(1);
/// How often an idle instance looks for documents to embed.
const LOOK_EVERY: Duration = Duration::from_secs(5);

/// How embedding one document ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Embedded {
    /// Every chunk has a vector: (document id, chunks embedded now).
    Done { document_id: i64, chunks: usize },
    /// The provider failed; tried again after a pause (the reason, in Persian).
    Failed { document_id: i64, error: String },
}

/// Embeds one document due, if any (tests call it directly, no clocks involved).
pub async fn run_once(state: &AppState) -> Result<Option<Embedded>, ApiError> {
    let Some(model) = state.llm.embedding_model() else { return Ok(None) };
    let now = Utc::now();
    let hold = |from| timestamp::of(from + HOLD);
    let Some(claimed) = store::claim(&state.db, model, &timestamp::of(now), &hold(now)).await?
    else {
        return Ok(None);
    };
    let mut chunks = 0;
    loop {
        let batch = store::unembedded(&state.db, claimed.id, model, BATCH as i64).await?;
        if batch.is_empty() {
            break;
        }
        let texts: Vec<String> = batch.iter().map(|(_, text)| text.clone()).collect();
        match state.llm.embed(&texts).await {
            Ok(vectors) => {
                let encoded: Vec<(i64, Vec<u8>)> =
                    batch.iter().zip(&vectors).map(|((id, _), v)| (*id, encode(v))).collect();
                store::keep(&state.db, claimed.id, model, &encoded, &hold(Utc::now())).await?;
                chunks += encoded.len();
            }
            Err(error) => {
                let reason = error.persian(model);
                tracing::warn!(document = claimed.id, %error, "chunks could not be embedded");
                let retry_at = Utc::now() + pause(claimed.attempts);
                store::fail(&state.db, claimed.id, &reason, &timestamp::of(retry_at)).await?;
                return Ok(Some(Embedded::Failed { document_id: claimed.id, error: reason }));
            }
        }
    }
    store::finish(&state.db, claimed.id, model).await?;
    Ok(Some(Embedded::Done { document_id: claimed.id, chunks }))
}

/// Embeds documents until none is due; how they ended.
pub async fn run_until_idle(state: &AppState) -> Result<Vec<Embedded>, ApiError> {
    let mut ended = Vec::new();
    while let Some(one) = run_once(state).await? {
        ended.push(one);
    }
    Ok(ended)
}

/// The pause after `attempts` earlier failures and this one.
fn pause(attempts: i64) -> TimeDelta {
    let doublings = u32::try_from(attempts.clamp(0, 10)).unwrap_or(10);
    (FIRST_PAUSE * 2_i32.pow(doublings)).min(LONGEST_PAUSE)
}

/// The loop that embeds in the background of `serve`, until stopped.
pub struct Embedder {
    stop: watch::Sender<bool>,
    handle: JoinHandle<()>,
}

impl Embedder {
    /// Starts the loop (idle without an embedding model), after making every
    /// document due at once.
    pub fn start(state: AppState) -> Embedder {
        let (stop, mut stopped) = watch::channel(false);
        let wake: Arc<Notify> = state.embedding_due.clone();
        let handle = tokio::spawn(async move {
            if state.llm.embedding_model().is_none() {
                return;
            }
            if let Err(error) = store::all_due_now(&state.db).await {
                tracing::error!(%error, "documents could not be made due for embedding");
            }
            while !*stopped.borrow() {
                match run_once(&state).await {
                    Ok(Some(_)) => continue,
                    Ok(None) => {}
                    Err(error) => tracing::error!(?error, "documents could not be embedded"),
                }
                tokio::select! {
                    () = tokio::time::sleep(LOOK_EVERY) => {}
                    () = wake.notified() => {}
                    _ = stopped.changed() => {}
                }
            }
        });
        Embedder { stop, handle }
    }

    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.handle.await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pause_doubles_up_to_an_hour() {
        assert_eq!(pause(0), TimeDelta::minutes(1));
        assert_eq!(pause(1), TimeDelta::minutes(2));
        assert_eq!(pause(3), TimeDelta::minutes(8));
        assert_eq!(pause(6), TimeDelta::hours(1));
        assert_eq!(pause(1_000), TimeDelta::hours(1));
    }
}

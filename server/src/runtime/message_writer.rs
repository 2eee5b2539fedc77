//! Stores what people say with group commit. Each message claims its
//! conversation and is stored before its answer may stream (a busy
//! conversation is a 409, not an event), and each write waits for the disk
//! in turn: with many conversations at once, the last would wait for every
//! write before it. So the messages that arrive while a write runs are all
//! written by the next one, in one transaction, each decided as if alone.

use std::sync::OnceLock;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};

use crate::db::Db;
use crate::error::ApiError;
use crate::store::conversations::{self as store, Said, Saying};

/// How long a turn may hold its conversation before another may take it
/// over (a writer that died leaves it free after this).
pub const LEASE: Duration = Duration::from_secs(10 * 60);
/// The most messages one transaction stores.
const MAX_BATCH: usize = 256;
/// Messages waiting for the writer before a sender waits for room.
const QUEUE: usize = 1024;

type Reply = oneshot::Sender<Result<Said, String>>;

/// The writer's queue; its task starts with the first message.
#[derive(Debug)]
pub struct MessageWriter {
    /// How long a claim holds a conversation.
    lease: Duration,
    queue: OnceLock<mpsc::Sender<(Saying, Reply)>>,
}

impl MessageWriter {
    /// A writer whose claims hold a conversation for `lease`.
    pub fn new(lease: Duration) -> MessageWriter {
        MessageWriter { lease, queue: OnceLock::new() }
    }

    /// Claims the conversation and stores the person's turn, with whatever
    /// else is being said meanwhile.
    pub async fn say(&self, db: &Db, saying: Saying) -> Result<Said, ApiError> {
        let queue = self.queue.get_or_init(|| {
            let (sender, receiver) = mpsc::channel(QUEUE);
            tokio::spawn(write(db.clone(), self.lease, receiver));
            sender
        });
        let (reply, answer) = oneshot::channel();
        queue.send((saying, reply)).await.map_err(|_| ApiError::internal("message writer gone"))?;
        answer
            .await
            .map_err(|_| ApiError::internal("message writer gone"))?
            .map_err(ApiError::internal)
    }
}

/// Writes what is queued, a batch per transaction, until every sender is gone.
async fn write(db: Db, lease: Duration, mut queue: mpsc::Receiver<(Saying, Reply)>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let (sayings, replies): (Vec<Saying>, Vec<Reply>) = batch.drain(..).unzip();
        match store::claim_and_say_all(&db, lease, &sayings).await {
            Ok(said) => {
                for ((reply, said), saying) in replies.into_iter().zip(said).zip(&sayings) {
                    // A caller that went away meanwhile starts no answer:
                    // its conversation is freed (the message stays, as one
                    // the provider never answered).
                    if let Err(Ok(Said::Stored(_))) = reply.send(Ok(said)) {
                        let freed = store::release(&db, saying.conversation_id, None).await;
                        if let Err(error) = freed {
                            tracing::warn!(%error, "could not free a conversation nobody answers");
                        }
                    }
                }
            }
            Err(error) => {
                let error = error.to_string();
                for reply in replies {
                    let _ = reply.send(Err(error.clone()));
                }
            }
        }
    }
}

//! Moves with group commit on SQLite. A drag ends in one position write, and
//! a canvas of many people's drags sends them in a steady stream; SQLite
//! commits one writer at a time and each commit waits for the disk, so alone
//! each move would wait behind every move before it (and, without the
//! process's write gate, in SQLite's own busy wait, whose sleeps make the
//! slow tail). The moves that arrive while one transaction commits are all
//! written by the next, each decided as if alone and answered only after its
//! commit: as durable as one transaction each, at a fraction of the waits.
//! PostgreSQL commits concurrent transactions together by itself, so there a
//! move is a plain statement.

use std::sync::OnceLock;

use tokio::sync::{mpsc, oneshot};

use dastyar_core::geometry::Position;

use crate::db::{Backend, Db};
use crate::error::ApiError;
use crate::store::nodes::{self, NodeRow};
use crate::store::tx::Tx;

/// The most moves one transaction writes.
const MAX_BATCH: usize = 256;
/// Moves waiting for the writer before a sender waits for room.
const QUEUE: usize = 1024;

/// One node to put at a position, for its owner.
#[derive(Debug, Clone, Copy)]
struct Move {
    user_id: i64,
    id: i64,
    position: Position,
}

type Reply = oneshot::Sender<Result<Option<NodeRow>, String>>;

/// The writer's queue; its task starts with the first move on SQLite.
#[derive(Debug, Default)]
pub struct PositionWriter {
    queue: OnceLock<mpsc::Sender<(Move, Reply)>>,
}

impl PositionWriter {
    /// Puts the user's node `id` at `position`; `None` when they have no such node.
    pub async fn set(
        &self,
        db: &Db,
        user_id: i64,
        id: i64,
        position: Position,
    ) -> Result<Option<NodeRow>, ApiError> {
        if db.backend() == Backend::Postgres {
            return Ok(nodes::set_position(db.pool(), user_id, id, position).await?);
        }
        let queue = self.queue.get_or_init(|| {
            let (sender, receiver) = mpsc::channel(QUEUE);
            tokio::spawn(write(db.clone(), receiver));
            sender
        });
        let (reply, answer) = oneshot::channel();
        let gone = || ApiError::internal("position writer gone");
        queue.send((Move { user_id, id, position }, reply)).await.map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?.map_err(ApiError::internal)
    }
}

/// Writes what is queued, a batch per transaction, until every sender is gone.
async fn write(db: Db, mut queue: mpsc::Receiver<(Move, Reply)>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let (moves, replies): (Vec<Move>, Vec<Reply>) = batch.drain(..).unzip();
        match write_all(&db, &moves).await {
            Ok(rows) => {
                for (reply, row) in replies.into_iter().zip(rows) {
                    let _ = reply.send(row);
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

/// Every move in one transaction; a move that fails alone (its statement's
/// error) leaves the others to commit.
async fn write_all(
    db: &Db,
    moves: &[Move],
) -> Result<Vec<Result<Option<NodeRow>, String>>, sqlx::Error> {
    let mut tx = Tx::begin(db).await?;
    let mut rows = Vec::with_capacity(moves.len());
    for step in moves {
        let row = nodes::set_position(tx.conn(), step.user_id, step.id, step.position).await;
        rows.push(row.map_err(|error| error.to_string()));
    }
    tx.commit().await?;
    Ok(rows)
}

//! An update arriving (posted to the webhook, or fetched by the poller) is
//! taken in once and handed to a job: Telegram gets its answer at once, and
//! an update re-delivered, or received by two instances, is handled once.

use serde_json::{Value, json};

use crate::error::ApiError;
use crate::state::AppState;
use crate::store::jobs;
use crate::store::telegram::{self as store, BotRow};
use crate::store::tx::Tx;

/// The job kind that handles one update.
pub const UPDATE_JOB: &str = "telegram_update";

/// Whether the update was new (and queued) or seen before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taken {
    Queued,
    SeenBefore,
}

/// Queues the update for the bot's job, unless it was taken in before.
/// 422 for a body with no `update_id`.
pub async fn take(state: &AppState, bot: &BotRow, update: Value) -> Result<Taken, ApiError> {
    let update_id = update_id(&update)?;
    let mut tx = Tx::begin(&state.db).await?;
    if !store::take_update(tx.conn(), bot.node_id, update_id).await? {
        return Ok(Taken::SeenBefore);
    }
    let payload = json!({"node_id": bot.node_id, "update": update});
    jobs::enqueue(tx.conn(), bot.user_id, UPDATE_JOB, &payload).await?;
    tx.commit().await?;
    Ok(Taken::Queued)
}

/// An update's `update_id`: an integer, as every update has.
pub fn update_id(update: &Value) -> Result<i64, ApiError> {
    update.get("update_id").and_then(Value::as_i64).ok_or_else(|| ApiError::InvalidInput {
        field: Some("update_id".into()),
        reason: "an update carries an integer update_id".into(),
    })
}

//! Sending a message to a bot's owner: the person who wrote to the bot
//! first (the analyzer's reports, a trigger's answers).

use crate::channels::telegram::{connection, reply};
use crate::state::AppState;
use crate::store::nodes::NodeRow;
use crate::store::telegram::{self as bots, Mode};

/// Why a message did not reach the owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotSent {
    /// The bot is not connected to Telegram.
    Disconnected,
    /// Nobody has written to the bot yet, so its owner's chat is unknown.
    OwnerUnknown,
    /// Telegram or the database failed (logged).
    Failed,
}

/// Sends `text` through `bot` to its owner: the owner's chat id.
pub async fn send(state: &AppState, bot: &NodeRow, text: &str) -> Result<i64, NotSent> {
    let connected = match bots::get(&state.db, bot.id).await {
        Ok(found) => found.filter(|b| b.mode() != Mode::Disconnected),
        Err(error) => {
            tracing::error!(%error, node = bot.id, "a bot could not be read");
            return Err(NotSent::Failed);
        }
    };
    let connected = connected.ok_or(NotSent::Disconnected)?;
    let chat_id = connected.owner_chat_id.ok_or(NotSent::OwnerUnknown)?;
    let token = connection::token(state, bot).map_err(|error| {
        tracing::error!(?error, node = bot.id, "a bot token could not be read");
        NotSent::Failed
    })?;
    let telegram = connection::client(state);
    match reply::send(&telegram, &token, chat_id, text).await {
        Ok(_) => Ok(chat_id),
        Err(error) => {
            tracing::warn!(%error, node = bot.id, "a message to a bot's owner could not be sent");
            Err(NotSent::Failed)
        }
    }
}

//! Sending a report to the owner of the analyzer's bot: the person who
//! wrote to the bot first. A report that cannot go says why, in Persian,
//! and stays in the panel to be sent again.

use dastyar_core::MessageCode;

use crate::channels::telegram::{connection, reply};
use crate::state::AppState;
use crate::store::nodes::NodeRow;
use crate::store::telegram::{self as bots, Mode};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    Sent { chat_id: i64 },
    NotSent(MessageCode),
}

/// Sends `heading` and `report` through `bot` to its owner.
pub async fn send(
    state: &AppState,
    bot: Option<&NodeRow>,
    heading: &str,
    report: &str,
) -> Delivery {
    let Some(bot) = bot else { return Delivery::NotSent(MessageCode::AnalyzerNoBot) };
    let connected = match bots::get(&state.db, bot.id).await {
        Ok(found) => found.filter(|b| b.mode() != Mode::Disconnected),
        Err(error) => {
            tracing::error!(%error, node = bot.id, "the analyzer's bot could not be read");
            return Delivery::NotSent(MessageCode::AnalyzerDeliveryFailed);
        }
    };
    let Some(connected) = connected else {
        return Delivery::NotSent(MessageCode::AnalyzerBotDisconnected);
    };
    let Some(chat_id) = connected.owner_chat_id else {
        return Delivery::NotSent(MessageCode::AnalyzerOwnerUnknown);
    };
    let token = match connection::token(state, bot) {
        Ok(token) => token,
        Err(error) => {
            tracing::error!(?error, node = bot.id, "the analyzer's bot token could not be read");
            return Delivery::NotSent(MessageCode::AnalyzerDeliveryFailed);
        }
    };
    let telegram = connection::client(state);
    match reply::send(&telegram, &token, chat_id, &format!("{heading}\n\n{report}")).await {
        Ok(_) => Delivery::Sent { chat_id },
        Err(error) => {
            tracing::warn!(%error, node = bot.id, "a report could not be sent to Telegram");
            Delivery::NotSent(MessageCode::AnalyzerDeliveryFailed)
        }
    }
}

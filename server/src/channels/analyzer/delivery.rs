//! Sending a report to the owner of the analyzer's bot: the person who
//! wrote to the bot first. A report that cannot go says why, in Persian,
//! and stays in the panel to be sent again.

use dastyar_core::MessageCode;

use crate::channels::telegram::owner::{self, NotSent};
use crate::state::AppState;
use crate::store::nodes::NodeRow;

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
    match owner::send(state, bot, &format!("{heading}\n\n{report}")).await {
        Ok(chat_id) => Delivery::Sent { chat_id },
        Err(NotSent::Disconnected) => Delivery::NotSent(MessageCode::AnalyzerBotDisconnected),
        Err(NotSent::OwnerUnknown) => Delivery::NotSent(MessageCode::AnalyzerOwnerUnknown),
        Err(NotSent::Failed) => Delivery::NotSent(MessageCode::AnalyzerDeliveryFailed),
    }
}

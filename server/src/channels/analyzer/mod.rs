//! The message analyzer: it reads the conversations of the chat frames and
//! bots in the container joined to it, since its last report, asks its
//! model for an analysis (in Persian, by its instructions) and sends the
//! report to the owner of the bot it is joined to; every day at its hour,
//! and whenever its owner asks.

pub mod bot_link;
pub mod delivery;
pub mod report;
pub mod schedule;
pub mod scope;
pub mod transcript;

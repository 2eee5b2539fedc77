//! Telegram bots: a bot node connected to Telegram hears people's messages
//! (through a webhook, or long polling where Telegram cannot reach us) and
//! answers them with the assistant joined to it.

pub mod connection;
pub mod intake;
pub mod markdown;
pub mod owner;
pub mod poller;
pub mod reply;
pub mod update_job;
pub mod webhook_secret;

//! Where people outside Dastyar reach an assistant: Telegram bots (and the
//! website chat widget). Each channel turns what a person sends into a turn
//! of the runtime's conversation engine and carries the answer back.

pub mod analyzer;
pub mod answer;
pub mod telegram;
pub mod widget;

//! The SMS node's sends through Kavenegar: from its panel, from the
//! assistant joined to it (the `send_sms` tool and `send-from-assistant`),
//! and in bulk; each kept in its history with what Kavenegar answered, the
//! node's last-send fields filled in, the messages' delivery asked of
//! Kavenegar on demand, the key tested, and the templates a key was used
//! with (Kavenegar has no API that lists them).

pub mod account;
pub mod delivery;
pub mod history;
pub mod node;
pub mod send;

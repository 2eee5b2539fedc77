//! What the fake keeps for one bot: who it is, its webhook, its queue of
//! updates (kept until confirmed, as Telegram keeps them), the chats that
//! wrote to it, and what it did (calls, messages, chat actions, webhook
//! deliveries) for tests to read.

use std::collections::{HashMap, VecDeque};

use serde_json::{Value, json};

use super::{Delivery, FakeBot, FakeWebhook, SentMessage};

/// A private chat that wrote to the bot: the bot may write back.
#[derive(Debug, Clone)]
pub(super) struct Chat {
    pub first_name: String,
    /// The last message id in this chat (both sides count up together).
    pub last_message_id: i64,
}

#[derive(Debug)]
pub(super) struct Bot {
    pub user: FakeBot,
    pub webhook: Option<FakeWebhook>,
    /// The update types the bot asked for (`allowed_updates`, through
    /// `setWebhook` or `getUpdates`); `None` is Telegram's default set.
    pub allowed_updates: Option<Vec<String>>,
    /// When and why the last webhook delivery failed.
    pub last_error: Option<(i64, String)>,
    /// Updates not yet confirmed, oldest first.
    pub pending: VecDeque<Value>,
    pub next_update_id: i64,
    pub chats: HashMap<i64, Chat>,
    pub sent: Vec<SentMessage>,
    pub chat_actions: Vec<(i64, String)>,
    pub calls: Vec<String>,
    pub deliveries: Vec<Delivery>,
    pub polls: Polls,
}

/// The long polls of one bot: Telegram keeps one, and ends an older one
/// when another starts waiting.
#[derive(Debug, Default)]
pub(super) struct Polls {
    /// Counts the polls that started waiting; the latest is the live one.
    pub latest: u64,
    /// A poll `setWebhook` ended.
    pub ended_by_webhook: Option<u64>,
    pub waiting: usize,
    pub most_waiting: usize,
}

impl Bot {
    pub(super) fn new(user: FakeBot) -> Bot {
        Bot {
            next_update_id: first_update_id(user.id),
            user,
            webhook: None,
            allowed_updates: None,
            last_error: None,
            pending: VecDeque::new(),
            chats: HashMap::new(),
            sent: Vec::new(),
            chat_actions: Vec::new(),
            calls: Vec::new(),
            deliveries: Vec::new(),
            polls: Polls::default(),
        }
    }

    /// The bot as a `User`; `getMe` adds what only it reports.
    pub(super) fn user_json(&self, get_me: bool) -> Value {
        let mut user = json!({
            "id": self.user.id, "is_bot": true,
            "first_name": self.user.first_name, "username": self.user.username,
        });
        if get_me {
            for (field, value) in [
                ("can_join_groups", true),
                ("can_read_all_group_messages", false),
                ("supports_inline_queries", false),
                ("can_connect_to_business", false),
                ("has_main_web_app", false),
            ] {
                user[field] = json!(value);
            }
        }
        user
    }

    /// Whether the bot takes updates of this type.
    pub(super) fn wants(&self, update_type: &str) -> bool {
        self.allowed_updates.as_ref().is_none_or(|types| types.iter().any(|t| t == update_type))
    }

    /// `allowed_updates` given to `setWebhook` or `getUpdates`: a JSON array
    /// of update types; empty is the default set; absent or unreadable
    /// changes nothing.
    pub(super) fn take_allowed_updates(&mut self, param: &str) -> Option<Vec<String>> {
        let types: Vec<String> = serde_json::from_str(param).ok()?;
        self.allowed_updates = (!types.is_empty()).then(|| types.clone());
        Some(types)
    }

    /// A person writes `text` in their private chat: the update Telegram
    /// makes of it, queued unless the bot does not take messages.
    pub(super) fn receive(
        &mut self,
        chat_id: i64,
        first_name: &str,
        text: &str,
        date: i64,
    ) -> Value {
        let chat = self
            .chats
            .entry(chat_id)
            .or_insert_with(|| Chat { first_name: first_name.to_owned(), last_message_id: 0 });
        chat.first_name = first_name.to_owned();
        chat.last_message_id += 1;
        let person = json!({"id": chat_id, "is_bot": false, "first_name": first_name});
        let mut message = json!({
            "message_id": chat.last_message_id, "from": person,
            "chat": {"id": chat_id, "first_name": first_name, "type": "private"},
            "date": date, "text": text,
        });
        if let Some(length) = command_length(text) {
            message["entities"] = json!([{"offset": 0, "length": length, "type": "bot_command"}]);
        }
        let update = json!({"update_id": self.next_update_id, "message": message});
        self.next_update_id += 1;
        if self.wants("message") {
            self.pending.push_back(update.clone());
        }
        update
    }

    /// `getUpdates`' `offset`: a positive one confirms (forgets) the
    /// updates before it, a negative one keeps only the last `-offset`;
    /// one past the queue's end confirms nothing (Telegram then answers
    /// from the start of the queue).
    pub(super) fn confirm(&mut self, offset: i64) {
        if offset < 0 {
            let keep = usize::try_from(offset.unsigned_abs()).unwrap_or(usize::MAX);
            while self.pending.len() > keep {
                self.pending.pop_front();
            }
        } else if offset > 0 && offset <= self.next_update_id {
            self.pending.retain(|u| update_id(u) >= offset);
        }
    }

    /// The first `limit` updates of the queue.
    pub(super) fn first_updates(&self, limit: usize) -> Vec<Value> {
        self.pending.iter().take(limit).cloned().collect()
    }

    /// An update the webhook took: confirmed.
    pub(super) fn delivered(&mut self, id: i64) {
        self.pending.retain(|u| update_id(u) != id);
    }

    /// The chat `chat_id` names, as the Bot API finds it: only chats that
    /// wrote to the bot ("@username" finds no private chat).
    pub(super) fn chat(&mut self, chat_id: &str) -> Result<(i64, &mut Chat), &'static str> {
        if chat_id.is_empty() {
            return Err("chat_id is empty");
        }
        let id = if chat_id.starts_with('@') { 0 } else { super::params::to_integer(chat_id) };
        self.chats.get_mut(&id).map(|chat| (id, chat)).ok_or("chat not found")
    }
}

pub(super) fn update_id(update: &Value) -> i64 {
    update["update_id"].as_i64().unwrap_or_default()
}

/// Where a bot's update ids start: not 1, and not the same for every bot,
/// so a client that assumes either is caught; fixed per bot, so tests are
/// repeatable.
fn first_update_id(bot_id: i64) -> i64 {
    100_000 + bot_id.rem_euclid(900_000)
}

/// The length of a `/command` (with `@botname`) at the start of a text.
fn command_length(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('/')?;
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '@';
    let length = rest.chars().take_while(|c| word(*c)).count();
    let next = rest.chars().nth(length);
    (length > 0 && next.is_none_or(|c| !c.is_alphanumeric())).then_some(length + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_at_the_start_is_an_entity() {
        assert_eq!(command_length("/start"), Some(6));
        assert_eq!(command_length("/start@dastyar_bot hi"), Some(18));
        assert_eq!(command_length("/ x"), None);
        assert_eq!(command_length("سلام /start"), None);
    }
}

//! The Bot API's types, as far as Dastyar reads them. Unknown fields are
//! ignored: Telegram adds fields in every version.

use serde::{Deserialize, Serialize};

/// `getMe`: the bot itself.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct BotUser {
    pub id: i64,
    #[serde(default)]
    pub is_bot: bool,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub username: Option<String>,
}

/// One update; Dastyar acts on new text messages and ignores the rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Update {
    pub update_id: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<Message>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub message_id: i64,
    #[serde(default)]
    pub date: i64,
    pub chat: Chat,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Sender>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Chat {
    pub id: i64,
    #[serde(rename = "type", default)]
    pub kind: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
}

impl Chat {
    /// The name people know the chat by: a group's title, else the person's name, else @username.
    pub fn display_name(&self) -> String {
        if let Some(title) = self.title.as_deref().filter(|t| !t.trim().is_empty()) {
            return title.trim().to_owned();
        }
        let name = [self.first_name.as_deref(), self.last_name.as_deref()]
            .into_iter()
            .flatten()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        match (name.is_empty(), &self.username) {
            (false, _) => name,
            (true, Some(username)) => format!("@{username}"),
            (true, None) => self.id.to_string(),
        }
    }
}

/// Who sent a message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sender {
    pub id: i64,
    #[serde(default)]
    pub is_bot: bool,
    #[serde(default)]
    pub first_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub username: Option<String>,
}

/// `getWebhookInfo`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
pub struct WebhookInfo {
    #[serde(default)]
    pub url: String,
    #[serde(default)]
    pub pending_update_count: i64,
    #[serde(default)]
    pub last_error_date: Option<i64>,
    #[serde(default)]
    pub last_error_message: Option<String>,
}

/// The envelope every method answers in.
#[derive(Debug, Deserialize)]
pub(super) struct Envelope<T> {
    pub ok: bool,
    pub result: Option<T>,
    #[serde(default)]
    pub error_code: Option<u16>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub parameters: Option<ResponseParameters>,
}

#[derive(Debug, Default, Deserialize)]
pub(super) struct ResponseParameters {
    #[serde(default)]
    pub retry_after: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_update_the_docs_show_and_ignores_the_rest() {
        let update: Update = serde_json::from_str(
            r#"{"update_id":1,"message":{"message_id":5,"date":1700000000,
                "chat":{"id":42,"type":"private","first_name":"A"},
                "from":{"id":42,"is_bot":false,"first_name":"A"},"text":"/start",
                "entities":[{"type":"bot_command","offset":0,"length":6}]}}"#,
        )
        .unwrap();
        let message = update.message.unwrap();
        assert_eq!((message.chat.id, message.text.as_deref()), (42, Some("/start")));
        let edited: Update =
            serde_json::from_str(r#"{"update_id":2,"edited_message":{"message_id":1}}"#).unwrap();
        assert!(edited.message.is_none());
    }

    #[test]
    fn a_chat_is_named_by_its_title_then_its_person() {
        let mut chat: Chat = serde_json::from_str(r#"{"id":7,"type":"private"}"#).unwrap();
        assert_eq!(chat.display_name(), "7");
        chat.username = Some("sara".into());
        assert_eq!(chat.display_name(), "@sara");
        chat.first_name = Some("سارا".into());
        chat.last_name = Some("رضایی".into());
        assert_eq!(chat.display_name(), "سارا رضایی");
        chat.title = Some("گروه فروش".into());
        assert_eq!(chat.display_name(), "گروه فروش");
    }
}

//! What the analyzer's model reads: the new messages, grouped by
//! conversation, each line naming who spoke. A report reads at most so
//! many messages and characters; the rest waits for the next report.

use std::collections::BTreeMap;

use crate::store::analyzers::ChannelMessage;

/// Messages one report reads at most.
pub const MESSAGES_PER_REPORT: i64 = 400;
/// Characters of messages one report reads at most (a long message is cut).
const CHARACTERS_PER_REPORT: usize = 60_000;
const CHARACTERS_PER_MESSAGE: usize = 2_000;

/// The messages a report covers, laid out for the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transcript {
    pub text: String,
    pub first_message: i64,
    pub last_message: i64,
    pub conversations: i64,
    pub messages: i64,
}

/// The transcript of `messages` (in id order) as far as one report reads;
/// `None` when there are none.
pub fn of(messages: &[ChannelMessage]) -> Option<Transcript> {
    let mut taken: Vec<&ChannelMessage> = Vec::new();
    let mut characters = 0;
    for message in messages {
        let length = message.content.chars().count().min(CHARACTERS_PER_MESSAGE);
        if !taken.is_empty() && characters + length > CHARACTERS_PER_REPORT {
            break;
        }
        characters += length;
        taken.push(message);
    }
    let (first, last) = (taken.first()?.id, taken.last()?.id);
    let mut by_conversation: BTreeMap<i64, Vec<&ChannelMessage>> = BTreeMap::new();
    for message in &taken {
        by_conversation.entry(message.conversation_id).or_default().push(message);
    }
    let mut text = format!(
        "Below are {} new conversation(s) with the assistant on the business's channels since \
         the last report. Write one report: analyse each conversation as instructed, then end \
         with an overall summary of the period (common requests, problems and what to do).\n",
        by_conversation.len()
    );
    for (number, (_, lines)) in by_conversation.iter().enumerate() {
        let opened = lines.first().map(|m| m.created_at.as_str()).unwrap_or_default();
        let channel = lines.first().map(|m| m.channel.as_str()).unwrap_or_default();
        text.push_str(&format!("\n### Conversation {} ({channel}, {opened})\n", number + 1));
        for line in lines {
            let who = if line.role == "user" { "Customer" } else { "Assistant" };
            text.push_str(&format!("{who}: {}\n", cut(&line.content)));
        }
    }
    Some(Transcript {
        text,
        first_message: first,
        last_message: last,
        conversations: by_conversation.len() as i64,
        messages: taken.len() as i64,
    })
}

fn cut(content: &str) -> String {
    let content = content.trim();
    match content.char_indices().nth(CHARACTERS_PER_MESSAGE) {
        Some((at, _)) => format!("{}…", &content[..at]),
        None => content.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(id: i64, conversation: i64, role: &str, content: &str) -> ChannelMessage {
        ChannelMessage {
            id,
            conversation_id: conversation,
            channel: "widget".into(),
            channel_node_id: 1,
            role: role.into(),
            content: content.into(),
            created_at: format!("2026-11-25T10:00:{id:02}Z"),
        }
    }

    #[test]
    fn messages_are_grouped_by_conversation_and_name_who_spoke() {
        let messages = [
            message(3, 7, "user", "قیمت چند است؟"),
            message(4, 9, "user", "سلام"),
            message(5, 7, "assistant", "۱۰۰ هزار تومان"),
        ];
        let t = of(&messages).unwrap();
        assert_eq!((t.first_message, t.last_message, t.conversations, t.messages), (3, 5, 2, 3));
        let first = t.text.find("### Conversation 1").unwrap();
        let second = t.text.find("### Conversation 2").unwrap();
        let price = t.text.find("Customer: قیمت چند است؟\nAssistant: ۱۰۰ هزار تومان").unwrap();
        assert!(first < price && price < second, "{}", t.text);
        assert!(t.text[second..].contains("Customer: سلام"));
    }

    #[test]
    fn nothing_new_is_no_transcript() {
        assert_eq!(of(&[]), None);
    }

    #[test]
    fn a_report_reads_as_much_as_it_may_and_leaves_the_rest() {
        let long = "ن".repeat(CHARACTERS_PER_MESSAGE + 500);
        let messages: Vec<ChannelMessage> =
            (1..=100).map(|id| message(id, id, "user", &long)).collect();
        let t = of(&messages).unwrap();
        assert_eq!(t.messages as usize, CHARACTERS_PER_REPORT / CHARACTERS_PER_MESSAGE);
        assert_eq!(t.last_message, t.messages);
        assert!(t.text.contains(&format!("{}…", "ن".repeat(CHARACTERS_PER_MESSAGE))));
        assert!(!t.text.contains(&"ن".repeat(CHARACTERS_PER_MESSAGE + 1)));
    }
}

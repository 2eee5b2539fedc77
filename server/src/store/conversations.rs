//! The `conversations` and `conversation_messages` tables: a conversation with
//! one assistant on one channel, and its turns in order.

use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};
use sqlx::{Any, Executor, FromRow, Row};
use ts_rs::TS;
use utoipa::ToSchema;

use super::tx::Tx;
use crate::db::{Db, timestamp};

/// Where a conversation happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum Channel {
    /// The canvas's test frame: the assistant's builder trying it out.
    TestFrame,
    /// The chat widget on a website.
    Widget,
    /// A Telegram bot.
    Telegram,
    /// A trigger's scheduled message.
    Trigger,
}

impl Channel {
    /// An unknown word (a hand edit) reads as the test frame, where the
    /// builder answers functions by hand.
    pub fn parse(text: &str) -> Channel {
        match text {
            "widget" => Channel::Widget,
            "telegram" => Channel::Telegram,
            "trigger" => Channel::Trigger,
            _ => Channel::TestFrame,
        }
    }

    /// Whether someone there can run a function the model calls and post
    /// its result (only the builder, in the test frame).
    pub fn answers_functions(self) -> bool {
        self == Channel::TestFrame
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Channel::TestFrame => "test_frame",
            Channel::Widget => "widget",
            Channel::Telegram => "telegram",
            Channel::Trigger => "trigger",
        }
    }
}

/// Who wrote a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum Role {
    User,
    Assistant,
    Tool,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::Tool => "tool",
        }
    }

    /// An unknown word (a hand edit) reads as a tool's output, which the
    /// model is told and nobody takes for the person's words.
    pub fn parse(text: &str) -> Role {
        match text {
            "user" => Role::User,
            "assistant" => Role::Assistant,
            _ => Role::Tool,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ConversationRow {
    pub id: i64,
    pub user_id: i64,
    pub assistant_node_id: i64,
    pub channel: String,
    pub visitor: Option<String>,
    /// The company whose frame or bot it came through.
    pub company_id: Option<i64>,
    pub title: String,
    pub created_at: String,
    pub updated_at: String,
}

impl ConversationRow {
    pub fn channel(&self) -> Channel {
        Channel::parse(&self.channel)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MessageRow {
    pub id: i64,
    pub conversation_id: i64,
    pub role: String,
    pub content: String,
    /// JSON text of the calls, on an assistant turn that called tools.
    pub tool_calls: Option<String>,
    pub tool_call_id: Option<String>,
    pub tool_name: Option<String>,
    pub client_key: Option<String>,
    pub model: Option<String>,
    pub prompt_tokens: Option<i64>,
    pub completion_tokens: Option<i64>,
    pub credits: Option<i64>,
    /// JSON of the passages an answer drew on (`[Citation]`), when it searched.
    pub sources: Option<String>,
    pub created_at: String,
}

impl MessageRow {
    pub fn role(&self) -> Role {
        Role::parse(&self.role)
    }

    /// A turn not stored (yet): the history as the model will read it.
    pub fn unsaved(conversation_id: i64, role: Role, content: &str) -> MessageRow {
        MessageRow {
            id: i64::MAX,
            conversation_id,
            role: role.as_str().to_owned(),
            content: content.to_owned(),
            tool_calls: None,
            tool_call_id: None,
            tool_name: None,
            client_key: None,
            model: None,
            prompt_tokens: None,
            completion_tokens: None,
            credits: None,
            sources: None,
            created_at: String::new(),
        }
    }
}

/// A turn to append.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewMessage<'a> {
    pub content: &'a str,
    pub tool_calls: Option<String>,
    pub tool_call_id: Option<&'a str>,
    pub tool_name: Option<&'a str>,
    pub client_key: Option<&'a str>,
    pub model: Option<&'a str>,
    pub prompt_tokens: Option<i64>,
    pub completion_tokens: Option<i64>,
    pub credits: Option<i64>,
    pub sources: Option<String>,
}

const CONVERSATION_COLUMNS: &str =
    "id, user_id, assistant_node_id, channel, visitor, company_id, title, created_at, updated_at";
const MESSAGE_COLUMNS: &str = "id, conversation_id, role, content, tool_calls, tool_call_id, \
     tool_name, client_key, model, prompt_tokens, completion_tokens, credits, sources, created_at";

/// Where a new conversation happens and whose it is.
#[derive(Debug, Clone, Copy)]
pub struct NewConversation<'a> {
    pub user_id: i64,
    pub assistant_node_id: i64,
    pub channel: Channel,
    /// The person on the channel (none in the test frame).
    pub visitor: Option<&'a str>,
    /// A widget's or a bot's belongs to a company.
    pub company_id: Option<i64>,
    /// The frame's or bot's node it comes through (none in the test frame
    /// and the owner's preview): what analyzers read by.
    pub channel_node_id: Option<i64>,
}

impl NewConversation<'_> {
    /// A conversation in the builder's own test frame.
    pub fn test_frame(user_id: i64, assistant_node_id: i64) -> NewConversation<'static> {
        NewConversation {
            user_id,
            assistant_node_id,
            channel: Channel::TestFrame,
            visitor: None,
            company_id: None,
            channel_node_id: None,
        }
    }
}

/// Starts a conversation.
pub async fn insert(db: &Db, new: &NewConversation<'_>) -> Result<ConversationRow, sqlx::Error> {
    let sql = format!(
        "INSERT INTO conversations (user_id, assistant_node_id, channel, visitor, company_id,
                                    channel_node_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING {CONVERSATION_COLUMNS}"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(new.user_id)
        .bind(new.assistant_node_id)
        .bind(new.channel.as_str())
        .bind(new.visitor)
        .bind(new.company_id)
        .bind(new.channel_node_id)
        .bind(timestamp::now())
        .fetch_one(db.pool())
        .await
}

/// The latest conversation of `visitor` with the user's assistant on a channel.
pub async fn of_visitor(
    db: &Db,
    user_id: i64,
    assistant_node_id: i64,
    channel: Channel,
    visitor: &str,
) -> Result<Option<ConversationRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {CONVERSATION_COLUMNS} FROM conversations
         WHERE user_id = $1 AND assistant_node_id = $2 AND channel = $3 AND visitor = $4
         ORDER BY id DESC LIMIT 1"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(assistant_node_id)
        .bind(channel.as_str())
        .bind(visitor)
        .fetch_optional(db.pool())
        .await
}

/// One of the user's conversations.
pub async fn get(db: &Db, user_id: i64, id: i64) -> Result<Option<ConversationRow>, sqlx::Error> {
    let sql =
        format!("SELECT {CONVERSATION_COLUMNS} FROM conversations WHERE id = $1 AND user_id = $2");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(user_id).fetch_optional(db.pool()).await
}

/// The user's conversation `id` and the project its assistant is in: the
/// two reads a turn starts with, in one.
pub async fn get_with_project(
    db: &Db,
    user_id: i64,
    id: i64,
) -> Result<Option<(ConversationRow, i64)>, sqlx::Error> {
    let columns: Vec<String> = CONVERSATION_COLUMNS.split(", ").map(|c| format!("c.{c}")).collect();
    let sql = format!(
        "SELECT {}, n.project_id AS assistant_project_id FROM conversations c
         JOIN nodes n ON n.id = c.assistant_node_id
         WHERE c.id = $1 AND c.user_id = $2",
        columns.join(", ")
    );
    let found = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(user_id)
        .fetch_optional(db.pool())
        .await?;
    found
        .map(|row| Ok((ConversationRow::from_row(&row)?, row.try_get("assistant_project_id")?)))
        .transpose()
}

/// The user's conversations with one assistant, the latest first.
pub async fn list(
    db: &Db,
    user_id: i64,
    assistant_node_id: i64,
    channel: Channel,
) -> Result<Vec<ConversationRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {CONVERSATION_COLUMNS} FROM conversations
         WHERE user_id = $1 AND assistant_node_id = $2 AND channel = $3
         ORDER BY updated_at DESC, id DESC"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .bind(assistant_node_id)
        .bind(channel.as_str())
        .fetch_all(db.pool())
        .await
}

/// Deletes one of the user's conversations with its messages; whether it existed.
pub async fn delete(db: &Db, user_id: i64, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM conversations WHERE id = $1 AND user_id = $2")
        .bind(id)
        .bind(user_id)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes the conversation for one answer, unless another answer is being
/// written in it (on any instance); a lease, so a crashed writer frees it.
pub async fn claim(db: &Db, id: i64, lease: Duration) -> Result<bool, sqlx::Error> {
    claim_with(db.pool(), id, lease).await
}

async fn claim_with<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    id: i64,
    lease: Duration,
) -> Result<bool, sqlx::Error> {
    let now = SystemTime::now();
    let done = sqlx::query(
        "UPDATE conversations SET busy_until = $1
         WHERE id = $2 AND (busy_until IS NULL OR busy_until < $3)",
    )
    .bind(timestamp::at(now + lease))
    .bind(id)
    .bind(timestamp::at(now))
    .execute(ex)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// What [`claim_and_say_all`] came to for one turn.
#[derive(Debug)]
pub enum Said {
    /// Claimed, and the person's turn stored under this id.
    Stored(i64),
    /// Another answer is being written: nothing was stored.
    Busy,
    /// Its `client_key` was used already: nothing was stored.
    Duplicate,
}

/// A person's turn to store in a conversation, claiming it.
#[derive(Debug, Clone)]
pub struct Saying {
    pub conversation_id: i64,
    pub content: String,
    pub client_key: Option<String>,
}

/// Claims each conversation for `lease` and stores each person's turn, all
/// in one transaction of three statements, however many there are: one
/// commit (and one wait for the disk) where each would queue behind the
/// others. Each is decided as if alone, in order: a turn whose conversation
/// is busy (an earlier turn of the batch included), or whose key was used,
/// changes nothing.
pub async fn claim_and_say_all(
    db: &Db,
    lease: Duration,
    sayings: &[Saying],
) -> Result<Vec<Said>, sqlx::Error> {
    let mut said: Vec<Said> = sayings.iter().map(|_| Said::Busy).collect();
    let mut first_turns: Vec<(usize, &Saying)> = Vec::with_capacity(sayings.len());
    for (at, saying) in sayings.iter().enumerate() {
        if !first_turns.iter().any(|(_, s)| s.conversation_id == saying.conversation_id) {
            first_turns.push((at, saying));
        }
    }
    let mut tx = Tx::begin(db).await?;
    let now = SystemTime::now();
    let ids: Vec<i64> = first_turns.iter().map(|(_, s)| s.conversation_id).collect();
    let claim = format!(
        "UPDATE conversations SET busy_until = $1
         WHERE (busy_until IS NULL OR busy_until < $2) AND id IN ({}) RETURNING id",
        placeholders(3, ids.len())
    );
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(claim))
        .bind(timestamp::at(now + lease))
        .bind(timestamp::at(now));
    for id in &ids {
        query = query.bind(*id);
    }
    let claimed: Vec<(i64,)> = query.fetch_all(tx.conn()).await?;
    let claimed: Vec<(usize, &Saying)> = first_turns
        .into_iter()
        .filter(|(_, s)| claimed.iter().any(|(id,)| *id == s.conversation_id))
        .collect();
    if claimed.is_empty() {
        return Ok(said);
    }
    let insert = format!(
        "INSERT INTO conversation_messages (conversation_id, role, content, client_key, created_at)
         VALUES {} ON CONFLICT (conversation_id, client_key) DO NOTHING
         RETURNING id, conversation_id",
        (0..claimed.len())
            .map(|row| format!("({})", placeholders(1 + row * 5, 5)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let created_at = timestamp::now();
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(insert));
    for (_, saying) in &claimed {
        query = query
            .bind(saying.conversation_id)
            .bind(Role::User.as_str())
            .bind(saying.content.as_str())
            .bind(saying.client_key.as_deref())
            .bind(created_at.as_str());
    }
    let stored: Vec<(i64, i64)> = query.fetch_all(tx.conn()).await?;
    let mut duplicates = Vec::new();
    for (at, saying) in claimed {
        match stored.iter().find(|(_, conversation)| *conversation == saying.conversation_id) {
            Some((id, _)) => said[at] = Said::Stored(*id),
            None => {
                said[at] = Said::Duplicate;
                duplicates.push(saying.conversation_id);
            }
        }
    }
    // A turn whose key was used stores nothing: its claim is undone (the
    // conversation was free, or it could not have been claimed).
    if !duplicates.is_empty() {
        let free = format!(
            "UPDATE conversations SET busy_until = NULL WHERE id IN ({})",
            placeholders(1, duplicates.len())
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(free));
        for id in &duplicates {
            query = query.bind(*id);
        }
        query.execute(tx.conn()).await?;
    }
    tx.commit().await?;
    Ok(said)
}

/// `count` placeholders from `$from`: "$3, $4, $5".
fn placeholders(from: usize, count: usize) -> String {
    (from..from + count).map(|k| format!("${k}")).collect::<Vec<_>>().join(", ")
}

/// Frees the conversation after an answer, and names it after its first words.
pub async fn release(db: &Db, id: i64, title: Option<&str>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE conversations SET busy_until = NULL, updated_at = $1,
                title = CASE WHEN title = '' THEN COALESCE($2, '') ELSE title END
         WHERE id = $3",
    )
    .bind(timestamp::now())
    .bind(title)
    .bind(id)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Appends a turn. A person's turn whose `client_key` was used in this
/// conversation already is not appended: `None`.
pub async fn append<'c, E: Executor<'c, Database = Any>>(
    ex: E,
    conversation_id: i64,
    role: Role,
    message: &NewMessage<'_>,
) -> Result<Option<MessageRow>, sqlx::Error> {
    let sql = format!(
        "INSERT INTO conversation_messages
            (conversation_id, role, content, tool_calls, tool_call_id, tool_name, client_key,
             model, prompt_tokens, completion_tokens, credits, sources, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (conversation_id, client_key) DO NOTHING
         RETURNING {MESSAGE_COLUMNS}"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(conversation_id)
        .bind(role.as_str())
        .bind(message.content)
        .bind(message.tool_calls.as_deref())
        .bind(message.tool_call_id)
        .bind(message.tool_name)
        .bind(message.client_key)
        .bind(message.model)
        .bind(message.prompt_tokens)
        .bind(message.completion_tokens)
        .bind(message.credits)
        .bind(message.sources.as_deref())
        .bind(timestamp::now())
        .fetch_optional(ex)
        .await
}

/// Records what an assistant turn cost, once it is charged.
pub async fn set_credits(db: &Db, message_id: i64, credits: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE conversation_messages SET credits = $1 WHERE id = $2")
        .bind(credits)
        .bind(message_id)
        .execute(db.pool())
        .await?;
    Ok(())
}

/// A conversation's turns, in order.
pub async fn messages(db: &Db, conversation_id: i64) -> Result<Vec<MessageRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {MESSAGE_COLUMNS} FROM conversation_messages WHERE conversation_id = $1 ORDER BY id"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(conversation_id).fetch_all(db.pool()).await
}

/// The person's turn sent with `client_key`, if there is one.
pub async fn by_client_key(
    db: &Db,
    conversation_id: i64,
    client_key: &str,
) -> Result<Option<MessageRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {MESSAGE_COLUMNS} FROM conversation_messages
         WHERE conversation_id = $1 AND client_key = $2"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(conversation_id)
        .bind(client_key)
        .fetch_optional(db.pool())
        .await
}

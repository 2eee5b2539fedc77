//! The `telegram_bots`, `telegram_chats` and `telegram_updates` tables: a
//! bot node's connection to Telegram, the people who wrote to it, and the
//! updates taken in (each once).

use sqlx::{AnyConnection, FromRow};

use crate::db::{Db, timestamp};

/// How a bot hears its updates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Telegram posts them to our webhook.
    Webhook,
    /// One instance asks `getUpdates` (where Telegram cannot reach us).
    Polling,
    /// Not at all: the user disconnected it.
    Disconnected,
}

impl Mode {
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Webhook => "webhook",
            Mode::Polling => "polling",
            Mode::Disconnected => "disconnected",
        }
    }

    pub fn parse(text: &str) -> Mode {
        match text {
            "webhook" => Mode::Webhook,
            "polling" => Mode::Polling,
            _ => Mode::Disconnected,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct BotRow {
    pub node_id: i64,
    pub user_id: i64,
    pub bot_id: i64,
    pub mode: String,
    pub secret_hash: Option<String>,
    pub owner_chat_id: Option<i64>,
    pub owner_name: Option<String>,
    pub poll_offset: i64,
    pub poller: Option<String>,
    pub poller_until: Option<String>,
    pub last_error: Option<String>,
    pub last_error_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl BotRow {
    pub fn mode(&self) -> Mode {
        Mode::parse(&self.mode)
    }
}

const BOT_COLUMNS: &str = "node_id, user_id, bot_id, mode, secret_hash, owner_chat_id, owner_name, \
     poll_offset, poller, poller_until, last_error, last_error_at, created_at, updated_at";

/// What connecting a bot came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Connected {
    Bot(Box<BotRow>),
    /// Another node is connected to the same Telegram bot.
    Taken,
}

/// Connects the node to Telegram's bot `bot_id` in `mode` (keeping its
/// owner and the offset it polled up to when the bot is the same one).
pub async fn connect(
    db: &Db,
    node_id: i64,
    user_id: i64,
    bot_id: i64,
    mode: Mode,
    secret_hash: Option<&str>,
) -> Result<Connected, sqlx::Error> {
    let sql = format!(
        "INSERT INTO telegram_bots (node_id, user_id, bot_id, mode, secret_hash, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)
         ON CONFLICT (node_id) DO UPDATE SET
             mode = $4, secret_hash = $5, updated_at = $6,
             last_error = NULL, last_error_at = NULL, poller = NULL, poller_until = NULL,
             owner_chat_id = CASE WHEN telegram_bots.bot_id = $3 THEN telegram_bots.owner_chat_id END,
             owner_name = CASE WHEN telegram_bots.bot_id = $3 THEN telegram_bots.owner_name END,
             poll_offset = CASE WHEN telegram_bots.bot_id = $3 THEN telegram_bots.poll_offset ELSE 0 END,
             bot_id = $3
         RETURNING {BOT_COLUMNS}"
    );
    let inserted = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(node_id)
        .bind(user_id)
        .bind(bot_id)
        .bind(mode.as_str())
        .bind(secret_hash)
        .bind(timestamp::now())
        .fetch_one(db.pool())
        .await;
    match inserted {
        Ok(row) => Ok(Connected::Bot(Box::new(row))),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(Connected::Taken),
        Err(e) => Err(e),
    }
}

/// The bot of node `node_id`, whoever owns it (the webhook and the poller
/// know only the node).
pub async fn get(db: &Db, node_id: i64) -> Result<Option<BotRow>, sqlx::Error> {
    let sql = format!("SELECT {BOT_COLUMNS} FROM telegram_bots WHERE node_id = $1");
    sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(node_id).fetch_optional(db.pool()).await
}

/// Stops hearing the bot (its owner and users are kept for a reconnect).
pub async fn disconnect(db: &Db, node_id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE telegram_bots SET mode = 'disconnected', secret_hash = NULL, poller = NULL,
             poller_until = NULL, updated_at = $2
         WHERE node_id = $1",
    )
    .bind(node_id)
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Remembers the latest failure reaching or hearing Telegram (`None` clears it).
pub async fn set_error(db: &Db, node_id: i64, error: Option<&str>) -> Result<(), sqlx::Error> {
    let now = timestamp::now();
    sqlx::query(
        "UPDATE telegram_bots SET last_error = $2, last_error_at = $3, updated_at = $4
         WHERE node_id = $1",
    )
    .bind(node_id)
    .bind(error)
    .bind(error.map(|_| now.clone()))
    .bind(&now)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Makes `chat_id` the bot's owner unless it has one; whether it did.
pub async fn claim_owner(
    db: &Db,
    node_id: i64,
    chat_id: i64,
    name: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE telegram_bots SET owner_chat_id = $2, owner_name = $3, updated_at = $4
         WHERE node_id = $1 AND owner_chat_id IS NULL",
    )
    .bind(node_id)
    .bind(chat_id)
    .bind(name)
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Takes update `update_id` of the node in, inside the caller's transaction
/// (with the job that handles it); false when it was taken in before.
pub async fn take_update(
    conn: &mut AnyConnection,
    node_id: i64,
    update_id: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO telegram_updates (node_id, update_id, received_at) VALUES ($1, $2, $3)
         ON CONFLICT (node_id, update_id) DO NOTHING",
    )
    .bind(node_id)
    .bind(update_id)
    .bind(timestamp::now())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets updates taken in before `before`; how many.
pub async fn forget_updates_before(db: &Db, before: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM telegram_updates WHERE received_at < $1")
        .bind(before)
        .execute(db.pool())
        .await?;
    Ok(done.rows_affected())
}

/// A person who wrote to a bot.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ChatRow {
    pub chat_id: i64,
    pub name: String,
    pub username: Option<String>,
    pub messages: i64,
    pub first_seen: String,
    pub last_seen: String,
}

/// Counts a message from `chat_id`, with the name it goes by now.
pub async fn saw_chat(
    db: &Db,
    node_id: i64,
    chat_id: i64,
    name: &str,
    username: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO telegram_chats (node_id, chat_id, name, username, messages, first_seen, last_seen)
         VALUES ($1, $2, $3, $4, 1, $5, $5)
         ON CONFLICT (node_id, chat_id) DO UPDATE SET
             name = $3, username = $4, messages = telegram_chats.messages + 1, last_seen = $5",
    )
    .bind(node_id)
    .bind(chat_id)
    .bind(name)
    .bind(username)
    .bind(timestamp::now())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The people who wrote to the bot, latest first.
pub async fn chats(db: &Db, node_id: i64) -> Result<Vec<ChatRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT chat_id, name, username, messages, first_seen, last_seen FROM telegram_chats
         WHERE node_id = $1 ORDER BY last_seen DESC, chat_id",
    )
    .bind(node_id)
    .fetch_all(db.pool())
    .await
}

/// Polling bots no instance holds now.
pub async fn unpolled(db: &Db, now: &str) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT node_id FROM telegram_bots
         WHERE mode = 'polling' AND (poller_until IS NULL OR poller_until < $1)
         ORDER BY node_id",
    )
    .bind(now)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// Takes (or keeps) the lease to poll the bot until `until`, unless another
/// instance holds it past `now`; the bot when this instance holds it.
pub async fn lease_poller(
    db: &Db,
    node_id: i64,
    me: &str,
    now: &str,
    until: &str,
) -> Result<Option<BotRow>, sqlx::Error> {
    let sql = format!(
        "UPDATE telegram_bots SET poller = $2, poller_until = $4
         WHERE node_id = $1 AND mode = 'polling'
           AND (poller IS NULL OR poller = $2 OR poller_until IS NULL OR poller_until < $3)
         RETURNING {BOT_COLUMNS}"
    );
    sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(node_id)
        .bind(me)
        .bind(now)
        .bind(until)
        .fetch_optional(db.pool())
        .await
}

/// Moves the polling offset on (only forward, and only for the lease's holder).
pub async fn set_offset(db: &Db, node_id: i64, me: &str, offset: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE telegram_bots SET poll_offset = $3
         WHERE node_id = $1 AND poller = $2 AND poll_offset < $3",
    )
    .bind(node_id)
    .bind(me)
    .bind(offset)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Gives the lease up (the instance is stopping).
pub async fn release_poller(db: &Db, node_id: i64, me: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE telegram_bots SET poller = NULL, poller_until = NULL
         WHERE node_id = $1 AND poller = $2",
    )
    .bind(node_id)
    .bind(me)
    .execute(db.pool())
    .await?;
    Ok(())
}

//! A bot node's connection to Telegram: checking a token, connecting (a
//! webhook where Telegram can reach us, long polling elsewhere),
//! disconnecting, and the connection's health and people for the panel.

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::data::telegram::{TelegramListening, TelegramPayload};
use dastyar_core::messages::MessageCode;
use dastyar_core::validate::telegram::validate_telegram_token;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use super::webhook_secret;
use crate::canvas::nodes as canvas_nodes;
use crate::error::ApiError;
use crate::providers::telegram::{BotUser, TelegramClient};
use crate::secrets::node_secrets;
use crate::state::AppState;
use crate::store::nodes::{self, NodeRow};
use crate::store::telegram::{self as store, BotRow, Connected, Mode};

/// Where Telegram posts a bot's updates, under the public URL.
pub const WEBHOOK_PATH: &str = "/api/telegram/webhook";

/// A bot as Telegram describes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct BotIdentity {
    /// Telegram's id of the bot.
    pub id: i64,
    /// Without the @.
    pub username: String,
    pub name: String,
}

impl From<BotUser> for BotIdentity {
    fn from(user: BotUser) -> Self {
        BotIdentity {
            id: user.id,
            username: user.username.unwrap_or_default(),
            name: user.first_name,
        }
    }
}

/// How a bot hears its messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum BotMode {
    /// Telegram posts them to our webhook.
    Webhook,
    /// One instance asks Telegram for them (the public URL is not https).
    Polling,
    /// Not at all: it was disconnected.
    Disconnected,
    /// Never connected yet.
    NotConnected,
}

/// How a bot's connection stands, for its panel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct BotStatus {
    /// The bot node's database id.
    pub node_id: i64,
    pub mode: BotMode,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub webhook_url: Option<String>,
    /// Updates Telegram holds for us (the webhook's backlog).
    pub pending_updates: i64,
    /// The first person who wrote to the bot: reports go to them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub owner: Option<String>,
    /// The latest failure reaching or hearing Telegram, in Persian or as Telegram put it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_error_at: Option<String>,
}

impl BotStatus {
    fn of(node_id: i64, bot: Option<&BotRow>) -> BotStatus {
        BotStatus {
            node_id,
            mode: bot.map_or(BotMode::NotConnected, |b| match b.mode() {
                Mode::Webhook => BotMode::Webhook,
                Mode::Polling => BotMode::Polling,
                Mode::Disconnected => BotMode::Disconnected,
            }),
            webhook_url: None,
            pending_updates: 0,
            owner: bot.and_then(|b| b.owner_name.clone()),
            last_error: bot.and_then(|b| b.last_error.clone()),
            last_error_at: bot.and_then(|b| b.last_error_at.clone()),
        }
    }
}

/// Whether the token is well formed and Telegram knows it; the bot it names.
pub async fn check_token(state: &AppState, token: &str) -> Result<BotIdentity, ApiError> {
    validate_telegram_token(token).map_err(|e| ApiError::Problems(vec![e]))?;
    let bot = client(state).get_me(token).await.map_err(|e| e.to_api_error())?;
    Ok(bot.into())
}

/// The user's bot node `node_id` (404 for anything else).
pub async fn bot_node(state: &AppState, user_id: i64, node_id: i64) -> Result<NodeRow, ApiError> {
    let row = nodes::get(state.db.pool(), user_id, node_id).await?.ok_or(ApiError::NotFound)?;
    match row.kind().map_err(ApiError::internal)? {
        NodeKind::Telegram => Ok(row),
        _ => Err(ApiError::NotFound),
    }
}

/// The bot token saved on the node, opened.
pub fn token(state: &AppState, row: &NodeRow) -> Result<String, ApiError> {
    match node_secrets::open(&state.secrets, row.payload().map_err(ApiError::internal)?)? {
        NodePayload::Telegram(payload) if !payload.bot_token.is_empty() => Ok(payload.bot_token),
        NodePayload::Telegram(_) => {
            Err(ApiError::invalid("bot_token", MessageCode::TelegramCredentialsMissing))
        }
        _ => Err(ApiError::NotFound),
    }
}

/// Asks Telegram who the node's bot is and fills its username and name in.
pub async fn refresh_details(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<NodeRow, ApiError> {
    let row = bot_node(state, user_id, node_id).await?;
    let bot = check_token(state, &token(state, &row)?).await?;
    record_on_node(state, user_id, row, &bot, None).await
}

/// Connects the node's bot to Telegram: a webhook with a new secret when
/// the public URL is https (Telegram posts nowhere else), else long polling
/// by one instance. Fills the bot's username and name in from Telegram.
pub async fn connect(state: &AppState, user_id: i64, node_id: i64) -> Result<NodeRow, ApiError> {
    let row = bot_node(state, user_id, node_id).await?;
    let token = token(state, &row)?;
    let telegram = client(state);
    let bot: BotIdentity = telegram.get_me(&token).await.map_err(|e| e.to_api_error())?.into();
    let webhook_url = webhook_url(state, node_id);
    let secret = webhook_url.as_ref().map(|_| webhook_secret::generate());
    let mode = if secret.is_some() { Mode::Webhook } else { Mode::Polling };
    let hash = secret.as_deref().map(webhook_secret::hash);
    match store::connect(&state.db, node_id, user_id, bot.id, mode, hash.as_deref()).await? {
        Connected::Bot(_) => {}
        Connected::Taken => return Err(ApiError::Conflict(MessageCode::TelegramBotTaken)),
    }
    let hooked = match (&webhook_url, &secret) {
        (Some(url), Some(secret)) => telegram.set_webhook(&token, url, secret).await,
        // getUpdates answers only while no webhook is set.
        _ => telegram.delete_webhook(&token).await,
    };
    if let Err(error) = hooked {
        store::set_error(&state.db, node_id, Some(&error.persian())).await?;
        return Err(error.to_api_error());
    }
    record_on_node(state, user_id, row, &bot, Some(webhook_url)).await
}

/// Stops hearing the bot: Telegram forgets the webhook; the node, its owner
/// and its people are kept for a reconnect.
pub async fn disconnect(state: &AppState, user_id: i64, node_id: i64) -> Result<NodeRow, ApiError> {
    let row = bot_node(state, user_id, node_id).await?;
    let bot = store::get(&state.db, node_id).await?;
    if bot.as_ref().is_some_and(|b| b.mode() != Mode::Disconnected) {
        let token = token(state, &row)?;
        client(state).delete_webhook(&token).await.map_err(|e| e.to_api_error())?;
        store::disconnect(&state.db, node_id).await?;
    }
    rewrite_payload(state, user_id, row, unheard).await
}

/// Before the node is deleted: Telegram stops posting to a webhook that is
/// about to answer 404. Best effort: the node goes anyway.
pub async fn forget(state: &AppState, row: &NodeRow) {
    let Ok(Some(bot)) = store::get(&state.db, row.id).await else { return };
    if bot.mode() == Mode::Disconnected {
        return;
    }
    match token(state, row) {
        Ok(token) => {
            if let Err(error) = client(state).delete_webhook(&token).await {
                tracing::warn!(node = row.id, %error, "a deleted bot's webhook could not be removed");
            }
        }
        Err(error) => tracing::warn!(node = row.id, ?error, "a deleted bot's token is unreadable"),
    }
}

/// After the node was edited: a new token names another bot (or none), so
/// the old one is unhooked from Telegram and the node waits to be connected
/// again. Best effort toward Telegram; the edit stands either way.
pub async fn after_edit(
    state: &AppState,
    user_id: i64,
    before: &NodeRow,
    after: NodeRow,
) -> Result<NodeRow, ApiError> {
    let Some(bot) = store::get(&state.db, after.id).await? else { return Ok(after) };
    if bot.mode() == Mode::Disconnected {
        return Ok(after);
    }
    let old = token(state, before).ok();
    if old == token(state, &after).ok() {
        return Ok(after);
    }
    if let Some(old) = old
        && let Err(error) = client(state).delete_webhook(&old).await
    {
        tracing::warn!(node = after.id, %error, "the old bot's webhook could not be removed");
    }
    store::disconnect(&state.db, after.id).await?;
    rewrite_payload(state, user_id, after, unheard).await
}

/// The connection's health: Telegram's own view of the webhook (its
/// backlog and last delivery error) when it has one. A token Telegram no
/// longer knows, or Telegram out of reach, is reported in `last_error`.
pub async fn status(state: &AppState, user_id: i64, node_id: i64) -> Result<BotStatus, ApiError> {
    let row = bot_node(state, user_id, node_id).await?;
    let bot = store::get(&state.db, node_id).await?;
    let mut status = BotStatus::of(node_id, bot.as_ref());
    let Some(bot) = bot.filter(|b| b.mode() != Mode::Disconnected) else { return Ok(status) };
    let token = token(state, &row)?;
    let telegram = client(state);
    if let Err(error) = telegram.get_me(&token).await {
        status.last_error = Some(error.persian());
        status.last_error_at = Some(crate::db::timestamp::now());
        return Ok(status);
    }
    if bot.mode() != Mode::Webhook {
        return Ok(status);
    }
    let info = match telegram.get_webhook_info(&token).await {
        Ok(info) => info,
        Err(error) => {
            status.last_error = Some(error.persian());
            return Ok(status);
        }
    };
    status.pending_updates = info.pending_update_count;
    status.webhook_url = Some(info.url.clone()).filter(|u| !u.is_empty());
    if let Some(reason) = info.last_error_message {
        let at = info.last_error_date.and_then(|d| chrono::DateTime::from_timestamp(d, 0));
        status.last_error =
            Some(MessageCode::TelegramWebhookFailing.render(&[("reason", &reason)]));
        status.last_error_at = at.map(crate::db::timestamp::of);
    }
    if status.webhook_url.as_deref() != webhook_url(state, node_id).as_deref() {
        // Telegram posts elsewhere (the token was used by something else).
        status.last_error = Some(MessageCode::TelegramWebhookMoved.persian().to_owned());
    }
    Ok(status)
}

/// The people who wrote to the bot, latest first.
pub async fn users(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<Vec<store::ChatRow>, ApiError> {
    bot_node(state, user_id, node_id).await?;
    Ok(store::chats(&state.db, node_id).await?)
}

pub fn client(state: &AppState) -> TelegramClient {
    TelegramClient::new(&state.config.providers.telegram.api_url, state.http.clone())
}

/// The webhook for the node, when Telegram could post to it (https only).
fn webhook_url(state: &AppState, node_id: i64) -> Option<String> {
    let public = state.config.public_url();
    let public = public.trim_end_matches('/');
    public.starts_with("https://").then(|| format!("{public}{WEBHOOK_PATH}/{node_id}"))
}

/// Writes what Telegram said of the bot (and the webhook) into the node's
/// data, never over an edit that came in meanwhile.
/// Writes the bot's names on the node and, from a connect, how it is heard
/// (`heard`: the webhook's address, or none for polling); a refresh of the
/// names leaves the connection as it is.
async fn record_on_node(
    state: &AppState,
    user_id: i64,
    row: NodeRow,
    bot: &BotIdentity,
    heard: Option<Option<String>>,
) -> Result<NodeRow, ApiError> {
    rewrite_payload(state, user_id, row, |payload| {
        if !bot.username.is_empty() {
            payload.bot_username = bot.username.clone();
        }
        payload.bot_name = bot.name.clone();
        if let Some(webhook_url) = &heard {
            payload.listening = Some(match webhook_url {
                Some(_) => TelegramListening::Webhook,
                None => TelegramListening::Polling,
            });
            payload.webhook_url = webhook_url.clone();
        }
    })
    .await
}

/// The node as no longer heard: no webhook, not listening.
fn unheard(payload: &mut TelegramPayload) {
    payload.webhook_url = None;
    payload.listening = None;
}

/// Changes the node's Telegram payload with `change` (see [`canvas_nodes::rewrite_payload`]).
async fn rewrite_payload(
    state: &AppState,
    user_id: i64,
    row: NodeRow,
    change: impl Fn(&mut TelegramPayload),
) -> Result<NodeRow, ApiError> {
    canvas_nodes::rewrite_payload(state, user_id, row, |payload| {
        if let NodePayload::Telegram(telegram) = payload {
            change(telegram);
        }
    })
    .await
}

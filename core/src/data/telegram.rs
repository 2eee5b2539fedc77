//! The Telegram bot node: a messaging bot that talks to an assistant or analyzer.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::common::NodeBase;
use crate::geometry::Position;
use crate::kind::NodeKind;

/// How a connected bot's updates reach the server: Telegram posts them to
/// its webhook (an https public URL), or one instance asks for them
/// (`getUpdates`, long polling).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum TelegramListening {
    Webhook,
    Polling,
}

/// The canvas spells every Telegram field snake_case, like the server.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct TelegramData {
    #[serde(flatten)]
    pub base: NodeBase,
    pub bot_token: String,
    pub bot_username: String,
    pub bot_name: String,
    /// The bot's server record.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub database_id: Option<i64>,
    /// Placement: the server sends it back through `NodePlacement`, not the payload.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub container_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub company_id: Option<i64>,
    /// Free-form bot settings.
    pub settings: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub webhook_url: Option<String>,
    /// How the server hears the bot, once it is connected to Telegram;
    /// absent while it is not (never connected, disconnected, or its token
    /// changed).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub listening: Option<TelegramListening>,
}

impl Default for TelegramData {
    fn default() -> Self {
        TelegramData {
            base: NodeBase::for_kind(NodeKind::Telegram),
            bot_token: String::new(),
            bot_username: String::new(),
            bot_name: String::new(),
            database_id: None,
            container_id: None,
            company_id: None,
            settings: Value::Object(Map::new()),
            webhook_url: None,
            listening: None,
        }
    }
}

impl TelegramData {
    pub fn to_payload(&self) -> TelegramPayload {
        TelegramPayload {
            bot_token: self.bot_token.clone(),
            bot_username: self.bot_username.clone(),
            bot_name: self.bot_name.clone(),
            database_id: self.database_id,
            company_id: self.company_id,
            settings: self.settings.clone(),
            webhook_url: self.webhook_url.clone(),
            listening: self.listening,
        }
    }

    /// `container_id` comes back with the placement, so it starts empty here.
    pub fn from_payload(payload: TelegramPayload, base: NodeBase) -> Self {
        TelegramData {
            base,
            bot_token: payload.bot_token,
            bot_username: payload.bot_username,
            bot_name: payload.bot_name,
            database_id: payload.database_id,
            container_id: None,
            company_id: payload.company_id,
            settings: payload.settings,
            webhook_url: payload.webhook_url,
            listening: payload.listening,
        }
    }
}

/// The canvas fields but the container, which is placement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct TelegramPayload {
    pub bot_token: String,
    pub bot_username: String,
    pub bot_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub database_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub company_id: Option<i64>,
    pub settings: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub webhook_url: Option<String>,
    /// How the server hears the bot, once it is connected to Telegram;
    /// absent while it is not (never connected, disconnected, or its token
    /// changed).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub listening: Option<TelegramListening>,
}

impl Default for TelegramPayload {
    fn default() -> Self {
        TelegramData::default().to_payload()
    }
}

/// `POST /telegram/register`, exactly as the spec lists it. `project_id` is a
/// string on purpose: registration refuses anything but a non-empty string.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct TelegramRegisterPayload {
    pub project_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub container_id: Option<i64>,
    #[serde(default)]
    pub bot_token: String,
    #[serde(default)]
    pub bot_username: String,
    #[serde(default)]
    pub bot_name: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub position: Position,
}

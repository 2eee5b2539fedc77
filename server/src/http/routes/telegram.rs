//! Telegram's own ways in, beside the generic `/telegram` routes:
//! `POST /telegram/register` (the spec's registration payload: the bot is
//! checked with Telegram, stored and connected), `POST /telegram/create`
//! (the generic create), the token checks, the connection's health and
//! retries, the bot's people, and the webhook Telegram posts updates to.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use dastyar_core::NodeKind;
use dastyar_core::data::NodeData;
use dastyar_core::data::telegram::TelegramRegisterPayload;
use dastyar_core::messages::MessageCode;
use dastyar_core::secrets::is_mask;
use dastyar_core::validate::telegram::{validate_telegram_registration, validate_telegram_token};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa::openapi::path::HttpMethod;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::canvas_node_schema::{CanvasNodeSchema, CreatedNodeSchema};
use crate::canvas::edges::CanvasEdge;
use crate::canvas::nodes::{self, Created, NodeView, Served};
use crate::channels::analyzer::bot_link;
use crate::channels::telegram::connection::{self, BotIdentity, BotStatus};
use crate::channels::telegram::{intake, webhook_secret};
use crate::channels::widget::frames;
use crate::error::ApiError;
use crate::http::client_address::ClientAddress;
use crate::http::documented_route::DocumentedRoute;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::http::routes::node_openapi;
use crate::json_input;
use crate::state::AppState;
use crate::store;
use crate::store::telegram::Mode;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(check_token))
        .routes(routes!(get_details))
        .routes(routes!(test_connection))
        .routes(routes!(retry_webhook))
        .routes(routes!(retry_database))
        .routes(routes!(retry_company))
        .routes(routes!(connect_analyzer))
        .routes(routes!(users))
        .routes(routes!(webhook))
        .routes(
            DocumentedRoute::new("/telegram/register")
                .on(HttpMethod::Post, register, node_openapi::telegram_register())
                .into(),
        )
        .routes(
            DocumentedRoute::new("/telegram/create")
                .on(HttpMethod::Post, create, node_openapi::telegram_create())
                .into(),
        )
}

fn telegram() -> Result<Served, ApiError> {
    Served::of(NodeKind::Telegram).ok_or_else(|| ApiError::internal("no telegram collection"))
}

/// Registers a bot: `project_id` must be a non-empty string naming one of my
/// projects, `bot_token` a well-formed token. The node is named `name`, else
/// the bot's name or username.
pub async fn register(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<Value>,
) -> Result<(StatusCode, Json<NodeView>), ApiError> {
    validate_telegram_registration(&body).map_err(|e| ApiError::Problems(vec![e]))?;
    let request: TelegramRegisterPayload = json_input::from_value(body)?;
    // The digits of an id, nothing else (no sign, no spaces), as the document says.
    let digits = (1..=18).contains(&request.project_id.len())
        && request.project_id.bytes().all(|b| b.is_ascii_digit());
    let project_id: i64 = digits
        .then(|| request.project_id.parse().ok())
        .flatten()
        .ok_or_else(|| ApiError::invalid("project_id", MessageCode::TelegramProjectIdInvalid))?;
    validate_telegram_token(&request.bot_token).map_err(|e| ApiError::Problems(vec![e]))?;
    // A mask stands for a saved token, and a new bot has none.
    if is_mask(&request.bot_token) {
        return Err(ApiError::invalid("bot_token", MessageCode::TelegramTokenInvalid));
    }
    // What is checked here costs Telegram nothing.
    if store::projects::get(&state.db, user.id, project_id).await?.is_none() {
        return Err(ApiError::NotFound);
    }
    let bot = connection::check_token(&state, &request.bot_token).await?;
    let name = [&request.name, &bot.name, &bot.username]
        .into_iter()
        .map(|n| n.trim())
        .find(|n| !n.is_empty())
        .unwrap_or(NodeKind::Telegram.label());
    let body = json!({
        "project_id": project_id,
        "name": name,
        "position_x": request.position.x,
        "position_y": request.position.y,
        "container_id": request.container_id,
        "bot_token": request.bot_token,
        "bot_username": bot.username,
        "bot_name": bot.name,
    });
    let row = match nodes::create(&state, user.id, telegram()?, body).await? {
        Created::Node(row) | Created::Queued { node: row, .. } => row,
    };
    match connection::connect(&state, user.id, row.id).await {
        Ok(connected) => Ok((StatusCode::CREATED, Json(NodeView::of(&connected)?))),
        Err(error) => {
            // Nothing half made: a bot Telegram would not hook up is not kept.
            nodes::delete(&state, user.id, telegram()?, row.id).await?;
            Err(error)
        }
    }
}

/// The generic create, under the name the spec also gives it.
pub async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<Value>,
) -> Result<(StatusCode, Json<NodeView>), ApiError> {
    created(nodes::create(&state, user.id, telegram()?, body).await?)
}

/// A bot token to check.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct BotTokenRequest {
    /// `123456:ABC…`, as BotFather gives it.
    pub bot_token: String,
}

/// One of my bot nodes.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct BotNodeRequest {
    /// The telegram node's database id.
    #[schema(minimum = 1)]
    pub node_id: i64,
}

/// `get-details`: a token, or a saved bot node whose details are refreshed.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct BotDetailsRequest {
    #[serde(default)]
    #[ts(optional)]
    pub bot_token: Option<String>,
    #[serde(default)]
    #[schema(minimum = 1)]
    #[ts(optional)]
    pub node_id: Option<i64>,
}

/// What Telegram says of a bot, and its node when one was named.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct BotDetails {
    pub bot: BotIdentity,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<CreatedNodeSchema>)]
    #[ts(optional)]
    pub node: Option<NodeView>,
}

/// The people who wrote to a bot.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct BotUsers {
    /// The first person who wrote: reports go to them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub owner: Option<BotUser>,
    /// Latest first.
    pub users: Vec<BotUser>,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct BotUser {
    /// The Telegram chat.
    pub chat_id: i64,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub username: Option<String>,
    pub messages: i64,
    pub first_seen: String,
    pub last_seen: String,
}

/// Whether Telegram knows the token; the bot it names.
#[utoipa::path(post, path = "/telegram/check-token", tag = "telegram",
    security(("bearer" = [])),
    request_body = BotTokenRequest,
    responses(
        (status = 200, description = "The bot the token belongs to", body = BotIdentity),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "telegram_token_invalid (malformed) or telegram_token_rejected (Telegram does not know it)", body = ErrorBody),
        (status = 424, description = "telegram_unreachable, telegram_rate_limited or telegram_refused", body = ErrorBody),
    ))]
pub async fn check_token(
    State(state): State<AppState>,
    _user: AuthUser,
    Json(body): Json<BotTokenRequest>,
) -> Result<Json<BotIdentity>, ApiError> {
    Ok(Json(connection::check_token(&state, &body.bot_token).await?))
}

/// What Telegram says of a bot: for a token, or for one of my bot nodes,
/// whose username and name are then filled in from Telegram.
#[utoipa::path(post, path = "/telegram/get-details", tag = "telegram",
    security(("bearer" = [])),
    request_body = BotDetailsRequest,
    responses(
        (status = 200, description = "The bot, and the node when node_id was given", body = BotDetails),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such bot node of mine", body = ErrorBody),
        (status = 422, description = "Neither bot_token nor node_id, or the token is malformed or unknown to Telegram", body = ErrorBody),
        (status = 424, description = "Telegram could not be reached or refused", body = ErrorBody),
    ))]
pub async fn get_details(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<BotDetailsRequest>,
) -> Result<Json<BotDetails>, ApiError> {
    if let Some(node_id) = body.node_id {
        let row = connection::refresh_details(&state, user.id, node_id).await?;
        let view = NodeView::of(&row)?;
        let NodeData::Telegram(data) = &view.node.data else {
            return Err(ApiError::internal("a bot node without bot data"));
        };
        let bot = BotIdentity {
            id: bot_id(&connection::token(&state, &row)?),
            username: data.bot_username.clone(),
            name: data.bot_name.clone(),
        };
        return Ok(Json(BotDetails { bot, node: Some(view) }));
    }
    let token = body
        .bot_token
        .ok_or_else(|| ApiError::invalid("bot_token", MessageCode::TelegramCredentialsMissing))?;
    Ok(Json(BotDetails { bot: connection::check_token(&state, &token).await?, node: None }))
}

/// The digits before a token's colon: the bot's id.
fn bot_id(token: &str) -> i64 {
    token.split(':').next().and_then(|d| d.parse().ok()).unwrap_or_default()
}

/// The connection's health, asking Telegram (its webhook's backlog and
/// last delivery error).
#[utoipa::path(post, path = "/telegram/test-connection", tag = "telegram",
    security(("bearer" = [])),
    request_body = BotNodeRequest,
    responses(
        (status = 200, description = "How the connection stands; a token Telegram no longer knows, or Telegram out of reach, is its last_error", body = BotStatus),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such bot node of mine", body = ErrorBody),
        (status = 409, description = "secret_unreadable: the saved token was sealed with another key", body = ErrorBody),
    ))]
pub async fn test_connection(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<BotNodeRequest>,
) -> Result<Json<BotStatus>, ApiError> {
    Ok(Json(connection::status(&state, user.id, body.node_id).await?))
}

/// Connects the bot again: a new webhook secret (or polling), as at registration.
#[utoipa::path(post, path = "/telegram/retry-webhook", tag = "telegram",
    security(("bearer" = [])),
    request_body = BotNodeRequest,
    responses(
        (status = 200, description = "The bot's node, connected", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such bot node of mine", body = ErrorBody),
        (status = 409, description = "telegram_bot_taken: another node is connected to this bot", body = ErrorBody),
        (status = 422, description = "The saved token is missing or unknown to Telegram", body = ErrorBody),
        (status = 424, description = "Telegram could not be reached or refused", body = ErrorBody),
    ))]
pub async fn retry_webhook(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<BotNodeRequest>,
) -> Result<Json<NodeView>, ApiError> {
    Ok(Json(NodeView::of(&connection::connect(&state, user.id, body.node_id).await?)?))
}

/// Writes the bot's record again from its node (the token saved there and
/// what Telegram says of it), then connects it.
#[utoipa::path(post, path = "/telegram/retry-database", tag = "telegram",
    security(("bearer" = [])),
    request_body = BotNodeRequest,
    responses(
        (status = 200, description = "The bot's node, recorded and connected", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such bot node of mine", body = ErrorBody),
        (status = 409, description = "telegram_bot_taken: another node is connected to this bot", body = ErrorBody),
        (status = 422, description = "The saved token is missing or unknown to Telegram", body = ErrorBody),
        (status = 424, description = "Telegram could not be reached or refused", body = ErrorBody),
    ))]
pub async fn retry_database(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<BotNodeRequest>,
) -> Result<Json<NodeView>, ApiError> {
    Ok(Json(NodeView::of(&connection::connect(&state, user.id, body.node_id).await?)?))
}

/// Gives the bot its company (the business it talks for, which owns its
/// conversations): the one it has if it is mine, else my company by the
/// bot's name, made if new.
#[utoipa::path(post, path = "/telegram/retry-company", tag = "telegram",
    security(("bearer" = [])),
    request_body = BotNodeRequest,
    responses(
        (status = 200, description = "The bot's node with its company_id", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such bot node of mine", body = ErrorBody),
    ))]
pub async fn retry_company(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<BotNodeRequest>,
) -> Result<Json<NodeView>, ApiError> {
    let row = connection::bot_node(&state, user.id, body.node_id).await?;
    Ok(Json(NodeView::of(&frames::bot_company(&state, user.id, row).await?)?))
}

/// `POST /telegram/connect-analyzer`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConnectAnalyzerRequest {
    /// The telegram node's database id.
    #[schema(minimum = 1)]
    pub node_id: i64,
    /// The analyzer node's database id (in the same project).
    #[schema(minimum = 1)]
    pub analyzer_id: i64,
}

/// Joins one of my analyzers to one of my bots: its reports go to the
/// bot's owner. The same edge as one drawn on the canvas, under the same
/// rules (the analyzer must be joined to a container with a chat first).
#[utoipa::path(post, path = "/telegram/connect-analyzer", tag = "telegram",
    security(("bearer" = [])),
    request_body = ConnectAnalyzerRequest,
    responses(
        (status = 201, description = "Joined", body = CanvasEdge),
        (status = 200, description = "They were joined already", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such bot node of mine", body = ErrorBody),
        (status = 422, description = "analyzer_not_found, or a connection rule refused it", body = ErrorBody),
    ))]
pub async fn connect_analyzer(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<ConnectAnalyzerRequest>,
) -> Result<(StatusCode, Json<CanvasEdge>), ApiError> {
    let (edge, drawn) = bot_link::connect(&state, user.id, body.analyzer_id, body.node_id).await?;
    Ok((if drawn { StatusCode::CREATED } else { StatusCode::OK }, Json(edge)))
}

/// The people who wrote to one of my bots, and its owner.
#[utoipa::path(get, path = "/telegram/{id}/users", tag = "telegram",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The telegram node's database id")),
    responses(
        (status = 200, description = "Its owner and people", body = BotUsers),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such bot node of mine", body = ErrorBody),
    ))]
pub async fn users(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<BotUsers>, ApiError> {
    let chats = connection::users(&state, user.id, id).await?;
    let owner_chat = store::telegram::get(&state.db, id).await?.and_then(|b| b.owner_chat_id);
    let users: Vec<BotUser> = chats
        .into_iter()
        .map(|c| BotUser {
            chat_id: c.chat_id,
            name: c.name,
            username: c.username,
            messages: c.messages,
            first_seen: c.first_seen,
            last_seen: c.last_seen,
        })
        .collect();
    let owner = users.iter().find(|u| Some(u.chat_id) == owner_chat).cloned();
    Ok(Json(BotUsers { owner, users }))
}

/// Where Telegram posts a connected bot's updates. Anyone can reach it, so
/// it trusts only the bot's secret header, answers at once and leaves the
/// work to a job; an update posted twice is handled once.
#[utoipa::path(post, path = "/telegram/webhook/{id}", tag = "telegram",
    params(
        ("id" = i64, Path, description = "The telegram node's database id"),
        ("X-Telegram-Bot-Api-Secret-Token" = String, Header, description = "The secret set with the webhook"),
    ),
    request_body(content = Object, description = "A Telegram Update"),
    responses(
        (status = 200, description = "Taken in (or seen before)", body = Object),
        (status = 403, description = "telegram_webhook_forbidden: no such connected bot, or not its secret", body = ErrorBody),
        (status = 422, description = "Not an update (no integer update_id)", body = ErrorBody),
        (status = 429, description = "too_many_requests: this address posted without the secret too often; try again after `Retry-After` seconds", body = ErrorBody),
    ))]
pub async fn webhook(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    Path(id): Path<i64>,
    headers: HeaderMap,
    Json(update): Json<Value>,
) -> Result<Json<Value>, ApiError> {
    let sent = headers.get(SECRET_HEADER).and_then(|v| v.to_str().ok());
    let bot = store::telegram::get(&state.db, id).await?.filter(|b| b.mode() == Mode::Webhook);
    let Some(bot) = bot.filter(|b| webhook_secret::matches(sent, b.secret_hash.as_deref())) else {
        state.limits.webhook_refusals.check(address)?;
        return Err(ApiError::forbidden(MessageCode::TelegramWebhookForbidden));
    };
    intake::take(&state, &bot, update).await?;
    Ok(Json(json!({"ok": true})))
}

/// The header Telegram proves itself with.
const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

fn created(created: Created) -> Result<(StatusCode, Json<NodeView>), ApiError> {
    match created {
        Created::Node(row) | Created::Queued { node: row, .. } => {
            Ok((StatusCode::CREATED, Json(NodeView::of(&row)?)))
        }
    }
}

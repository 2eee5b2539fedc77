//! Telegram's own ways in, beside the generic `/telegram` routes:
//! `POST /telegram/register` (the spec's registration payload) and
//! `POST /telegram/create` (the generic create).

use axum::extract::State;
use axum::http::StatusCode;
use dastyar_core::NodeKind;
use dastyar_core::data::telegram::TelegramRegisterPayload;
use dastyar_core::messages::MessageCode;
use dastyar_core::secrets::is_mask;
use dastyar_core::validate::telegram::{validate_telegram_registration, validate_telegram_token};
use serde_json::{Value, json};
use utoipa::openapi::path::HttpMethod;
use utoipa_axum::router::OpenApiRouter;

use crate::canvas::nodes::{self, Created, NodeView, Served};
use crate::error::ApiError;
use crate::http::documented_route::DocumentedRoute;
use crate::http::extract::{AuthUser, Json};
use crate::http::routes::node_openapi;
use crate::json_input;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
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
    let name = [&request.name, &request.bot_name, &request.bot_username]
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
        "bot_username": request.bot_username,
        "bot_name": request.bot_name,
    });
    created(nodes::create(&state, user.id, telegram()?, body).await?)
}

/// The generic create, under the name the spec also gives it.
pub async fn create(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<Value>,
) -> Result<(StatusCode, Json<NodeView>), ApiError> {
    created(nodes::create(&state, user.id, telegram()?, body).await?)
}

fn created(created: Created) -> Result<(StatusCode, Json<NodeView>), ApiError> {
    match created {
        Created::Node(row) | Created::Queued { node: row, .. } => {
            Ok((StatusCode::CREATED, Json(NodeView::of(&row)?)))
        }
    }
}

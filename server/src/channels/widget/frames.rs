//! Managing chat frames: registering an iframe node's frame for a company
//! (its id, public key and embed script), changing its domains and look,
//! companies and merging them, and unregistering.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::data::iframe::FrameAppearance;
use dastyar_core::messages::MessageCode;
use serde::Serialize;
use serde_json::{Map, Value, json};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::canvas::nodes::{self, Served};
use crate::canvas::shortcuts::FrameView;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::frames::{self as store, CompanyRow, FrameRow};
use crate::store::nodes::NodeRow;
use crate::store::tx::Tx;

/// Where the loader script is served (the web build's `widget/widget.js`).
pub const LOADER_PATH: &str = "/widget/widget.js";

/// A company with its frames.
#[derive(Debug, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CompanyView {
    pub id: i64,
    pub name: String,
    pub frames: Vec<FrameView>,
    /// Conversations on its frames and bots.
    pub conversations: i64,
}

/// What registering asks for; what is left out is taken from the node.
#[derive(Debug, Default)]
pub struct Registration {
    pub node_id: i64,
    pub company_id: Option<i64>,
    pub company_name: Option<String>,
    pub authorized_domains: Option<Vec<String>>,
    pub style: Option<String>,
    pub appearance: Option<FrameAppearance>,
}

/// Registers the node's frame: the company (the one named, else the user's
/// company by that name, made if new), a public key (kept if registered
/// before) and the embed script, written into the node.
pub async fn register(
    state: &AppState,
    user_id: i64,
    request: Registration,
) -> Result<FrameView, ApiError> {
    let row = iframe_node(state, user_id, request.node_id).await?;
    let mut changes = Map::new();
    if let Some(name) = &request.company_name {
        changes.insert("company_name".into(), json!(name.trim()));
    }
    if let Some(domains) = &request.authorized_domains {
        changes.insert("authorized_domains".into(), json!(domains));
    }
    if let Some(style) = &request.style {
        changes.insert("style".into(), json!(style));
    }
    if let Some(appearance) = &request.appearance {
        changes.insert("appearance".into(), json!(appearance));
    }
    let row = edit(state, user_id, row, changes).await?;
    let frame = frame_of(&row)?;
    if frame.company_name.trim().is_empty() {
        return Err(ApiError::invalid("company_name", MessageCode::FrameCompanyNameRequired));
    }
    if frame.authorized_domains.is_empty() {
        return Err(ApiError::invalid("authorized_domains", MessageCode::FrameDomainsRequired));
    }
    let company = match request.company_id {
        Some(id) => store::company(&state.db, user_id, id)
            .await?
            .ok_or_else(|| ApiError::invalid("company_id", MessageCode::NotFound))?,
        None => store::company_named(&state.db, user_id, frame.company_name.trim()).await?,
    };
    let registered = store::register(&state.db, row.id, user_id, company.id, &new_key()).await?;
    let row = write_registration(state, user_id, row, &registered, &company).await?;
    view(&row)
}

/// Changes the domains of every frame of one of the user's companies.
pub async fn update_domains(
    state: &AppState,
    user_id: i64,
    company_id: i64,
    domains: &[String],
) -> Result<Vec<FrameView>, ApiError> {
    if domains.iter().all(|d| d.trim().is_empty()) {
        return Err(ApiError::invalid("authorized_domains", MessageCode::FrameDomainsRequired));
    }
    let mut changes = Map::new();
    changes.insert("authorized_domains".into(), json!(domains));
    edit_company(state, user_id, company_id, changes).await
}

/// Changes the style (and, if given, the look) of every frame of a company.
pub async fn update_style(
    state: &AppState,
    user_id: i64,
    company_id: i64,
    style: &str,
    appearance: Option<&FrameAppearance>,
) -> Result<Vec<FrameView>, ApiError> {
    let mut changes = Map::new();
    changes.insert("style".into(), json!(style));
    if let Some(appearance) = appearance {
        changes.insert("appearance".into(), json!(appearance));
    }
    edit_company(state, user_id, company_id, changes).await
}

/// Writes the embed script of every frame of a company again, in `style`.
pub async fn generate_script(
    state: &AppState,
    user_id: i64,
    company_id: i64,
    style: &str,
) -> Result<Vec<FrameView>, ApiError> {
    let views = update_style(state, user_id, company_id, style, None).await?;
    let company = company_row(state, user_id, company_id).await?;
    let mut written = Vec::new();
    for view in views {
        let row = iframe_node(state, user_id, view.node_id).await?;
        let frame = store::by_node(&state.db, user_id, row.id)
            .await?
            .ok_or(ApiError::Conflict(MessageCode::FrameNotRegistered))?;
        written
            .push(self::view(&write_registration(state, user_id, row, &frame, &company).await?)?);
    }
    Ok(written)
}

/// One of the user's companies with its frames.
pub async fn company(state: &AppState, user_id: i64, id: i64) -> Result<CompanyView, ApiError> {
    let company = company_row(state, user_id, id).await?;
    let mut frames = Vec::new();
    for frame in store::of_company(&state.db, user_id, id).await? {
        if let Some(row) = crate::store::nodes::get(state.db.pool(), user_id, frame.node_id).await?
        {
            frames.push(view(&row)?);
        }
    }
    let conversations = store::conversation_count(&state.db, id).await?;
    Ok(CompanyView { id: company.id, name: company.name, frames, conversations })
}

/// Unregisters frame `frame_id` of company `company_id`: its key and script
/// stop working; the node stays, inactive on any site.
pub async fn delete(
    state: &AppState,
    user_id: i64,
    frame_id: i64,
    company_id: i64,
) -> Result<(), ApiError> {
    let frame = store::get(&state.db, user_id, frame_id).await?.ok_or(ApiError::NotFound)?;
    if frame.company_id != company_id {
        return Err(ApiError::NotFound);
    }
    store::delete(&state.db, user_id, frame_id).await?;
    if let Some(row) = crate::store::nodes::get(state.db.pool(), user_id, frame.node_id).await? {
        nodes::rewrite_payload(state, user_id, row, |payload| {
            if let NodePayload::Iframe(f) = payload {
                (f.frame_id, f.company_id, f.api_key, f.script) = (None, None, None, None);
            }
        })
        .await?;
    }
    Ok(())
}

/// Puts everything in a container (its frames' and bots' companies and
/// their conversations) under one company: the oldest, renamed to `name`
/// when given.
pub async fn merge_companies(
    state: &AppState,
    user_id: i64,
    container_id: i64,
    name: Option<&str>,
) -> Result<CompanyView, ApiError> {
    let db = &state.db;
    let container = crate::store::nodes::get(db.pool(), user_id, container_id)
        .await?
        .filter(|r| r.kind == NodeKind::Container.as_str())
        .ok_or(ApiError::NotFound)?;
    let graph = crate::canvas::graph::ProjectGraph::load(db, user_id, container.project_id).await?;
    let mut companies = Vec::new();
    let mut bots = Vec::new();
    for child in graph.children(container_id) {
        let company = match child.payload().map_err(ApiError::internal)? {
            NodePayload::Iframe(frame) => frame.company_id,
            NodePayload::Telegram(bot) => {
                bots.push(child.clone());
                bot.company_id
            }
            _ => None,
        };
        companies.extend(company);
    }
    companies.sort_unstable();
    companies.dedup();
    let mut owned = Vec::new();
    for id in companies {
        owned.extend(store::company(db, user_id, id).await?);
    }
    let Some(into) = owned.first().cloned() else {
        return Err(ApiError::Conflict(MessageCode::FrameNotRegistered));
    };
    let from: Vec<i64> = owned.iter().map(|c| c.id).collect();
    let mut tx = Tx::begin(db).await?;
    store::merge_companies(&mut tx, user_id, into.id, &from).await?;
    tx.commit().await?;
    if let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) {
        store::rename_company(db, user_id, into.id, name).await?;
    }
    for row in graph.children(container_id).filter(|r| r.kind == NodeKind::Iframe.as_str()) {
        let fresh = iframe_node(state, user_id, row.id).await?;
        nodes::rewrite_payload(state, user_id, fresh, |payload| {
            if let NodePayload::Iframe(f) = payload
                && f.company_id.is_some()
            {
                f.company_id = Some(into.id);
            }
        })
        .await?;
    }
    for bot in bots {
        nodes::rewrite_payload(state, user_id, bot, |payload| {
            if let NodePayload::Telegram(t) = payload {
                t.company_id = Some(into.id);
            }
        })
        .await?;
    }
    company(state, user_id, into.id).await
}

/// The company a bot talks for: the one it names if it is the user's, else
/// the user's company by the bot's name (made if new), written into the node.
pub async fn bot_company(
    state: &AppState,
    user_id: i64,
    row: NodeRow,
) -> Result<NodeRow, ApiError> {
    let NodePayload::Telegram(bot) = row.payload().map_err(ApiError::internal)? else {
        return Err(ApiError::NotFound);
    };
    let named = match bot.company_id {
        Some(id) => store::company(&state.db, user_id, id).await?,
        None => None,
    };
    let company = match named {
        Some(company) => company,
        None => {
            let name = [&bot.bot_name, &bot.bot_username, &row.name]
                .into_iter()
                .map(|n| n.trim())
                .find(|n| !n.is_empty())
                .unwrap_or(NodeKind::Telegram.label())
                .to_owned();
            store::company_named(&state.db, user_id, &name).await?
        }
    };
    nodes::rewrite_payload(state, user_id, row, |payload| {
        if let NodePayload::Telegram(t) = payload {
            t.company_id = Some(company.id);
        }
    })
    .await
}

/// The one line a site owner pastes.
pub fn embed_script(public_url: &str, key: &str) -> String {
    let base = public_url.trim_end_matches('/');
    format!(r#"<script src="{base}{LOADER_PATH}" data-frame="{key}" async></script>"#)
}

/// A frame's public key: `fr_` and 24 random characters of `A-Za-z0-9_-`.
fn new_key() -> String {
    let bytes: [u8; 18] = rand::random();
    format!("fr_{}", URL_SAFE_NO_PAD.encode(bytes))
}

async fn company_row(state: &AppState, user_id: i64, id: i64) -> Result<CompanyRow, ApiError> {
    store::company(&state.db, user_id, id).await?.ok_or(ApiError::NotFound)
}

/// The user's iframe node `node_id` (404 for anything else).
/// The user's iframe node `node_id` (404 for anything else).
pub async fn iframe_node(
    state: &AppState,
    user_id: i64,
    node_id: i64,
) -> Result<NodeRow, ApiError> {
    let row = crate::store::nodes::get(state.db.pool(), user_id, node_id)
        .await?
        .ok_or(ApiError::NotFound)?;
    if row.kind == NodeKind::Iframe.as_str() { Ok(row) } else { Err(ApiError::NotFound) }
}

fn frame_of(row: &NodeRow) -> Result<dastyar_core::data::iframe::IframePayload, ApiError> {
    match row.payload().map_err(ApiError::internal)? {
        NodePayload::Iframe(frame) => Ok(frame),
        _ => Err(ApiError::NotFound),
    }
}

fn view(row: &NodeRow) -> Result<FrameView, ApiError> {
    FrameView::of(row, nodes::canvas(row)?)?.ok_or(ApiError::NotFound)
}

/// An edit the user could make in the panel, checked as that edit is.
async fn edit(
    state: &AppState,
    user_id: i64,
    row: NodeRow,
    changes: Map<String, Value>,
) -> Result<NodeRow, ApiError> {
    if changes.is_empty() {
        return Ok(row);
    }
    let served =
        Served::of(NodeKind::Iframe).ok_or_else(|| ApiError::internal("no iframe collection"))?;
    nodes::update(state, user_id, served, row.id, Value::Object(changes)).await
}

async fn edit_company(
    state: &AppState,
    user_id: i64,
    company_id: i64,
    changes: Map<String, Value>,
) -> Result<Vec<FrameView>, ApiError> {
    company_row(state, user_id, company_id).await?;
    let mut views = Vec::new();
    for frame in store::of_company(&state.db, user_id, company_id).await? {
        let row = iframe_node(state, user_id, frame.node_id).await?;
        views.push(view(&edit(state, user_id, row, changes.clone()).await?)?);
    }
    Ok(views)
}

/// Writes the registration into the node: the frame's id, company, key and script.
async fn write_registration(
    state: &AppState,
    user_id: i64,
    row: NodeRow,
    frame: &FrameRow,
    company: &CompanyRow,
) -> Result<NodeRow, ApiError> {
    let script = embed_script(&state.config.public_url(), &frame.public_key);
    nodes::rewrite_payload(state, user_id, row, |payload| {
        if let NodePayload::Iframe(f) = payload {
            f.frame_id = Some(frame.id);
            f.company_id = Some(company.id);
            f.api_key = Some(frame.public_key.clone());
            f.script = Some(script.clone());
        }
    })
    .await
}

//! An assistant's functions as the runtime offers them: `sync-functions`
//! records on each side what the graph says (the assistant `has_functions`,
//! each connected function its `assistant_id`), and a function can be edited
//! through the assistant it belongs to.

use dastyar_core::NodeKind;
use dastyar_core::abilities::{Tool, ToolSource};
use dastyar_core::data::NodePayload;
use dastyar_core::ids::CanvasId;
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::canvas::nodes::{self, Served};
use crate::error::ApiError;
use crate::runtime::assistant_setup::AssistantSetup;
use crate::state::AppState;
use crate::store::nodes as store;
use crate::store::nodes::NodeRow;

/// What `sync-functions` found and recorded.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SyncedFunctions {
    pub has_functions: bool,
    /// The function tools the model is offered, in edge order.
    #[schema(value_type = Vec<Object>)]
    pub functions: Vec<Tool>,
}

/// Records the assistant's functions on it and on them.
pub async fn sync(
    state: &AppState,
    user_id: i64,
    assistant_id: i64,
) -> Result<SyncedFunctions, ApiError> {
    let setup = AssistantSetup::load(state, user_id, assistant_id).await?;
    let functions: Vec<Tool> = setup
        .abilities
        .tools
        .iter()
        .filter(|t| matches!(t.source, ToolSource::Function { .. }))
        .cloned()
        .collect();
    let has_functions = !functions.is_empty();
    let pool = state.db.pool();
    if setup.payload.has_functions != has_functions {
        let mut payload = setup.payload.clone();
        payload.has_functions = has_functions;
        let stored = match setup.node.kind().map_err(ApiError::internal)? {
            NodeKind::Analyzer => NodePayload::Analyzer(payload),
            _ => NodePayload::Assistant(payload),
        };
        store::write_data(pool, setup.node.id, &stored, setup.node.status()).await?;
    }
    for tool in &functions {
        let Some(row) = function_row(state, user_id, tool).await? else { continue };
        if let NodePayload::Function(mut function) = row.payload().map_err(ApiError::internal)?
            && function.assistant_id != Some(setup.node.id)
        {
            function.assistant_id = Some(setup.node.id);
            store::write_data(pool, row.id, &NodePayload::Function(function), row.status()).await?;
        }
    }
    Ok(SyncedFunctions { has_functions, functions })
}

/// Edits function `function_id` as `PUT /functions/{id}` would, when it is
/// one of the assistant's (404 otherwise).
pub async fn update(
    state: &AppState,
    user_id: i64,
    assistant_id: i64,
    function_id: i64,
    body: Value,
) -> Result<NodeRow, ApiError> {
    let setup = AssistantSetup::load(state, user_id, assistant_id).await?;
    let canvas_id = CanvasId::saved(NodeKind::Function, function_id).to_string();
    let connected = setup
        .abilities
        .tools
        .iter()
        .any(|t| matches!(&t.source, ToolSource::Function { node } if *node == canvas_id))
        || setup.abilities.skipped.iter().any(|s| s.node == canvas_id);
    if !connected {
        return Err(ApiError::NotFound);
    }
    let served = Served::of(NodeKind::Function).ok_or(ApiError::NotFound)?;
    nodes::update(state, user_id, served, function_id, body).await
}

async fn function_row(
    state: &AppState,
    user_id: i64,
    tool: &Tool,
) -> Result<Option<NodeRow>, ApiError> {
    let ToolSource::Function { node } = &tool.source else { return Ok(None) };
    let Some(id) = CanvasId::parse(node).and_then(CanvasId::database_id) else { return Ok(None) };
    Ok(store::get(state.db.pool(), user_id, id).await?)
}

//! What an analyzer reads and where its reports go, from the canvas: the
//! chat frames and bots inside the containers joined to it (and containers
//! within those), and the bot it is joined to.

use std::collections::{BTreeSet, HashMap};

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::data::assistant::AssistantPayload;
use sqlx::AnyConnection;

use crate::error::ApiError;
use crate::state::AppState;
use crate::store::edges;
use crate::store::nodes::{self, NodeRow};

/// Containers within containers are followed this deep at most.
const NESTING_LIMIT: usize = 16;

#[derive(Debug, Clone)]
pub struct Scope {
    pub analyzer: NodeRow,
    pub settings: AssistantPayload,
    /// The iframe and telegram nodes whose conversations it reads.
    pub channel_nodes: Vec<i64>,
    /// Whether any container is joined to it.
    pub has_container: bool,
    /// The bot its reports go out through.
    pub bot: Option<NodeRow>,
}

/// The user's analyzer `node_id` (404 for anything else).
pub async fn analyzer(state: &AppState, user_id: i64, node_id: i64) -> Result<NodeRow, ApiError> {
    let row = nodes::get(state.db.pool(), user_id, node_id).await?.ok_or(ApiError::NotFound)?;
    if row.kind == NodeKind::Analyzer.as_str() { Ok(row) } else { Err(ApiError::NotFound) }
}

/// The scope of the user's analyzer `node_id`.
pub async fn of(state: &AppState, user_id: i64, node_id: i64) -> Result<Scope, ApiError> {
    let analyzer = analyzer(state, user_id, node_id).await?;
    let settings = match analyzer.payload().map_err(ApiError::internal)? {
        NodePayload::Analyzer(settings) | NodePayload::Assistant(settings) => settings,
        _ => return Err(ApiError::NotFound),
    };
    let mut conn = state.db.pool().acquire().await?;
    let edges = edges::touching(&mut *conn, user_id, node_id).await?;
    let ends: Vec<i64> = edges.iter().map(|edge| edge.other_end(node_id)).collect();
    let mut joined: HashMap<i64, NodeRow> =
        nodes::list_by_ids(&mut conn, user_id, analyzer.project_id, &ends)
            .await?
            .into_iter()
            .map(|row| (row.id, row))
            .collect();
    let mut containers = Vec::new();
    let mut bot = None;
    // In the edges' order, so the bot is the one joined first, as before.
    for end in ends {
        let Some(row) = joined.remove(&end) else { continue };
        match row.kind() {
            Ok(NodeKind::Container) => containers.push(row.id),
            Ok(NodeKind::Telegram) if bot.is_none() => bot = Some(row),
            _ => {}
        }
    }
    let has_container = !containers.is_empty();
    let channel_nodes =
        channels_within(&mut conn, user_id, analyzer.project_id, containers).await?;
    Ok(Scope { analyzer, settings, channel_nodes, has_container, bot })
}

/// The chat frames and bots inside `containers`, at any depth.
async fn channels_within(
    conn: &mut AnyConnection,
    user_id: i64,
    project_id: i64,
    containers: Vec<i64>,
) -> Result<Vec<i64>, ApiError> {
    let mut seen: BTreeSet<i64> = containers.iter().copied().collect();
    let mut level = containers;
    let mut channels = BTreeSet::new();
    for _ in 0..NESTING_LIMIT {
        if level.is_empty() {
            break;
        }
        let inside = nodes::list_in_containers(conn, user_id, project_id, &level).await?;
        level = Vec::new();
        for row in inside {
            match row.kind() {
                Ok(NodeKind::Iframe | NodeKind::Telegram) => {
                    channels.insert(row.id);
                }
                Ok(NodeKind::Container) if seen.insert(row.id) => level.push(row.id),
                _ => {}
            }
        }
    }
    Ok(channels.into_iter().collect())
}

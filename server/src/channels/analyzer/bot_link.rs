//! Joining an analyzer to the bot its reports go out through
//! (`POST /telegram/connect-analyzer`): the canvas's analyzer→telegram edge,
//! under the same connection rules as one drawn by hand.

use dastyar_core::{MessageCode, NodeKind};

use super::scope;
use crate::canvas::edges::{self, CanvasEdge, Connect};
use crate::channels::telegram::connection;
use crate::error::ApiError;
use crate::state::AppState;
use crate::store::edges as stored;

/// The edge from the user's analyzer to their bot, drawn unless it is
/// there; whether it was drawn now.
pub async fn connect(
    state: &AppState,
    user_id: i64,
    analyzer_id: i64,
    bot_id: i64,
) -> Result<(CanvasEdge, bool), ApiError> {
    let bot = connection::bot_node(state, user_id, bot_id).await?;
    let analyzer = match scope::analyzer(state, user_id, analyzer_id).await {
        Err(ApiError::NotFound) => {
            return Err(ApiError::invalid("analyzer_id", MessageCode::AnalyzerNotFound));
        }
        found => found?,
    };
    let ends = ((NodeKind::Analyzer.as_str(), analyzer.id), (NodeKind::Telegram.as_str(), bot.id));
    if let Some(row) = stored::find_by_ends(state.db.pool(), user_id, ends.0, ends.1).await? {
        return Ok((CanvasEdge::from_row(&row), false));
    }
    if analyzer.project_id != bot.project_id {
        return Err(ApiError::invalid("analyzer_id", MessageCode::AnalyzerNotFound));
    }
    let connect = Connect {
        project_id: bot.project_id,
        source: (NodeKind::Analyzer, analyzer.id),
        target: (NodeKind::Telegram, bot.id),
        edge_data: "{}".to_owned(),
    };
    Ok((edges::connect(&state.db, user_id, &connect).await?, true))
}

//! `POST /request/{id}/execute`: a person runs a request node with sample
//! values, as the assistant would call it.

use dastyar_core::data::NodePayload;
use dastyar_core::{MessageCode, NodeKind};
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::runtime::request_tool::{self, RequestOutcome};
use crate::secrets::node_secrets;
use crate::state::AppState;
use crate::store::nodes;

/// Runs the user's request `id` against its API definition. A call that
/// failed is still an outcome (the request ran); only a request that cannot
/// run is an error: 404 when it is not the user's, 409 without a definition.
pub async fn run(
    state: &AppState,
    user_id: i64,
    id: i64,
    values: &Map<String, Value>,
) -> Result<RequestOutcome, ApiError> {
    let pool = state.db.pool();
    let row = nodes::get(pool, user_id, id).await?.ok_or(ApiError::NotFound)?;
    let NodePayload::Request(request) = row.payload().map_err(ApiError::internal)? else {
        return Err(ApiError::NotFound);
    };
    let no_definition = || ApiError::Conflict(MessageCode::RequestNeedsApiDefinition);
    let definition_id = request.api_definition_id.ok_or_else(no_definition)?;
    let definition_row = nodes::get(pool, user_id, definition_id)
        .await?
        .filter(|d| {
            d.project_id == row.project_id && d.kind().is_ok_and(|k| k == NodeKind::Apidefinition)
        })
        .ok_or_else(no_definition)?;
    let NodePayload::Apidefinition(definition) =
        definition_row.payload().map_err(ApiError::internal)?
    else {
        return Err(no_definition());
    };
    let definition = node_secrets::open_definition(&state.secrets, definition)?;
    Ok(request_tool::perform(&state.outbound, &definition, &request, values).await)
}

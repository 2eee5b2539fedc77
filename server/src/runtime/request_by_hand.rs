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
/// A scheduled run sends its key as [`IDEMPOTENCY_HEADER`] (unless the
/// definition sets that header itself).
pub async fn run(
    state: &AppState,
    user_id: i64,
    id: i64,
    values: &Map<String, Value>,
    idempotency_key: Option<&str>,
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
    let mut definition = node_secrets::open_definition(&state.secrets, definition)?;
    if let Some(key) = idempotency_key
        && !definition.default_headers.keys().any(|h| h.eq_ignore_ascii_case(IDEMPOTENCY_HEADER))
    {
        definition.default_headers.insert(IDEMPOTENCY_HEADER.to_owned(), key.to_owned());
    }
    Ok(request_tool::perform(&state.outbound, &definition, &request, values).await)
}

/// The header a scheduled run's request carries its run's key in: the same
/// on a run taken over after a crash, so an API that honours it (as Stripe's
/// and many others do) acts once even when the call reached it twice.
pub const IDEMPOTENCY_HEADER: &str = "Idempotency-Key";

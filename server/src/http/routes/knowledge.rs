//! Knowledge behind a vector store, file database or repository, or Google
//! doc or sheet: each document's state, a search through it, and reading
//! everything again.

use axum::extract::State;
use serde::Deserialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::knowledge::documents::{self, KnowledgeStatus};
use crate::knowledge::search::{self, Passage};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(status)).routes(routes!(search_in)).routes(routes!(reindex))
}

/// `POST /knowledge/{id}/search`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct KnowledgeSearchRequest {
    /// What to look for, in any spelling people type.
    #[schema(min_length = 1, max_length = 1000)]
    pub query: String,
    /// Passages wanted, 1 to 20 (5 unless said).
    #[serde(default)]
    #[ts(optional)]
    #[schema(minimum = 1, maximum = 20)]
    pub limit: Option<i64>,
}

/// Each document behind the node, with its state.
#[utoipa::path(get, path = "/knowledge/{id}", tag = "knowledge",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "A vector store, file database, file repository, Google doc or sheet node's database id")),
    responses(
        (status = 200, description = "Its documents (a vector store's: those of every source joined to it)", body = KnowledgeStatus),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such knowledge node of mine", body = ErrorBody),
    ))]
pub async fn status(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<KnowledgeStatus>, ApiError> {
    Ok(Json(documents::status(&state, user.id, id).await?))
}

/// The passages behind the node closest to a query, best first.
#[utoipa::path(post, path = "/knowledge/{id}/search", tag = "knowledge",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "A knowledge node's database id")),
    request_body = KnowledgeSearchRequest,
    responses(
        (status = 200, description = "The closest passages with their sources; none when nothing matches", body = [Passage]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such knowledge node of mine", body = ErrorBody),
        (status = 422, description = "The query is empty (knowledge_query_empty) or too long (knowledge_query_too_long), or the limit is out of range", body = ErrorBody),
    ))]
pub async fn search_in(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<KnowledgeSearchRequest>,
) -> Result<Json<Vec<Passage>>, ApiError> {
    let query = search::checked_query(&body.query)?;
    let limit = search::checked_limit(body.limit)?;
    Ok(Json(search::search_node(&state, user.id, id, query, limit).await?))
}

/// Reads every file behind the node again (a failed one too).
#[utoipa::path(post, path = "/knowledge/{id}/reindex", tag = "knowledge",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "A knowledge node's database id")),
    responses(
        (status = 200, description = "Its documents, queued again", body = KnowledgeStatus),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such knowledge node of mine", body = ErrorBody),
    ))]
pub async fn reindex(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<KnowledgeStatus>, ApiError> {
    Ok(Json(documents::reindex(&state, user.id, id).await?))
}

//! A WordPress node's own calls beside the generic `/wordpress` routes:
//! `POST /wordpress/{id}/test-connection` (the spec's; who the saved
//! credentials sign in, or why not, in Persian) and the site's categories,
//! authors and tags for the panel's pickers.

use axum::extract::State;
use dastyar_core::MessageCode;
use dastyar_core::data::wordpress::{WordpressAuthType, WordpressTerm};
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::providers::wordpress::{ApiRoot, Listing, Me, WordpressError};
use crate::runtime::wordpress_site::WordpressSite;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(test_connection))
        .routes(routes!(categories))
        .routes(routes!(authors))
        .routes(routes!(tags))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum WordpressTestStatus {
    Success,
    Error,
}

/// How a connection test came out: signed in, or why not (the spec's
/// `{status, message, details}`; `code` is the catalogue's).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WordpressTestResult {
    pub status: WordpressTestStatus,
    #[schema(value_type = String)]
    pub code: MessageCode,
    /// Persian.
    pub message: String,
    pub details: WordpressTestDetails,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WordpressTestDetails {
    pub site_url: String,
    pub auth_type: WordpressAuthType,
    /// How the REST API was reached, once it was.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub api_root: Option<ApiRoot>,
    /// The user signed in (on success).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub user: Option<WordpressUser>,
    /// The node's field to fix (on failure, when it is the user's to fix).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub field: Option<String>,
    /// What WordPress answered (on failure, when it answered).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub wordpress: Option<WordpressReply>,
}

/// The user a node's credentials sign in.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WordpressUser {
    pub id: i64,
    pub name: String,
    pub username: String,
    pub roles: Vec<String>,
    /// May write posts (`edit_posts`): drafts at least.
    pub can_write: bool,
    /// May publish them (`publish_posts`).
    pub can_publish: bool,
}

/// A WordPress error answer.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WordpressReply {
    pub status: u16,
    pub code: String,
    pub message: String,
}

/// A site's categories, authors or tags, for a picker.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WordpressTerms {
    pub items: Vec<WordpressTerm>,
    /// How many the site has.
    pub total: u64,
    /// The site has more than were read (1,000 at most).
    pub truncated: bool,
}

impl From<Listing> for WordpressTerms {
    fn from(listing: Listing) -> Self {
        let items = listing.items.into_iter().map(|n| WordpressTerm { id: n.id, name: n.name });
        WordpressTerms {
            items: items.collect(),
            total: listing.total,
            truncated: listing.truncated,
        }
    }
}

fn result(
    site: &WordpressSite,
    api_root: Option<ApiRoot>,
    outcome: Result<Me, WordpressError>,
    state: &AppState,
) -> WordpressTestResult {
    let details = WordpressTestDetails {
        site_url: site.payload.site_url.clone(),
        auth_type: site.payload.auth_type,
        api_root,
        user: None,
        field: None,
        wordpress: None,
    };
    match outcome {
        Ok(me) => WordpressTestResult {
            status: WordpressTestStatus::Success,
            code: MessageCode::WordpressConnected,
            message: MessageCode::WordpressConnected.render(&[("user", &me.name)]),
            details: WordpressTestDetails {
                user: Some(WordpressUser {
                    can_write: me.can("edit_posts"),
                    can_publish: me.can("publish_posts"),
                    id: me.id,
                    name: me.name,
                    username: me.username,
                    roles: me.roles,
                }),
                ..details
            },
        },
        Err(error) => {
            tracing::info!(%error, site = %site.payload.site_url, "a WordPress test failed");
            WordpressTestResult {
                status: WordpressTestStatus::Error,
                code: error.code(),
                message: error.persian(&site.payload.site_url, state.outbound.timeout()),
                details: WordpressTestDetails {
                    field: error.field(site.payload.auth_type),
                    wordpress: error.refusal().map(|r| WordpressReply {
                        status: r.status,
                        code: r.code.clone(),
                        message: r.message.clone(),
                    }),
                    ..details
                },
            }
        }
    }
}

/// Signs in to the node's site as saved (`GET /wp/v2/users/me?context=edit`,
/// through `/wp-json/` or `?rest_route=`). The site failing is the test's
/// result, not an error of this call.
#[utoipa::path(post, path = "/wordpress/{id}/test-connection", tag = "wordpress",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The WordPress node's database id")),
    responses(
        (status = 200, description = "status success with the user signed in, or error with the Persian reason (wordpress_unreachable, wordpress_timeout, wordpress_private_address, wordpress_not_wordpress, wordpress_rest_disabled, wordpress_credentials_rejected, wordpress_jwt_rejected, wordpress_jwt_not_configured, wordpress_not_logged_in, wordpress_refused), the field to fix and what WordPress answered", body = WordpressTestResult),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such WordPress node of mine", body = ErrorBody),
        (status = 409, description = "secret_unreadable: the saved credentials were sealed with another key", body = ErrorBody),
        (status = 422, description = "wordpress_incomplete: no site address or credentials; details.field names the first missing", body = ErrorBody),
    ))]
pub async fn test_connection(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<WordpressTestResult>, ApiError> {
    let site = WordpressSite::load(&state, user.id, id).await?;
    let client = site.client(&state.outbound);
    let outcome = client.me().await;
    Ok(Json(result(&site, client.api_root(), outcome, &state)))
}

/// The site's categories, every page (up to 1,000), by name.
#[utoipa::path(get, path = "/wordpress/{id}/categories", tag = "wordpress",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The WordPress node's database id")),
    responses(
        (status = 200, description = "The categories as {id, name}", body = WordpressTerms),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such WordPress node of mine", body = ErrorBody),
        (status = 409, description = "secret_unreadable", body = ErrorBody),
        (status = 422, description = "wordpress_incomplete; or the site refused what the node holds: wordpress_not_wordpress, wordpress_private_address (siteUrl), wordpress_credentials_rejected, wordpress_jwt_rejected (the credential); details.field names it", body = ErrorBody),
        (status = 424, description = "The site failed: wordpress_unreachable, wordpress_timeout, wordpress_rest_disabled, wordpress_not_logged_in, wordpress_jwt_not_configured, wordpress_forbidden, wordpress_refused; details.wordpress is what it answered", body = ErrorBody),
    ))]
pub async fn categories(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<WordpressTerms>, ApiError> {
    let site = WordpressSite::load(&state, user.id, id).await?;
    let listing = site.client(&state.outbound).categories().await;
    listing.map(|l| Json(l.into())).map_err(|e| site.api_error(&e, &state.outbound))
}

/// The site's users who may write posts (`who=authors`), up to 1,000, by name.
#[utoipa::path(get, path = "/wordpress/{id}/authors", tag = "wordpress",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The WordPress node's database id")),
    responses(
        (status = 200, description = "The authors as {id, name}", body = WordpressTerms),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such WordPress node of mine", body = ErrorBody),
        (status = 409, description = "secret_unreadable", body = ErrorBody),
        (status = 422, description = "wordpress_incomplete, or the site refused the node's address or credential (details.field)", body = ErrorBody),
        (status = 424, description = "The site failed or refused (wordpress_forbidden: the user may not list authors)", body = ErrorBody),
    ))]
pub async fn authors(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<WordpressTerms>, ApiError> {
    let site = WordpressSite::load(&state, user.id, id).await?;
    let listing = site.client(&state.outbound).authors().await;
    listing.map(|l| Json(l.into())).map_err(|e| site.api_error(&e, &state.outbound))
}

/// The site's tags, every page (up to 1,000), by name.
#[utoipa::path(get, path = "/wordpress/{id}/tags", tag = "wordpress",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The WordPress node's database id")),
    responses(
        (status = 200, description = "The tags as {id, name}", body = WordpressTerms),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such WordPress node of mine", body = ErrorBody),
        (status = 409, description = "secret_unreadable", body = ErrorBody),
        (status = 422, description = "wordpress_incomplete, or the site refused the node's address or credential (details.field)", body = ErrorBody),
        (status = 424, description = "The site failed or refused", body = ErrorBody),
    ))]
pub async fn tags(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<WordpressTerms>, ApiError> {
    let site = WordpressSite::load(&state, user.id, id).await?;
    let listing = site.client(&state.outbound).tags().await;
    listing.map(|l| Json(l.into())).map_err(|e| site.api_error(&e, &state.outbound))
}

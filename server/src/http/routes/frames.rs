//! Managing chat frames (spec §7 "Frames and iframe"): registering an
//! iframe node's frame, its domains, look and script, its company,
//! unregistering it, and merging the companies in a container.

use axum::extract::State;
use dastyar_core::data::iframe::{DEFAULT_FRAME_STYLE, FrameAppearance};
use serde::Deserialize;
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::shortcuts::FrameView;
use crate::channels::widget::frames::{self, CompanyView, Registration};
use crate::channels::widget::session::{self, SessionRequest, WidgetSession};
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::http::routes::nodes::DeleteAnswer;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(update_domains))
        .routes(routes!(update_style))
        .routes(routes!(generate_script))
        .routes(routes!(company))
        .routes(routes!(delete_frame))
        .routes(routes!(merge_companies))
        .routes(routes!(preview))
}

/// `POST /frames/register`: what is left out is taken from the node.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FrameRegisterRequest {
    /// The iframe node's database id.
    #[schema(minimum = 1)]
    pub node_id: i64,
    /// One of my companies; else my company named `company_name` (made if new).
    #[serde(default)]
    #[schema(minimum = 1)]
    #[ts(optional)]
    pub company_id: Option<i64>,
    #[serde(default)]
    #[ts(optional)]
    pub company_name: Option<String>,
    /// The sites that may show the chat: `example.ir`, `*.example.ir`, `localhost:5173`.
    #[serde(default)]
    #[ts(optional)]
    pub authorized_domains: Option<Vec<String>>,
    #[serde(default)]
    #[ts(optional)]
    pub style: Option<String>,
    #[serde(default)]
    #[ts(optional)]
    pub appearance: Option<FrameAppearance>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FrameDomainsRequest {
    #[schema(minimum = 1)]
    pub company_id: i64,
    pub authorized_domains: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FrameStyleRequest {
    #[schema(minimum = 1)]
    pub company_id: i64,
    /// `default` when left out.
    #[serde(default = "default_style")]
    pub style: String,
    #[serde(default)]
    #[ts(optional)]
    pub appearance: Option<FrameAppearance>,
}

#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FrameCompanyRequest {
    #[schema(minimum = 1)]
    pub company_id: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct MergeCompaniesRequest {
    /// A new name for the merged company.
    #[serde(default)]
    #[ts(optional)]
    pub name: Option<String>,
}

/// `POST /frames/preview`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FramePreviewRequest {
    /// The iframe node's database id.
    #[schema(minimum = 1)]
    pub node_id: i64,
    /// The preview visitor this browser was given before, to go on with its conversation.
    #[serde(default)]
    #[schema(pattern = "^preview_[A-Za-z0-9_-]{8,56}$")]
    #[ts(optional)]
    pub visitor: Option<String>,
}

fn default_style() -> String {
    DEFAULT_FRAME_STYLE.to_owned()
}

/// Registers one of my iframe nodes' frame: its company, id, public key and
/// embed script (kept when registered before).
#[utoipa::path(post, path = "/frames/register", tag = "iframe",
    security(("bearer" = [])),
    request_body = FrameRegisterRequest,
    responses(
        (status = 200, description = "The frame, with its key and script", body = FrameView),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such iframe node of mine", body = ErrorBody),
        (status = 422, description = "frame_company_name_required, frame_domains_required, domain_invalid, a look field, or company_id not mine", body = ErrorBody),
    ))]
pub async fn register(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<FrameRegisterRequest>,
) -> Result<Json<FrameView>, ApiError> {
    let request = Registration {
        node_id: body.node_id,
        company_id: body.company_id,
        company_name: body.company_name,
        authorized_domains: body.authorized_domains,
        style: body.style,
        appearance: body.appearance,
    };
    Ok(Json(frames::register(&state, user.id, request).await?))
}

/// The sites every frame of one of my companies may be shown on.
#[utoipa::path(post, path = "/frames/update-domains", tag = "iframe",
    security(("bearer" = [])),
    request_body = FrameDomainsRequest,
    responses(
        (status = 200, description = "The company's frames", body = [FrameView]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such company of mine", body = ErrorBody),
        (status = 422, description = "frame_domains_required or domain_invalid", body = ErrorBody),
    ))]
pub async fn update_domains(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<FrameDomainsRequest>,
) -> Result<Json<Vec<FrameView>>, ApiError> {
    let views =
        frames::update_domains(&state, user.id, body.company_id, &body.authorized_domains).await?;
    Ok(Json(views))
}

/// The style (and look) of every frame of one of my companies.
#[utoipa::path(post, path = "/frames/update-style", tag = "iframe",
    security(("bearer" = [])),
    request_body = FrameStyleRequest,
    responses(
        (status = 200, description = "The company's frames", body = [FrameView]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such company of mine", body = ErrorBody),
        (status = 422, description = "frame_color_invalid, frame_title_too_long, frame_welcome_too_long", body = ErrorBody),
    ))]
pub async fn update_style(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<FrameStyleRequest>,
) -> Result<Json<Vec<FrameView>>, ApiError> {
    let appearance = body.appearance.as_ref();
    Ok(Json(frames::update_style(&state, user.id, body.company_id, &body.style, appearance).await?))
}

/// Writes the embed script of every frame of one of my companies again.
#[utoipa::path(post, path = "/frames/generate-script", tag = "iframe",
    security(("bearer" = [])),
    request_body = FrameStyleRequest,
    responses(
        (status = 200, description = "The company's frames with their scripts", body = [FrameView]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such company of mine", body = ErrorBody),
        (status = 409, description = "frame_not_registered", body = ErrorBody),
    ))]
pub async fn generate_script(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<FrameStyleRequest>,
) -> Result<Json<Vec<FrameView>>, ApiError> {
    Ok(Json(frames::generate_script(&state, user.id, body.company_id, &body.style).await?))
}

/// One of my companies with its frames.
#[utoipa::path(get, path = "/frames/company/{id}", tag = "iframe",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The company's id")),
    responses(
        (status = 200, description = "The company", body = CompanyView),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such company of mine", body = ErrorBody),
    ))]
pub async fn company(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<CompanyView>, ApiError> {
    Ok(Json(frames::company(&state, user.id, id).await?))
}

/// Unregisters a frame of one of my companies: its key and script stop
/// working; the iframe node stays.
#[utoipa::path(delete, path = "/playground/frames/{id}", tag = "iframe",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The frame's id (`frameId` on the node)")),
    request_body = FrameCompanyRequest,
    responses(
        (status = 200, description = "Unregistered", body = DeleteAnswer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such frame of this company of mine", body = ErrorBody),
    ))]
pub async fn delete_frame(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<FrameCompanyRequest>,
) -> Result<Json<DeleteAnswer>, ApiError> {
    frames::delete(&state, user.id, id, body.company_id).await?;
    Ok(Json(DeleteAnswer { success: true }))
}

/// Puts the frames and bots inside one of my containers, with their
/// conversations, under one company (the oldest of theirs).
#[utoipa::path(post, path = "/containers/{id}/merge-companies", tag = "containers",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The container's database id")),
    request_body = MergeCompaniesRequest,
    responses(
        (status = 200, description = "The company they now share", body = CompanyView),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such container of mine", body = ErrorBody),
        (status = 409, description = "frame_not_registered: nothing in it has a company yet", body = ErrorBody),
    ))]
pub async fn merge_companies(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
    Json(body): Json<MergeCompaniesRequest>,
) -> Result<Json<CompanyView>, ApiError> {
    Ok(Json(frames::merge_companies(&state, user.id, id, body.name.as_deref()).await?))
}

/// A session on one of my registered frames for its preview from the
/// canvas: the chat page at `/embed/{key}` takes its token and visitor
/// after `#token=…&visitor=…`, wherever the page that opens it is.
#[utoipa::path(post, path = "/frames/preview", tag = "iframe",
    security(("bearer" = [])),
    request_body = FramePreviewRequest,
    responses(
        (status = 200, description = "A preview visitor's session", body = WidgetSession),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such iframe node of mine", body = ErrorBody),
        (status = 409, description = "frame_not_registered", body = ErrorBody),
        (status = 422, description = "visitor_invalid", body = ErrorBody),
    ))]
pub async fn preview(
    State(state): State<AppState>,
    user: AuthUser,
    Json(body): Json<FramePreviewRequest>,
) -> Result<Json<WidgetSession>, ApiError> {
    let request = SessionRequest { visitor: body.visitor };
    Ok(Json(session::preview(&state, user.id, body.node_id, request).await?))
}

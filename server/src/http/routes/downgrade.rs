//! Moving to a smaller plan under `/api/subscription`: what must go first
//! (`analyze-downgrade`), and deleting it and moving (`cleanup-nodes`).

use axum::extract::State;
use dastyar_core::MessageCode;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::subscription::PlanView;

use crate::billing::catalogue::BillingCycle;
use crate::billing::current_plan;
use crate::billing::downgrade::{self, DowngradeAnalysis, plan_by_key};
use crate::billing::payments::gateway::Gateway;
use crate::billing::payments::{self, PaymentStarted};
use crate::db::timestamp;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json};
use crate::state::AppState;
use crate::store;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(analyze_downgrade)).routes(routes!(cleanup_nodes))
}

/// `POST /api/subscription/analyze-downgrade`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AnalyzeDowngradeRequest {
    pub target_plan_key: String,
}

/// `POST /api/subscription/cleanup-nodes`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CleanupNodesRequest {
    /// Database ids of my assistant, analyzer and vector store nodes, each once.
    pub nodes_to_delete: Vec<i64>,
    pub target_plan_key: String,
    /// For a paid target: the cycle to buy (default: my current one, else monthly).
    #[serde(default)]
    #[ts(optional)]
    pub billing_cycle: Option<String>,
}

/// What `cleanup-nodes` did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CleanupAnswer {
    /// The ids deleted.
    pub deleted: Vec<i64>,
    /// My plan now: the free plan at once for a free target; for a paid
    /// target it changes when the payment settles.
    pub plan: PlanView,
    /// A paid target: its payment, started; send the browser to `payment_url`.
    pub payment: Option<PaymentStarted>,
    /// The same address, where the page looks for a redirect.
    pub payment_url: Option<String>,
}

/// Which of my nodes are over a plan's quotas.
#[utoipa::path(post, path = "/subscription/analyze-downgrade", tag = "subscription",
    security(("bearer" = [])),
    request_body = AnalyzeDowngradeRequest,
    responses(
        (status = 200, description = "Per limited kind: limit, used, excess and (when over) the nodes to choose from, the newest excess suggested", body = DowngradeAnalysis),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "unknown plan (plan_unknown)", body = ErrorBody),
    ))]
pub async fn analyze_downgrade(
    State(state): State<AppState>,
    user: AuthUser,
    Json(request): Json<AnalyzeDowngradeRequest>,
) -> Result<Json<DowngradeAnalysis>, ApiError> {
    let target = plan_by_key(&state, &request.target_plan_key, "target_plan_key")?;
    Ok(Json(downgrade::analyze(&state, user.id, target).await?))
}

/// Deletes exactly the nodes named (only mine), then moves me to the plan:
/// at once to the free plan, or by starting its payment for a paid one.
#[utoipa::path(post, path = "/subscription/cleanup-nodes", tag = "subscription",
    security(("bearer" = [])),
    request_body = CleanupNodesRequest,
    responses(
        (status = 200, description = "Deleted, and on the free plan now or with the paid plan's payment started", body = CleanupAnswer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 409, description = "already on that plan (already_on_plan), what remains is still over its quotas (downgrade_still_exceeds), or a paid target without a gateway; nothing deleted", body = ErrorBody),
        (status = 422, description = "unknown plan, bad billing_cycle, or nodes_to_delete names something not mine, not limited or twice (nothing deleted)", body = ErrorBody),
        (status = 424, description = "the gateway refused or could not be reached (the nodes are deleted)", body = ErrorBody),
    ))]
pub async fn cleanup_nodes(
    State(state): State<AppState>,
    user: AuthUser,
    Json(request): Json<CleanupNodesRequest>,
) -> Result<Json<CleanupAnswer>, ApiError> {
    let target = plan_by_key(&state, &request.target_plan_key, "target_plan_key")?;
    let (current, subscription) = current_plan::current_plan(&state, user.id).await?;
    if current.key == target.key {
        return Err(ApiError::Conflict(MessageCode::AlreadyOnPlan));
    }
    let cycle = match request.billing_cycle.as_deref() {
        Some(text) => BillingCycle::parse(text)
            .ok_or_else(|| ApiError::invalid("billing_cycle", MessageCode::BillingCycleInvalid))?,
        None => subscription.as_ref().map_or(BillingCycle::Monthly, |s| s.billing_cycle()),
    };
    if !target.is_free() {
        // No gateway at all: say so before anything is deleted.
        Gateway::for_new_payments(&state)?;
    }
    let deleted = downgrade::cleanup(&state, user.id, target, &request.nodes_to_delete).await?;
    let payment = if target.is_free() {
        store::subscriptions::cancel_unended(state.db.pool(), user.id, &timestamp::now()).await?;
        None
    } else {
        Some(payments::buy_plan(&state, user.id, target, cycle).await?)
    };
    let (now_on, _) = current_plan::current_plan(&state, user.id).await?;
    Ok(Json(CleanupAnswer {
        deleted,
        plan: PlanView::of(now_on, now_on),
        payment_url: payment.as_ref().map(|p| p.payment_url.clone()),
        payment,
    }))
}

//! `/api/subscription/...`: the plan catalogue and credit packages, the
//! caller's current plan, credits, subscription history and credit
//! purchases, and the
//! plan-limit check. Buying is in `payments`, the mock gateway in
//! `mock_gateway`, moving to a smaller plan in `downgrade`.

use axum::extract::State;
use dastyar_core::NodeKind;
use dastyar_core::limits::{NodeUsage, PlanQuota, node_limit_exceeded_message};
use dastyar_core::messages::MessageCode;
use dastyar_core::paging::{
    SUBSCRIPTION_HISTORY_FIRST_PAGE, SUBSCRIPTION_HISTORY_MAX_PER_PAGE,
    SUBSCRIPTION_HISTORY_PER_PAGE,
};
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::billing::catalogue::{
    BillingCycle, Catalogue, CreditPackage, CustomCredits, Plan, PlanPrices,
};
use crate::billing::credits;
use crate::billing::current_plan;
use crate::db::timestamp;
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Query};
use crate::state::AppState;
use crate::store;
use crate::store::subscriptions::{SubscriptionRow, SubscriptionStatus};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_plans))
        .routes(routes!(credit_packages))
        .routes(routes!(current))
        .routes(routes!(history))
        .routes(routes!(credit_history))
        .routes(routes!(check_limit))
}

/// A plan of the catalogue, as the subscription page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct PlanView {
    pub key: String,
    /// Persian.
    pub name: String,
    /// Persian.
    pub description: String,
    /// In rials, per billing cycle.
    pub prices: PlanPrices,
    /// Node quotas; `null` is unlimited.
    pub quota: PlanQuota,
    /// Room for uploaded files, in mebibytes; `null` is unlimited.
    pub storage_mb: Option<u32>,
    /// Credits granted each month.
    pub monthly_credits: i64,
    /// Persian, one line each.
    pub features: Vec<String>,
    /// The free plan (both prices 0).
    pub is_free: bool,
    /// The caller is on this plan now.
    pub current: bool,
}

impl PlanView {
    pub fn of(plan: &Plan, current: &Plan) -> PlanView {
        PlanView {
            key: plan.key.clone(),
            name: plan.name.clone(),
            description: plan.description.clone(),
            prices: plan.prices,
            quota: plan.quota,
            storage_mb: plan.storage_mb,
            monthly_credits: plan.monthly_credits,
            features: plan.features.clone(),
            is_free: plan.is_free(),
            current: plan.key == current.key,
        }
    }
}

/// A subscription of the caller's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SubscriptionView {
    pub id: i64,
    pub plan_key: String,
    /// The plan's Persian name (its key when the catalogue no longer has it).
    pub plan_name: String,
    pub billing_cycle: BillingCycle,
    /// As of now: an active subscription whose period is over is `expired`.
    pub status: SubscriptionStatus,
    /// Rials paid.
    pub amount: i64,
    pub payment_id: Option<i64>,
    pub started_at: String,
    pub expires_at: String,
    pub created_at: String,
}

impl SubscriptionView {
    fn of(row: &SubscriptionRow, catalogue: &Catalogue, now: &str) -> SubscriptionView {
        SubscriptionView {
            id: row.id,
            plan_key: row.plan_key.clone(),
            plan_name: catalogue
                .plan(&row.plan_key)
                .map_or_else(|| row.plan_key.clone(), |p| p.name.clone()),
            billing_cycle: row.billing_cycle(),
            status: row.status_at(now),
            amount: row.amount,
            payment_id: row.payment_id,
            started_at: row.started_at.clone(),
            expires_at: row.expires_at.clone(),
            created_at: row.created_at.clone(),
        }
    }
}

/// The caller's plan now and the subscription that puts them on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CurrentSubscription {
    pub plan: PlanView,
    /// `null` on the free plan without a subscription.
    pub subscription: Option<SubscriptionView>,
    /// With `include_expired=true`: the most recently ended subscription
    /// (`null` when there is none, or when not asked for).
    pub expired_subscription: Option<SubscriptionView>,
    /// My credits: this month's allowance and everything bought, less what was spent.
    pub credit_balance: i64,
}

/// What credits are on offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CreditOffer {
    /// The packages, in catalogue order.
    pub packages: Vec<CreditPackage>,
    /// Any amount in a range, at one price per credit.
    pub custom: CustomCredits,
}

/// One page of the caller's subscriptions, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SubscriptionHistory {
    pub items: Vec<SubscriptionView>,
    /// How many subscriptions there are in all.
    pub total: u64,
    pub page: u32,
    pub per_page: u32,
    /// How many pages of `per_page` there are (0 when there are none).
    pub pages: u64,
}

/// `POST /api/subscription/check-limit`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CheckLimitRequest {
    /// A node type, such as `assistant`, `analyzer` or `vectorstore`.
    pub node_type: String,
}

/// Whether one more node of the type may be added under the current plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CheckLimitAnswer {
    pub allowed: bool,
    /// `null`: no limit (a kind plans do not limit, or a plan without a cap).
    pub limit: Option<u32>,
    /// How many the caller has; `null` for kinds plans do not limit.
    pub used: Option<u32>,
    pub plan_key: String,
    /// When not allowed: the Persian limit message (it contains «حداکثر»).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
}

/// The plan catalogue, with the caller's plan marked `current`.
#[utoipa::path(get, path = "/subscription/plans", tag = "subscription",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Every plan, in catalogue order (the free plan among them)", body = [PlanView]),
        (status = 401, description = "unauthenticated", body = ErrorBody),
    ))]
pub async fn list_plans(
    State(state): State<AppState>,
    user: AuthUser,
) -> Result<Json<Vec<PlanView>>, ApiError> {
    let (current, _) = current_plan::current_plan(&state, user.id).await?;
    Ok(Json(state.plans.plans().iter().map(|plan| PlanView::of(plan, current)).collect()))
}

/// The credit packages on offer.
#[utoipa::path(get, path = "/subscription/credit-packages", tag = "subscription",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The credit packages, in catalogue order, and the custom amount's range and price", body = CreditOffer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
    ))]
pub async fn credit_packages(State(state): State<AppState>, _user: AuthUser) -> Json<CreditOffer> {
    Json(CreditOffer {
        packages: state.plans.credit_packages().to_vec(),
        custom: state.plans.custom_credits(),
    })
}

/// `GET current`'s query.
#[derive(Debug, Deserialize)]
pub struct CurrentQuery {
    include_expired: Option<String>,
}

/// `GET history`'s query.
#[derive(Debug, Deserialize)]
pub struct HistoryQuery {
    page: Option<String>,
    per_page: Option<String>,
}

/// My current plan and subscription.
#[utoipa::path(get, path = "/subscription/current", tag = "subscription",
    security(("bearer" = [])),
    params(("include_expired" = Option<bool>, Query, description = "Also answer the most recently ended subscription (default false)")),
    responses(
        (status = 200, description = "The plan in force and its subscription (null on the free plan)", body = CurrentSubscription),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "include_expired is neither true nor false (flag_invalid)", body = ErrorBody),
    ))]
pub async fn current(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<CurrentQuery>,
) -> Result<Json<CurrentSubscription>, ApiError> {
    let include_expired = match query.include_expired.as_deref().map(str::trim) {
        None => false,
        Some("true" | "1") => true,
        Some("false" | "0") => false,
        Some(_) => return Err(ApiError::invalid("include_expired", MessageCode::FlagInvalid)),
    };
    let now = timestamp::now();
    let (plan, subscription) = current_plan::current_plan(&state, user.id).await?;
    let expired_subscription = if include_expired {
        store::subscriptions::latest_expired(&state.db, user.id, &now).await?
    } else {
        None
    };
    let credit_balance = credits::balance(&state, user.id).await?;
    let view = |row: &SubscriptionRow| SubscriptionView::of(row, &state.plans, &now);
    Ok(Json(CurrentSubscription {
        plan: PlanView::of(plan, plan),
        subscription: subscription.as_ref().map(view),
        expired_subscription: expired_subscription.as_ref().map(view),
        credit_balance,
    }))
}

/// My subscriptions, newest first, a page at a time.
#[utoipa::path(get, path = "/subscription/history", tag = "subscription",
    security(("bearer" = [])),
    params(
        ("page" = Option<u32>, Query, minimum = 1, maximum = 2147483647,
            description = "From 1 (default 1); past the last page answers no items"),
        ("per_page" = Option<u32>, Query, minimum = 1, maximum = 100, description = "1 to 100 (default 10)"),
    ),
    responses(
        (status = 200, description = "One page of my subscriptions", body = SubscriptionHistory),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "page is not a whole number ≥ 1 (page_invalid) or per_page not 1 to 100 (per_page_invalid)", body = ErrorBody),
    ))]
pub async fn history(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<HistoryQuery>,
) -> Result<Json<SubscriptionHistory>, ApiError> {
    let (page, per_page, offset) = paging(&query)?;
    let (rows, total) = store::subscriptions::history(&state.db, user.id, per_page, offset).await?;
    let now = timestamp::now();
    Ok(Json(SubscriptionHistory {
        items: rows.iter().map(|row| SubscriptionView::of(row, &state.plans, &now)).collect(),
        total,
        page,
        per_page,
        pages: total.div_ceil(u64::from(per_page)),
    }))
}

/// A paid credit purchase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CreditPurchaseView {
    /// The payment's id.
    pub id: i64,
    pub credits: i64,
    /// Rials paid.
    pub amount: i64,
    /// The package's Persian name; null for an amount of one's own choosing
    /// (or a package the catalogue no longer has).
    pub package_name: Option<String>,
    /// The gateway's reference.
    pub ref_id: Option<String>,
    pub paid_at: String,
}

/// One page of the caller's credit purchases, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct CreditHistory {
    pub items: Vec<CreditPurchaseView>,
    /// How many paid credit purchases there are in all.
    pub total: u64,
    pub page: u32,
    pub per_page: u32,
    /// How many pages of `per_page` there are (0 when there are none).
    pub pages: u64,
}

/// My paid credit purchases, newest first, a page at a time.
#[utoipa::path(get, path = "/subscription/credit-history", tag = "subscription",
    security(("bearer" = [])),
    params(
        ("page" = Option<u32>, Query, minimum = 1, maximum = 2147483647,
            description = "From 1 (default 1); past the last page answers no items"),
        ("per_page" = Option<u32>, Query, minimum = 1, maximum = 100, description = "1 to 100 (default 10)"),
    ),
    responses(
        (status = 200, description = "One page of my paid credit purchases", body = CreditHistory),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "page is not a whole number ≥ 1 (page_invalid) or per_page not 1 to 100 (per_page_invalid)", body = ErrorBody),
    ))]
pub async fn credit_history(
    State(state): State<AppState>,
    user: AuthUser,
    Query(query): Query<HistoryQuery>,
) -> Result<Json<CreditHistory>, ApiError> {
    let (page, per_page, offset) = paging(&query)?;
    let (rows, total) =
        store::payments::credit_purchases(&state.db, user.id, per_page, offset).await?;
    let items = rows
        .into_iter()
        .map(|row| CreditPurchaseView {
            id: row.id,
            credits: row.credits.unwrap_or_default(),
            amount: row.amount,
            package_name: row
                .package_key
                .as_deref()
                .and_then(|key| state.plans.credit_package(key))
                .map(|package| package.name.clone()),
            ref_id: row.ref_id,
            paid_at: row.settled_at.unwrap_or(row.updated_at),
        })
        .collect();
    Ok(Json(CreditHistory {
        items,
        total,
        page,
        per_page,
        pages: total.div_ceil(u64::from(per_page)),
    }))
}

/// A history query's page and page size, checked.
/// The page and page size asked for, and the rows before that page.
fn paging(query: &HistoryQuery) -> Result<(u32, u32, u64), ApiError> {
    let page = match query.page.as_deref().map(str::trim) {
        None => SUBSCRIPTION_HISTORY_FIRST_PAGE,
        Some(text) => text
            .parse::<u32>()
            .ok()
            // As the document says: a 32-bit signed page number, from 1.
            .filter(|&p| p >= 1 && i32::try_from(p).is_ok())
            .ok_or_else(|| ApiError::invalid("page", MessageCode::PageInvalid))?,
    };
    let per_page = match query.per_page.as_deref().map(str::trim) {
        None => SUBSCRIPTION_HISTORY_PER_PAGE,
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|p| (1..=SUBSCRIPTION_HISTORY_MAX_PER_PAGE).contains(p))
            .ok_or_else(|| ApiError::invalid("per_page", MessageCode::PerPageInvalid))?,
    };
    Ok((page, per_page, u64::from(page - 1) * u64::from(per_page)))
}

/// Whether I may add one more node of a type under my current plan.
#[utoipa::path(post, path = "/subscription/check-limit", tag = "subscription",
    security(("bearer" = [])),
    request_body = CheckLimitRequest,
    responses(
        (status = 200, description = "allowed, with the limit and my count (kinds plans do not limit: always allowed, limit and used null)", body = CheckLimitAnswer),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 422, description = "node_type is missing (field_required) or no node type (node_type_unknown)", body = ErrorBody),
    ))]
pub async fn check_limit(
    State(state): State<AppState>,
    user: AuthUser,
    Json(request): Json<CheckLimitRequest>,
) -> Result<Json<CheckLimitAnswer>, ApiError> {
    let kind: NodeKind = request
        .node_type
        .parse()
        .map_err(|_| ApiError::invalid("node_type", MessageCode::NodeTypeUnknown))?;
    let (plan, _) = current_plan::current_plan(&state, user.id).await?;
    let plan_key = plan.key.clone();
    if plan.quota.for_kind(kind).is_none() {
        return Ok(Json(CheckLimitAnswer {
            allowed: true,
            limit: None,
            used: None,
            plan_key,
            message: None,
        }));
    }
    let counts = store::nodes::count_limited(state.db.pool(), user.id).await?;
    let usage = NodeUsage::from_quota(&plan.quota, &counts);
    let Some(entry) = usage.entry(kind) else {
        return Err(ApiError::internal(format!("no usage entry for the limited kind {kind}")));
    };
    Ok(Json(CheckLimitAnswer {
        allowed: entry.can_create,
        limit: entry.limit,
        used: Some(entry.used),
        plan_key,
        message: (!entry.can_create)
            .then(|| node_limit_exceeded_message(kind, entry.limit, entry.used)),
    }))
}

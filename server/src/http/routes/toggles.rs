//! State toggles stored on a node: a scheduler's or trigger's `is_active`,
//! answered as the node. Switched on, the schedule engine gives it its next
//! run from that moment (`nextRunTime`); switched off, it has none.

use axum::extract::State;
use dastyar_core::NodeKind;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::canvas_node_schema::CanvasNodeSchema;
use crate::canvas::nodes::NodeView;
use crate::canvas::shortcuts::{self, Switch};
use crate::error::ApiError;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(toggle_scheduler))
        .routes(routes!(toggle_trigger))
        .routes(routes!(activate_trigger))
        .routes(routes!(deactivate_trigger))
}

async fn switch(
    state: &AppState,
    user: &AuthUser,
    kind: NodeKind,
    id: i64,
    to: Switch,
) -> Result<Json<NodeView>, ApiError> {
    Ok(Json(NodeView::of(&shortcuts::switch(state, user.id, kind, id, to).await?)?))
}

/// Turn a scheduler on or off (flips `is_active`; on, it runs from now).
#[utoipa::path(patch, path = "/scheduler/{id}/toggle", tag = "scheduler",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The scheduler node's database id")),
    responses(
        (status = 200, description = "The scheduler's node, isActive flipped; nextRunTime set when on, none when off", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such scheduler of mine", body = ErrorBody),
    ))]
pub async fn toggle_scheduler(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<NodeView>, ApiError> {
    switch(&state, &user, NodeKind::Scheduler, id, Switch::Flip).await
}

/// Turn a trigger on or off (flips `is_active`; turning it on is checked as activate is).
#[utoipa::path(patch, path = "/trigger/{id}/toggle", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    responses(
        (status = 200, description = "The trigger's node, isActive flipped; nextRunTime set when on, none when off", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
        (status = 422, description = "Turning it on was refused, as for activate", body = ErrorBody),
    ))]
pub async fn toggle_trigger(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<NodeView>, ApiError> {
    switch(&state, &user, NodeKind::Trigger, id, Switch::Flip).await
}

/// Turn a trigger on. It needs a valid schedule and message, and a connected
/// assistant that has been created. It runs from now: its nextRunTime is set.
#[utoipa::path(patch, path = "/trigger/{id}/activate", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    responses(
        (status = 200, description = "The trigger's node, isActive true (already active: unchanged)", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
        (status = 422, description = "trigger_schedule_invalid (no message or a bad schedule), assistant_not_created \
            (no assistant connected) or assistant_not_ready (its assistant is pending or failed); details {trigger}", body = ErrorBody),
    ))]
pub async fn activate_trigger(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<NodeView>, ApiError> {
    switch(&state, &user, NodeKind::Trigger, id, Switch::Set(true)).await
}

/// Turn a trigger off.
#[utoipa::path(patch, path = "/trigger/{id}/deactivate", tag = "trigger",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    responses(
        (status = 200, description = "The trigger's node, isActive false", body = CanvasNodeSchema),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine", body = ErrorBody),
    ))]
pub async fn deactivate_trigger(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<NodeView>, ApiError> {
    switch(&state, &user, NodeKind::Trigger, id, Switch::Set(false)).await
}

//! Connection shortcuts: other names for `POST /edges` (and `DELETE
//! /edges/{id}`), the project being the path node's. Each draws the same edge
//! through the same code, so the rules, the refusal codes, the side effects
//! and the answer (201 with the canvas edge) are those of `POST /edges`. The
//! node in the path must be mine and of the route's kind (404 otherwise); the
//! node the body names must be of the kind the field says (422 on the field
//! otherwise) and in the same project (404 otherwise).

use axum::Extension;
use axum::extract::State;
use axum::http::StatusCode;
use dastyar_core::MessageCode;
use dastyar_core::NodeKind::{self, *};
use dastyar_core::data::CanvasNode;
use serde::Deserialize;
use serde_json::{Map, Value};
use ts_rs::TS;
use utoipa::ToSchema;
use utoipa::openapi::path::HttpMethod;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::canvas_node_schema::CanvasNodeSchema;
use crate::canvas::edges::CanvasEdge;
use crate::canvas::shortcuts::{self, ASSISTANT_KINDS, Shortcut};
use crate::error::ApiError;
use crate::http::documented_route::DocumentedRoute;
use crate::http::error_response::ErrorBody;
use crate::http::extract::{AuthUser, Json, Path};
use crate::http::operation::{
    Schemas, add, error, id_param, json_body, json_response, op, schema_ref,
};
use crate::http::routes::edges::EdgeDeleted;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    let mut router = OpenApiRouter::new()
        .routes(routes!(function_to_assistant))
        .routes(routes!(trigger_disconnect))
        .routes(routes!(sms_disconnect))
        .routes(routes!(sms_connected));
    for named in &NAMED_IN_BODY {
        router = router.merge(named.route());
    }
    router
}

/// A shortcut whose other node the body names (`{<field>: id, edge_data?}`).
struct NamedInBody {
    path: &'static str,
    shortcut: Shortcut,
    /// Its request type's schema, added to the components; its name.
    request: fn(&mut Schemas) -> String,
    summary: &'static str,
    path_node: &'static str,
    created: &'static str,
    not_found: &'static str,
    refused: &'static str,
}

const DRAWN: &str = "The stored edge, as POST /api/edges answers it";

/// The shortcuts of spec §7 that name the other node in the body.
const NAMED_IN_BODY: [NamedInBody; 8] = [
    NamedInBody {
        path: "/playground/assistants/{id}/functions",
        shortcut: shortcut(ASSISTANT_KINDS, FUNCTION, "function_id", true),
        request: add::<AssistantFunctionRequest>,
        summary: "Give an assistant a function (assistant → function), as POST /edges",
        path_node: "The assistant's database id",
        created: DRAWN,
        not_found: "No such assistant of mine, or no such function in its project",
        refused: "function_id is missing or not a function, or a connection rule refused it (its code, as from POST /api/edges)",
    },
    NamedInBody {
        path: "/playground/assistants/{id}/filedb",
        shortcut: shortcut(ASSISTANT_KINDS, &[Filedb], "filedb_id", false),
        request: add::<FileDbRequest>,
        summary: "Give an assistant a file database's knowledge (filedb → assistant), as POST /edges",
        path_node: "The assistant's database id",
        created: DRAWN,
        not_found: "No such assistant of mine, or no such file database in its project",
        refused: "filedb_id is missing or not a file database, or a connection rule refused it (its code, as from POST /api/edges)",
    },
    NamedInBody {
        path: "/request/{id}/connect-api",
        shortcut: shortcut(&[Request], &[Apidefinition], "api_definition_id", false),
        request: add::<ConnectApiRequest>,
        summary: "Link a request to its API definition (apidefinition → request), as POST /edges",
        path_node: "The request node's database id",
        created: "The stored edge, as POST /api/edges answers it; the request's api_definition_id is set",
        not_found: "No such request of mine, or no such API definition in its project",
        refused: "api_definition_id is missing or not an API definition, or a connection rule \
                  refused it (request_has_api_definition, ...)",
    },
    NamedInBody {
        path: "/scheduler/{id}/connect-request",
        shortcut: shortcut(&[Scheduler], &[Request], "request_id", true),
        request: add::<ConnectRequestRequest>,
        summary: "Let a scheduler run a request (scheduler → request), as POST /edges",
        path_node: "The scheduler node's database id",
        created: DRAWN,
        not_found: "No such scheduler of mine, or no such request in its project",
        refused: "request_id is missing or not a request, or a connection rule refused it (its code, as from POST /api/edges)",
    },
    NamedInBody {
        path: "/trigger/{id}/connect-assistant",
        shortcut: shortcut(&[Trigger], ASSISTANT_KINDS, "assistant_id", true),
        request: add::<ConnectAssistantRequest>,
        summary: "Point a trigger at its assistant (trigger → assistant), as POST /edges",
        path_node: "The trigger node's database id",
        created: DRAWN,
        not_found: "No such trigger of mine, or no such assistant in its project",
        refused: "assistant_id is missing or not an assistant, or a connection rule refused it \
                  (trigger_schedule_invalid, assistant_not_ready, trigger_already_connected, ...)",
    },
    NamedInBody {
        path: "/sms/{id}/connect-assistant",
        shortcut: shortcut(&[Sms], ASSISTANT_KINDS, "assistant_id", false),
        request: add::<ConnectAssistantRequest>,
        summary: "Send messages from an assistant by SMS (assistant → sms), as POST /edges",
        path_node: "The SMS node's database id",
        created: DRAWN,
        not_found: "No such SMS node of mine, or no such assistant in its project",
        refused: "assistant_id is missing or not an assistant, or a connection rule refused it \
                  (sms_incomplete, ...)",
    },
    NamedInBody {
        path: "/vectorstores/{id}/addfiledb",
        shortcut: shortcut(&[Vectorstore], &[Filedb], "filedb_id", false),
        request: add::<FileDbRequest>,
        summary: "Feed a file database into a vector store (filedb → vectorstore), as POST /edges",
        path_node: "The vector store node's database id",
        created: DRAWN,
        not_found: "No such vector store of mine, or no such file database in its project",
        refused: "filedb_id is missing or not a file database, or a connection rule refused it (its code, as from POST /api/edges)",
    },
    NamedInBody {
        path: "/vectorstores/{id}/addfiles",
        shortcut: shortcut(&[Vectorstore], &[Filerepository], "file_repository_id", false),
        request: add::<FileRepositoryRequest>,
        summary: "Feed a file repository into a vector store (filerepository → vectorstore), as POST /edges",
        path_node: "The vector store node's database id",
        created: DRAWN,
        not_found: "No such vector store of mine, or no such file repository in its project",
        refused: "file_repository_id is missing or not a file repository, or a connection rule \
                  refused it (its code, as from POST /api/edges)",
    },
];

impl NamedInBody {
    fn route(&self) -> OpenApiRouter<AppState> {
        let mut schemas = Schemas::new();
        let request = (self.request)(&mut schemas);
        let operation = op("edges", self.summary)
            .parameter(id_param(self.path_node))
            .request_body(Some(json_body(schema_ref(&request))))
            .response("201", json_response(self.created, schema_ref("CanvasEdge")))
            .response("401", error("unauthenticated"))
            .response("404", error(self.not_found))
            .response("422", error(self.refused));
        OpenApiRouter::new()
            .routes(
                DocumentedRoute::new(self.path)
                    .on(HttpMethod::Post, connect_named_in_body, operation)
                    .with_schemas(schemas)
                    .into(),
            )
            .layer(Extension(self.shortcut))
    }
}

/// Draws a [`NamedInBody`] shortcut's edge.
async fn connect_named_in_body(
    State(state): State<AppState>,
    user: AuthUser,
    Extension(shortcut): Extension<Shortcut>,
    Path(id): Path<i64>,
    Json(mut body): Json<Map<String, Value>>,
) -> Created {
    let field = shortcut.field;
    let other =
        body.remove(field).ok_or_else(|| ApiError::invalid(field, MessageCode::FieldRequired))?;
    let other = other.as_i64().ok_or_else(|| ApiError::InvalidInput {
        field: Some(field.to_owned()),
        reason: format!("a node id was expected, not {other}"),
    })?;
    let edge_data = body.remove("edge_data").filter(|data| !data.is_null());
    draw(&state, &user, shortcut, id, other, edge_data).await
}

const FUNCTION: &[NodeKind] = &[Function];

const fn shortcut(
    path_kinds: &'static [NodeKind],
    other_kinds: &'static [NodeKind],
    field: &'static str,
    path_is_source: bool,
) -> Shortcut {
    Shortcut { path_kinds, other_kinds, field, path_is_source, other_in_path: false }
}

type Created = Result<(StatusCode, Json<CanvasEdge>), ApiError>;

async fn draw(
    state: &AppState,
    user: &AuthUser,
    shortcut: Shortcut,
    path_id: i64,
    other_id: i64,
    edge_data: Option<Value>,
) -> Created {
    let edge = shortcuts::connect(state, user.id, shortcut, path_id, other_id, edge_data).await?;
    Ok((StatusCode::CREATED, Json(edge)))
}

/// `POST /playground/assistants/{id}/functions`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AssistantFunctionRequest {
    /// The function node's database id.
    pub function_id: i64,
    /// As for `POST /edges`: a JSON object, or a string holding one; default `{}`.
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /request/{id}/connect-api`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConnectApiRequest {
    /// The API definition node's database id.
    pub api_definition_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /scheduler/{id}/connect-request`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConnectRequestRequest {
    /// The request node's database id.
    pub request_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /trigger/{id}/connect-assistant` and `POST /sms/{id}/connect-assistant`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ConnectAssistantRequest {
    /// The assistant's (or analyzer's) database id.
    pub assistant_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /playground/assistants/{id}/filedb` and `POST /vectorstores/{id}/addfiledb`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FileDbRequest {
    /// The file database node's database id.
    pub filedb_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// `POST /vectorstores/{id}/addfiles`.
#[derive(Debug, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct FileRepositoryRequest {
    /// The file repository node's database id.
    pub file_repository_id: i64,
    #[serde(default)]
    #[schema(value_type = Object)]
    #[ts(type = "string | Record<string, unknown> | null", optional)]
    pub edge_data: Option<Value>,
}

/// Connect a function to an assistant (function → assistant), as `POST /edges`.
#[utoipa::path(post, path = "/functions/{id}/connect/{assistant_id}", tag = "edges",
    security(("bearer" = [])),
    params(
        ("id" = i64, Path, description = "The function node's database id"),
        ("assistant_id" = i64, Path, description = "The assistant's database id"),
    ),
    responses(
        (status = 201, description = "The stored edge, as POST /api/edges answers it", body = CanvasEdge),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such function of mine, or no such assistant in its project", body = ErrorBody),
        (status = 422, description = "assistant_id is not an assistant (invalid_input), or a connection rule refused it (its code, as from POST /api/edges)", body = ErrorBody),
    ))]
pub async fn function_to_assistant(
    State(state): State<AppState>,
    user: AuthUser,
    Path((id, assistant_id)): Path<(i64, i64)>,
) -> Created {
    let s = Shortcut {
        other_in_path: true,
        ..shortcut(FUNCTION, ASSISTANT_KINDS, "assistant_id", true)
    };
    draw(&state, &user, s, id, assistant_id, None).await
}

/// Remove the trigger's connection to its assistant, as `DELETE /edges/{id}`.
#[utoipa::path(delete, path = "/trigger/{id}/disconnect-assistant", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The trigger node's database id")),
    responses(
        (status = 200, description = "Removed", body = EdgeDeleted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such trigger of mine, or it is joined to no assistant", body = ErrorBody),
    ))]
pub async fn trigger_disconnect(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> Result<Json<EdgeDeleted>, ApiError> {
    disconnect(&state, &user, &id, Trigger).await
}

/// Remove the SMS node's connection from its assistant, as `DELETE /edges/{id}`.
#[utoipa::path(delete, path = "/sms/{id}/disconnect-assistant", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    responses(
        (status = 200, description = "Removed", body = EdgeDeleted),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such SMS node of mine, or it is joined to no assistant", body = ErrorBody),
    ))]
pub async fn sms_disconnect(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<String>,
) -> Result<Json<EdgeDeleted>, ApiError> {
    disconnect(&state, &user, &id, Sms).await
}

async fn disconnect(
    state: &AppState,
    user: &AuthUser,
    id: &str,
    kind: NodeKind,
) -> Result<Json<EdgeDeleted>, ApiError> {
    let id = id.parse::<i64>().map_err(|_| ApiError::NotFound)?;
    if shortcuts::disconnect_assistants(state, user.id, id, &[kind]).await? == 0 {
        return Err(ApiError::NotFound);
    }
    Ok(Json(EdgeDeleted { success: true }))
}

/// The assistant an SMS node is connected to.
#[utoipa::path(get, path = "/sms/{id}/connected-assistant", tag = "edges",
    security(("bearer" = [])),
    params(("id" = i64, Path, description = "The SMS node's database id")),
    responses(
        (status = 200, description = "The assistant's canvas node, or null when none is connected", body = Option<CanvasNodeSchema>),
        (status = 401, description = "unauthenticated", body = ErrorBody),
        (status = 404, description = "No such SMS node of mine", body = ErrorBody),
    ))]
pub async fn sms_connected(
    State(state): State<AppState>,
    user: AuthUser,
    Path(id): Path<i64>,
) -> Result<Json<Option<CanvasNode>>, ApiError> {
    Ok(Json(shortcuts::sms_assistant(&state, user.id, id).await?))
}

//! The OpenAPI operations of the node routes. The per-kind routes are one
//! generic implementation mounted once per collection, so their operations
//! are built here, per collection, with the kind's own payload and data
//! schemas (core's types); `routes::nodes` declares each route with its
//! handler and its operation together.

use dastyar_core::NodeKind;
use dastyar_core::data::apidefinition::{ApiDefinitionData, ApiDefinitionPayload};
use dastyar_core::data::assistant::{AssistantData, AssistantPayload};
use dastyar_core::data::common::NodePlacement;
use dastyar_core::data::files::{
    FileDbData, FileDbPayload, FileRepositoryData, FileRepositoryPayload,
};
use dastyar_core::data::function::{FunctionData, FunctionPayload};
use dastyar_core::data::google::{
    GoogleDocData, GoogleDocPayload, GoogleSheetData, GoogleSheetPayload,
};
use dastyar_core::data::iframe::{IframeData, IframePayload};
use dastyar_core::data::instruction::{InstructionData, InstructionPayload};
use dastyar_core::data::request::{RequestData, RequestPayload};
use dastyar_core::data::scheduler::{SchedulerData, SchedulerPayload};
use dastyar_core::data::sms::{SmsData, SmsPayload};
use dastyar_core::data::telegram::{TelegramData, TelegramPayload, TelegramRegisterPayload};
use dastyar_core::data::trigger::{TriggerData, TriggerPayload};
use dastyar_core::data::vectorstore::{VectorStoreData, VectorStorePayload};
use dastyar_core::data::wordpress::{WordpressData, WordpressPayload};
use dastyar_core::geometry::Position;
use dastyar_core::limits::NodeUsage;
use serde_json::json;
use utoipa::openapi::Required;
use utoipa::openapi::path::{OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};

use crate::canvas::nodes::{self, Served};
use crate::http::error_response::ErrorBody;
use crate::http::openapi_fields::find_property;
use crate::http::operation::{
    Schemas, add, all_of, array, error, id_param, int64, json_body, json_response, op, schema_ref,
};

/// The schemas of core's types every node route refers to, and any canvas node.
pub fn shared_schemas() -> Vec<(String, RefOr<Schema>)> {
    let mut schemas = Schemas::new();
    add::<ErrorBody>(&mut schemas);
    add::<NodePlacement>(&mut schemas);
    add::<Position>(&mut schemas);
    add::<TelegramRegisterPayload>(&mut schemas);
    add::<NodeUsage>(&mut schemas);
    add::<NodeKind>(&mut schemas);
    schemas.insert("CanvasNode".into(), canvas_node_schema());
    let rename = ObjectBuilder::new()
        .property("name", ObjectBuilder::new().schema_type(Type::String))
        .description(Some("Renames the node"));
    schemas.insert("NodeRename".into(), RefOr::T(Schema::Object(rename.build())));
    schemas.into_iter().collect()
}

/// `GET /projects/{id}/nodes`.
pub fn project_nodes() -> OperationBuilder {
    op("projects", "Every node of one of my projects, as React Flow nodes")
        .parameter(id_param("Project id"))
        .response(
            "200",
            json_response("The nodes, oldest first", array(Ref::from_schema_name("CanvasNode"))),
        )
        .response(
            "304",
            utoipa::openapi::ResponseBuilder::new()
                .description("Unchanged since the ETag sent in If-None-Match")
                .build(),
        )
        .response("401", error("unauthenticated"))
        .response("404", error("No such project of mine"))
}

/// `GET {assistants}/node-usage`.
pub fn node_usage() -> OperationBuilder {
    op("assistants", "My standing against my plan's node quotas").response(
        "200",
        json_response("Used and allowed per limited kind", schema_ref("NodeUsage")),
    )
}

/// `GET {assistants}/jobs/{id}`.
pub fn job() -> OperationBuilder {
    op("assistants", "An assistant-creation job, polled until completed or failed")
        .parameter(id_param("Job id"))
        .response("200", json_response("The job", schema_ref("JobView")))
        .response("401", error("unauthenticated"))
        .response("404", error("No such job of mine"))
}

/// `POST {assistants}/jobs/{id}/retry`.
pub fn job_retry() -> OperationBuilder {
    op("assistants", "Queue a failed job again")
        .parameter(id_param("Job id"))
        .response("200", json_response("The job, queued", schema_ref("JobView")))
        .response("401", error("unauthenticated"))
        .response("404", error("No such job of mine"))
        .response("409", error("The job has not failed"))
}

/// `POST /telegram/register`.
pub fn telegram_register() -> OperationBuilder {
    op("telegram", "Register a bot: project_id is a non-empty string naming my project")
        .request_body(Some(json_body(schema_ref("TelegramRegisterPayload"))))
        .response("201", json_response("The bot's node", telegram_node()))
        .response("401", error("unauthenticated"))
        .response("404", error("No such project of mine"))
        .response("422", error("project_id is not a non-empty string, or the token is malformed"))
}

/// `POST /telegram/create`.
pub fn telegram_create() -> OperationBuilder {
    op("telegram", "Create a bot node (the same as POST /api/telegram)")
        .request_body(Some(json_body(all_of(
            schema_ref("NodePlacement"),
            schema_ref("TelegramPayload"),
        ))))
        .response("201", json_response("The bot's node", telegram_node()))
        .response("401", error("unauthenticated"))
        .response("404", error("No such project of mine"))
        .response("422", error("A field is invalid"))
}

fn telegram_node() -> Ref {
    Ref::from_schema_name(node_schema_name(NodeKind::Telegram))
}

/// One collection's operations, with the schemas they refer to.
pub struct KindDocs {
    served: Served,
    payload: String,
    node: String,
    schemas: Schemas,
}

impl KindDocs {
    /// None for the kinds no generic collection serves (containers, the test frame).
    pub fn of(served: Served) -> Option<KindDocs> {
        let mut schemas = Schemas::new();
        let names = kind_schemas(served, &mut schemas)?;
        Some(KindDocs { served, payload: names.payload, node: names.node, schemas })
    }

    pub fn schemas(&self) -> Vec<(String, RefOr<Schema>)> {
        self.schemas.clone().into_iter().collect()
    }

    fn tag(&self) -> &'static str {
        self.served.collection
    }

    fn node(&self) -> utoipa::openapi::Response {
        json_response("The node", schema_ref(&self.node))
    }

    fn payload(&self) -> RefOr<Schema> {
        schema_ref(&self.payload)
    }

    /// `POST {collection}`.
    pub fn create(&self) -> OperationBuilder {
        let limited = self.served.kinds().into_iter().any(|k| k.is_plan_limited());
        let mut create =
            op(self.tag(), "Create a node: the placement and the kind's payload fields, flat")
                .request_body(Some(json_body(all_of(schema_ref("NodePlacement"), self.payload()))))
                .response("201", self.node())
                .response("401", error("unauthenticated"))
                .response("404", error("No such project of mine"))
                .response(
                    "422",
                    error("A field is invalid; details name it (and list every problem)"),
                );
        if limited {
            create = create.response("403", error("node_limit_exceeded: the plan allows no more"));
        }
        if self.served.is_assistants() {
            create = create.description(Some(
                "assistant_type \"conversation_analyzer\" creates an analyzer. With async: true the \
                 answer is 202 and the creation finishes in a job.",
            ));
            let queued = ObjectBuilder::new()
                .property(
                    "status",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .enum_values(Some(["processing"])),
                )
                .required("status")
                .property("job_id", int64())
                .required("job_id")
                .property("node", schema_ref(&self.node))
                .required("node");
            create = create.response(
                "202",
                json_response("Queued: poll the job", RefOr::T(Schema::Object(queued.build()))),
            );
        }
        create
    }

    /// `GET {collection}/{id}`.
    pub fn show(&self) -> OperationBuilder {
        op(self.tag(), "One of my nodes")
            .parameter(id_param("Node id"))
            .response("200", self.node())
            .response("401", error("unauthenticated"))
            .response("404", error("No such node of mine in this collection"))
    }

    /// `PATCH` (and for functions `PUT`) `{collection}/{id}`.
    pub fn update(&self) -> OperationBuilder {
        op(
            self.tag(),
            "Update a node: the payload keys sent replace the stored ones, the rest are kept",
        )
        .parameter(id_param("Node id"))
        .request_body(Some(json_body(all_of(schema_ref("NodeRename"), self.payload()))))
        .response("200", self.node())
        .response("401", error("unauthenticated"))
        .response("404", error("No such node of mine in this collection"))
        .response("422", error("A field is invalid"))
    }

    /// `DELETE {collection}/{id}`.
    pub fn delete(&self) -> OperationBuilder {
        let delete = op(self.tag(), "Delete a node")
            .parameter(id_param("Node id"))
            .response("200", json_response("Deleted", schema_ref("DeleteAnswer")))
            .response("401", error("unauthenticated"))
            .response("404", error("No such node of mine in this collection (or deleted already)"));
        if self.served.primary() != NodeKind::Telegram {
            return delete;
        }
        let operation = ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(["disconnect", "delete"]));
        delete
            .parameter(
                ParameterBuilder::new()
                    .name("operation")
                    .parameter_in(ParameterIn::Query)
                    .required(Required::False)
                    .description(Some(
                        "disconnect: Telegram stops sending the bot's messages (its webhook is \
                         deleted) and the node stays; delete (the default): the node goes, unhooked first",
                    ))
                    .schema(Some(operation)),
            )
            .response("422", error("telegram_operation_invalid: neither disconnect nor delete"))
            .response("424", error("disconnect: Telegram could not be reached or refused"))
    }

    /// `PATCH {collection}/{id}/position`.
    pub fn position(&self) -> OperationBuilder {
        op(self.tag(), "Move a node (relative to its container inside one)")
            .parameter(id_param("Node id"))
            .request_body(Some(json_body(schema_ref("NodePositionRequest"))))
            .response("200", self.node())
            .response("401", error("unauthenticated"))
            .response("404", error("No such node of mine in this collection"))
            .response("422", error("A coordinate is not a finite number within ±1e9"))
    }

    /// `PATCH {collection}/{id}/container`.
    pub fn container(&self) -> OperationBuilder {
        op(self.tag(), "Put a node into a container of its project, or take it out with null")
            .parameter(id_param("Node id"))
            .request_body(Some(json_body(schema_ref("NodeContainerRequest"))))
            .response("200", self.node())
            .response("401", error("unauthenticated"))
            .response("404", error("No such node of mine"))
            .response(
                "422",
                error(
                    "Not a container of the node's project, a bad position, or a kind that \
                     never goes inside (analyzer_inside_container, node_cannot_move_to_container)",
                ),
            )
    }
}

/// The schema names of a collection's payload and node.
struct KindSchemas {
    payload: String,
    node: String,
}

/// Registers the collection's payload and data schemas and its node schema.
fn kind_schemas(served: Served, schemas: &mut Schemas) -> Option<KindSchemas> {
    let kind = served.primary();
    let (payload, data) = match kind {
        NodeKind::Assistant | NodeKind::Analyzer => {
            (add::<AssistantPayload>(schemas), add::<AssistantData>(schemas))
        }
        NodeKind::Vectorstore => {
            (add::<VectorStorePayload>(schemas), add::<VectorStoreData>(schemas))
        }
        NodeKind::Filedb => (add::<FileDbPayload>(schemas), add::<FileDbData>(schemas)),
        NodeKind::Filerepository => {
            (add::<FileRepositoryPayload>(schemas), add::<FileRepositoryData>(schemas))
        }
        NodeKind::Googledoc => (add::<GoogleDocPayload>(schemas), add::<GoogleDocData>(schemas)),
        NodeKind::Googlesheet => {
            (add::<GoogleSheetPayload>(schemas), add::<GoogleSheetData>(schemas))
        }
        NodeKind::Function => (add::<FunctionPayload>(schemas), add::<FunctionData>(schemas)),
        NodeKind::Telegram => (add::<TelegramPayload>(schemas), add::<TelegramData>(schemas)),
        NodeKind::Apidefinition => {
            (add::<ApiDefinitionPayload>(schemas), add::<ApiDefinitionData>(schemas))
        }
        NodeKind::Request => (add::<RequestPayload>(schemas), add::<RequestData>(schemas)),
        NodeKind::Scheduler => (add::<SchedulerPayload>(schemas), add::<SchedulerData>(schemas)),
        NodeKind::Trigger => (add::<TriggerPayload>(schemas), add::<TriggerData>(schemas)),
        NodeKind::Sms => (add::<SmsPayload>(schemas), add::<SmsData>(schemas)),
        NodeKind::Iframe => (add::<IframePayload>(schemas), add::<IframeData>(schemas)),
        NodeKind::Wordpress => (add::<WordpressPayload>(schemas), add::<WordpressData>(schemas)),
        NodeKind::Instruction => {
            (add::<InstructionPayload>(schemas), add::<InstructionData>(schemas))
        }
        NodeKind::Container | NodeKind::Testframe => return None,
    };
    mark_server_fields(kind, &payload, schemas);
    let node = node_schema_name(kind);
    schemas.insert(node.clone(), node_schema(&served.kinds(), &data));
    Some(KindSchemas { payload, node })
}

/// What the server decides in a payload (and drops from a request) is
/// read-only: a client does not send it, and what it sends is not read.
fn mark_server_fields(kind: NodeKind, payload: &str, schemas: &mut Schemas) {
    for field in nodes::client_ignored_fields(kind) {
        match find_property(schemas, payload, field) {
            Some(RefOr::T(Schema::Object(object))) => object.read_only = Some(true),
            Some(RefOr::T(Schema::OneOf(one))) => one.read_only = Some(true),
            _ => {}
        }
    }
}

fn node_schema_name(kind: NodeKind) -> String {
    let name = kind.as_str();
    let mut chars = name.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or_default();
    format!("{first}{}Node", chars.as_str())
}

/// A canvas node of the given kinds: `{id, type, position, parentId?, data, database_id}`.
fn node_schema(kinds: &[NodeKind], data: &str) -> RefOr<Schema> {
    let kinds: Vec<&str> = kinds.iter().map(|k| k.as_str()).collect();
    let object = node_fields(ObjectBuilder::new().schema_type(Type::Object))
        .property("type", ObjectBuilder::new().schema_type(Type::String).enum_values(Some(kinds)))
        .required("type")
        .property("data", schema_ref(data))
        .required("data")
        .property("database_id", int64())
        .required("database_id");
    RefOr::T(Schema::Object(object.build()))
}

/// Any canvas node, as `GET /projects/{id}/nodes` lists them.
fn canvas_node_schema() -> RefOr<Schema> {
    let object = node_fields(ObjectBuilder::new().schema_type(Type::Object))
        .property("type", schema_ref("NodeKind"))
        .required("type")
        .property(
            "data",
            ObjectBuilder::new().schema_type(Type::Object).description(Some(
                "The kind's data in canvas spelling (see the <Kind>Data schemas)",
            )),
        )
        .required("data")
        .examples([json!({
            "id": "assistant-12",
            "type": "assistant",
            "position": {"x": 250.0, "y": 150.0},
            "data": {"label": "دستیار فروش", "creationStatus": "success", "model": "gpt-4.1-nano"}
        })]);
    RefOr::T(Schema::Object(object.build()))
}

fn node_fields(object: ObjectBuilder) -> ObjectBuilder {
    object
        .property(
            "id",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some("type-databaseId"))
                .examples(["sms-7"]),
        )
        .required("id")
        .property("position", schema_ref("Position"))
        .required("position")
        .property(
            "parentId",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some("The container's canvas id, when inside one")),
        )
}

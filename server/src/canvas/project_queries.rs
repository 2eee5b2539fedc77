//! Read-only views over a project's stored graph (spec §7 "Projects"): its
//! containers with their assistants, its API nodes and their links, whether
//! an API definition's workflow exists, its triggers; and the user's active
//! triggers across projects.

use std::collections::HashMap;

use dastyar_core::NodeKind;
use dastyar_core::data::scheduler::SchedulerPayload;
use dastyar_core::data::{CanvasNode, NodePayload};
use dastyar_core::messages::MessageCode;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::canvas::canvas_node_schema::CanvasNodeSchema;
use crate::canvas::graph::ProjectGraph;
use crate::canvas::workflow;
use crate::db::Db;
use crate::error::ApiError;
use crate::store::nodes::NodeRow;
use crate::store::{edges, nodes};

/// A container with its children and the assistants that serve it.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ContainerWithAssistants {
    /// The container, with its status_info.
    #[schema(value_type = CanvasNodeSchema)]
    pub container: CanvasNode,
    /// The nodes inside it.
    #[schema(value_type = Vec<CanvasNodeSchema>)]
    pub children: Vec<CanvasNode>,
    /// The assistants and analyzers inside it, joined to it by an edge (an
    /// analyzer), or joined to one of its children (the assistant behind a
    /// frame or bot), each once.
    #[schema(value_type = Vec<CanvasNodeSchema>)]
    pub assistants: Vec<CanvasNode>,
}

/// The project's API definitions and requests with their links.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ApiNodes {
    pub api_definitions: Vec<ApiDefinitionLinks>,
    pub requests: Vec<RequestLinks>,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct ApiDefinitionLinks {
    #[schema(value_type = CanvasNodeSchema)]
    pub node: CanvasNode,
    /// The requests linked to it (by an edge or their api_definition_id).
    pub request_ids: Vec<i64>,
    /// The assistants joined to it by an edge.
    pub assistant_ids: Vec<i64>,
    /// What `check-workflow` answers for it.
    pub workflow_exists: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct RequestLinks {
    #[schema(value_type = CanvasNodeSchema)]
    pub node: CanvasNode,
    /// The API definition it is linked to, by an edge or its stored id.
    pub api_definition_id: Option<i64>,
    /// The assistants joined to it by an edge.
    pub assistant_ids: Vec<i64>,
    /// The schedulers that run it.
    pub scheduler_ids: Vec<i64>,
}

/// Whether an API definition's workflow exists; when it does not, the
/// `workflow_missing` code and its Persian message.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct WorkflowCheck {
    pub exists: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    #[schema(value_type = Option<String>, example = "workflow_missing")]
    pub code: Option<MessageCode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub message: Option<String>,
}

/// A trigger with the assistant it messages and its schedule.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct TriggerView {
    pub project_id: i64,
    #[schema(value_type = CanvasNodeSchema)]
    pub node: CanvasNode,
    /// The database id of the assistant it is connected to.
    pub assistant_id: Option<i64>,
    #[schema(value_type = Option<CanvasNodeSchema>)]
    pub assistant: Option<CanvasNode>,
    #[serde(rename = "isActive")]
    pub is_active: bool,
    pub message_template: String,
    /// schedule_type, interval_value, interval_unit, cron_expression,
    /// timezone, max_runs, is_active, next_run_time, current_runs.
    #[schema(value_type = Object)]
    pub schedule: SchedulerPayload,
}

const ASSISTANTS: [NodeKind; 2] = [NodeKind::Assistant, NodeKind::Analyzer];

fn is_assistant(row: &NodeRow) -> bool {
    ASSISTANTS.iter().any(|k| row.kind == k.as_str())
}

pub fn containers_with_assistants(
    graph: &ProjectGraph,
) -> Result<Vec<ContainerWithAssistants>, ApiError> {
    let mut answer = Vec::new();
    for container in graph.of_kind(NodeKind::Container) {
        let children: Vec<&NodeRow> = graph.children(container.id).collect();
        let mut assistants: Vec<&NodeRow> = Vec::new();
        let mut add = |row: &NodeRow| {
            if is_assistant(row) && !assistants.iter().any(|a| a.id == row.id) {
                assistants.push(graph.node(row.id).expect("a node of the graph"));
            }
        };
        children.iter().for_each(|c| add(c));
        graph.neighbours(container.id).for_each(|(_, n)| add(n));
        for child in &children {
            graph.neighbours(child.id).for_each(|(_, n)| add(n));
        }
        answer.push(ContainerWithAssistants {
            container: graph.canvas(container)?,
            children: children.iter().map(|c| graph.canvas(c)).collect::<Result<_, _>>()?,
            assistants: assistants.iter().map(|a| graph.canvas(a)).collect::<Result<_, _>>()?,
        });
    }
    Ok(answer)
}

pub fn api_nodes(graph: &ProjectGraph) -> Result<ApiNodes, ApiError> {
    let api_definitions = graph
        .of_kind(NodeKind::Apidefinition)
        .map(|definition| {
            Ok(ApiDefinitionLinks {
                node: graph.canvas(definition)?,
                request_ids: workflow::linked_requests(graph, definition.id)
                    .iter()
                    .map(|r| r.id)
                    .collect(),
                assistant_ids: graph.neighbour_ids(definition.id, NodeKind::Assistant),
                workflow_exists: workflow::exists(graph, definition.id),
            })
        })
        .collect::<Result<_, ApiError>>()?;
    let requests = graph
        .of_kind(NodeKind::Request)
        .map(|request| {
            let by_edge = graph.neighbour_ids(request.id, NodeKind::Apidefinition).first().copied();
            Ok(RequestLinks {
                node: graph.canvas(request)?,
                api_definition_id: by_edge.or_else(|| workflow::stored_definition(request)),
                assistant_ids: graph.neighbour_ids(request.id, NodeKind::Assistant),
                scheduler_ids: graph.neighbour_ids(request.id, NodeKind::Scheduler),
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(ApiNodes { api_definitions, requests })
}

/// `None` when the project has no such API definition.
pub fn check_workflow(graph: &ProjectGraph, definition_id: i64) -> Option<WorkflowCheck> {
    graph.node_of_kind(definition_id, NodeKind::Apidefinition)?;
    let exists = workflow::exists(graph, definition_id);
    let missing = (!exists).then_some(MessageCode::WorkflowMissing);
    Some(WorkflowCheck {
        exists,
        code: missing,
        message: missing.map(|code| code.persian().to_owned()),
    })
}

fn trigger_view(trigger: &NodeRow, assistant: Option<&NodeRow>) -> Result<TriggerView, ApiError> {
    let NodePayload::Trigger(payload) = trigger.payload()? else {
        return Err(ApiError::internal(format!("node {} is not a trigger", trigger.id)));
    };
    Ok(TriggerView {
        project_id: trigger.project_id,
        node: trigger.to_canvas()?,
        assistant_id: assistant.map(|a| a.id),
        assistant: assistant.map(NodeRow::to_canvas).transpose()?,
        is_active: payload.scheduler.is_active,
        message_template: payload.message_template,
        schedule: payload.scheduler,
    })
}

pub fn triggers(graph: &ProjectGraph) -> Result<Vec<TriggerView>, ApiError> {
    graph
        .of_kind(NodeKind::Trigger)
        .map(|trigger| {
            let assistant = graph
                .neighbour_ids(trigger.id, NodeKind::Assistant)
                .first()
                .and_then(|&id| graph.node(id));
            trigger_view(trigger, assistant)
        })
        .collect()
}

/// The user's active triggers, across projects, oldest first.
pub async fn active_triggers(db: &Db, user_id: i64) -> Result<Vec<TriggerView>, ApiError> {
    let active: Vec<NodeRow> = nodes::list_of_kind(db.pool(), user_id, NodeKind::Trigger)
        .await?
        .into_iter()
        .filter(|t| matches!(t.payload(), Ok(NodePayload::Trigger(p)) if p.scheduler.is_active))
        .collect();
    if active.is_empty() {
        return Ok(Vec::new());
    }
    let mut assistant_of: HashMap<i64, i64> = HashMap::new();
    for edge in edges::list_from_kind(db.pool(), user_id, NodeKind::Trigger.as_str()).await? {
        if edge.target_type == NodeKind::Assistant.as_str() {
            assistant_of.entry(edge.source_id).or_insert(edge.target_id);
        }
    }
    // One query for every assistant of the user (plans cap how many there are).
    let assistants: HashMap<i64, NodeRow> =
        nodes::list_of_kind(db.pool(), user_id, NodeKind::Assistant)
            .await?
            .into_iter()
            .map(|row| (row.id, row))
            .collect();
    let mut views = Vec::new();
    for trigger in &active {
        let assistant = assistant_of.get(&trigger.id).and_then(|id| assistants.get(id));
        views.push(trigger_view(trigger, assistant)?);
    }
    Ok(views)
}

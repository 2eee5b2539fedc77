//! An assistant as the runtime sees it, read from the canvas: its model, its
//! instructions joined with those of its instruction nodes (in edge order),
//! and its tools, as core's `abilities` finds them in the project's graph.

use dastyar_core::NodeKind;
use dastyar_core::abilities::{Abilities, Tool, ToolSource, abilities};
use dastyar_core::data::NodePayload;
use dastyar_core::data::apidefinition::ApiDefinitionPayload;
use dastyar_core::data::assistant::{AssistantPayload, ProviderStatus};
use dastyar_core::data::request::RequestPayload;
use dastyar_core::data::wordpress::WordpressPayload;
use dastyar_core::ids::CanvasId;

use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use crate::canvas::graph::ProjectGraph;
use crate::error::ApiError;
use crate::knowledge::scope::scope_of;
use crate::providers::llm::ToolDefinition;
use crate::state::AppState;
use crate::store::knowledge::Scope;
use crate::store::nodes::{self, NodeRow};

/// The assistant, its graph's abilities, and the system prompt they make.
#[derive(Debug, Clone)]
pub struct AssistantSetup {
    pub node: NodeRow,
    pub payload: AssistantPayload,
    pub abilities: Abilities,
    /// The assistant's own instructions, then each instruction node's text.
    pub system_prompt: String,
    graph: ProjectGraph,
}

/// The assistant as the runtime sees it (`GET /assistants/{id}/`).
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AssistantRuntimeView {
    /// Its id once registered with the provider (`asst_…`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<String>,
    /// The node's database id.
    pub database_id: i64,
    pub name: String,
    pub model: String,
    #[schema(value_type = Option<String>)]
    #[ts(optional)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_status: Option<ProviderStatus>,
    /// The system prompt: its instructions, then its instruction nodes'.
    pub instructions: String,
    /// Tools, knowledge, channels and the connected nodes that give no tool.
    #[schema(value_type = Object)]
    pub abilities: Abilities,
    pub created_at: String,
}

/// What calling a tool means.
#[derive(Debug, Clone)]
pub enum ToolTarget {
    /// The caller runs it and posts the result.
    Function,
    /// The server sends the request against its API definition.
    Request { request: Box<RequestPayload>, definition: Box<ApiDefinitionPayload> },
    /// The server searches the assistant's knowledge (the nodes' database ids).
    Knowledge { nodes: Vec<i64> },
    /// The server creates a post on the node's site (its payload as stored).
    Wordpress { site: Box<WordpressPayload> },
    /// The server sends an SMS through the node (its database id).
    Sms { node: i64 },
}

impl AssistantSetup {
    /// The user's assistant or analyzer `node_id` (404 when it is not one of theirs).
    pub async fn load(state: &AppState, user_id: i64, node_id: i64) -> Result<Self, ApiError> {
        let node =
            nodes::get(state.db.pool(), user_id, node_id).await?.ok_or(ApiError::NotFound)?;
        Self::load_in(state, user_id, node_id, node.project_id).await
    }

    /// The same, when the project it is in is known: one read fewer.
    pub async fn load_in(
        state: &AppState,
        user_id: i64,
        node_id: i64,
        project_id: i64,
    ) -> Result<Self, ApiError> {
        let graph = ProjectGraph::load(&state.db, user_id, project_id).await?;
        let node = graph.node(node_id).cloned().ok_or(ApiError::NotFound)?;
        let payload = match node.payload().map_err(ApiError::internal)? {
            NodePayload::Assistant(p) | NodePayload::Analyzer(p) => p,
            _ => return Err(ApiError::NotFound),
        };
        let canvas_id = node.canvas_id().map_err(ApiError::internal)?.to_string();
        let abilities = abilities(&graph.plain_graph().map_err(ApiError::internal)?, &canvas_id);
        let system_prompt = std::iter::once(payload.instructions.trim())
            .chain(abilities.instructions.iter().map(|i| i.text.as_str()))
            .filter(|text| !text.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n");
        Ok(AssistantSetup { node, payload, abilities, system_prompt, graph })
    }

    pub fn view(&self) -> AssistantRuntimeView {
        AssistantRuntimeView {
            assistant_id: self.payload.assistant_id.clone(),
            database_id: self.node.id,
            name: self.node.name.clone(),
            model: self.payload.model.clone(),
            provider_status: self.payload.provider_status,
            instructions: self.system_prompt.clone(),
            abilities: self.abilities.clone(),
            created_at: self.node.created_at.clone(),
        }
    }

    pub fn model(&self) -> &str {
        &self.payload.model
    }

    /// The tools in the shape the model's API takes.
    pub fn tool_definitions(&self) -> Vec<ToolDefinition> {
        self.abilities
            .tools
            .iter()
            .map(|t| {
                ToolDefinition::function(
                    t.name.clone(),
                    t.description.clone(),
                    t.parameters.clone(),
                )
            })
            .collect()
    }

    pub fn tool(&self, name: &str) -> Option<&Tool> {
        self.abilities.tools.iter().find(|t| t.name == name)
    }

    /// What calling `tool` does, with the nodes it needs as they are stored.
    pub fn target(&self, tool: &Tool) -> Option<ToolTarget> {
        match &tool.source {
            ToolSource::Function { .. } => Some(ToolTarget::Function),
            ToolSource::Request { node, api_definition } => {
                let request = match self.payload_of(node, NodeKind::Request)? {
                    NodePayload::Request(p) => p,
                    _ => return None,
                };
                let definition = match self.payload_of(api_definition, NodeKind::Apidefinition)? {
                    NodePayload::Apidefinition(p) => p,
                    _ => return None,
                };
                Some(ToolTarget::Request {
                    request: Box::new(request),
                    definition: Box::new(definition),
                })
            }
            ToolSource::Knowledge { nodes } => Some(ToolTarget::Knowledge {
                nodes: nodes.iter().filter_map(|id| CanvasId::parse(id)?.database_id()).collect(),
            }),
            ToolSource::Sms { node } => {
                Some(ToolTarget::Sms { node: CanvasId::parse(node)?.database_id()? })
            }
            ToolSource::Wordpress { node } => match self.payload_of(node, NodeKind::Wordpress)? {
                NodePayload::Wordpress(site) => {
                    Some(ToolTarget::Wordpress { site: Box::new(site) })
                }
                _ => None,
            },
        }
    }

    /// The knowledge nodes the assistant's search tool covers (database
    /// ids), when it has one.
    pub fn knowledge_nodes(&self) -> Option<Vec<i64>> {
        self.abilities.tools.iter().find_map(|tool| match self.target(tool)? {
            ToolTarget::Knowledge { nodes } => Some(nodes),
            _ => None,
        })
    }

    /// What searching knowledge nodes `nodes` covers, for a conversation of
    /// `company_id` (none: the owner's, over every company's files).
    pub fn knowledge_scope(&self, nodes: &[i64], company_id: Option<i64>) -> Scope {
        scope_of(&self.graph, nodes, company_id)
    }

    fn payload_of(&self, canvas_id: &str, kind: NodeKind) -> Option<NodePayload> {
        let id = CanvasId::parse(canvas_id)?.database_id()?;
        self.graph.node_of_kind(id, kind)?.payload().ok()
    }
}

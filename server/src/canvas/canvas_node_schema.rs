//! OpenAPI descriptions of core's canvas types, which carry no `ToSchema`
//! (core has no utoipa): the document names them, the handlers return the
//! core types themselves.

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// A React Flow node: `{type}-{databaseId}`, position (relative to its
/// container inside one), `parentId` (the container's canvas id), `type`, and
/// the kind's `data` (label, width, height, creationStatus, status_info and
/// the kind's own fields). TypeScript: `bindings/CanvasNode.ts`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CanvasNode)]
pub struct CanvasNodeSchema {
    #[schema(example = "assistant-12")]
    pub id: String,
    #[schema(value_type = Object, example = json!({"x": 250.0, "y": 150.0}))]
    pub position: Value,
    #[serde(rename = "parentId", skip_serializing_if = "Option::is_none")]
    #[schema(example = "container-3")]
    pub parent_id: Option<String>,
    #[serde(rename = "type")]
    #[schema(example = "assistant")]
    pub kind: String,
    #[schema(value_type = Object)]
    pub data: Value,
}

/// A node just made: the canvas node and the database id its paths take.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CreatedNode)]
pub struct CreatedNodeSchema {
    #[serde(flatten)]
    pub node: CanvasNodeSchema,
    #[schema(example = 3)]
    pub database_id: i64,
}

//! The function node: a tool an assistant may call, described by a JSON schema.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

/// The schema of a new function: an object with no properties yet.
pub fn default_function_parameters() -> Value {
    json!({ "type": "object", "properties": {}, "required": [] })
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct FunctionData {
    #[serde(flatten)]
    pub base: NodeBase,
    #[serde(rename = "functionName")]
    pub function_name: String,
    #[serde(rename = "functionDescription")]
    pub function_description: String,
    /// A JSON schema: `{ type: "object", properties, required }`.
    pub parameters: Value,
    /// The server's function id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub function_id: Option<i64>,
    /// The database id of the assistant it is attached to.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
}

impl Default for FunctionData {
    fn default() -> Self {
        FunctionData {
            base: NodeBase::for_kind(NodeKind::Function),
            function_name: String::new(),
            function_description: String::new(),
            parameters: default_function_parameters(),
            function_id: None,
            assistant_id: None,
        }
    }
}

impl FunctionData {
    pub fn to_payload(&self) -> FunctionPayload {
        FunctionPayload {
            name: self.function_name.clone(),
            description: self.function_description.clone(),
            parameters: self.parameters.clone(),
            preserve_parameters: false,
            function_id: self.function_id,
            assistant_id: self.assistant_id,
        }
    }

    /// `preserve_parameters` only instructs one save and is not kept on the canvas.
    pub fn from_payload(payload: FunctionPayload, base: NodeBase) -> Self {
        FunctionData {
            base,
            function_name: payload.name,
            function_description: payload.description,
            parameters: payload.parameters,
            function_id: payload.function_id,
            assistant_id: payload.assistant_id,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct FunctionPayload {
    pub name: String,
    pub description: String,
    pub parameters: Value,
    /// Keep the stored schema as sent instead of letting the server normalise it.
    pub preserve_parameters: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub function_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
}

impl Default for FunctionPayload {
    fn default() -> Self {
        FunctionData::default().to_payload()
    }
}

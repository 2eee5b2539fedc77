//! The request node: one HTTP call against an API definition, whose answer an
//! assistant can use.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "UPPERCASE")]
#[ts(export, export_to = "rules/")]
pub enum HttpMethod {
    #[default]
    Get,
    Post,
    Put,
    Patch,
    Delete,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct RequestData {
    #[serde(flatten)]
    pub base: NodeBase,
    pub method: HttpMethod,
    /// Path appended to the API definition's base URL.
    pub endpoint: String,
    pub headers: BTreeMap<String, String>,
    pub query_params: BTreeMap<String, String>,
    /// Any JSON; null when the request has no body.
    pub body: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub api_definition_id: Option<i64>,
    /// How to pick values out of the response; free-form.
    pub response_mapping: Value,
}

impl Default for RequestData {
    fn default() -> Self {
        RequestData {
            base: NodeBase::for_kind(NodeKind::Request),
            method: HttpMethod::Get,
            endpoint: String::new(),
            headers: BTreeMap::new(),
            query_params: BTreeMap::new(),
            body: Value::Null,
            api_definition_id: None,
            response_mapping: Value::Object(Map::new()),
        }
    }
}

impl RequestData {
    pub fn to_payload(&self) -> RequestPayload {
        RequestPayload {
            api_definition_id: self.api_definition_id,
            method: self.method,
            endpoint: self.endpoint.clone(),
            headers: self.headers.clone(),
            query_params: self.query_params.clone(),
            body: self.body.clone(),
            response_mapping: self.response_mapping.clone(),
        }
    }

    pub fn from_payload(payload: RequestPayload, base: NodeBase) -> Self {
        RequestData {
            base,
            method: payload.method,
            endpoint: payload.endpoint,
            headers: payload.headers,
            query_params: payload.query_params,
            body: payload.body,
            api_definition_id: payload.api_definition_id,
            response_mapping: payload.response_mapping,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct RequestPayload {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub api_definition_id: Option<i64>,
    pub method: HttpMethod,
    pub endpoint: String,
    pub headers: BTreeMap<String, String>,
    pub query_params: BTreeMap<String, String>,
    pub body: Value,
    pub response_mapping: Value,
}

impl Default for RequestPayload {
    fn default() -> Self {
        RequestData::default().to_payload()
    }
}

//! The API definition node: an external HTTP API (base URL, auth, headers)
//! that request nodes call.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum ApiAuthType {
    #[default]
    None,
    Bearer,
    Basic,
    ApiKey,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[ts(export)]
pub struct ApiDefinitionData {
    #[serde(flatten)]
    pub base: NodeBase,
    pub base_url: String,
    pub auth_type: ApiAuthType,
    /// Credentials for `auth_type` (token, username and password, key); free-form.
    pub auth_data: Value,
    pub default_headers: BTreeMap<String, String>,
    pub description: String,
}

impl Default for ApiDefinitionData {
    fn default() -> Self {
        ApiDefinitionData {
            base: NodeBase::for_kind(NodeKind::Apidefinition),
            base_url: String::new(),
            auth_type: ApiAuthType::None,
            auth_data: Value::Object(Map::new()),
            default_headers: BTreeMap::new(),
            description: String::new(),
        }
    }
}

impl ApiDefinitionData {
    pub fn to_payload(&self) -> ApiDefinitionPayload {
        ApiDefinitionPayload {
            base_url: self.base_url.clone(),
            auth_type: self.auth_type,
            auth_data: self.auth_data.clone(),
            default_headers: self.default_headers.clone(),
            description: self.description.clone(),
        }
    }

    pub fn from_payload(payload: ApiDefinitionPayload, base: NodeBase) -> Self {
        ApiDefinitionData {
            base,
            base_url: payload.base_url,
            auth_type: payload.auth_type,
            auth_data: payload.auth_data,
            default_headers: payload.default_headers,
            description: payload.description,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export)]
pub struct ApiDefinitionPayload {
    pub base_url: String,
    pub auth_type: ApiAuthType,
    pub auth_data: Value,
    pub default_headers: BTreeMap<String, String>,
    pub description: String,
}

impl Default for ApiDefinitionPayload {
    fn default() -> Self {
        ApiDefinitionData::default().to_payload()
    }
}

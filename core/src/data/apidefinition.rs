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
#[ts(export, export_to = "rules/")]
pub enum ApiAuthType {
    #[default]
    None,
    Bearer,
    Basic,
    ApiKey,
}

/// A credential an auth type keeps in `auth_data`, under its snake_case name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum AuthField {
    Token,
    Username,
    Password,
    /// An API key's value.
    Key,
    /// The header an API key travels in.
    Header,
}

impl AuthField {
    /// Its key in `auth_data`.
    pub fn key(self) -> &'static str {
        match self {
            AuthField::Token => "token",
            AuthField::Username => "username",
            AuthField::Password => "password",
            AuthField::Key => "key",
            AuthField::Header => "header",
        }
    }

    /// A secret: shown hidden unless asked.
    pub fn is_secret(self) -> bool {
        matches!(self, AuthField::Token | AuthField::Password | AuthField::Key)
    }
}

impl ApiAuthType {
    /// The credentials this type keeps in `auth_data`, in form order.
    pub fn fields(self) -> &'static [AuthField] {
        match self {
            ApiAuthType::None => &[],
            ApiAuthType::Bearer => &[AuthField::Token],
            ApiAuthType::Basic => &[AuthField::Username, AuthField::Password],
            ApiAuthType::ApiKey => &[AuthField::Header, AuthField::Key],
        }
    }
}

/// `auth_data` reduced to `auth_type`'s credentials that are strings, so a
/// token typed for bearer is not kept once basic is chosen.
pub fn auth_data_for(auth_type: ApiAuthType, auth_data: &Value) -> Map<String, Value> {
    auth_type
        .fields()
        .iter()
        .filter_map(|field| {
            let value = auth_data.get(field.key()).filter(|v| v.is_string())?;
            Some((field.key().to_owned(), value.clone()))
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
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
#[ts(export, export_to = "rules/")]
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_the_types_credentials_are_kept() {
        let typed = json!({"token": "t", "username": "u", "password": "p", "header": 5});
        assert_eq!(
            Value::Object(auth_data_for(ApiAuthType::Bearer, &typed)),
            json!({"token": "t"})
        );
        assert_eq!(
            Value::Object(auth_data_for(ApiAuthType::Basic, &typed)),
            json!({"username": "u", "password": "p"})
        );
        assert_eq!(Value::Object(auth_data_for(ApiAuthType::ApiKey, &typed)), json!({}));
        assert_eq!(Value::Object(auth_data_for(ApiAuthType::None, &typed)), json!({}));
        assert_eq!(Value::Object(auth_data_for(ApiAuthType::Basic, &json!([1, 2]))), json!({}));
        let secrets: Vec<AuthField> =
            ApiAuthType::ApiKey.fields().iter().copied().filter(|f| f.is_secret()).collect();
        assert_eq!(secrets, [AuthField::Key]);
    }
}

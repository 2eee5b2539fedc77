//! The WordPress node: a site an assistant publishes posts to.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export)]
pub enum WordpressAuthType {
    #[default]
    ApplicationPassword,
    Basic,
    Jwt,
}

/// The credentials; which ones are needed depends on [`WordpressAuthType`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", default)]
#[ts(export)]
pub struct WordpressAuthData {
    pub username: String,
    pub application_password: String,
    pub password: String,
    pub jwt_token: String,
}

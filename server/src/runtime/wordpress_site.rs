//! A WordPress node's site: the node read with its credentials opened,
//! checked complete (an address and the credentials its auth type signs in
//! with), the client for it, and its failures as API errors.

use axum::http::StatusCode;
use dastyar_core::MessageCode;
use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::data::wordpress::WordpressPayload;
use dastyar_core::validate::wordpress::{normalize_wordpress_url, wordpress_auth_errors};
use serde_json::{Map, json};

use crate::error::ApiError;
use crate::providers::wordpress::{WordpressClient, WordpressError};
use crate::runtime::outbound::OutboundClient;
use crate::secrets::{SecretBox, node_secrets};
use crate::state::AppState;
use crate::store::nodes;

/// A WordPress node ready to call its site.
#[derive(Debug, Clone)]
pub struct WordpressSite {
    /// The node's payload, credentials opened: never for an answer.
    pub payload: WordpressPayload,
}

impl WordpressSite {
    /// The user's WordPress node `id`: 404 when it is not one of theirs,
    /// 422 `wordpress_incomplete` on the first missing field, 409 when its
    /// saved credentials no longer open.
    pub async fn load(state: &AppState, user_id: i64, id: i64) -> Result<Self, ApiError> {
        let row = nodes::get(state.db.pool(), user_id, id).await?.ok_or(ApiError::NotFound)?;
        if row.kind()? != NodeKind::Wordpress {
            return Err(ApiError::NotFound);
        }
        Self::open(&state.secrets, row.payload()?)
    }

    /// A stored payload (sealed credentials) made ready.
    pub fn open(secrets: &SecretBox, stored: NodePayload) -> Result<Self, ApiError> {
        let payload = match node_secrets::open(secrets, stored)? {
            NodePayload::Wordpress(payload) => payload,
            other => {
                return Err(ApiError::internal(format!("a {} is no WordPress site", other.kind())));
            }
        };
        match incomplete(&payload) {
            Some(missing) => Err(missing),
            None => Ok(WordpressSite { payload }),
        }
    }

    pub fn client<'a>(&self, http: &'a OutboundClient) -> WordpressClient<'a> {
        WordpressClient::new(
            http,
            &self.payload.site_url,
            self.payload.auth_type,
            &self.payload.auth_data,
        )
    }

    /// `error` as the API answers it: 422 on the node's field when the user
    /// typed something the site refuses (its address, a credential), else
    /// 424 (the site failed, not the request); WordPress's own status, code
    /// and message in `details.wordpress`.
    pub fn api_error(&self, error: &WordpressError, http: &OutboundClient) -> ApiError {
        tracing::info!(%error, site = %self.payload.site_url, "a WordPress call failed");
        let mut details = Map::new();
        let field = error.field(self.payload.auth_type);
        if let Some(field) = &field {
            details.insert("field".into(), json!(field));
        }
        if let Some(refusal) = error.refusal() {
            details.insert(
                "wordpress".into(),
                json!({"status": refusal.status, "code": refusal.code, "message": refusal.message}),
            );
        }
        ApiError::Rendered {
            status: if field.is_some() {
                StatusCode::UNPROCESSABLE_ENTITY
            } else {
                StatusCode::FAILED_DEPENDENCY
            },
            code: error.code(),
            message: error.persian(&self.payload.site_url, http.timeout()),
            details,
        }
    }
}

/// The 422 for the first thing missing before the site can be called.
fn incomplete(payload: &WordpressPayload) -> Option<ApiError> {
    if let Err(problem) = normalize_wordpress_url(&payload.site_url) {
        return Some(ApiError::invalid(problem.field, MessageCode::WordpressIncomplete));
    }
    wordpress_auth_errors(payload.auth_type, &payload.auth_data)
        .into_iter()
        .next()
        .map(|missing| ApiError::invalid(missing.field, MessageCode::WordpressIncomplete))
}

#[cfg(test)]
mod tests {
    use dastyar_core::data::wordpress::{WordpressAuthData, WordpressAuthType};

    use super::*;

    fn field(error: Option<ApiError>) -> Option<String> {
        match error {
            Some(ApiError::Invalid { field, code: MessageCode::WordpressIncomplete }) => {
                Some(field)
            }
            None => None,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_first_missing_field_is_named() {
        let mut payload = WordpressPayload::default();
        assert_eq!(field(incomplete(&payload)).as_deref(), Some("siteUrl"));
        payload.site_url = "https://blog.example.ir".into();
        assert_eq!(field(incomplete(&payload)).as_deref(), Some("authData.username"));
        payload.auth_data =
            WordpressAuthData { username: "admin".into(), ..WordpressAuthData::default() };
        assert_eq!(field(incomplete(&payload)).as_deref(), Some("authData.applicationPassword"));
        payload.auth_data.application_password = "abcd efgh".into();
        assert_eq!(field(incomplete(&payload)), None);
        payload.auth_type = WordpressAuthType::Jwt;
        assert_eq!(field(incomplete(&payload)).as_deref(), Some("authData.jwtToken"));
    }
}

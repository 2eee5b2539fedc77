//! The secrets in a node's payload: sealed before the payload is stored,
//! opened where the server uses them, and on an update a mask sent back
//! keeps the saved value.

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::data::apidefinition::ApiDefinitionPayload;
use dastyar_core::messages::MessageCode;
use dastyar_core::secrets::{self, SecretPath};
use serde_json::{Map, Value};

use super::SecretBox;
use crate::db::Db;
use crate::error::ApiError;
use crate::store::nodes;

/// Rows read at a time by [`seal_stored`].
const SEAL_PAGE: i64 = 200;

/// What a sealed value is bound to: its kind and field.
fn context(kind: NodeKind, path: SecretPath) -> String {
    format!("{kind}.{}", path.join("."))
}

/// The payload with every plain secret sealed (sealed ones are left alone).
pub fn seal(secret_box: &SecretBox, payload: NodePayload) -> Result<NodePayload, ApiError> {
    let kind = payload.kind();
    if secrets::secret_paths(kind).is_empty() {
        return Ok(payload);
    }
    let mut value = serde_json::to_value(payload).map_err(ApiError::internal)?;
    for path in secrets::secret_paths(kind) {
        if let Some(Value::String(secret)) = secrets::at(&mut value, path)
            && !secret.trim().is_empty()
            && !secrets::is_sealed(secret)
        {
            *secret = secret_box.seal(secret, &context(kind, path));
        }
    }
    NodePayload::from_json(kind, value).map_err(ApiError::internal)
}

/// Seals every secret still stored in plain text (saved before sealing
/// existed); how many nodes it rewrote. Rows that no longer read are left
/// for the request that meets them to report.
pub async fn seal_stored(db: &Db, secret_box: &SecretBox) -> Result<usize, sqlx::Error> {
    let kinds: Vec<NodeKind> =
        NodeKind::ALL.into_iter().filter(|k| !secrets::secret_paths(*k).is_empty()).collect();
    let (mut after, mut rewritten) = (0, 0);
    loop {
        let rows = nodes::page_of_kinds(db.pool(), &kinds, after, SEAL_PAGE).await?;
        let Some(last) = rows.last() else { return Ok(rewritten) };
        after = last.id;
        for row in rows {
            let Ok(payload) = row.payload() else { continue };
            let Ok(sealed) = seal(secret_box, payload.clone()) else { continue };
            if sealed != payload
                && nodes::rewrite_data(db.pool(), row.id, &row.data, &sealed).await?
            {
                rewritten += 1;
            }
        }
    }
}

/// The payload with every secret opened, for the server's own use (calling
/// the service the secret is for); never for an answer.
pub fn open(secret_box: &SecretBox, payload: NodePayload) -> Result<NodePayload, ApiError> {
    let kind = payload.kind();
    if secrets::secret_paths(kind).is_empty() {
        return Ok(payload);
    }
    let mut value = serde_json::to_value(payload).map_err(ApiError::internal)?;
    for path in secrets::secret_paths(kind) {
        if let Some(Value::String(secret)) = secrets::at(&mut value, path) {
            *secret = secret_box
                .open(secret, &context(kind, path))
                .map_err(|_| ApiError::Conflict(MessageCode::SecretUnreadable))?;
        }
    }
    NodePayload::from_json(kind, value).map_err(ApiError::internal)
}

/// An API definition with its credentials opened, to send a request with.
pub fn open_definition(
    secret_box: &SecretBox,
    definition: ApiDefinitionPayload,
) -> Result<ApiDefinitionPayload, ApiError> {
    match open(secret_box, NodePayload::Apidefinition(definition))? {
        NodePayload::Apidefinition(definition) => Ok(definition),
        other => Err(ApiError::internal(format!("opened an API definition into {}", other.kind()))),
    }
}

/// Puts the saved secret (opened, so core's checks read it as entered)
/// wherever `merged` (an update's fields over the stored payload) holds a
/// mask; with nothing saved (a create), a mask means no secret.
pub fn keep_masked(
    secret_box: &SecretBox,
    kind: NodeKind,
    merged: &mut Map<String, Value>,
    stored: Option<&NodePayload>,
) -> Result<(), ApiError> {
    let mut stored = match stored {
        Some(payload) => serde_json::to_value(payload).map_err(ApiError::internal)?,
        None => Value::Null,
    };
    let mut merged_value = Value::Object(std::mem::take(merged));
    for path in secrets::secret_paths(kind) {
        let Some(Value::String(sent)) = secrets::at(&mut merged_value, path) else { continue };
        if !secrets::is_mask(sent) {
            continue;
        }
        *sent = match secrets::at(&mut stored, path) {
            Some(Value::String(saved)) => secret_box
                .open(saved, &context(kind, path))
                .map_err(|_| ApiError::invalid(path.join("."), MessageCode::SecretUnreadable))?,
            _ => String::new(),
        };
    }
    if let Value::Object(map) = merged_value {
        *merged = map;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use dastyar_core::data::NodeData;
    use serde_json::json;

    use super::*;

    const TOKEN: &str = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11";

    fn telegram(token: &str) -> NodePayload {
        NodePayload::from_json(NodeKind::Telegram, json!({"bot_token": token})).unwrap()
    }

    fn token_of(payload: &NodePayload) -> String {
        match payload {
            NodePayload::Telegram(t) => t.bot_token.clone(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sealed_then_opened() {
        let secret_box = SecretBox::from_key([3; 32]);
        let sealed = seal(&secret_box, telegram(TOKEN)).unwrap();
        assert!(secrets::is_sealed(&token_of(&sealed)));
        // Sealing twice keeps the sealed value as it is.
        assert_eq!(seal(&secret_box, sealed.clone()).unwrap(), sealed);
        assert_eq!(token_of(&open(&secret_box, sealed.clone()).unwrap()), TOKEN);
        assert!(matches!(
            open(&SecretBox::from_key([4; 32]), sealed),
            Err(ApiError::Conflict(MessageCode::SecretUnreadable))
        ));
        // Nothing to seal: empty stays empty, other kinds are untouched.
        assert_eq!(token_of(&seal(&secret_box, telegram("")).unwrap()), "");
        let function = NodeData::default_for(NodeKind::Function).to_payload().unwrap();
        assert_eq!(seal(&secret_box, function.clone()).unwrap(), function);
    }

    #[test]
    fn a_mask_keeps_the_saved_secret_and_a_new_value_replaces_it() {
        let secret_box = SecretBox::from_key([3; 32]);
        let stored = seal(&secret_box, telegram(TOKEN)).unwrap();
        let update = |sent: &str, stored: Option<&NodePayload>| {
            let mut merged = Map::from_iter([("bot_token".to_owned(), json!(sent))]);
            keep_masked(&secret_box, NodeKind::Telegram, &mut merged, stored).map(|()| merged)
        };
        assert_eq!(update("••••ew11", Some(&stored)).unwrap()["bot_token"], TOKEN);
        assert_eq!(update("1:new", Some(&stored)).unwrap()["bot_token"], "1:new");
        assert_eq!(update("", Some(&stored)).unwrap()["bot_token"], "");
        assert_eq!(update("••••", None).unwrap()["bot_token"], "");
        let foreign = seal(&SecretBox::from_key([9; 32]), telegram(TOKEN)).unwrap();
        match update("••••ew11", Some(&foreign)) {
            Err(ApiError::Invalid { field, code: MessageCode::SecretUnreadable }) => {
                assert_eq!(field, "bot_token")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn nested_credentials_are_kept_field_by_field() {
        let secret_box = SecretBox::from_key([3; 32]);
        let stored = NodePayload::from_json(
            NodeKind::Apidefinition,
            json!({"auth_type": "basic", "auth_data": {"username": "admin", "password": "s3cret-pass"}}),
        )
        .unwrap();
        let stored = seal(&secret_box, stored).unwrap();
        let mut merged = Map::from_iter([(
            "auth_data".to_owned(),
            json!({"username": "root", "password": "••••"}),
        )]);
        keep_masked(&secret_box, NodeKind::Apidefinition, &mut merged, Some(&stored)).unwrap();
        assert_eq!(merged["auth_data"], json!({"username": "root", "password": "s3cret-pass"}));
    }
}

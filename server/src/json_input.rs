//! Reading JSON into a typed value with the failing field located: a syntax
//! error answers `invalid_json`, a wrong shape `invalid_input` (or
//! `field_required`) naming the field. The body extractor and the node
//! machinery (which reads parts of a body) both use it.

use dastyar_core::MessageCode;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// Deserialises a body, reporting where it went wrong. Text holding U+0000
/// anywhere is refused (`text_has_nul`, on its field): PostgreSQL cannot
/// store it and no person types it, so both backends answer alike.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if has_escaped_nul(bytes) {
        return Err(nul_error(bytes));
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(located)?;
    deserializer.end().map_err(|e| ApiError::InvalidJson { reason: e.to_string() })?;
    Ok(value)
}

/// Reads a JSON value already parsed (a part of a body) as `T`, reporting
/// where it went wrong as [`parse`] does.
pub fn from_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(value).map_err(located)
}

fn located(error: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let path = error.path().to_string();
    let inner = error.into_inner();
    let reason = inner.to_string();
    if !inner.is_data() {
        return ApiError::InvalidJson { reason };
    }
    let parent = (path != ".").then_some(path);
    match missing_field(&reason) {
        Some(name) => ApiError::Invalid {
            field: parent.map_or_else(|| name.to_owned(), |p| format!("{p}.{name}")),
            code: MessageCode::FieldRequired,
        },
        None => ApiError::InvalidInput { field: parent, reason },
    }
}

/// Whether JSON text has a `\u0000` escape (a raw NUL is no valid JSON), not
/// counting an escaped backslash followed by `u0000`.
fn has_escaped_nul(bytes: &[u8]) -> bool {
    const ESCAPE: &[u8] = b"\\u0000";
    bytes.windows(ESCAPE.len()).enumerate().any(|(at, window)| {
        window == ESCAPE && bytes[..at].iter().rev().take_while(|b| **b == b'\\').count() % 2 == 0
    })
}

/// The refusal of a body with U+0000, on the first field holding it.
fn nul_error(bytes: &[u8]) -> ApiError {
    let field = serde_json::from_slice::<serde_json::Value>(bytes)
        .ok()
        .and_then(|value| nul_path(&value, ""))
        .unwrap_or_default();
    ApiError::invalid(field, MessageCode::TextHasNul)
}

/// The dotted path (`data.instructions`, `items.2`) of the first string or
/// key holding U+0000.
fn nul_path(value: &serde_json::Value, at: &str) -> Option<String> {
    let join = |key: &str| if at.is_empty() { key.to_owned() } else { format!("{at}.{key}") };
    match value {
        serde_json::Value::String(text) => text.contains('\0').then(|| at.to_owned()),
        serde_json::Value::Array(items) => {
            items.iter().enumerate().find_map(|(i, item)| nul_path(item, &join(&i.to_string())))
        }
        serde_json::Value::Object(map) => map.iter().find_map(|(key, item)| {
            if key.contains('\0') { Some(join(key)) } else { nul_path(item, &join(key)) }
        }),
        _ => None,
    }
}

/// serde reports a missing field at its parent, naming it in the text.
fn missing_field(reason: &str) -> Option<&str> {
    reason.strip_prefix("missing field `")?.split('`').next()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Body {
        email: String,
        inner: Option<Inner>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Inner {
        x: i64,
    }

    fn field_of(error: ApiError) -> (String, Option<String>) {
        match error {
            ApiError::Invalid { field, code } => (code.code(), Some(field)),
            ApiError::InvalidInput { field, .. } => ("invalid_input".into(), field),
            ApiError::InvalidJson { .. } => ("invalid_json".into(), None),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn text_with_nul_is_refused_on_its_field() {
        let refused = |s: &str| match parse::<serde_json::Value>(s.as_bytes()) {
            Err(ApiError::Invalid { field, code: MessageCode::TextHasNul }) => Some(field),
            _ => None,
        };
        assert_eq!(refused(r#"{"name": "a\u0000b"}"#), Some("name".into()));
        assert_eq!(refused(r#"{"data": {"list": ["ok", "\u0000"]}}"#), Some("data.list.1".into()));
        assert_eq!(refused(r#"{"k\u0000": 1}"#), Some("k\u{0}".into()));
        assert_eq!(refused(r#"{"a": "x\\\u0000"}"#), Some("a".into()), "backslash, then NUL");
        // An escaped backslash followed by the letters u0000 is plain text.
        assert_eq!(refused(r#"{"a": "x\\u0000"}"#), None);
        assert!(parse::<serde_json::Value>(br#"{"a": "\\u0000"}"#).is_ok());
        assert!(parse::<serde_json::Value>(br#"{"a": "\u0001"}"#).is_ok());
    }

    #[test]
    fn errors_name_the_field() {
        assert!(parse::<Body>(br#"{"email": "a"}"#).is_ok());
        let parse = |s: &str| field_of(parse::<Body>(s.as_bytes()).unwrap_err());
        assert_eq!(parse("{"), ("invalid_json".into(), None));
        assert_eq!(parse(""), ("invalid_json".into(), None));
        assert_eq!(parse(r#"{"email": "a"} x"#), ("invalid_json".into(), None));
        assert_eq!(parse("{}"), ("field_required".into(), Some("email".into())));
        assert_eq!(parse(r#"{"email": 5}"#), ("invalid_input".into(), Some("email".into())));
        assert_eq!(
            parse(r#"{"email": "a", "inner": {}}"#),
            ("field_required".into(), Some("inner.x".into()))
        );
        assert_eq!(
            parse(r#"{"email": "a", "inner": {"x": "y"}}"#),
            ("invalid_input".into(), Some("inner.x".into()))
        );
        assert_eq!(parse("[]"), ("invalid_input".into(), None));
    }

    #[test]
    fn values_name_the_field_too() {
        let value = |v: serde_json::Value| field_of(from_value::<Body>(v).unwrap_err());
        assert_eq!(value(serde_json::json!({})), ("field_required".into(), Some("email".into())));
        assert_eq!(
            value(serde_json::json!({"email": "a", "inner": {"x": "y"}})),
            ("invalid_input".into(), Some("inner.x".into()))
        );
        assert!(from_value::<Body>(serde_json::json!({"email": "a", "extra": 1})).is_ok());
    }
}

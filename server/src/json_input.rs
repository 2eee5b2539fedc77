//! Reading JSON into a typed value with the failing field located: a syntax
//! error answers `invalid_json`, a wrong shape `invalid_input` (or
//! `field_required`) naming the field. The body extractor and the node
//! machinery (which reads parts of a body) both use it.

use dastyar_core::MessageCode;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// Deserialises a body, reporting where it went wrong. Text holding U+0000
/// anywhere is refused (`text_has_nul`, on its field): PostgreSQL cannot
/// store it and no person types it, so both backends answer alike. A whole
/// number written with a fraction (`3.0`) is read as the integer it is, as
/// JSON Schema counts it.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    let mut value: serde_json::Value = serde_json::from_slice(bytes)
        .map_err(|e| ApiError::InvalidJson { reason: e.to_string() })?;
    if let Some(field) = nul_path(&value, "") {
        return Err(ApiError::invalid(field, MessageCode::TextHasNul));
    }
    whole_numbers_as_integers(&mut value);
    from_value(value)
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

/// Turns every float that is a whole number an f64 holds exactly (|n| up to
/// 2^53) into that integer, so `"max_runs": 3.0` reads as 3 where an integer
/// is wanted; a float field reads an integer just as well.
fn whole_numbers_as_integers(value: &mut serde_json::Value) {
    const EXACT: f64 = 9_007_199_254_740_992.0;
    match value {
        serde_json::Value::Number(number) => {
            if let Some(float) = number.as_f64()
                && number.is_f64()
                && float.fract() == 0.0
                && float.abs() <= EXACT
            {
                *number = serde_json::Number::from(float as i64);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(whole_numbers_as_integers),
        serde_json::Value::Object(map) => map.values_mut().for_each(whole_numbers_as_integers),
        _ => {}
    }
}

/// The dotted path (`data.instructions`, `items.2`) of the first string or
/// key holding U+0000. A key's U+0000 is written `\u0000` there: an answer
/// never holds the character itself.
fn nul_path(value: &serde_json::Value, at: &str) -> Option<String> {
    let join = |key: &str| {
        let key = key.replace('\0', "\\u0000");
        if at.is_empty() { key } else { format!("{at}.{key}") }
    };
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
        assert_eq!(refused(r#"{"k\u0000": 1}"#), Some("k\\u0000".into()));
        assert_eq!(refused(r#"{"a\u0000": {"b": "\u0000"}}"#), Some("a\\u0000".into()));
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
    fn whole_numbers_with_a_fraction_are_integers() {
        let body = parse::<Body>(br#"{"email": "a", "inner": {"x": 327.0}}"#).unwrap();
        assert_eq!(body.inner.map(|i| i.x), Some(327));
        let parse = |s: &str| field_of(parse::<Body>(s.as_bytes()).unwrap_err());
        let half = r#"{"email": "a", "inner": {"x": 3.5}}"#;
        assert_eq!(parse(half), ("invalid_input".into(), Some("inner.x".into())));
        // Beyond what an f64 holds exactly, a float stays a float.
        let huge = r#"{"email": "a", "inner": {"x": 1e20}}"#;
        assert_eq!(parse(huge), ("invalid_input".into(), Some("inner.x".into())));
        let floats: serde_json::Value = super::parse(br#"{"a": [2.0, -0.0, 2.5]}"#).unwrap();
        assert_eq!(floats, serde_json::json!({"a": [2, 0, 2.5]}));
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

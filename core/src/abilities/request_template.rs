//! A request node as a template: `{{name}}` placeholders in its endpoint,
//! query values, header values and the string values of its body, which the
//! model fills when it calls the request as a tool.
//!
//! A placeholder is `{{` and `}}` around a name of ASCII letters, digits and
//! `_` that does not start with a digit; spaces inside the braces are allowed
//! (`{{ order_id }}` is `order_id`). Anything else in double braces is plain
//! text and stays as written.
//!
//! Filling:
//! - in the endpoint, a value is percent-encoded as one path segment (a `/`
//!   in it cannot reach another path), and a value that is `.` or `..` is
//!   refused: URL parsers read `%2E%2E` as `..` too;
//! - in query and header values, the value is put in as text (the HTTP
//!   client encodes the query);
//! - in the body, a string that is exactly one placeholder (`"{{count}}"`)
//!   becomes the argument's JSON value as it is, so numbers stay numbers and
//!   objects stay objects; in any other string the value is put in as text.
//!
//! A value that is not a JSON string is put in as its JSON text (`12`,
//! `true`, `{"a":1}`). A missing argument, or one that is `null`, has no value.

use std::collections::BTreeSet;
use std::fmt;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::data::request::{HttpMethod, RequestPayload};

/// A request with every placeholder filled, ready to send against the API
/// definition's base URL.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FilledRequest {
    pub method: HttpMethod,
    /// The path to append to the base URL, its placeholders percent-encoded.
    pub endpoint: String,
    /// In key order, not encoded.
    pub query: Vec<(String, String)>,
    /// In key order.
    pub headers: Vec<(String, String)>,
    /// Null when the request has no body.
    pub body: Value,
}

/// Why a request could not be filled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FillError {
    /// These placeholders (sorted) have no value, or a null one.
    Missing(Vec<String>),
    /// This endpoint placeholder's value is `.` or `..`, which would move
    /// the request to another path.
    DotSegment(String),
}

impl fmt::Display for FillError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FillError::Missing(names) => write!(f, "no value for {}", names.join(", ")),
            FillError::DotSegment(name) => write!(f, "{name} may not be `.` or `..` in a path"),
        }
    }
}

impl std::error::Error for FillError {}

/// Every placeholder the request uses, sorted, each once.
pub fn placeholders(payload: &RequestPayload) -> Vec<String> {
    let mut names = BTreeSet::new();
    let mut collect = |text: &str| {
        for_each_piece(text, |piece| {
            if let Piece::Placeholder(name) = piece {
                names.insert(name.to_owned());
            }
        })
    };
    collect(&payload.endpoint);
    payload.query_params.values().for_each(|v| collect(v));
    payload.headers.values().for_each(|v| collect(v));
    visit_strings(&payload.body, &mut |s| collect(s));
    names.into_iter().collect()
}

/// The request with its placeholders filled from `args` (the model's tool-call arguments).
pub fn fill(
    payload: &RequestPayload,
    args: &Map<String, Value>,
) -> Result<FilledRequest, FillError> {
    let value_of = |name: &str| args.get(name).filter(|v| !v.is_null());
    let missing: Vec<String> =
        placeholders(payload).into_iter().filter(|name| value_of(name).is_none()).collect();
    if !missing.is_empty() {
        return Err(FillError::Missing(missing));
    }
    // Every placeholder has a value from here on.
    let text_of = |name: &str| value_of(name).map(as_text).unwrap_or_default();

    let mut endpoint = String::with_capacity(payload.endpoint.len());
    let mut dot_segment = None;
    for_each_piece(&payload.endpoint, |piece| match piece {
        Piece::Text(text) => endpoint.push_str(text),
        Piece::Placeholder(name) => {
            let value = text_of(name);
            if value == "." || value == ".." {
                dot_segment.get_or_insert_with(|| name.to_owned());
            }
            endpoint.push_str(&encode_path_segment(&value));
        }
    });
    if let Some(name) = dot_segment {
        return Err(FillError::DotSegment(name));
    }

    let substitute = |text: &str| {
        let mut out = String::with_capacity(text.len());
        for_each_piece(text, |piece| match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Placeholder(name) => out.push_str(&text_of(name)),
        });
        out
    };
    let pairs = |map: &std::collections::BTreeMap<String, String>| {
        map.iter().map(|(k, v)| (k.clone(), substitute(v))).collect()
    };
    let body = fill_body(&payload.body, &|name| value_of(name).cloned(), &substitute);

    Ok(FilledRequest {
        method: payload.method,
        endpoint,
        query: pairs(&payload.query_params),
        headers: pairs(&payload.headers),
        body,
    })
}

/// The body with each string filled: a lone placeholder becomes its value as
/// JSON, any other string has its placeholders substituted as text.
fn fill_body(
    body: &Value,
    value_of: &dyn Fn(&str) -> Option<Value>,
    substitute: &dyn Fn(&str) -> String,
) -> Value {
    match body {
        Value::String(text) => match lone_placeholder(text).and_then(value_of) {
            Some(value) => value,
            None => Value::String(substitute(text)),
        },
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| fill_body(v, value_of, substitute)).collect())
        }
        Value::Object(fields) => Value::Object(
            fields.iter().map(|(k, v)| (k.clone(), fill_body(v, value_of, substitute))).collect(),
        ),
        other => other.clone(),
    }
}

/// A piece of a template: text as written, or a placeholder's name.
enum Piece<'a> {
    Text(&'a str),
    Placeholder(&'a str),
}

/// Splits `text` into text and placeholders, in order.
fn for_each_piece<'a>(text: &'a str, mut each: impl FnMut(Piece<'a>)) {
    let mut rest = text;
    // How far into `rest` no placeholder starts; the text up to a
    // placeholder is emitted when the placeholder is found.
    let mut scanned = 0;
    while let Some(open) = rest[scanned..].find("{{").map(|i| scanned + i) {
        let after = &rest[open + 2..];
        let name = after.find("}}").map(|close| (close, after[..close].trim()));
        match name {
            Some((close, name)) if is_name(name) => {
                if open > 0 {
                    each(Piece::Text(&rest[..open]));
                }
                each(Piece::Placeholder(name));
                rest = &after[close + 2..];
                scanned = 0;
            }
            // Not a placeholder here: look again one character on
            // (`{{{x}}}` holds `{{x}}`).
            _ => scanned = open + 1,
        }
    }
    if !rest.is_empty() {
        each(Piece::Text(rest));
    }
}

/// The name when `text` is exactly one placeholder.
fn lone_placeholder(text: &str) -> Option<&str> {
    let inner = text.strip_prefix("{{")?.strip_suffix("}}")?;
    let name = inner.trim();
    is_name(name).then_some(name)
}

/// `[A-Za-z_][A-Za-z0-9_]*`.
fn is_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Calls `each` on every string value inside `value` (not object keys).
fn visit_strings(value: &Value, each: &mut dyn FnMut(&str)) {
    match value {
        Value::String(text) => each(text),
        Value::Array(items) => items.iter().for_each(|v| visit_strings(v, each)),
        Value::Object(fields) => fields.values().for_each(|v| visit_strings(v, each)),
        _ => {}
    }
}

/// A string as itself, anything else as its JSON text.
fn as_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// Percent-encodes everything but RFC 3986's unreserved characters, so the
/// value stays one path segment whatever it holds (`/`, `?`, `#`, spaces,
/// Persian letters as UTF-8).
fn encode_path_segment(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn payload(value: Value) -> RequestPayload {
        serde_json::from_value(value).unwrap()
    }

    fn args(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    fn orders() -> RequestPayload {
        payload(json!({
            "method": "POST",
            "endpoint": "/shops/{{shop}}/orders/{{ order_id }}",
            "query_params": {"lang": "{{lang}}", "fixed": "fa"},
            "headers": {"X-Customer": "customer-{{customer}}"},
            "body": {
                "count": "{{count}}",
                "note": "سفارش {{order_id}} برای {{customer}}",
                "items": [{"sku": "{{ sku }}"}, "{{flag}}"],
                "{{not_a_key_placeholder}}": 1,
                "n": 5
            }
        }))
    }

    #[test]
    fn placeholders_are_found_everywhere_sorted_and_unique() {
        assert_eq!(
            placeholders(&orders()),
            ["count", "customer", "flag", "lang", "order_id", "shop", "sku"]
        );
    }

    #[test]
    fn only_names_in_double_braces_are_placeholders() {
        let p = payload(json!({
            "endpoint": "/a/{{1x}}/{{x-y}}/{{}}/{{ }}/{x}/{{{ok}}}/{{_under_9}}/{{unclosed",
        }));
        assert_eq!(placeholders(&p), ["_under_9", "ok"]);
        let p = payload(json!({"endpoint": "{{a}}{{b}}", "body": "{{ c\t}}"}));
        assert_eq!(placeholders(&p), ["a", "b", "c"]);
        assert!(placeholders(&RequestPayload::default()).is_empty());
    }

    #[test]
    fn fills_each_place_by_its_rule() {
        let filled = fill(
            &orders(),
            &args(json!({
                "shop": "tehran/north",
                "order_id": "۱۲ ab",
                "lang": "fa",
                "customer": 42,
                "count": 3,
                "sku": {"id": "x"},
                "flag": true,
                "unused": "ignored"
            })),
        )
        .unwrap();
        assert_eq!(filled.method, HttpMethod::Post);
        assert_eq!(
            filled.endpoint, "/shops/tehran%2Fnorth/orders/%DB%B1%DB%B2%20ab",
            "each value is one encoded path segment"
        );
        assert_eq!(filled.query, [("fixed".into(), "fa".into()), ("lang".into(), "fa".into())]);
        assert_eq!(filled.headers, [("X-Customer".into(), "customer-42".into())]);
        assert_eq!(
            filled.body,
            json!({
                "count": 3,
                "note": "سفارش ۱۲ ab برای 42",
                "items": [{"sku": {"id": "x"}}, true],
                "{{not_a_key_placeholder}}": 1,
                "n": 5
            })
        );
    }

    #[test]
    fn text_around_a_body_placeholder_makes_it_text() {
        let p = payload(json!({"body": {"a": " {{n}}", "b": "{{n}}{{n}}", "c": "{{n}}"}}));
        let filled = fill(&p, &args(json!({"n": 7}))).unwrap();
        assert_eq!(filled.body, json!({"a": " 7", "b": "77", "c": 7}));
    }

    #[test]
    fn missing_or_null_values_are_listed() {
        let err =
            fill(&orders(), &args(json!({"shop": "s", "lang": null, "count": 0}))).unwrap_err();
        assert_eq!(
            err,
            FillError::Missing(
                ["customer", "flag", "lang", "order_id", "sku"].map(String::from).to_vec()
            )
        );
    }

    #[test]
    fn a_dot_segment_is_refused() {
        let p = payload(json!({"endpoint": "/orders/{{id}}"}));
        for dots in [".", ".."] {
            assert_eq!(
                fill(&p, &args(json!({"id": dots}))),
                Err(FillError::DotSegment("id".into()))
            );
        }
        assert_eq!(fill(&p, &args(json!({"id": "..."}))).unwrap().endpoint, "/orders/...");
        assert_eq!(
            fill(&p, &args(json!({"id": "a b?c#d"}))).unwrap().endpoint,
            "/orders/a%20b%3Fc%23d"
        );
    }

    #[test]
    fn a_request_without_placeholders_is_sent_as_written() {
        let p = payload(json!({"endpoint": "/ping", "body": null, "headers": {"A": "{x}"}}));
        let filled = fill(&p, &Map::new()).unwrap();
        assert_eq!(filled.endpoint, "/ping");
        assert_eq!(filled.headers, [("A".into(), "{x}".into())]);
        assert_eq!(filled.body, Value::Null);
    }
}

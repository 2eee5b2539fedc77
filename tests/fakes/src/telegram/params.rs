//! A call's parameters, from wherever the client put them: the query
//! string, then an `application/x-www-form-urlencoded`, `application/json`
//! or `multipart/form-data` body, as the Bot API server reads them. Every
//! value is a string, as there: a JSON string is its content, any other
//! JSON value its JSON text (`42`, `true`, `["message"]`). The first of a
//! repeated name wins. Numbers and flags are read as the server reads them.

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Multipart, Query};
use axum::http::{Request, Uri, header};
use serde_json::Value;

use super::envelope::Refusal;

/// The most a call's body may be.
const MAX_BODY: usize = 50 << 20;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Params(Vec<(String, String)>);

impl Params {
    /// The value of `name`, `""` when absent (the server makes no difference).
    pub(super) fn arg(&self, name: &str) -> &str {
        self.0.iter().find(|(n, _)| n == name).map_or("", |(_, v)| v.as_str())
    }

    /// An integer parameter: `default` when absent, clamped to `min..=max`,
    /// and read as the server's `to_integer` reads (leading digits; none is 0).
    pub(super) fn integer(&self, name: &str, default: i64, min: i64, max: i64) -> i64 {
        let value = self.arg(name);
        let value = if value.is_empty() { default } else { to_integer(value) };
        value.clamp(min, max)
    }

    /// A flag: `true`, `yes` or `1`, in any case, around any spaces.
    pub(super) fn flag(&self, name: &str) -> bool {
        matches!(self.arg(name).trim().to_lowercase().as_str(), "true" | "yes" | "1")
    }

    /// The parameters of a JSON object, as a JSON body gives them.
    pub(super) fn from_json_object(object: &serde_json::Map<String, Value>) -> Params {
        Params(object.iter().map(|(name, value)| (name.clone(), json_arg(value))).collect())
    }

    /// The parameters of a request: its query, then its body.
    pub(super) async fn read(request: Request<Body>) -> Result<Params, Refusal> {
        let mut params = query(request.uri());
        let content_type = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_ascii_lowercase();
        if content_type.starts_with("multipart/form-data") {
            let mut form = Multipart::from_request(request, &())
                .await
                .map_err(|_| Refusal::bad_request("can't parse multipart/form-data request"))?;
            while let Some(field) = form
                .next_field()
                .await
                .map_err(|_| Refusal::bad_request("can't parse multipart/form-data request"))?
            {
                let name = field.name().unwrap_or_default().to_owned();
                // A file's content is not a parameter; its name stands in.
                let value = match field.file_name() {
                    Some(file_name) => format!("attach://{file_name}"),
                    None => field.text().await.unwrap_or_default(),
                };
                params.push((name, value));
            }
            return Ok(Params(params));
        }
        let body = axum::body::to_bytes(request.into_body(), MAX_BODY)
            .await
            .map_err(|_| Refusal::new(413, "Request Entity Too Large"))?;
        if content_type.starts_with("application/json") {
            params.extend(json_body(&body)?);
        } else if content_type.starts_with("application/x-www-form-urlencoded") {
            params.extend(form(body).await?);
        }
        Ok(Params(params))
    }
}

fn query(uri: &Uri) -> Vec<(String, String)> {
    Query::<Vec<(String, String)>>::try_from_uri(uri).map(|q| q.0).unwrap_or_default()
}

async fn form(body: Bytes) -> Result<Vec<(String, String)>, Refusal> {
    let request = Request::builder()
        .method("POST")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body))
        .expect("a request");
    axum::Form::<Vec<(String, String)>>::from_request(request, &())
        .await
        .map(|form| form.0)
        .map_err(|_| Refusal::bad_request("can't parse parameters"))
}

/// A JSON body: an object (an empty body is no parameters), in the server's
/// words when it is not one.
fn json_body(body: &[u8]) -> Result<Vec<(String, String)>, Refusal> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Vec::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(object)) => Ok(Params::from_json_object(&object).0),
        Ok(_) => Err(Refusal::bad_request("JSON object expected")),
        Err(e) => Err(Refusal::bad_request(&format!("can't parse JSON object: {e}"))),
    }
}

fn json_arg(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// tdlib's `to_integer`: an optional `-`, then digits up to the first
/// other character (none is 0).
pub(super) fn to_integer(text: &str) -> i64 {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let mut value: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        value = value.wrapping_mul(10).wrapping_add(i64::from(b - b'0'));
    }
    if negative { value.wrapping_neg() } else { value }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_flags_read_as_the_server_reads_them() {
        let params = Params(vec![
            ("limit".into(), "500".into()),
            ("offset".into(), "-3".into()),
            ("timeout".into(), "abc".into()),
            ("drop".into(), " TRUE ".into()),
            ("offset".into(), "9".into()),
        ]);
        assert_eq!(params.integer("limit", 100, 1, 100), 100);
        assert_eq!(params.integer("offset", 0, i64::MIN, i64::MAX), -3);
        assert_eq!(params.integer("timeout", 0, 0, 50), 0);
        assert_eq!(params.integer("missing", 7, 0, 50), 7);
        assert!(params.flag("drop"));
        assert!(!params.flag("missing"));
        assert_eq!(to_integer("42abc"), 42);
        assert_eq!(to_integer("@name"), 0);
    }

    #[test]
    fn json_values_become_strings() {
        let object = serde_json::json!({"chat_id": 42, "text": "سلام", "allowed_updates": ["message"], "x": true});
        let params = Params::from_json_object(object.as_object().unwrap());
        assert_eq!(params.arg("chat_id"), "42");
        assert_eq!(params.arg("text"), "سلام");
        assert_eq!(params.arg("allowed_updates"), "[\"message\"]");
        assert_eq!(params.arg("x"), "true");
        assert_eq!(json_body(b"[1]").unwrap_err().description, "Bad Request: JSON object expected");
    }
}

//! Performing a request node against its API definition: placeholders
//! filled by core, the definition's base URL, default headers and auth,
//! through the guarded client (no internal addresses, a timeout, a cap on
//! the answer's size), the answer picked by `response_mapping`, and the
//! definition's secrets never handed on.

use std::time::Instant;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use dastyar_core::MessageCode;
use dastyar_core::abilities::request_template::{FillError, fill};
use dastyar_core::data::apidefinition::{ApiAuthType, ApiDefinitionPayload};
use dastyar_core::data::request::{HttpMethod, RequestPayload};
use futures_util::StreamExt;
use serde::Serialize;
use serde_json::{Map, Value, json};
use ts_rs::TS;
use url::Url;
use utoipa::ToSchema;

use crate::runtime::outbound::{OutboundClient, refusal_in};

/// The most of an answer read: more is refused, never buffered.
pub const RESPONSE_LIMIT: usize = 256 * 1024;
/// The most of a text answer handed to the model.
const TEXT_FOR_MODEL: usize = 8_000;
/// The header an API key travels in when the definition names none.
const DEFAULT_KEY_HEADER: &str = "X-API-Key";

/// What performing a request came to.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct RequestOutcome {
    /// The API answered with a 2xx status.
    pub ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub status: Option<u16>,
    /// What the model (or the person) sees: `{status, data}`, or `{error}`.
    #[schema(value_type = Object)]
    #[ts(type = "unknown")]
    pub output: Value,
    /// Persian, when the call failed before or without an answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub error: Option<String>,
    pub duration_ms: u64,
}

/// Sends `request` against `definition` with the placeholder values `args`.
pub async fn perform(
    client: &OutboundClient,
    definition: &ApiDefinitionPayload,
    request: &RequestPayload,
    args: &Map<String, Value>,
) -> RequestOutcome {
    let started = Instant::now();
    let secrets = Secrets::of(definition);
    let outcome = match send(client, definition, request, args).await {
        Ok((status, body)) => {
            let data = mapped(&body, &request.response_mapping);
            RequestOutcome {
                ok: (200..300).contains(&status),
                status: Some(status),
                output: json!({"status": status, "data": data}),
                error: None,
                duration_ms: 0,
            }
        }
        Err(message) => RequestOutcome {
            ok: false,
            status: None,
            output: json!({"error": message}),
            error: Some(message),
            duration_ms: 0,
        },
    };
    RequestOutcome {
        output: secrets.scrub(outcome.output),
        error: outcome.error.map(|e| secrets.scrub_text(&e)),
        duration_ms: started.elapsed().as_millis() as u64,
        ..outcome
    }
}

/// The answer's status and body (JSON, or text as a string).
async fn send(
    client: &OutboundClient,
    definition: &ApiDefinitionPayload,
    request: &RequestPayload,
    args: &Map<String, Value>,
) -> Result<(u16, Value), String> {
    let filled = fill(request, args).map_err(|error| match error {
        FillError::Missing(names) => {
            MessageCode::RequestArgumentsMissing.render(&[("names", &names.join("، "))])
        }
        FillError::DotSegment(_) => MessageCode::RequestUrlInvalid.persian().to_owned(),
    })?;
    let url = url(&definition.base_url, &filled.endpoint, &filled.query)
        .ok_or_else(|| MessageCode::RequestUrlInvalid.persian().to_owned())?;
    let method = match filled.method {
        HttpMethod::Get => reqwest::Method::GET,
        HttpMethod::Post => reqwest::Method::POST,
        HttpMethod::Put => reqwest::Method::PUT,
        HttpMethod::Patch => reqwest::Method::PATCH,
        HttpMethod::Delete => reqwest::Method::DELETE,
    };
    let private = |host: &str| MessageCode::RequestPrivateAddress.render(&[("host", host)]);
    let mut builder = client.request(method, &url).map_err(|refused| private(&refused.host))?;
    for (name, value) in
        definition.default_headers.iter().chain(filled.headers.iter().map(|(k, v)| (k, v)))
    {
        builder = builder.header(name.as_str(), value.as_str());
    }
    builder = authorised(builder, definition);
    if !filled.body.is_null() && filled.method != HttpMethod::Get {
        builder = builder.json(&filled.body);
    }
    let response = builder.send().await.map_err(|error| failure(&error, client))?;
    let status = response.status().as_u16();
    let is_json = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.contains("json"));
    let mut bytes = Vec::new();
    let mut body = response.bytes_stream();
    while let Some(piece) = body.next().await {
        let piece = piece.map_err(|error| failure(&error, client))?;
        if bytes.len() + piece.len() > RESPONSE_LIMIT {
            let limit = format!("{} KB", RESPONSE_LIMIT / 1024);
            return Err(MessageCode::RequestResponseTooLarge.render(&[("limit", &limit)]));
        }
        bytes.extend_from_slice(&piece);
    }
    let parsed =
        serde_json::from_slice::<Value>(&bytes).ok().filter(|_| is_json || looks_like_json(&bytes));
    Ok((status, parsed.unwrap_or_else(|| Value::String(text_for_model(&bytes)))))
}

/// The base URL with the endpoint appended and the query added.
fn url(base: &str, endpoint: &str, query: &[(String, String)]) -> Option<Url> {
    let base = base.trim().trim_end_matches('/');
    let endpoint = endpoint.trim();
    let joined = if endpoint.is_empty() {
        base.to_owned()
    } else if endpoint.starts_with('/') {
        format!("{base}{endpoint}")
    } else {
        format!("{base}/{endpoint}")
    };
    let mut url = Url::parse(&joined).ok()?;
    if !query.is_empty() {
        url.query_pairs_mut().extend_pairs(query);
    }
    Some(url)
}

fn authorised(
    builder: reqwest::RequestBuilder,
    definition: &ApiDefinitionPayload,
) -> reqwest::RequestBuilder {
    let field =
        |name: &str| definition.auth_data.get(name).and_then(Value::as_str).unwrap_or_default();
    match definition.auth_type {
        ApiAuthType::None => builder,
        ApiAuthType::Bearer => builder.bearer_auth(field("token")),
        ApiAuthType::Basic => builder.basic_auth(field("username"), Some(field("password"))),
        ApiAuthType::ApiKey => {
            let header = Some(field("header").trim())
                .filter(|h| !h.is_empty())
                .unwrap_or(DEFAULT_KEY_HEADER);
            builder.header(header, field("key"))
        }
    }
}

/// The Persian message for a call that got no answer.
fn failure(error: &reqwest::Error, client: &OutboundClient) -> String {
    if let Some(refused) = refusal_in(error) {
        return MessageCode::RequestPrivateAddress.render(&[("host", &refused.host)]);
    }
    if error.is_timeout() {
        let seconds = client.timeout().as_secs().max(1).to_string();
        return MessageCode::RequestTimedOut.render(&[("seconds", &seconds)]);
    }
    let reason = if error.is_connect() {
        "اتصال برقرار نشد"
    } else {
        "پاسخ ناقص یا نامعتبر"
    };
    MessageCode::RequestFailed.render(&[("reason", reason)])
}

fn looks_like_json(bytes: &[u8]) -> bool {
    matches!(bytes.iter().find(|b| !b.is_ascii_whitespace()), Some(b'{' | b'['))
}

fn text_for_model(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).chars().take(TEXT_FOR_MODEL).collect()
}

/// `{"outName": "dot.path.0.to.value"}` picks values out of the answer; an
/// empty or missing mapping keeps it whole.
fn mapped(body: &Value, mapping: &Value) -> Value {
    let Some(mapping) = mapping.as_object().filter(|m| !m.is_empty()) else { return body.clone() };
    let picked: Map<String, Value> = mapping
        .iter()
        .map(|(name, path)| {
            let value =
                path.as_str().and_then(|p| at_path(body, p)).cloned().unwrap_or(Value::Null);
            (name.clone(), value)
        })
        .collect();
    Value::Object(picked)
}

fn at_path<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').filter(|s| !s.is_empty()).try_fold(value, |at, step| match at {
        Value::Array(items) => items.get(step.parse::<usize>().ok()?),
        _ => at.get(step),
    })
}

/// The definition's secret values, to be replaced wherever they show up.
struct Secrets(Vec<String>);

impl Secrets {
    fn of(definition: &ApiDefinitionPayload) -> Secrets {
        let field = |name: &str| {
            definition.auth_data.get(name).and_then(Value::as_str).unwrap_or_default().to_owned()
        };
        let mut secrets = match definition.auth_type {
            ApiAuthType::None => vec![],
            ApiAuthType::Bearer => vec![field("token")],
            ApiAuthType::Basic => {
                let pair = format!("{}:{}", field("username"), field("password"));
                vec![field("password"), BASE64.encode(pair)]
            }
            ApiAuthType::ApiKey => vec![field("key")],
        };
        // Very short values would blank out ordinary words.
        secrets.retain(|s| s.chars().count() >= 4);
        Secrets(secrets)
    }

    fn scrub_text(&self, text: &str) -> String {
        self.0.iter().fold(text.to_owned(), |text, secret| text.replace(secret.as_str(), "***"))
    }

    fn scrub(&self, value: Value) -> Value {
        match value {
            Value::String(text) => Value::String(self.scrub_text(&text)),
            Value::Array(items) => Value::Array(items.into_iter().map(|v| self.scrub(v)).collect()),
            Value::Object(map) => Value::Object(
                map.into_iter().map(|(k, v)| (self.scrub_text(&k), self.scrub(v))).collect(),
            ),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping_picks_by_dotted_paths() {
        let body = json!({"data": {"items": [{"name": "الف"}, {"name": "ب"}]}, "total": 2});
        let mapping =
            json!({"first": "data.items.0.name", "count": "total", "none": "data.missing"});
        assert_eq!(mapped(&body, &mapping), json!({"first": "الف", "count": 2, "none": null}));
        assert_eq!(mapped(&body, &json!({})), body);
        assert_eq!(mapped(&body, &Value::Null), body);
    }

    #[test]
    fn urls_join_and_carry_the_query() {
        let query = [("q".to_owned(), "سلام و".to_owned())];
        let joined = url("https://api.example.ir/v1/", "orders/12", &query).unwrap();
        assert_eq!(
            joined.as_str(),
            "https://api.example.ir/v1/orders/12?q=%D8%B3%D9%84%D8%A7%D9%85+%D9%88"
        );
        assert_eq!(
            url("https://api.example.ir", "", &[]).unwrap().as_str(),
            "https://api.example.ir/"
        );
        assert!(url("not a url", "/x", &[]).is_none());
    }

    #[test]
    fn secrets_are_scrubbed_everywhere() {
        let definition = ApiDefinitionPayload {
            auth_type: ApiAuthType::Basic,
            auth_data: json!({"username": "admin", "password": "s3cret-pass"}),
            ..ApiDefinitionPayload::default()
        };
        let secrets = Secrets::of(&definition);
        let basic = BASE64.encode("admin:s3cret-pass");
        let echoed = json!({"headers": {"authorization": format!("Basic {basic}")}, "note": ["s3cret-pass"]});
        assert_eq!(
            secrets.scrub(echoed),
            json!({"headers": {"authorization": "Basic ***"}, "note": ["***"]})
        );
    }
}

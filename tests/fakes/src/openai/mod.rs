//! A local OpenAI-compatible provider that speaks the real protocol:
//! `GET /v1/models`, `GET /v1/models/{id}`, `POST /v1/chat/completions`
//! (whole answers, and streams of `chat.completion.chunk` events with tool
//! calls in fragments and a usage chunk), with the error envelope
//! `{"error": {message, type, param, code}}` for bad requests, unknown
//! models, bad keys and injected failures.
//!
//! What it answers: scripted replies first ([`FakeOpenAi::push`], or
//! `POST /_fake/replies`), else a deterministic default (see
//! [`answer::default_reply`]). `/_fake/*` lets a browser spec or a benchmark
//! script it over HTTP.

mod answer;
mod control;
mod stream;

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::sync::Notify;

pub use answer::ToolCall;

/// One scripted answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    Text(String),
    /// Calls, answered at once (parallel calls when more than one).
    ToolCalls(Vec<ToolCall>),
    /// An error status with the envelope (429 adds `Retry-After: 0`).
    Error {
        status: u16,
        message: String,
    },
    /// Text that stops after `pause_after_words` words until [`FakeOpenAi::release`].
    GatedText {
        text: String,
        pause_after_words: usize,
    },
}

#[derive(Debug, Clone)]
pub struct FakeOpenAiConfig {
    /// When set, `Authorization: Bearer <key>` is required.
    pub api_key: Option<String>,
    pub models: Vec<String>,
    /// The pause before each streamed word, as a model writes.
    pub word_delay: Duration,
}

impl Default for FakeOpenAiConfig {
    fn default() -> Self {
        FakeOpenAiConfig {
            api_key: None,
            models: ["gpt-4.1-nano", "gpt-4.1-mini", "gpt-4.1", "gpt-4o-mini", "gpt-4o"]
                .map(str::to_owned)
                .to_vec(),
            word_delay: Duration::ZERO,
        }
    }
}

#[derive(Debug, Default)]
struct Inner {
    replies: VecDeque<Reply>,
    chat_requests: Vec<Value>,
    authorizations: Vec<Option<String>>,
    models_calls: usize,
    /// The next this many calls answer this status.
    failures: Option<(usize, u16)>,
    down: bool,
    word_delay: Duration,
    completions: u64,
}

#[derive(Debug)]
struct Shared {
    config: FakeOpenAiConfig,
    inner: Mutex<Inner>,
    /// Lets a gated text go on; a release before the pause is kept.
    gate: Notify,
}

/// The running fake: its base URL (ending in `/v1`) and what it has seen.
#[derive(Debug, Clone)]
pub struct FakeOpenAi {
    pub base_url: String,
    shared: Arc<Shared>,
}

impl FakeOpenAi {
    pub async fn start() -> FakeOpenAi {
        FakeOpenAi::start_with(FakeOpenAiConfig::default()).await
    }

    pub async fn start_with(config: FakeOpenAiConfig) -> FakeOpenAi {
        FakeOpenAi::start_on("127.0.0.1:0".parse().expect("an address"), config).await
    }

    /// On a given address (the binary's `--openai-port`).
    pub async fn start_on(addr: SocketAddr, config: FakeOpenAiConfig) -> FakeOpenAi {
        let inner = Inner { word_delay: config.word_delay, ..Inner::default() };
        let shared = Arc::new(Shared { config, inner: Mutex::new(inner), gate: Notify::new() });
        let router = Router::new()
            .route("/v1/models", get(models))
            .route("/v1/models/{id}", get(model))
            .route("/v1/chat/completions", post(chat))
            .merge(control::router())
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind(addr).await.expect("the fake's port is free");
        let addr = listener.local_addr().expect("a bound address");
        tokio::spawn(async move { axum::serve(listener, router).await.expect("the fake serves") });
        FakeOpenAi { base_url: format!("http://{addr}/v1"), shared }
    }

    pub fn push(&self, reply: Reply) {
        self.shared.lock().replies.push_back(reply);
    }

    /// Lets a held [`Reply::GatedText`] finish.
    pub fn release(&self) {
        self.shared.gate.notify_one();
    }

    /// The next `count` calls to `/v1` answer `status` with the envelope.
    pub fn fail_next(&self, count: usize, status: u16) {
        self.shared.lock().failures = Some((count, status));
    }

    /// While down, every `/v1` call answers 502 with an HTML page, as a gateway would.
    pub fn set_down(&self, down: bool) {
        self.shared.lock().down = down;
    }

    /// Every chat body received, in order (failed ones too).
    pub fn chat_requests(&self) -> Vec<Value> {
        self.shared.lock().chat_requests.clone()
    }

    /// The `Authorization` header of every `/v1` call.
    pub fn authorizations(&self) -> Vec<Option<String>> {
        self.shared.lock().authorizations.clone()
    }

    pub fn models_calls(&self) -> usize {
        self.shared.lock().models_calls
    }
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().expect("the fake's state is not poisoned")
    }

    /// The failure a `/v1` call meets before anything else, if any.
    fn refuse(&self, headers: &HeaderMap) -> Option<Response> {
        let auth =
            headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let mut inner = self.lock();
        inner.authorizations.push(auth.clone());
        if inner.down {
            let page = "<html><body><h1>502 Bad Gateway</h1></body></html>";
            return Some(
                (StatusCode::BAD_GATEWAY, [(header::CONTENT_TYPE, "text/html")], page)
                    .into_response(),
            );
        }
        if let Some((left, status)) = inner.failures {
            inner.failures = (left > 1).then_some((left - 1, status));
            return Some(error(status, "The server had an error while processing your request."));
        }
        drop(inner);
        if let Some(key) = &self.config.api_key
            && auth.as_deref() != Some(&format!("Bearer {key}"))
        {
            return Some(error_with(
                401,
                "Incorrect API key provided.",
                "invalid_request_error",
                "invalid_api_key",
            ));
        }
        None
    }
}

/// The error envelope for `status`, with the type and code OpenAI gives it.
pub(crate) fn error(status: u16, message: &str) -> Response {
    let (kind, code) = match status {
        400 => ("invalid_request_error", "invalid_request"),
        401 => ("invalid_request_error", "invalid_api_key"),
        404 => ("invalid_request_error", "model_not_found"),
        429 => ("rate_limit_exceeded", "rate_limit_exceeded"),
        _ => ("server_error", "server_error"),
    };
    error_with(status, message, kind, code)
}

fn error_with(status: u16, message: &str, kind: &str, code: &str) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = json!({"error": {"message": message, "type": kind, "param": null, "code": code}});
    let mut response = (status, axum::Json(body)).into_response();
    if status == StatusCode::TOO_MANY_REQUESTS {
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("0"));
    }
    response
}

fn model_entry(id: &str) -> Value {
    json!({"id": id, "object": "model", "created": 1_700_000_000, "owned_by": "dastyar-fake"})
}

async fn models(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    if let Some(refused) = shared.refuse(&headers) {
        return refused;
    }
    shared.lock().models_calls += 1;
    let data: Vec<Value> = shared.config.models.iter().map(|m| model_entry(m)).collect();
    axum::Json(json!({"object": "list", "data": data})).into_response()
}

async fn model(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = shared.refuse(&headers) {
        return refused;
    }
    if shared.config.models.contains(&id) {
        axum::Json(model_entry(&id)).into_response()
    } else {
        error(404, &format!("The model `{id}` does not exist or you do not have access to it."))
    }
}

async fn chat(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> Response {
    let request: Option<Value> = serde_json::from_slice(&body).ok();
    shared.lock().chat_requests.push(request.clone().unwrap_or(Value::Null));
    if let Some(refused) = shared.refuse(&headers) {
        return refused;
    }
    let Some(request) = request.filter(Value::is_object) else {
        return error(400, "We could not parse the JSON body of your request.");
    };
    let Some(model) = request.get("model").and_then(Value::as_str) else {
        return error(400, "you must provide a model parameter");
    };
    if !shared.config.models.iter().any(|m| m == model) {
        return error(
            404,
            &format!("The model `{model}` does not exist or you do not have access to it."),
        );
    }
    if request.get("messages").and_then(Value::as_array).is_none_or(Vec::is_empty) {
        return error(400, "'messages' must contain at least one message.");
    }
    let (scripted, number, word_delay) = {
        let mut inner = shared.lock();
        inner.completions += 1;
        (inner.replies.pop_front(), inner.completions, inner.word_delay)
    };
    let reply = scripted.unwrap_or_else(|| answer::default_reply(&request));
    if let Reply::Error { status, message } = &reply {
        return error(*status, message);
    }
    let answer = answer::Answer::new(&request, reply, number);
    if request.get("stream").and_then(Value::as_bool) == Some(true) {
        let usage =
            request.pointer("/stream_options/include_usage").and_then(Value::as_bool) == Some(true);
        stream::respond(answer, usage, word_delay, shared.clone())
    } else {
        axum::Json(answer.whole()).into_response()
    }
}

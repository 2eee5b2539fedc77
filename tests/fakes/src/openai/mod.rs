//! A local OpenAI-compatible provider that speaks the real protocol:
//! `GET /v1/models`, `GET /v1/models/{id}`, `POST /v1/chat/completions`
//! (whole answers, and streams of `chat.completion.chunk` events with tool
//! calls in fragments and a usage chunk) and `POST /v1/embeddings`
//! (deterministic vectors that keep similar texts close, see [`embed`]),
//! with the error envelope
//! `{"error": {message, type, param, code}}` for bad requests, unknown
//! models, bad keys and injected failures.
//!
//! What it answers: scripted replies first ([`FakeOpenAi::push`], or
//! `POST /_fake/replies`), else a deterministic default (see
//! [`answer::default_reply`]). `/_fake/*` lets a browser spec or a benchmark
//! script it over HTTP.

mod answer;
mod control;
mod embeddings;
mod gate;
mod stream;

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};

pub use answer::ToolCall;
pub use embeddings::{EmbeddingModel, embed};
use gate::Gate;

/// One scripted answer, so a test decides what "the model" says next
/// instead of relying on the default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// Plain text (streamed a word at a time when the request streams).
    Text(String),
    /// Calls, answered at once (parallel calls when more than one).
    ToolCalls(Vec<ToolCall>),
    /// An error status with the envelope (429 adds `Retry-After: 0`), for
    /// streaming requests too, before any event: the provider refusing.
    Error { status: u16, message: String },
    /// Text that stops after `pause_after_words` words until
    /// [`FakeOpenAi::release`], so a test can act while an answer is being
    /// written (a whole, non-streamed answer waits for the release too).
    GatedText { text: String, pause_after_words: usize },
}

/// How the fake is set up; [`Default`] is what most tests want.
#[derive(Debug, Clone)]
pub struct FakeOpenAiConfig {
    /// When set, `Authorization: Bearer <key>` is required (a 401 otherwise),
    /// so a test can prove the client sends its key.
    pub api_key: Option<String>,
    /// The models `/v1/models` lists and chat accepts (others are 404
    /// `model_not_found`), so model checks and pickers have something real.
    pub models: Vec<String>,
    /// The pause before each streamed word or fragment, as a model writes,
    /// so streaming is visible to browser specs and benchmarks.
    pub word_delay: Duration,
    /// The models `/v1/embeddings` serves (also listed by `/v1/models`),
    /// each with the length of its vectors.
    pub embedding_models: Vec<EmbeddingModel>,
}

impl Default for FakeOpenAiConfig {
    fn default() -> Self {
        FakeOpenAiConfig {
            api_key: None,
            models: ["gpt-4.1-nano", "gpt-4.1-mini", "gpt-4.1", "gpt-4o-mini", "gpt-4o"]
                .map(str::to_owned)
                .to_vec(),
            word_delay: Duration::ZERO,
            // Real sizes are 1536 and 768; shorter keeps tests light.
            embedding_models: vec![
                EmbeddingModel::new("text-embedding-3-small", 256),
                EmbeddingModel::new("nomic-embed-text", 128),
            ],
        }
    }
}

/// What the fake has been told and has seen, behind one lock (never held across an await).
#[derive(Debug, Default)]
struct Inner {
    replies: VecDeque<Reply>,
    chat_requests: Vec<Value>,
    embedding_requests: Vec<Value>,
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
    /// Lets gated texts go on; releases are counted, so none is lost.
    gate: Gate,
}

/// The running fake: a handle to clone into tests, with its base URL and
/// what it has seen. It serves until the runtime that started it ends.
#[derive(Debug, Clone)]
pub struct FakeOpenAi {
    /// `http://127.0.0.1:PORT/v1`, what a client takes as its base URL.
    pub base_url: String,
    shared: Arc<Shared>,
}

impl FakeOpenAi {
    /// The default fake on a free port: no key, the usual models, no delay.
    pub async fn start() -> FakeOpenAi {
        FakeOpenAi::start_with(FakeOpenAiConfig::default()).await
    }

    /// A fake set up by `config` on a free port.
    pub async fn start_with(config: FakeOpenAiConfig) -> FakeOpenAi {
        FakeOpenAi::start_on("127.0.0.1:0".parse().expect("an address"), config).await
    }

    /// On a given address (the binary's `--openai-port`; port 0 takes a free one).
    pub async fn start_on(addr: SocketAddr, config: FakeOpenAiConfig) -> FakeOpenAi {
        assert!(
            config.embedding_models.iter().all(|m| m.dimensions > 0),
            "an embedding model's vectors have at least one dimension"
        );
        let inner = Inner { word_delay: config.word_delay, ..Inner::default() };
        let shared = Arc::new(Shared { config, inner: Mutex::new(inner), gate: Gate::default() });
        let router = Router::new()
            .route("/v1/models", get(models))
            .route("/v1/models/{id}", get(model))
            .route("/v1/chat/completions", post(chat))
            .route("/v1/embeddings", post(embeddings::embeddings))
            .merge(control::router())
            .fallback(unknown_url)
            .with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind(addr).await.expect("the fake's port is free");
        let addr = listener.local_addr().expect("a bound address");
        tokio::spawn(async move { axum::serve(listener, router).await.expect("the fake serves") });
        FakeOpenAi { base_url: format!("http://{addr}/v1"), shared }
    }

    /// Queues what the next chat completion answers (before the default).
    pub fn push(&self, reply: Reply) {
        if let Reply::Error { status, .. } = &reply {
            assert!(
                is_error_status(*status),
                "Reply::Error takes a 4xx or 5xx status, not {status}"
            );
        }
        self.shared.lock().replies.push_back(reply);
    }

    /// Lets one held [`Reply::GatedText`] finish; made before the answer
    /// reaches its pause, it is kept for it.
    pub fn release(&self) {
        self.shared.gate.release();
    }

    /// The next `count` calls to `/v1` answer `status` with the envelope,
    /// for retries and error handling (e.g. 429, 500, 503).
    pub fn fail_next(&self, count: usize, status: u16) {
        assert!(is_error_status(status), "fail_next takes a 4xx or 5xx status, not {status}");
        self.shared.fail_next(count, status);
    }

    /// While down, every `/v1` call answers 502 with an HTML page, as a gateway would.
    pub fn set_down(&self, down: bool) {
        self.shared.lock().down = down;
    }

    /// The pause before each streamed word from now on.
    pub fn set_word_delay(&self, word_delay: Duration) {
        self.shared.lock().word_delay = word_delay;
    }

    /// Every chat body received, in order (failed ones too; a body that is
    /// not JSON as a JSON string), to check what the client sent.
    pub fn chat_requests(&self) -> Vec<Value> {
        self.shared.lock().chat_requests.clone()
    }

    /// Every embeddings body received, in order, kept as
    /// [`FakeOpenAi::chat_requests`] keeps chat bodies.
    pub fn embedding_requests(&self) -> Vec<Value> {
        self.shared.lock().embedding_requests.clone()
    }

    /// The `Authorization` header of every `/v1` call, to check the key is sent.
    pub fn authorizations(&self) -> Vec<Option<String>> {
        self.shared.lock().authorizations.clone()
    }

    /// How many times `GET /v1/models` answered the list (refused calls
    /// not counted), to check a client's cache.
    pub fn models_calls(&self) -> usize {
        self.shared.lock().models_calls
    }

    /// Forgets the queued replies, the injected failures, the outage, the
    /// unused releases and the recordings (the word delay stays), so one
    /// fake can serve many browser specs.
    pub fn reset(&self) {
        self.shared.reset();
    }
}

fn is_error_status(status: u16) -> bool {
    (400..=599).contains(&status)
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().expect("the fake's state is not poisoned")
    }

    fn embedding_model(&self, id: &str) -> Option<&EmbeddingModel> {
        self.config.embedding_models.iter().find(|m| m.id == id)
    }

    fn fail_next(&self, count: usize, status: u16) {
        self.lock().failures = (count > 0).then_some((count, status));
    }

    fn reset(&self) {
        let mut inner = self.lock();
        let word_delay = inner.word_delay;
        let completions = inner.completions;
        // Ids keep counting, so an id is never seen twice.
        *inner = Inner { word_delay, completions, ..Inner::default() };
        self.gate.clear();
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
            return Some(error(status, injected_message(status)));
        }
        drop(inner);
        if let Some(key) = &self.config.api_key
            && auth.as_deref() != Some(&format!("Bearer {key}"))
        {
            let message = if auth.is_none() {
                "You didn't provide an API key. You need to provide your API key in an \
                 Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY)."
            } else {
                "Incorrect API key provided."
            };
            return Some(error_with(
                401,
                message,
                "invalid_request_error",
                Some("invalid_api_key"),
            ));
        }
        None
    }
}

/// What an injected failure says, in OpenAI's words for that status.
fn injected_message(status: u16) -> &'static str {
    match status {
        429 => "Rate limit reached for requests. Please try again in 0s.",
        500 => "The server had an error while processing your request. Sorry about that!",
        502 | 503 => "The server is overloaded or not ready yet.",
        _ => "The request failed (injected by the fake).",
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
    error_with(status, message, kind, Some(code))
}

/// The envelope with a given type and code (`null` where OpenAI gives none).
fn error_with(status: u16, message: &str, kind: &str, code: Option<&str>) -> Response {
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
    let chat = shared.config.models.iter().map(String::as_str);
    let embedding = shared.config.embedding_models.iter().map(|m| m.id.as_str());
    let data: Vec<Value> = chat.chain(embedding).map(model_entry).collect();
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
    if shared.config.models.contains(&id) || shared.embedding_model(&id).is_some() {
        axum::Json(model_entry(&id)).into_response()
    } else {
        error(404, &format!("The model `{id}` does not exist or you do not have access to it."))
    }
}

/// OpenAI's answer to a path it does not serve.
async fn unknown_url(method: Method, uri: Uri) -> Response {
    let message = format!("Invalid URL ({method} {})", uri.path());
    error_with(404, &message, "invalid_request_error", Some("unknown_url"))
}

async fn chat(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> Response {
    let request: Option<Value> = serde_json::from_slice(&body).ok();
    let recorded = request
        .clone()
        .unwrap_or_else(|| Value::String(String::from_utf8_lossy(&body).into_owned()));
    shared.lock().chat_requests.push(recorded);
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
        if answer.pause_after_words.is_some() {
            shared.gate.pass().await;
        }
        axum::Json(answer.whole()).into_response()
    }
}

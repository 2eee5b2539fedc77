//! The test harness: the whole app on a fresh database, driven through the
//! router without a socket, on SQLite always and on PostgreSQL when
//! `TEST_POSTGRES_URL` is set (each test in its own schema, so tests run in
//! parallel).

#![allow(dead_code)] // each test binary uses its own part of the harness

pub mod canvas;
pub mod chat;
pub mod nodes;
pub mod png;
pub mod upload;

use std::future::Future;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Once;
use std::time::{Duration, SystemTime};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use dastyar_server::{AppState, Config, app};
use serde_json::{Value, json};
use sqlx::any::AnyPoolOptions;
use sqlx::{AssertSqlSafe, Executor};
use tower::ServiceExt;

pub const PASSWORD: &str = "sib-golab-1402";

/// Which database a scenario runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs `scenario` on a fresh app over SQLite, then over PostgreSQL when
/// `TEST_POSTGRES_URL` is set (saying so once when it is not).
pub async fn for_each_backend<F, Fut>(scenario: F)
where
    F: Fn(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    for_each_backend_with(|_| {}, scenario).await;
}

/// [`for_each_backend`] with the configuration changed first.
pub async fn for_each_backend_with<C, F, Fut>(configure: C, scenario: F)
where
    C: Fn(&mut Config),
    F: Fn(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    run_configured(Backend::Sqlite, &configure, &scenario).await;
    match postgres_url() {
        Some(_) => run_configured(Backend::Postgres, &configure, &scenario).await,
        None => {
            static SAID: Once = Once::new();
            // Straight to stderr: the test harness captures eprintln!.
            SAID.call_once(|| {
                let _ = writeln!(
                    std::io::stderr(),
                    "PostgreSQL tests skipped: TEST_POSTGRES_URL is not set"
                );
            });
        }
    }
}

/// Runs `scenario` on one backend, cleaning up even when it panics.
async fn run_configured<C, F, Fut>(backend: Backend, configure: &C, scenario: &F)
where
    C: Fn(&mut Config),
    F: Fn(TestApp) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let env = TestEnv::new(backend).await;
    let app = env.app_with(configure).await;
    let outcome = tokio::spawn(scenario(app)).await;
    env.remove().await;
    if let Err(error) = outcome {
        match error.try_into_panic() {
            Ok(panic) => {
                let _ = writeln!(std::io::stderr(), "the scenario above failed on {backend:?}");
                std::panic::resume_unwind(panic)
            }
            Err(error) => panic!("the scenario on {backend:?} did not finish: {error}"),
        }
    }
}

/// The PostgreSQL the tests use. With `CI=true` it is required: a green CI
/// must mean both backends passed.
pub fn postgres_url() -> Option<String> {
    let url = std::env::var("TEST_POSTGRES_URL").ok().filter(|url| !url.trim().is_empty());
    if url.is_none() && std::env::var("CI").is_ok_and(|ci| ci == "true") {
        panic!(
            "CI=true needs PostgreSQL for the server tests: set TEST_POSTGRES_URL \
             (make test finds the local server on 127.0.0.1:5432)"
        );
    }
    url
}

/// A scratch folder (data folder, SQLite file, web folder) and, on
/// PostgreSQL, a schema of its own.
pub struct TestEnv {
    pub backend: Backend,
    pub dir: PathBuf,
    pub database_url: String,
    schema: Option<String>,
}

impl TestEnv {
    pub async fn new(backend: Backend) -> TestEnv {
        let id = format!("{:016x}", rand::random::<u64>());
        let dir = std::env::temp_dir().join(format!("dastyar-test-{id}"));
        std::fs::create_dir_all(&dir).unwrap();
        let (database_url, schema) = match backend {
            // A folder that does not exist yet: the server must create it.
            Backend::Sqlite => {
                (format!("sqlite://{}?mode=rwc", dir.join("db/dastyar.db").display()), None)
            }
            Backend::Postgres => {
                let base = postgres_url().expect("TEST_POSTGRES_URL");
                let schema = format!("t_{id}");
                let sql = format!("CREATE SCHEMA {schema}");
                admin(&base).await.execute(AssertSqlSafe(sql)).await.unwrap();
                let separator = if base.contains('?') { '&' } else { '?' };
                (format!("{base}{separator}options=-c%20search_path%3D{schema}"), Some(schema))
            }
        };
        TestEnv { backend, dir, database_url, schema }
    }

    pub fn config(&self) -> Config {
        let mut config = Config::with_data_dir(self.dir.join("data"));
        config.database_url = Some(self.database_url.clone());
        config.web_dir = self.dir.join("web");
        config
    }

    pub async fn app(&self) -> TestApp {
        self.app_with(&|_: &mut Config| {}).await
    }

    /// The app with its configuration changed first.
    pub async fn app_with(&self, configure: &dyn Fn(&mut Config)) -> TestApp {
        let mut config = self.config();
        configure(&mut config);
        let app = TestApp::open(config, self.backend).await;
        if let Some(schema) = &self.schema {
            // The app really works inside this test's own schema.
            assert_eq!(app.state.db.backend(), dastyar_server::db::Backend::Postgres);
            let current: (String,) = sqlx::query_as("SELECT current_schema()::text")
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
            assert_eq!(&current.0, schema);
        }
        app
    }

    pub async fn remove(self) {
        if let Some(schema) = &self.schema {
            let base = postgres_url().expect("TEST_POSTGRES_URL");
            let sql = format!("DROP SCHEMA {schema} CASCADE");
            admin(&base).await.execute(AssertSqlSafe(sql)).await.unwrap();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn admin(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .expect("connect to TEST_POSTGRES_URL")
}

/// The app and its state, with request helpers.
pub struct TestApp {
    pub router: Router,
    pub state: AppState,
    pub backend: Backend,
}

impl TestApp {
    pub async fn open(config: Config, backend: Backend) -> TestApp {
        let state = AppState::open(config).await.expect("the app opens");
        TestApp { router: app(state.clone()), state, backend }
    }

    /// Drops the app, closes its pool and opens it again on the same database
    /// and data folder, as a restart would.
    pub async fn restart(self) -> TestApp {
        let config = (*self.state.config).clone();
        let backend = self.backend;
        let db = self.state.db.clone();
        drop(self);
        db.close().await;
        TestApp::open(config, backend).await
    }

    pub async fn send(&self, request: Request<Body>) -> TestResponse {
        let response = self.router.clone().oneshot(request).await.expect("the router never fails");
        let status = response.status();
        let headers = response.headers().clone();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        TestResponse { status, headers, body }
    }

    /// A request with an optional bearer token and an optional JSON body.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> TestResponse {
        self.call_from(method, path, None, token, body).await
    }

    /// [`TestApp::call`] from a page at `origin` (its `Origin` header), as a browser sends it.
    pub async fn call_from(
        &self,
        method: Method,
        path: &str,
        origin: Option<&str>,
        token: Option<&str>,
        body: Option<Value>,
    ) -> TestResponse {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(origin) = origin {
            request = request.header(header::ORIGIN, origin);
        }
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let body = match body {
            Some(json) => {
                request = request.header(header::CONTENT_TYPE, "application/json");
                Body::from(json.to_string())
            }
            None => Body::empty(),
        };
        self.send(request.body(body).unwrap()).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> TestResponse {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> TestResponse {
        self.call(Method::POST, path, token, Some(body)).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> TestResponse {
        self.call(Method::PUT, path, token, Some(body)).await
    }

    pub async fn patch(&self, path: &str, token: Option<&str>, body: Value) -> TestResponse {
        self.call(Method::PATCH, path, token, Some(body)).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> TestResponse {
        self.call(Method::DELETE, path, token, None).await
    }

    /// A raw body with the given content type (or none).
    pub async fn raw(
        &self,
        method: Method,
        path: &str,
        content_type: Option<&str>,
        body: impl Into<Body>,
    ) -> TestResponse {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        self.send(request.body(body.into()).unwrap()).await
    }

    /// Registers an account and answers its token and user id.
    pub async fn register(&self, email: &str) -> (String, i64) {
        let response = self
            .post(
                "/api/auth/register",
                None,
                json!({"email": email, "password": PASSWORD, "name": "سارا"}),
            )
            .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let json = response.json();
        (json["token"].as_str().unwrap().to_owned(), json["user"]["id"].as_i64().unwrap())
    }

    /// Draws the edge `source` → `target` through `POST /api/edges` (asserting 201).
    pub async fn connect(
        &self,
        token: &str,
        project: i64,
        source: (dastyar_core::NodeKind, i64),
        target: (dastyar_core::NodeKind, i64),
    ) {
        let body = json!({"project_id": project, "source_type": source.0, "source_id": source.1,
                          "target_type": target.0, "target_id": target.1});
        let response = self.post("/api/edges", Some(token), body).await;
        assert_eq!(
            response.status,
            StatusCode::CREATED,
            "{source:?} -> {target:?}: {}",
            response.text()
        );
    }

    /// Creates a project and answers its id.
    pub async fn create_project(&self, token: &str, name: &str) -> i64 {
        let response =
            self.post("/api/playground/projects", Some(token), json!({"name": name})).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        response.json()["id"].as_i64().unwrap()
    }

    /// A token for `user_id` that expired a day ago.
    pub fn expired_token(&self, user_id: i64) -> String {
        let issued = SystemTime::now()
            - dastyar_server::accounts::token::TOKEN_LIFETIME
            - Duration::from_secs(24 * 3600);
        self.state.keys.issue_at(user_id, 0, issued).unwrap()
    }
}

/// Whether `text` is `template` with each `{placeholder}` filled in somehow.
pub fn matches_template(text: &str, template: &str) -> bool {
    let mut parts = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        parts.push(&rest[..open]);
        rest = &rest[open + close + 1..];
    }
    parts.push(rest);
    let Some((first, others)) = parts.split_first() else { return text == template };
    let Some(mut remaining) = text.strip_prefix(first) else { return false };
    if others.is_empty() {
        return remaining.is_empty();
    }
    let (last, middle) = others.split_last().expect("not empty");
    for part in middle {
        match remaining.find(part) {
            Some(at) => remaining = &remaining[at + part.len()..],
            None => return false,
        }
    }
    remaining.ends_with(last)
}

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl TestResponse {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    /// Asserts the JSON error shape with this status and code (and a Persian
    /// message), answering the details.
    pub fn assert_error(&self, status: u16, code: &str) -> Value {
        assert_eq!(self.status.as_u16(), status, "{}", self.text());
        let content_type = self.headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok());
        assert_eq!(content_type, Some("application/json"), "{}", self.text());
        let json = self.json();
        let error = &json["error"];
        assert_eq!(error["code"], code, "{json}");
        let message = error["message"].as_str().unwrap_or_else(|| panic!("no message: {json}"));
        let expected = dastyar_core::MessageCode::from_code(code)
            .unwrap_or_else(|| panic!("unknown code {code}"));
        assert!(
            message.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
            "not Persian: {message}"
        );
        assert!(
            matches_template(message, expected.persian()),
            "{message:?} is not the catalogue's {:?}",
            expected.persian()
        );
        assert!(error["details"].is_object(), "{json}");
        error["details"].clone()
    }

    /// Asserts a 422 on `field` with `code`.
    pub fn assert_invalid(&self, field: &str, code: &str) {
        let details = self.assert_error(422, code);
        assert_eq!(details["field"], field, "{details}");
    }
}

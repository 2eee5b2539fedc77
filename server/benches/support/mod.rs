//! What the benchmarks share: the release binary on a free port and a fresh
//! data folder, a small JSON client, and running requests with bounded
//! concurrency while timing each.

#![allow(dead_code)] // each benchmark uses its own part

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::Semaphore;

pub fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The results and per-request latencies of one phase.
pub struct Phase<T> {
    pub values: Vec<T>,
    pub timings: Timings,
}

pub struct Timings {
    pub latencies: Vec<Duration>,
    pub wall: Duration,
}

/// Runs `count` requests, at most `concurrency` at a time.
pub async fn run<T, F, Fut>(count: usize, concurrency: usize, request: F) -> Phase<T>
where
    T: Send + 'static,
    F: Fn(usize) -> Fut,
    Fut: std::future::Future<Output = T> + Send + 'static,
{
    let gate = Arc::new(Semaphore::new(concurrency));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(count);
    for i in 0..count {
        let permit = gate.clone().acquire_owned().await.expect("semaphore open");
        let future = request(i);
        tasks.push(tokio::spawn(async move {
            let t = Instant::now();
            let value = future.await;
            drop(permit);
            (value, t.elapsed())
        }));
    }
    let mut values = Vec::with_capacity(count);
    let mut latencies = Vec::with_capacity(count);
    for task in tasks {
        let (value, latency) = task.await.expect("request task");
        values.push(value);
        latencies.push(latency);
    }
    Phase { values, timings: Timings { latencies, wall: started.elapsed() } }
}

impl Timings {
    pub fn percentile(&self, p: f64) -> f64 {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
        sorted.get(index).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

/// The release binary on a free port and a fresh data folder.
pub struct Server {
    child: Child,
    pub base: String,
    _data: tempdir::TempDir,
}

impl Server {
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// With more environment variables (a provider's base URL, a plans file).
    pub fn start_with(env: &[(&str, String)]) -> Server {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let data = tempdir::TempDir::new();
        let child = Command::new(env!("CARGO_BIN_EXE_dastyar"))
            .arg("serve")
            .env("DASTYAR_ADDR", format!("127.0.0.1:{port}"))
            .env("DASTYAR_DATA_DIR", data.path())
            .env_remove("DATABASE_URL")
            .env("RUST_LOG", "warn")
            // The benchmarks' clients all come from 127.0.0.1.
            .env("DASTYAR_REGISTRATIONS_PER_HOUR", "1000000")
            .env("DASTYAR_LOGINS_PER_MINUTE", "1000000")
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .stdout(Stdio::null())
            .spawn()
            .expect("start dastyar");
        let base = format!("http://127.0.0.1:{port}");
        let server = Server { child, base, _data: data };
        for _ in 0..200 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return server;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("dastyar did not start listening on {port}");
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn status_kib(&self, field: &str) -> f64 {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kib| kib.parse().ok())
            .unwrap_or(0.0)
    }

    pub fn report(&self, phase: &str, timings: Option<&Timings>) {
        let rss = self.status_kib("VmRSS:") / 1024.0;
        match timings {
            None => {
                println!("{phase:<28} {:>8} {:>10} {:>9} {:>9} {rss:>10.1}", "-", "-", "-", "-")
            }
            Some(t) => println!(
                "{phase:<28} {:>8} {:>10.0} {:>9.2} {:>9.2} {rss:>10.1}",
                t.latencies.len(),
                t.latencies.len() as f64 / t.wall.as_secs_f64(),
                t.percentile(0.50),
                t.percentile(0.99),
            ),
        }
    }

    pub fn report_peak(&self) {
        println!("peak RSS (VmHWM): {:.1} MiB", self.status_kib("VmHWM:") / 1024.0);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// PostgreSQL's address for the benchmarks: `BENCH_POSTGRES_URL`, else `TEST_POSTGRES_URL`.
pub fn postgres_base() -> Option<String> {
    std::env::var("BENCH_POSTGRES_URL").or_else(|_| std::env::var("TEST_POSTGRES_URL")).ok()
}

/// A fresh schema on PostgreSQL, dropped with [`PostgresSchema::drop_now`].
pub struct PostgresSchema {
    base: String,
    name: String,
    /// The URL that works inside it.
    pub url: String,
}

impl PostgresSchema {
    pub async fn create(base: &str) -> PostgresSchema {
        use sqlx::{AssertSqlSafe, Executor};
        sqlx::any::install_default_drivers();
        let name = format!("bench_{:016x}", rand::random::<u64>());
        let admin = sqlx::AnyPool::connect(base).await.expect("PostgreSQL reachable");
        admin.execute(AssertSqlSafe(format!("CREATE SCHEMA {name}"))).await.expect("schema");
        let separator = if base.contains('?') { '&' } else { '?' };
        let url = format!("{base}{separator}options=-c%20search_path%3D{name}");
        PostgresSchema { base: base.to_owned(), name, url }
    }

    pub async fn drop_now(self) {
        use sqlx::{AssertSqlSafe, Executor};
        let admin = sqlx::AnyPool::connect(&self.base).await.expect("PostgreSQL reachable");
        let drop = format!("DROP SCHEMA {} CASCADE", self.name);
        admin.execute(AssertSqlSafe(drop)).await.expect("the schema goes");
    }
}

/// What came back from a GET with headers: its status, body size and ETag.
pub struct Fetched {
    pub status: u16,
    pub bytes: usize,
    pub etag: Option<String>,
    pub encoding: Option<String>,
}

/// A minimal JSON client over hyper (no TLS needed on loopback).
#[derive(Clone)]
pub struct Api {
    base: Arc<str>,
    client: hyper_util::client::legacy::Client<
        hyper_util::client::legacy::connect::HttpConnector,
        http_body_util::Full<bytes::Bytes>,
    >,
}

impl Api {
    pub fn new(base: &str) -> Api {
        let client =
            hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
                .pool_max_idle_per_host(64)
                .build_http();
        Api { base: base.into(), client }
    }

    pub async fn call(
        &self,
        method: &str,
        token: Option<&str>,
        path: &str,
        body: Option<Value>,
    ) -> Value {
        use http_body_util::BodyExt;
        let mut request =
            hyper::Request::builder().method(method).uri(format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.header("authorization", format!("Bearer {token}"));
        }
        let bytes = match body {
            Some(body) => {
                request = request.header("content-type", "application/json");
                bytes::Bytes::from(body.to_string())
            }
            None => bytes::Bytes::new(),
        };
        let response = self
            .client
            .request(request.body(http_body_util::Full::new(bytes)).expect("request"))
            .await
            .expect("server answers");
        let status = response.status();
        let body = response.into_body().collect().await.expect("body").to_bytes();
        let value: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        assert!(status.is_success(), "{method} {path}: {status} {value}");
        value
    }

    /// A GET with extra headers, its body only counted (for loads served compressed or not at all).
    pub async fn fetch(&self, token: &str, path: &str, headers: &[(&str, &str)]) -> Fetched {
        use http_body_util::BodyExt;
        let mut request = hyper::Request::builder()
            .method("GET")
            .uri(format!("{}{path}", self.base))
            .header("authorization", format!("Bearer {token}"));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = self
            .client
            .request(request.body(http_body_util::Full::new(bytes::Bytes::new())).expect("request"))
            .await
            .expect("server answers");
        let status = response.status().as_u16();
        let header = |name: &str| {
            response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned)
        };
        let (etag, encoding) = (header("etag"), header("content-encoding"));
        let body = response.into_body().collect().await.expect("body").to_bytes();
        assert!(status == 200 || status == 304, "GET {path}: {status}");
        Fetched { status, bytes: body.len(), etag, encoding }
    }

    pub async fn get(&self, token: &str, path: &str) -> Value {
        self.call("GET", Some(token), path, None).await
    }

    pub async fn post(&self, token: &str, path: &str, body: Value) -> Value {
        self.call("POST", Some(token), path, Some(body)).await
    }

    pub async fn patch(&self, token: &str, path: &str, body: Value) -> Value {
        self.call("PATCH", Some(token), path, Some(body)).await
    }

    pub async fn register(&self) -> String {
        let body =
            json!({"email": "bench@example.ir", "password": "bench-tehran-1403", "name": "بنچ"});
        let answer = self.call("POST", None, "/api/auth/register", Some(body)).await;
        answer["token"].as_str().expect("token").to_owned()
    }

    pub async fn project(&self, token: &str) -> i64 {
        let answer = self.post(token, "/api/playground/projects", json!({"name": "بار"})).await;
        answer["id"].as_i64().expect("project id")
    }
}

/// A temporary folder removed on drop (std only).
pub mod tempdir {
    use std::path::{Path, PathBuf};

    pub struct TempDir(PathBuf);

    impl TempDir {
        pub fn new() -> TempDir {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0);
            let dir =
                std::env::temp_dir().join(format!("dastyar-bench-{}-{nanos}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("temp dir");
            TempDir(dir)
        }

        pub fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

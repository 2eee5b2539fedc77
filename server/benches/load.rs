//! Load benchmark: starts the release `dastyar` binary on a fresh SQLite
//! database and prints requests per second, p50/p99 latency and the server's
//! memory for node creation, position updates and loading a project of 1,000
//! nodes and 1,000 edges. A benchmark, not a test: it asserts nothing about
//! speed. Run with `make bench` (or `cargo bench -p dastyar-server --bench load`).
//!
//! `BENCH_NODES` (default 1000) and `BENCH_CONCURRENCY` (default 16) change the size.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::sync::Semaphore;

#[tokio::main]
async fn main() {
    let nodes: usize = env_number("BENCH_NODES", 1000);
    let concurrency: usize = env_number("BENCH_CONCURRENCY", 16);
    let server = Server::start();
    let api = Api::new(&server.base);

    let token = api.register().await;
    let project = api.project(&token).await;
    println!(
        "dastyar load benchmark: SQLite, {nodes} nodes, {concurrency} concurrent clients, pid {}",
        server.pid()
    );
    println!(
        "{:<28} {:>8} {:>10} {:>9} {:>9} {:>10}",
        "phase", "requests", "req/s", "p50 ms", "p99 ms", "RSS MiB"
    );
    server.report("idle", None);

    let assistant = api
        .post(
            &token,
            "/api/playground/assistants",
            json!({
                "project_id": project, "name": "دستیار", "position_x": 0, "position_y": 0
            }),
        )
        .await;
    let assistant_id = assistant["database_id"].as_i64().expect("assistant created");

    // Node creation.
    let created = run(nodes, concurrency, |i| {
        let (api, token) = (api.clone(), token.clone());
        async move {
            let body = json!({
                "project_id": project, "name": format!("دستورالعمل {i}"),
                "position_x": (i % 40) as f64 * 300.0, "position_y": (i / 40) as f64 * 200.0,
                "content": "کوتاه و مودبانه پاسخ بده."
            });
            api.post(&token, "/api/instructions", body).await["database_id"]
                .as_i64()
                .expect("node created")
        }
    })
    .await;
    server.report("create node", Some(&created.timings));
    let ids = created.values;

    // Edges, so the project load carries a real graph.
    let edges =
        run(ids.len(), concurrency.min(4), |i| {
            let (api, token, target) = (api.clone(), token.clone(), ids[i]);
            async move {
                api.post(&token, "/api/edges", json!({
                "project_id": project, "source_type": "assistant", "source_id": assistant_id,
                "target_type": "instruction", "target_id": target, "edge_data": "{}"
            })).await;
            }
        })
        .await;
    server.report("create edge", Some(&edges.timings));

    // Position updates, as the canvas sends them at drag end.
    let moves = run(ids.len() * 2, concurrency, |i| {
        let (api, token, id) = (api.clone(), token.clone(), ids[i % ids.len()]);
        async move {
            let body = json!({"position_x": i as f64, "position_y": (i * 2) as f64});
            api.patch(&token, &format!("/api/instructions/{id}/position"), body).await;
        }
    })
    .await;
    server.report("update position", Some(&moves.timings));

    // Loading the project: what opening the canvas costs.
    let stored = ids.len() + 1;
    let loads = run(100, concurrency.min(8), |_| {
        let (api, token) = (api.clone(), token.clone());
        async move {
            let nodes = api.get(&token, &format!("/api/projects/{project}/nodes")).await;
            let edges = api.get(&token, &format!("/api/projects/{project}/edges")).await;
            assert_eq!(nodes.as_array().map(Vec::len), Some(stored), "every node comes back");
            assert!(edges.is_array());
        }
    })
    .await;
    server.report("load project (nodes+edges)", Some(&loads.timings));
    server.report_peak();
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The results and per-request latencies of one phase.
struct Phase<T> {
    values: Vec<T>,
    timings: Timings,
}

struct Timings {
    latencies: Vec<Duration>,
    wall: Duration,
}

/// Runs `count` requests, at most `concurrency` at a time.
async fn run<T, F, Fut>(count: usize, concurrency: usize, request: F) -> Phase<T>
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
    fn percentile(&self, p: f64) -> f64 {
        let mut sorted = self.latencies.clone();
        sorted.sort();
        let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
        sorted.get(index).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}

/// The release binary on a free port and a fresh data folder.
struct Server {
    child: Child,
    base: String,
    _data: tempdir::TempDir,
}

impl Server {
    fn start() -> Server {
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

    fn pid(&self) -> u32 {
        self.child.id()
    }

    fn status_kib(&self, field: &str) -> f64 {
        let status =
            std::fs::read_to_string(format!("/proc/{}/status", self.pid())).unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|kib| kib.parse().ok())
            .unwrap_or(0.0)
    }

    fn report(&self, phase: &str, timings: Option<&Timings>) {
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

    fn report_peak(&self) {
        println!("peak RSS (VmHWM): {:.1} MiB", self.status_kib("VmHWM:") / 1024.0);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A minimal JSON client over hyper (no TLS needed on loopback).
#[derive(Clone)]
struct Api {
    base: Arc<str>,
    client: hyper_util::client::legacy::Client<
        hyper_util::client::legacy::connect::HttpConnector,
        http_body_util::Full<bytes::Bytes>,
    >,
}

impl Api {
    fn new(base: &str) -> Api {
        let client =
            hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
                .pool_max_idle_per_host(64)
                .build_http();
        Api { base: base.into(), client }
    }

    async fn call(
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

    async fn get(&self, token: &str, path: &str) -> Value {
        self.call("GET", Some(token), path, None).await
    }

    async fn post(&self, token: &str, path: &str, body: Value) -> Value {
        self.call("POST", Some(token), path, Some(body)).await
    }

    async fn patch(&self, token: &str, path: &str, body: Value) -> Value {
        self.call("PATCH", Some(token), path, Some(body)).await
    }

    async fn register(&self) -> String {
        let body = json!({"email": "bench@example.ir", "password": "bench12345", "name": "بنچ"});
        let answer = self.call("POST", None, "/api/auth/register", Some(body)).await;
        answer["token"].as_str().expect("token").to_owned()
    }

    async fn project(&self, token: &str) -> i64 {
        let answer = self.post(token, "/api/playground/projects", json!({"name": "بار"})).await;
        answer["id"].as_i64().expect("project id")
    }
}

/// A temporary folder removed on drop (std only).
mod tempdir {
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

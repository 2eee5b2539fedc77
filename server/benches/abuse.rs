//! Abuse benchmark: what anyone can do without a token, against the release
//! binary on SQLite. A burst of wrong sign-ins (password hashing is the
//! costly part), then thousands of sockets that never finish a request,
//! while a signed-in user goes on using the API. Prints the server's memory
//! at each step and the API's latency meanwhile. A benchmark, not a test: it
//! asserts nothing about speed or size. Run with `make bench` (or
//! `cargo bench -p dastyar-server --bench abuse`).
//!
//! First, a project filled to its fields' limits (fifty instruction nodes
//! of the largest size core allows), read over and over: what one read
//! answers and costs in memory.
//!
//! `BENCH_LOGINS` (default 200) and `BENCH_SOCKETS` (default 5000) change
//! the size. The per-address limits are lifted here (every request comes
//! from 127.0.0.1) so that the hashing itself is measured.

mod support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use bytes::Bytes;
use dastyar_core::validate::field_sizes::INSTRUCTIONS_MAX_CHARS;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use support::{Api, Server, Timings, env_number};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

type Http = Client<HttpConnector, Full<Bytes>>;

/// Instruction nodes in the project filled to its fields' limits.
const FULL_NODES: usize = 50;

/// How long the server keeps a socket that sends no request (its header timeout, plus slack).
const SERVER_CLOSES_AFTER: Duration = Duration::from_secs(12);

#[tokio::main]
async fn main() {
    let logins = env_number("BENCH_LOGINS", 200);
    let sockets = env_number("BENCH_SOCKETS", 5000);
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    let server = Server::start();
    let api = Api::new(&server.base);
    let http: Http = Client::builder(hyper_util::rt::TokioExecutor::new())
        .pool_max_idle_per_host(logins)
        .build_http();
    let token = api.register().await;

    println!("dastyar abuse benchmark: SQLite, pid {}", server.pid());
    println!(
        "{:<52} {:>10} {:>10} {:>10} {:>10} {:>10}",
        "phase", "p50 ms", "p99 ms", "RSS MiB", "anon MiB", "file MiB"
    );
    row(&server, "idle", None);

    // 0. A project at its fields' limits, read twenty times.
    let project = api.project(&token).await;
    let content = "د".repeat(INSTRUCTIONS_MAX_CHARS);
    for i in 0..FULL_NODES {
        let body = json!({"project_id": project, "name": format!("راهنمای {i}"),
                          "position_x": i * 10, "position_y": 0, "content": content});
        api.post(&token, "/api/instructions", body).await;
    }
    let over = json!({"project_id": project, "name": "بیش از اندازه", "position_x": 0,
                      "position_y": 0, "content": format!("{content}د")});
    let over_status =
        post_status_with(&http, &format!("{}/api/instructions", server.base), &token, over).await;
    let before_reads = mib(&server, "VmRSS:");
    let mut latencies = Vec::new();
    let mut read_bytes = 0;
    let started = Instant::now();
    for _ in 0..20 {
        let t = Instant::now();
        let nodes = api.get(&token, &format!("/api/projects/{project}/nodes")).await;
        latencies.push(t.elapsed());
        read_bytes = nodes.to_string().len();
    }
    let reads = Timings { latencies, wall: started.elapsed() };
    row(
        &server,
        &format!("project of {FULL_NODES} full instructions, read 20 times"),
        Some(&reads),
    );
    let reads_peak = mib(&server, "VmHWM:");

    // 1. Wrong sign-ins, all at once, each for another address (so no
    // account lock stops them before the hash).
    let started = Instant::now();
    let tasks: Vec<_> = (0..logins)
        .map(|i| {
            let (http, url) = (http.clone(), format!("{}/api/auth/login", server.base));
            tokio::spawn(async move {
                let body =
                    json!({"email": format!("nobody{i}@example.com"), "password": "wrongpass1"});
                let t = Instant::now();
                let status = post_status(&http, &url, body.to_string()).await;
                (status, t.elapsed())
            })
        })
        .collect();
    let mut statuses = BTreeMap::new();
    let mut latencies = Vec::new();
    for task in tasks {
        let (status, latency) = task.await.expect("login task");
        *statuses.entry(status).or_insert(0) += 1;
        latencies.push(latency);
    }
    let burst = Timings { latencies, wall: started.elapsed() };
    row(&server, &format!("{logins} wrong sign-ins at once"), Some(&burst));
    let login_peak = mib(&server, "VmHWM:");
    tokio::time::sleep(Duration::from_secs(10)).await;
    let login_after = mib(&server, "VmRSS:");
    row(&server, "10 s later", None);

    // 2. Sockets that never finish a request: half send nothing, half stop
    // in the middle of their headers.
    let mut open = Vec::with_capacity(sockets);
    let mut refused_at_connect = 0;
    for i in 0..sockets {
        match TcpStream::connect(server.base.trim_start_matches("http://")).await {
            Ok(mut stream) => {
                if i % 2 == 1 {
                    let _ =
                        stream.write_all(b"GET /api/auth/me HTTP/1.1\r\nhost: x\r\nx-slow: ").await;
                }
                open.push(stream);
            }
            Err(_) => refused_at_connect += 1,
        }
    }
    let with_sockets = mib(&server, "VmRSS:");
    row(&server, &format!("{} idle sockets open", open.len()), None);
    let mut latencies = Vec::new();
    let mut failures = 0;
    let started = Instant::now();
    for _ in 0..200 {
        let t = Instant::now();
        let status = get_status(&http, &format!("{}/api/auth/me", server.base), &token).await;
        latencies.push(t.elapsed());
        if status != 200 {
            failures += 1;
        }
    }
    let meanwhile = Timings { latencies, wall: started.elapsed() };
    row(&server, "GET /api/auth/me meanwhile, 200 one by one", Some(&meanwhile));

    tokio::time::sleep(SERVER_CLOSES_AFTER).await;
    let mut closed = 0;
    for stream in &mut open {
        let mut rest = Vec::new();
        let read = tokio::time::timeout(Duration::from_millis(5), stream.read_to_end(&mut rest));
        if let Ok(Ok(_)) = read.await {
            closed += 1;
        }
    }
    drop(open);
    row(&server, &format!("{} s later", SERVER_CLOSES_AFTER.as_secs()), None);
    tokio::time::sleep(Duration::from_secs(10)).await;
    let sockets_after = mib(&server, "VmRSS:");
    row(&server, "10 s after that", None);

    println!();
    println!(
        "a project of {FULL_NODES} instruction nodes at the {INSTRUCTIONS_MAX_CHARS}-character limit: one read answers {:.1} MiB in {:.1} ms (p50); memory {before_reads:.1} MiB before the reads, peak {reads_peak:.1} MiB; one character more is refused with {over_status}",
        read_bytes as f64 / 1024.0 / 1024.0,
        reads.percentile(0.5)
    );
    println!("sign-in burst answers: {statuses:?} (503: queue full or waited too long)");
    println!(
        "memory with {logins} wrong sign-ins at once: peak {login_peak:.1} MiB (goal: under 300), 10 s later {login_after:.1} MiB (goal: under 60)"
    );
    println!(
        "{sockets} idle sockets: {with_sockets:.1} MiB while open ({refused_at_connect} refused at connect); {closed} of them closed by the server within {} s; {sockets_after:.1} MiB 10 s after",
        SERVER_CLOSES_AFTER.as_secs()
    );
    println!(
        "the API meanwhile: p50 {:.2} ms, p99 {:.2} ms, {failures} failed (goal: p99 under 50 ms)",
        meanwhile.percentile(0.5),
        meanwhile.percentile(0.99)
    );
    server.report_peak();
}

fn mib(server: &Server, field: &str) -> f64 {
    server.status_kib(field) / 1024.0
}

/// A phase's latencies (if timed) and the server's memory after it: all of
/// it, what the process allocated (anonymous), and the mapped binary and
/// libraries it touched (file).
fn row(server: &Server, phase: &str, timings: Option<&Timings>) {
    let (p50, p99) = match timings {
        Some(t) => (format!("{:.2}", t.percentile(0.5)), format!("{:.2}", t.percentile(0.99))),
        None => ("-".to_owned(), "-".to_owned()),
    };
    println!(
        "{phase:<52} {p50:>10} {p99:>10} {:>10.1} {:>10.1} {:>10.1}",
        mib(server, "VmRSS:"),
        mib(server, "RssAnon:"),
        mib(server, "RssFile:")
    );
}

async fn post_status(http: &Http, url: &str, body: String) -> u16 {
    let request = hyper::Request::post(url)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body)))
        .expect("request");
    answer_status(http, request).await
}

async fn post_status_with(http: &Http, url: &str, token: &str, body: Value) -> u16 {
    let request = hyper::Request::post(url)
        .header("content-type", "application/json")
        .header("authorization", format!("Bearer {token}"))
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("request");
    answer_status(http, request).await
}

async fn get_status(http: &Http, url: &str, token: &str) -> u16 {
    let request = hyper::Request::get(url)
        .header("authorization", format!("Bearer {token}"))
        .body(Full::new(Bytes::new()))
        .expect("request");
    answer_status(http, request).await
}

async fn answer_status(http: &Http, request: hyper::Request<Full<Bytes>>) -> u16 {
    match http.request(request).await {
        Ok(response) => {
            let status = response.status().as_u16();
            let _ = response.into_body().collect().await;
            status
        }
        Err(_) => 0,
    }
}

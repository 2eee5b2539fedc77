//! Chat benchmark: what Dastyar adds over the model provider. It starts the
//! fake OpenAI-compatible provider (one word every 50 ms, as a real model
//! streams) and the release `dastyar` binary pointed at it, then prints the
//! time to first token straight from the fake and through Dastyar, one
//! conversation at a time and with many at once, replies per second and the
//! server's peak memory. A benchmark, not a test: it asserts nothing about
//! speed. Run with `make bench` (or `cargo bench -p dastyar-server --bench chat`).
//!
//! `BENCH_SEQUENTIAL` (default 50), `BENCH_CONCURRENT` (default 200) and
//! `BENCH_WORD_MS` (default 50) change the size.

mod support;

use std::sync::Arc;
use std::time::{Duration, Instant};

use bytes::Bytes;
use dastyar_fakes::openai::{FakeOpenAi, FakeOpenAiConfig};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use support::{Api, Server, Timings, env_number, tempdir};

/// What the person says: the fake echoes it, so the answer is eight words.
const QUESTION: &str = "سلام، قیمت این محصول برای ارسال به شیراز چند است؟";

type Http = Client<HttpConnector, Full<Bytes>>;

#[tokio::main]
async fn main() {
    let sequential = env_number("BENCH_SEQUENTIAL", 50);
    let concurrent = env_number("BENCH_CONCURRENT", 200);
    let word_ms = env_number("BENCH_WORD_MS", 50) as u64;
    let fake = FakeOpenAi::start_with(FakeOpenAiConfig {
        word_delay: Duration::from_millis(word_ms),
        ..FakeOpenAiConfig::default()
    })
    .await;
    let plans = tempdir::TempDir::new();
    let plans_file = plans.path().join("plans.json");
    std::fs::write(&plans_file, plans_with_credits()).expect("plans file");
    let server = Server::start_with(&[
        ("DASTYAR_LLM_BASE_URL", fake.base_url.clone()),
        ("DASTYAR_PLANS_FILE", plans_file.display().to_string()),
    ]);
    let api = Api::new(&server.base);
    let http: Http = Client::builder(hyper_util::rt::TokioExecutor::new())
        .pool_max_idle_per_host(concurrent)
        .build_http();

    let token = api.register().await;
    let project = api.project(&token).await;
    let assistant = api
        .post(
            &token,
            "/api/playground/assistants",
            json!({"project_id": project, "name": "دستیار", "position_x": 0, "position_y": 0}),
        )
        .await;
    assert_eq!(assistant["data"]["provider_status"], "registered", "{assistant}");
    let assistant = assistant["database_id"].as_i64().expect("assistant id");

    println!(
        "dastyar chat benchmark: SQLite, fake model streaming one word every {word_ms} ms, pid {}",
        server.pid()
    );
    println!(
        "{:<46} {:>8} {:>10} {:>10} {:>10} {:>10}",
        "phase", "replies", "p50 ms", "p99 ms", "replies/s", "RSS MiB"
    );
    println!(
        "{:<46} {:>8} {:>10} {:>10} {:>10} {:>10.1}",
        "idle",
        "-",
        "-",
        "-",
        "-",
        server.status_kib("VmRSS:") / 1024.0
    );

    // The provider's own time to first token, asked directly.
    let direct = timed(sequential, 1, |_| {
        let (http, url) = (http.clone(), format!("{}/chat/completions", fake.base_url));
        async move { first_token_direct(&http, &url).await }
    })
    .await;
    row(&server, "fake provider alone, 1 at a time", &direct);

    let conversations =
        start_conversations(&api, &token, assistant, sequential.max(concurrent)).await;
    let conversations = Arc::new(conversations);
    let through = timed(sequential, 1, |i| {
        let (http, base, token) = (http.clone(), server.base.clone(), token.clone());
        let conversation = conversations[i];
        async move { first_token_through(&http, &base, &token, conversation).await }
    })
    .await;
    row(&server, "through dastyar, 1 at a time", &through);
    let added_p50 = through.first.percentile(0.5) - direct.first.percentile(0.5);
    let added_p99 = through.first.percentile(0.99) - direct.first.percentile(0.99);

    // Each burst twice: first on cold connections (every client, and Dastyar
    // towards the provider, opens 200 at once), then warm, as a running
    // server is; the goals are read on the warm round.
    let mut direct_many = None;
    let mut many = None;
    for round in ["cold", "warm"] {
        let direct = timed(concurrent, concurrent, |_| {
            let (http, url) = (http.clone(), format!("{}/chat/completions", fake.base_url));
            async move { first_token_direct(&http, &url).await }
        })
        .await;
        row(&server, &format!("fake provider alone, {concurrent} at once, {round}"), &direct);
        let through = timed(concurrent, concurrent, |i| {
            let (http, base, token) = (http.clone(), server.base.clone(), token.clone());
            let conversation = conversations[i];
            async move { first_token_through(&http, &base, &token, conversation).await }
        })
        .await;
        row(&server, &format!("through dastyar, {concurrent} at once, {round}"), &through);
        (direct_many, many) = (Some(direct), Some(through));
    }
    let (direct_many, many) = (direct_many.expect("a round ran"), many.expect("a round ran"));

    println!();
    println!(
        "time to first token added by dastyar, 1 at a time: p50 {added_p50:.2} ms, p99 {added_p99:.2} ms (goal: p50 under 5 ms)"
    );
    println!(
        "first token with {concurrent} at once (warm): p50 {:.2} ms, p99 {:.2} ms; added over the fake alone at {concurrent} at once: p50 {:.2} ms, p99 {:.2} ms (goal: p99 under 50 ms added; the fake's own first word comes after one word's delay)",
        many.first.percentile(0.5),
        many.first.percentile(0.99),
        many.first.percentile(0.5) - direct_many.first.percentile(0.5),
        many.first.percentile(0.99) - direct_many.first.percentile(0.99),
    );
    println!(
        "whole replies with {concurrent} at once (warm): {:.1} replies/s",
        concurrent as f64 / many.whole.wall.as_secs_f64()
    );
    server.report_peak();
    println!("(goal: under 100 MB in all)");
}

/// First-token and whole-reply timings of one phase.
struct Measured {
    first: Timings,
    whole: Timings,
}

fn row(server: &Server, phase: &str, measured: &Measured) {
    let rss = server.status_kib("VmRSS:") / 1024.0;
    println!(
        "{phase:<46} {:>8} {:>10.2} {:>10.2} {:>10.1} {rss:>10.1}",
        measured.first.latencies.len(),
        measured.first.percentile(0.5),
        measured.first.percentile(0.99),
        measured.whole.latencies.len() as f64 / measured.whole.wall.as_secs_f64(),
    );
}

/// Runs `count` replies, `concurrency` at a time; each future answers its
/// (time to first token, time to the whole reply).
async fn timed<F, Fut>(count: usize, concurrency: usize, reply: F) -> Measured
where
    F: Fn(usize) -> Fut,
    Fut: std::future::Future<Output = (Duration, Duration)> + Send + 'static,
{
    let phase = support::run(count, concurrency, reply).await;
    let (first, whole): (Vec<_>, Vec<_>) = phase.values.into_iter().unzip();
    Measured {
        first: Timings { latencies: first, wall: phase.timings.wall },
        whole: Timings { latencies: whole, wall: phase.timings.wall },
    }
}

async fn start_conversations(api: &Api, token: &str, assistant: i64, count: usize) -> Vec<i64> {
    let mut ids = Vec::with_capacity(count);
    for _ in 0..count {
        let path = format!("/api/playground/assistants/{assistant}/conversations");
        let conversation = api.post(token, &path, json!({})).await;
        ids.push(conversation["id"].as_i64().expect("conversation id"));
    }
    ids
}

/// Streams one answer from the fake itself.
async fn first_token_direct(http: &Http, url: &str) -> (Duration, Duration) {
    let body = json!({
        "model": "gpt-4.1-nano", "stream": true,
        "messages": [{"role": "user", "content": QUESTION}]
    });
    let request = hyper::Request::post(url)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .expect("request");
    stream(http, request, has_content).await
}

/// Streams one answer through Dastyar's conversation API.
async fn first_token_through(
    http: &Http,
    base: &str,
    token: &str,
    conversation: i64,
) -> (Duration, Duration) {
    let request = hyper::Request::post(format!(
        "{base}/api/playground/conversations/{conversation}/messages"
    ))
    .header("content-type", "application/json")
    .header("authorization", format!("Bearer {token}"))
    .body(Full::new(Bytes::from(json!({"content": QUESTION}).to_string())))
    .expect("request");
    stream(http, request, |seen| seen.contains("event: delta")).await
}

/// Sends `request` and reads its event stream: the time until what was
/// read holds a first token (`first`), and until the stream ends.
async fn stream(
    http: &Http,
    request: hyper::Request<Full<Bytes>>,
    first: impl Fn(&str) -> bool,
) -> (Duration, Duration) {
    let started = Instant::now();
    let response = http.request(request).await.expect("the server answers");
    assert!(response.status().is_success(), "{}", response.status());
    let mut body = response.into_body();
    let mut seen = String::new();
    let mut first_at = None;
    while let Some(frame) = body.frame().await {
        if let Ok(data) = frame.expect("frame").into_data() {
            seen.push_str(&String::from_utf8_lossy(&data));
            if first_at.is_none() && first(&seen) {
                first_at = Some(started.elapsed());
            }
        }
    }
    (first_at.expect("a first token arrived"), started.elapsed())
}

/// Whether a chat-completions stream has brought some text yet.
fn has_content(seen: &str) -> bool {
    seen.lines().filter_map(|line| line.strip_prefix("data: ")).any(|data| {
        serde_json::from_str::<Value>(data).is_ok_and(|chunk| {
            chunk["choices"][0]["delta"]["content"].as_str().is_some_and(|t| !t.is_empty())
        })
    })
}

/// The built-in plans with the free plan's credits raised, so the benchmark
/// never runs out.
fn plans_with_credits() -> String {
    let mut plans: Value =
        serde_json::from_str(include_str!("../plans.json")).expect("the built-in plans parse");
    for plan in plans["plans"].as_array_mut().expect("plans") {
        plan["monthly_credits"] = json!(100_000_000);
    }
    plans.to_string()
}

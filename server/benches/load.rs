//! Load benchmark: starts the release `dastyar` binary on a fresh SQLite
//! database (and on PostgreSQL when `BENCH_POSTGRES_URL` or
//! `TEST_POSTGRES_URL` is set, in a schema of its own) and prints requests
//! per second, p50/p99 latency and the server's memory for node creation,
//! edges, position updates and loading a project of 1,000 nodes and 1,500
//! edges, next to issue #17's goals. A benchmark, not a test: it asserts
//! nothing about speed. Run with `make bench` (or `cargo bench -p
//! dastyar-server --bench load`).
//!
//! `BENCH_NODES` (default 1000), `BENCH_CONCURRENCY` (default 16) and
//! `BENCH_LOADS` (default 2000) change the size; `BENCH_BACKEND=sqlite` or
//! `postgres` runs one backend only.

mod support;

use std::time::Instant;

use serde_json::json;
use support::{Api, PostgresSchema, Server, Timings, env_number, postgres_base, run};

/// A browser's Accept-Encoding.
const BROWSER_ENCODINGS: &str = "gzip, deflate, br, zstd";

#[tokio::main]
async fn main() {
    let only = std::env::var("BENCH_BACKEND").unwrap_or_default().to_lowercase();
    if only != "postgres" {
        run_backend("SQLite", &[]).await;
    }
    if only == "sqlite" {
        return;
    }
    match postgres_base() {
        Some(base) => {
            let schema = PostgresSchema::create(&base).await;
            run_backend("PostgreSQL", &[("DATABASE_URL", schema.url.clone())]).await;
            schema.drop_now().await;
        }
        None => println!("\nPostgreSQL: skipped (set BENCH_POSTGRES_URL to include it)"),
    }
}

async fn run_backend(backend: &str, env: &[(&str, String)]) {
    let nodes: usize = env_number("BENCH_NODES", 1000);
    let concurrency: usize = env_number("BENCH_CONCURRENCY", 16);
    let load_count: usize = env_number("BENCH_LOADS", 2000);
    let server = Server::start_with(env);
    let api = Api::new(&server.base);

    let token = api.register().await;
    let project = api.project(&token).await;
    println!(
        "\ndastyar load benchmark: {backend}, {nodes} nodes, {concurrency} concurrent clients, pid {}",
        server.pid()
    );
    println!(
        "{:<34} {:>8} {:>10} {:>9} {:>9} {:>10}",
        "phase", "requests", "req/s", "p50 ms", "p99 ms", "RSS MiB"
    );
    server.report("idle", None);

    let assistant = |name: &'static str| {
        let (api, token) = (api.clone(), token.clone());
        async move {
            let body =
                json!({"project_id": project, "name": name, "position_x": 0, "position_y": 0});
            let made = api.post(&token, "/api/playground/assistants", body).await;
            made["database_id"].as_i64().expect("assistant created")
        }
    };
    let hub = assistant("دستیار اصلی").await;
    let second = assistant("دستیار دوم").await;

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

    // Edges, so the project load carries a real graph: every instruction
    // from the hub, half of them from a second assistant too (1,500 edges).
    let connect = |source: i64, target: i64| {
        let (api, token) = (api.clone(), token.clone());
        async move {
            api.post(
                &token,
                "/api/edges",
                json!({
                    "project_id": project, "source_type": "assistant", "source_id": source,
                    "target_type": "instruction", "target_id": target, "edge_data": "{}"
                }),
            )
            .await;
        }
    };
    let edges = run(ids.len(), concurrency.min(4), |i| connect(hub, ids[i])).await;
    server.report("create edge", Some(&edges.timings));
    let more = run(ids.len() / 2, concurrency.min(4), |i| connect(second, ids[i])).await;
    server.report("create edge", Some(&more.timings));
    let edge_count = ids.len() + ids.len() / 2;

    // One edge at a time on a hub of 400 neighbours: what drawing a
    // connection costs in a crowded project (the rules read the subgraph
    // around the ends, not the project).
    let crowded = assistant("دستیار شلوغ").await;
    let _ = run(400.min(ids.len()), 4, |i| connect(crowded, ids[i])).await;
    let on_hub =
        run(100.min(ids.len().saturating_sub(400)), 1, |i| connect(crowded, ids[400 + i])).await;
    server.report("create edge (hub of 400)", Some(&on_hub.timings));
    let edge_count = edge_count + 400.min(ids.len()) + on_hub.values.len();

    // Position updates, as the canvas sends them at drag end.
    let moves = run(ids.len() * 3, concurrency, |i| {
        let (api, token, id) = (api.clone(), token.clone(), ids[i % ids.len()]);
        async move {
            let body = json!({"position_x": i as f64, "position_y": (i * 2) as f64});
            api.patch(&token, &format!("/api/instructions/{id}/position"), body).await;
        }
    })
    .await;
    server.report("update position", Some(&moves.timings));

    // Loading the project as a browser does: compressed, nodes then edges.
    let nodes_path = format!("/api/projects/{project}/nodes");
    let edges_path = format!("/api/projects/{project}/edges");
    let stored = ids.len() + 3;
    let full = api.get(&token, &nodes_path).await;
    assert_eq!(full.as_array().map(Vec::len), Some(stored), "every node comes back");
    let edges_listed = api.get(&token, &edges_path).await;
    assert_eq!(edges_listed.as_array().map(Vec::len), Some(edge_count), "every edge comes back");
    let plain_sizes = (full.to_string().len(), edges_listed.to_string().len());

    let load = |headers: Vec<(&'static str, String)>| {
        let (api, token) = (api.clone(), token.clone());
        let (nodes_path, edges_path) = (nodes_path.clone(), edges_path.clone());
        async move {
            let pairs: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let nodes = api.fetch(&token, &nodes_path, &pairs).await;
            let edges = api.fetch(&token, &edges_path, &pairs).await;
            (nodes, edges)
        }
    };
    let plain = run(load_count / 4, concurrency, |_| load(vec![])).await;
    server.report("load project, uncompressed", Some(&plain.timings));
    let compressed = run(load_count, concurrency, |_| {
        load(vec![("accept-encoding", BROWSER_ENCODINGS.to_owned())])
    })
    .await;
    server.report("load project, br (browser)", Some(&compressed.timings));
    let (sample_nodes, sample_edges) = &compressed.values[0];
    let nodes_tag = sample_nodes.etag.clone().expect("an ETag");
    let edges_tag = sample_edges.etag.clone().expect("an ETag");
    let revalidated = run(load_count, concurrency, |i| {
        let tag = if i % 2 == 0 { &nodes_tag } else { &edges_tag };
        let (api, token) = (api.clone(), token.clone());
        let path = if i % 2 == 0 { nodes_path.clone() } else { edges_path.clone() };
        let tag = tag.clone();
        async move {
            let answer = api
                .fetch(
                    &token,
                    &path,
                    &[("if-none-match", &tag), ("accept-encoding", BROWSER_ENCODINGS)],
                )
                .await;
            assert_eq!(answer.status, 304, "unchanged");
        }
    })
    .await;
    server.report("revalidate one list (304)", Some(&revalidated.timings));

    // After each change, the first load reads and compresses the project again.
    let mut after_change = Vec::new();
    let started = Instant::now();
    for i in 0..50 {
        let body = json!({"position_x": -(i as f64), "position_y": 0});
        api.patch(&token, &format!("/api/instructions/{}/position", ids[0]), body).await;
        let at = Instant::now();
        load(vec![("accept-encoding", BROWSER_ENCODINGS.to_owned())]).await;
        after_change.push(at.elapsed());
    }
    let after = Timings { latencies: after_change, wall: started.elapsed() };
    server.report("first load after a change", Some(&after));
    server.report_peak();

    println!(
        "answer sizes: nodes {} KB ({} KB br), edges {} KB ({} KB br)",
        plain_sizes.0 / 1024,
        sample_nodes.bytes / 1024,
        plain_sizes.1 / 1024,
        sample_edges.bytes / 1024,
    );
    println!("goals (issue #17), {backend}:");
    let rate = |t: &Timings| t.latencies.len() as f64 / t.wall.as_secs_f64();
    println!(
        "  project load: {:.0} whole projects/s, p99 {:.1} ms (goal 600/s or more, aim 1,200; p99 under 50 ms){}",
        rate(&compressed.timings),
        compressed.timings.percentile(0.99),
        if sample_nodes.encoding.as_deref() == Some("br") { "; compressed with br" } else { "" },
    );
    println!(
        "  moving a node: {:.0}/s, p99 {:.1} ms (goal 3,000/s or more, p99 under 20 ms)",
        rate(&moves.timings),
        moves.timings.percentile(0.99)
    );
    println!(
        "  an edge on a hub of 400 neighbours: p50 {:.1} ms (goal under 10 ms)",
        on_hub.timings.percentile(0.50)
    );
}

//! Load benchmark: starts the release `dastyar` binary on a fresh SQLite
//! database and prints requests per second, p50/p99 latency and the server's
//! memory for node creation, position updates and loading a project of 1,000
//! nodes and 1,000 edges. A benchmark, not a test: it asserts nothing about
//! speed. Run with `make bench` (or `cargo bench -p dastyar-server --bench load`).
//!
//! `BENCH_NODES` (default 1000) and `BENCH_CONCURRENCY` (default 16) change the size.

mod support;

use serde_json::json;
use support::{Api, Server, env_number, run};

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

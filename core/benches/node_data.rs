//! Micro-benchmark: reading stored node data, as every project load and edge
//! check does once per node. A benchmark, not a test: it asserts nothing.
//! Run with `cargo bench -p dastyar-core --bench node_data`.

use std::hint::black_box;
use std::time::Instant;

use dastyar_core::NodeKind;
use dastyar_core::data::common::NodeBase;
use dastyar_core::data::{NodeData, NodePayload};
use serde_json::json;

fn time(name: &str, rounds: u32, mut f: impl FnMut()) {
    f();
    let start = Instant::now();
    for _ in 0..rounds {
        f();
    }
    let per = start.elapsed().as_secs_f64() * 1e6 / f64::from(rounds);
    println!("{name:<44} {per:>10.2} µs");
}

fn main() {
    let rounds = 2000;
    for kind in [NodeKind::Instruction, NodeKind::Assistant, NodeKind::Wordpress] {
        let text =
            serde_json::to_string(&NodeData::default_for(kind).to_payload().unwrap()).unwrap();
        time(&format!("payload from stored text ({kind})"), rounds, || {
            let value = serde_json::from_str(&text).unwrap();
            let payload = NodePayload::from_json(kind, value).unwrap();
            black_box(payload.into_node_data(NodeBase::default()));
        });
        time(&format!("NodeData::from_json ({kind})"), rounds, || {
            black_box(NodeData::from_json(kind, json!({ "label": "x" })).unwrap());
        });
        time(&format!("NodeData::default_for ({kind})"), rounds, || {
            black_box(NodeData::default_for(kind));
        });
    }
}

//! The shared test vectors (`tests/vectors/*.json`) through `api::dispatch`, in
//! native Rust. `wasm/test/vectors.test.ts` runs the same files through the
//! real wasm exports in Node, so both sides must give exactly the same answers.

use dastyar_wasm::api::dispatch;
use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Vector {
    function: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    args: Vec<Value>,
    expect: Value,
}

fn vector_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    files
}

/// JSON equality as JavaScript sees it: `1` and `1.0` are the same number.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

#[test]
fn every_vector_case_matches() {
    let files = vector_files();
    assert!(!files.is_empty(), "no vector files in tests/vectors/");

    let mut failures = Vec::new();
    let mut count = 0;
    for path in &files {
        let file = path.file_name().unwrap().to_string_lossy();
        let text = std::fs::read_to_string(path).unwrap();
        let vector: Vector = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{file}: not a vector file: {e}"));
        for case in &vector.cases {
            count += 1;
            match dispatch(&vector.function, &case.args) {
                None => failures.push(format!(
                    "{file}: no function `{}` in api::dispatch",
                    vector.function
                )),
                Some(got) if !same(&got, &case.expect) => failures.push(format!(
                    "{file}: {}: expected {}, got {got}",
                    case.name, case.expect
                )),
                Some(_) => {}
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn unknown_functions_are_not_dispatched() {
    assert_eq!(dispatch("noSuchFunction", &[]), None);
}

//! The shared test vectors (`tests/vectors/*.json`) through `api::dispatch`, in
//! native Rust. `wasm/test/vectors.test.ts` runs the same files through the
//! real wasm exports in Node, so both sides must give the same answers.
//!
//! A file is `{"function"?, "cases": [{"name", "function"?, "args", "expect"}]}`;
//! a case's own `function` overrides the file's. `expect` is matched as a
//! pattern: an object's listed keys must match (others may be present), but
//! an empty object matches only an empty object (else it would match any);
//! arrays match element by element with the same length, anything else exactly.

use dastyar_wasm::api::dispatch;
use serde::Deserialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

#[derive(Deserialize)]
struct Vector {
    function: Option<String>,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    function: Option<String>,
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

/// `got` matches the pattern `expected`, numbers compared as JavaScript does (`1` is `1.0`).
fn matches(expected: &Value, got: &Value) -> bool {
    match (expected, got) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| matches(x, y))
        }
        (Value::Object(x), Value::Object(y)) if x.is_empty() => y.is_empty(),
        (Value::Object(x), Value::Object(y)) => {
            x.iter().all(|(k, v)| y.get(k).is_some_and(|w| matches(v, w)))
        }
        _ => expected == got,
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
            let function = case.function.as_ref().or(vector.function.as_ref());
            let function = function.unwrap_or_else(|| panic!("{file}: {}: no function", case.name));
            match dispatch(function, &case.args) {
                None => failures.push(format!("{file}: no function `{function}` in api::dispatch")),
                Some(got) if !matches(&case.expect, &got) => failures
                    .push(format!("{file}: {}: expected {}, got {got}", case.name, case.expect)),
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
fn patterns_match_as_documented() {
    use serde_json::json;
    assert!(matches(&json!({"ok": true}), &json!({"ok": true, "value": 1})));
    assert!(!matches(&json!({"ok": true, "value": 2}), &json!({"ok": true, "value": 1})));
    assert!(!matches(&json!([1, 2]), &json!([1, 2, 3])));
    assert!(matches(&json!(1), &json!(1.0)));
    assert!(!matches(&json!(null), &json!(false)));
    assert!(matches(&json!({}), &json!({})));
    assert!(!matches(&json!({}), &json!({"token": "abc"})));
    assert!(!matches(&json!({"a": {}}), &json!({"a": {"b": 1}})));
}

#[test]
fn unknown_functions_are_not_dispatched() {
    assert_eq!(dispatch("noSuchFunction", &[]), None);
}

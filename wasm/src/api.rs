//! The plain-Rust side of every function the wasm package exports.
//!
//! Each `#[wasm_bindgen]` export in `lib.rs` is a thin wrapper around one
//! function here, and [`dispatch`] maps each exported JavaScript name to the
//! same function with JSON arguments. The shared test vectors in
//! `tests/vectors/*.json` run through `dispatch` natively (`wasm/tests/vectors.rs`)
//! and through the real wasm exports in Node (`wasm/test/vectors.test.ts`), so
//! both sides must give exactly the same answers.

use dastyar_core::NodeKind;
use dastyar_core::kind::KindInfo;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Every node kind with its properties, in canvas order.
pub fn kinds() -> Vec<KindInfo> {
    NodeKind::ALL.into_iter().map(NodeKind::info).collect()
}

/// One kind's properties, or `None` when `kind` is not one of the nineteen type strings.
pub fn kind_info(kind: &str) -> Option<KindInfo> {
    kind.parse::<NodeKind>().ok().map(NodeKind::info)
}

/// Calls the function exported to JavaScript as `function` with JSON
/// arguments and answers its result as JSON; `None` when no such function is
/// exported. Panics when the arguments do not fit the function (a broken
/// test vector).
pub fn dispatch(function: &str, args: &[Value]) -> Option<Value> {
    let result = match function {
        "kinds" => json(kinds()),
        "kindInfo" => {
            let (kind,): (String,) = parse_args(function, args);
            json(kind_info(&kind))
        }
        _ => return None,
    };
    Some(result)
}

/// The arguments as a tuple of the function's parameter types (this also checks their number).
fn parse_args<T: DeserializeOwned>(function: &str, args: &[Value]) -> T {
    serde_json::from_value(Value::Array(args.to_vec()))
        .unwrap_or_else(|e| panic!("{function}: arguments {args:?} do not fit: {e}"))
}

fn json<T: Serialize>(value: T) -> Value {
    serde_json::to_value(value).expect("results serialise to JSON")
}

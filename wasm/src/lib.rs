//! `@dastyar/rules`: dastyar-core for JavaScript.
//!
//! Every export is a thin wrapper around a plain function in [`api`]; add the
//! function there, its wrapper here, its name to `api::dispatch`, and a vector
//! file in `tests/vectors/`. Types named in `unchecked_return_type` and
//! `unchecked_param_type` come from `bindings/` (copied into `pkg/types/` by
//! the build) and must be imported in the TypeScript section below.

pub mod api;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_IMPORTS: &str = r#"
import type { KindInfo } from "../types/index.js";
export type * from "../types/index.js";
"#;

fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Every node kind with its properties (persisted, plan-limited, positionable, collection).
#[wasm_bindgen(js_name = kinds, unchecked_return_type = "KindInfo[]")]
pub fn kinds() -> Result<JsValue, JsError> {
    to_js(&api::kinds())
}

/// One kind's properties, or `null` when `kind` is not a node kind's type string.
#[wasm_bindgen(js_name = kindInfo, unchecked_return_type = "KindInfo | null")]
pub fn kind_info(kind: &str) -> Result<JsValue, JsError> {
    to_js(&api::kind_info(kind))
}

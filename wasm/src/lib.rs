//! `@dastyar/rules`: dastyar-core for JavaScript.

use dastyar_core::NodeKind;
use wasm_bindgen::prelude::*;

fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// Every node kind with its properties (persisted, plan-limited, positionable, collection).
#[wasm_bindgen(js_name = kinds)]
pub fn kinds() -> Result<JsValue, JsError> {
    let infos: Vec<_> = NodeKind::ALL.into_iter().map(NodeKind::info).collect();
    to_js(&infos)
}

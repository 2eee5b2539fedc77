//! `@dastyar/rules`: dastyar-core for JavaScript, as three WebAssembly modules.
//!
//! `canvas` (feature `canvas`, the package's main entry) holds what the canvas
//! needs from its first paint; `lazy` (feature `lazy`, the entry
//! `@dastyar/rules/lazy`) holds the few functions that carry large tables — the
//! time-zone database (`nextRuns`, cron runs in a zone) and Unicode
//! normalisation (`normalizeText`, `searchTerms`) — and is loaded when a panel
//! first needs it; `urls` (feature `urls`, the entry `@dastyar/rules/urls`)
//! holds the functions that parse URLs (`prepareNodeData`, `checkConnection`,
//! `assistantAbilities`, `normalizeWordpressUrl`: the `url` crate's IDNA
//! tables), loaded when a panel opens or the canvas has a node that needs it.
//! tools/build-wasm.sh builds each feature alone, so no module carries
//! another's code; native builds take all three (the default).
//!
//! Every export is a thin wrapper around a plain function in [`api`]; add the
//! function there, its wrapper in `canvas` (or `lazy` when it needs those
//! tables, `urls` when it parses a URL), its name to `api::dispatch`, and a vector case in `tests/vectors/`.
//! Types named in `unchecked_return_type` and `unchecked_param_type` come from
//! `bindings/rules/` (copied into `pkg/types/` by the build), imported by each
//! module's TypeScript section; this crate's own answer types derive theirs
//! with ts-rs (`answers.rs`).
//!
//! Numbers that are ids or times cross as JavaScript numbers (`f64`), not
//! BigInt, and are checked to be whole on the way in.

pub mod answers;
pub mod api;
pub mod transfer;

#[cfg(feature = "canvas")]
mod canvas;
#[cfg(feature = "lazy")]
mod lazy;
#[cfg(feature = "urls")]
mod urls;

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&e.to_string()))
}

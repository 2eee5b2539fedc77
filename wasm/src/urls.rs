//! The exports that parse URLs (the `url` crate and its Unicode IDNA tables,
//! some 70 KB gzip): node data as it would be saved, a whole-graph connection
//! check and an assistant's abilities (each reads WordPress site addresses),
//! and the site address itself. The canvas's first paint does without them;
//! the page fetches this module when a panel opens or the canvas holds a node
//! whose address it must read (web/src/canvas/urlRules.ts).

use wasm_bindgen::prelude::*;

use crate::{api, from_js, to_js};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
import type { Abilities, Checked, ConnectionCheck, Graph, NodeData, Prepared, Proposal } from "../types/index.js";
"#;

/// Node data as the server would save it (phone numbers, addresses and domains normalised), with every malformed field.
#[wasm_bindgen(js_name = prepareNodeData, unchecked_return_type = "Prepared")]
pub fn prepare_node_data(
    #[wasm_bindgen(unchecked_param_type = "NodeData")] node: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::prepare_node_data(from_js(node)?))
}

/// Checks a proposed connection against every rule; never sends anything.
#[wasm_bindgen(js_name = checkConnection, unchecked_return_type = "ConnectionCheck")]
pub fn check_connection(
    #[wasm_bindgen(unchecked_param_type = "Graph")] graph: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Proposal")] proposal: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::check_connection(from_js(graph)?, from_js(proposal)?))
}

/// What an assistant (or analyzer) can do, from the graph around it: its
/// instructions, tools, knowledge and channels, and the connected nodes left
/// out with the reason.
#[wasm_bindgen(js_name = assistantAbilities, unchecked_return_type = "Abilities")]
pub fn assistant_abilities(
    #[wasm_bindgen(unchecked_param_type = "Graph")] graph: JsValue,
    assistant_id: &str,
) -> Result<JsValue, JsError> {
    to_js(&api::assistant_abilities(from_js(graph)?, assistant_id))
}

/// An http(s) site address without trailing slashes.
#[wasm_bindgen(js_name = normalizeWordpressUrl, unchecked_return_type = "Checked<string>")]
pub fn normalize_wordpress_url(url: &str) -> Result<JsValue, JsError> {
    to_js(&api::normalize_wordpress_url(url))
}

//! The exports whose tables the canvas's first paint does without: the
//! time-zone database (run times in a zone) and Unicode normalisation (search
//! text). Each pulls in hundreds of kilobytes, and only a schedule's preview
//! and the palette's search ask for them.

use wasm_bindgen::prelude::*;

use crate::{api, from_js, to_js};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
import type { Checked, Schedule } from "../types/index.js";
"#;

/// The next `count` run times after `after` (RFC 3339), in UTC.
#[wasm_bindgen(js_name = nextRuns, unchecked_return_type = "Checked<string[]>")]
pub fn next_runs(
    #[wasm_bindgen(unchecked_param_type = "Schedule")] schedule: JsValue,
    after: &str,
    count: u32,
) -> Result<JsValue, JsError> {
    to_js(&api::next_runs(from_js(schedule)?, after, count as usize))
}

/// Text as the knowledge search indexes and matches it (Persian letters, ASCII digits, one half-space).
#[wasm_bindgen(js_name = normalizeText, unchecked_return_type = "string")]
pub fn normalize_text(text: &str) -> Result<JsValue, JsError> {
    to_js(&api::normalize_text(text))
}

/// The terms a search query looks up, stopwords dropped.
#[wasm_bindgen(js_name = searchTerms, unchecked_return_type = "string[]")]
pub fn search_terms(text: &str) -> Result<JsValue, JsError> {
    to_js(&api::search_terms(text))
}

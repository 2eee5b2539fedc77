//! JSON as readable "path: value" lines, e.g. `store.city: تهران` and
//! `faq[1].answer: …`. A list of scalars is one line (`tags: چای, قهوه`);
//! nulls and empty strings are left out. When the document is an array,
//! each element is a section of its own (paths inside it start afresh), so
//! a list of records is cut between records, not through them.

use serde_json::Value;

use super::budget::Budget;
use super::text::decode;
use super::{ExtractError, Location, Section};

pub(super) fn read(bytes: &[u8]) -> Result<Vec<Section>, ExtractError> {
    // serde_json refuses nesting deeper than 128, so odd input cannot
    // exhaust the stack.
    let value: Value = serde_json::from_str(&decode(bytes)).map_err(|_| ExtractError::Corrupt)?;
    let mut budget = Budget::default();
    let roots = match value {
        Value::Array(elements) => elements,
        other => vec![other],
    };
    let mut sections = Vec::new();
    for root in &roots {
        let mut lines = Vec::new();
        flatten("", root, &mut lines);
        let text = lines.join("\n");
        budget.spend(&text)?;
        if !text.is_empty() {
            sections.push(Section { location: Location::Whole, text });
        }
    }
    Ok(sections)
}

fn flatten(path: &str, value: &Value, lines: &mut Vec<String>) {
    match value {
        Value::Object(fields) => {
            for (key, field) in fields {
                let path = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                flatten(&path, field, lines);
            }
        }
        Value::Array(elements) if elements.iter().all(|element| !is_nested(element)) => {
            let values: Vec<String> = elements.iter().filter_map(scalar).collect();
            if !values.is_empty() {
                lines.push(line(path, &values.join(", ")));
            }
        }
        Value::Array(elements) => {
            for (index, element) in elements.iter().enumerate() {
                flatten(&format!("{path}[{index}]"), element, lines);
            }
        }
        scalar_value => {
            if let Some(text) = scalar(scalar_value) {
                lines.push(line(path, &text));
            }
        }
    }
}

fn is_nested(value: &Value) -> bool {
    matches!(value, Value::Object(_) | Value::Array(_))
}

fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(text) if text.trim().is_empty() => None,
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        Value::Null | Value::Object(_) | Value::Array(_) => None,
    }
}

/// A value at the top of the document has no path to name it.
fn line(path: &str, value: &str) -> String {
    if path.is_empty() { value.to_owned() } else { format!("{path}: {value}") }
}

//! The function node: a tool the assistant may call, described by a name and
//! a JSON Schema of its parameters (the OpenAI `tools[].function` shape).

use serde_json::Value;

use super::FieldError;
use crate::messages::MessageCode;

/// OpenAI's limit on tool names.
pub const NAME_MAX: usize = 64;

/// The parameters schema must be an object schema with at least one property,
/// each described by an object, and `required`, if present, must name only
/// those properties: providers reject anything else when the tool is sent.
pub fn validate_function_parameters(schema: &Value) -> Result<(), FieldError> {
    let invalid = || FieldError::new("parameters", MessageCode::FunctionParametersInvalid);
    let schema = schema.as_object().ok_or_else(invalid)?;
    if schema.get("type").and_then(Value::as_str) != Some("object") {
        return Err(invalid());
    }
    let properties = schema.get("properties").and_then(Value::as_object).ok_or_else(invalid)?;
    if properties.is_empty() || !properties.values().all(Value::is_object) {
        return Err(invalid());
    }
    match schema.get("required") {
        None => Ok(()),
        Some(Value::Array(names)) => {
            let known = |name: &Value| name.as_str().is_some_and(|n| properties.contains_key(n));
            if names.iter().all(known) { Ok(()) } else { Err(invalid()) }
        }
        Some(_) => Err(invalid()),
    }
}

/// A tool name: 1 to 64 characters of letters, digits, '_' and '-'.
pub fn validate_function_name(name: &str) -> Result<(), FieldError> {
    if name.trim().is_empty() {
        return Err(FieldError::new("functionName", MessageCode::FieldRequired));
    }
    let allowed = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
    // All allowed characters are ASCII, so bytes count characters here.
    if name.len() <= NAME_MAX && name.bytes().all(allowed) {
        Ok(())
    } else {
        Err(FieldError::new("functionName", MessageCode::FunctionNameInvalid))
    }
}

/// The spec's precondition for connecting a function to an assistant, and
/// nothing more: a non-blank name and at least one parameter property.
pub fn function_is_connectable(name: &str, parameters: &Value) -> bool {
    !name.trim().is_empty()
        && parameters.get("properties").and_then(Value::as_object).is_some_and(|p| !p.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn valid() -> Value {
        json!({
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "نام شهر"},
                "days": {"type": "integer"}
            },
            "required": ["city"]
        })
    }

    fn is_invalid(schema: Value) -> bool {
        validate_function_parameters(&schema)
            == Err(FieldError::new("parameters", MessageCode::FunctionParametersInvalid))
    }

    #[test]
    fn valid_schemas() {
        assert!(validate_function_parameters(&valid()).is_ok());
        assert!(
            validate_function_parameters(&json!({
                "type": "object", "properties": {"q": {}}
            }))
            .is_ok()
        );
        assert!(
            validate_function_parameters(&json!({
                "type": "object", "properties": {"q": {"type": "string"}}, "required": []
            }))
            .is_ok()
        );
    }

    #[test]
    fn invalid_schemas() {
        assert!(is_invalid(json!({"type": "object"})));
        assert!(is_invalid(json!({"type": "object", "properties": {}})));
        assert!(is_invalid(json!({"type": "object", "properties": []})));
        assert!(is_invalid(json!({"type": "string", "properties": {"q": {}}})));
        assert!(is_invalid(json!({"properties": {"q": {}}})));
        assert!(is_invalid(json!({"type": "object", "properties": {"q": "string"}})));
        assert!(is_invalid(json!({"type": "object", "properties": {"q": {}}, "required": ["x"]})));
        assert!(is_invalid(json!({"type": "object", "properties": {"q": {}}, "required": [1]})));
        assert!(is_invalid(json!({"type": "object", "properties": {"q": {}}, "required": "q"})));
        assert!(is_invalid(json!([])));
        assert!(is_invalid(json!(null)));
        assert!(is_invalid(json!("{\"type\":\"object\"}")));
    }

    fn name_code(name: &str) -> Option<MessageCode> {
        validate_function_name(name).err().map(|e| e.code)
    }

    #[test]
    fn names() {
        assert_eq!(name_code("get_weather"), None);
        assert_eq!(name_code("a"), None);
        assert_eq!(name_code("Get-Weather_2"), None);
        assert_eq!(name_code(&"a".repeat(64)), None);
        assert_eq!(name_code(&"a".repeat(65)), Some(MessageCode::FunctionNameInvalid));
        assert_eq!(name_code("get weather"), Some(MessageCode::FunctionNameInvalid));
        assert_eq!(name_code("get.weather"), Some(MessageCode::FunctionNameInvalid));
        assert_eq!(name_code("آب_و_هوا"), Some(MessageCode::FunctionNameInvalid));
        assert_eq!(name_code("  "), Some(MessageCode::FieldRequired));
        assert_eq!(validate_function_name("").unwrap_err().field, "functionName");
    }

    #[test]
    fn connectable() {
        assert!(function_is_connectable("get_weather", &valid()));
        // Only the spec's precondition: a loose name and schema still connect.
        assert!(function_is_connectable("آب و هوا", &json!({"properties": {"q": 1}})));
        assert!(!function_is_connectable(" ", &valid()));
        assert!(!function_is_connectable("f", &json!({"type": "object", "properties": {}})));
        assert!(!function_is_connectable("f", &json!({"type": "object"})));
        assert!(!function_is_connectable("f", &json!(null)));
    }
}

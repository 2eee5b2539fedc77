//! A `text/event-stream` answer as OpenAPI 3.1 reads it: its schema is that
//! of one event (`event`, `data`), not of the JSON inside `data`. Each route
//! names the JSON (`body = TurnEvent`); here that becomes an event component
//! whose `event` is one of the JSON's `type` values and whose `data` is the
//! JSON as text (`contentMediaType` with `contentSchema`).

use serde_json::{Value, json};
use utoipa::openapi::schema::Schema;
use utoipa::openapi::{OpenApi, Ref, RefOr};

use super::common_responses::operations;

const EVENT_STREAM: &str = "text/event-stream";
const SCHEMAS: &str = "#/components/schemas/";

pub fn add(doc: &mut OpenApi) {
    let mut streamed = Vec::new();
    for item in doc.paths.paths.values_mut() {
        for operation in operations(item) {
            for response in operation.responses.responses.values_mut() {
                let RefOr::T(response) = response else { continue };
                let Some(RefOr::T(content)) = response.content.get_mut(EVENT_STREAM) else {
                    continue;
                };
                let Some(RefOr::Ref(data)) = content.schema.as_ref() else { continue };
                let Some(name) = data.ref_location.strip_prefix(SCHEMAS).map(str::to_owned) else {
                    continue;
                };
                content.schema = Some(RefOr::Ref(Ref::from_schema_name(event_name(&name))));
                streamed.push(name);
            }
        }
    }
    let components = doc.components.get_or_insert_with(Default::default);
    for name in streamed {
        let types = components.schemas.get(&name).map(type_values).unwrap_or_default();
        components.schemas.insert(event_name(&name), RefOr::T(event(&name, &types)));
    }
}

fn event_name(data: &str) -> String {
    format!("{data}StreamEvent")
}

/// One event carrying a `data` JSON: `event` is its `type`.
fn event(data: &str, types: &[String]) -> Schema {
    let name = if types.is_empty() {
        json!({"type": "string"})
    } else {
        json!({"type": "string", "enum": types})
    };
    serde_json::from_value(json!({
        "type": "object",
        "description": format!("One server-sent event: `event` names it as the data's `type` does; `data` is a {data} as JSON."),
        "required": ["event", "data"],
        "properties": {
            "event": name,
            "data": {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": {"$ref": format!("{SCHEMAS}{data}")}
            }
        }
    }))
    .expect("an event schema")
}

/// The `type` values a tagged union's variants take, in order.
fn type_values(schema: &RefOr<Schema>) -> Vec<String> {
    let schema = serde_json::to_value(schema).unwrap_or_default();
    let variants = schema["oneOf"].as_array().cloned().unwrap_or_default();
    variants
        .iter()
        .filter_map(|v| v.pointer("/properties/type/enum/0").and_then(Value::as_str))
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use crate::billing::catalogue::Catalogue;

    fn doc() -> Value {
        serde_json::to_value(crate::http::api(Catalogue::builtin()).1).unwrap()
    }

    #[test]
    fn a_streamed_answer_is_described_one_event_at_a_time() {
        let doc = doc();
        let answer = &doc["paths"]["/api/playground/conversations/{id}/messages"]["post"]["responses"]
            ["200"]["content"]["text/event-stream"]["schema"];
        assert_eq!(answer["$ref"], "#/components/schemas/TurnEventStreamEvent");
        let event = &doc["components"]["schemas"]["TurnEventStreamEvent"];
        assert_eq!(event["required"], serde_json::json!(["event", "data"]));
        let names: Vec<&str> = event["properties"]["event"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap())
            .collect();
        for name in ["started", "delta", "tool_call", "awaiting_function", "error", "done"] {
            assert!(names.contains(&name), "{name} in {names:?}");
        }
        let data = &event["properties"]["data"];
        assert_eq!(data["type"], "string");
        assert_eq!(data["contentMediaType"], "application/json");
        assert_eq!(data["contentSchema"]["$ref"], "#/components/schemas/TurnEvent");
    }

    #[test]
    fn each_event_name_is_what_the_server_sends() {
        use crate::runtime::turn_event::TurnEvent;
        let doc = doc();
        let names =
            &doc["components"]["schemas"]["TurnEventStreamEvent"]["properties"]["event"]["enum"];
        let started = TurnEvent::Started { conversation_id: 1, user_message_id: None };
        assert!(names.as_array().unwrap().iter().any(|n| n == started.name()), "{names}");
    }
}

//! Rules the server keeps for every field, said in the document so that it
//! tells the truth about each one: no text holds U+0000, not even a key of a
//! free-form object (`json_input` and the query extractor refuse it
//! everywhere); a free-form value is any JSON (`JsonValue`) under that rule;
//! a whole number naming a row (`id`, `*_id`) is at least 1; a position is
//! within the canvas's bounds, a container's size above 0 and within its
//! bound.

use serde_json::json;
use utoipa::openapi::schema::{AdditionalProperties, ArrayItems, Schema, SchemaType, Type};
use utoipa::openapi::{OpenApi, Ref, RefOr};

use super::common_responses::operations;
use crate::canvas::containers::MAX_SIZE;
use crate::canvas::nodes::MAX_COORDINATE;

/// Any text without U+0000 (ECMA-262 and Python read it alike).
pub const NO_NUL: &str = "^[^\\u0000]*$";

/// The component every free-form value refers to.
const JSON_VALUE: &str = "JsonValue";

/// Writes the rules into every schema of `doc`: the shared components, the
/// inline bodies and the parameters.
pub fn add(doc: &mut OpenApi) {
    let components = doc.components.get_or_insert_with(Default::default);
    for schema in components.schemas.values_mut() {
        apply(schema, None);
    }
    components.schemas.insert(JSON_VALUE.to_owned(), RefOr::T(json_value()));
    for item in doc.paths.paths.values_mut() {
        for operation in operations(item) {
            if let Some(RefOr::T(body)) = operation.request_body.as_mut() {
                for content in body.content.values_mut() {
                    if let RefOr::T(content) = content
                        && let Some(schema) = content.schema.as_mut()
                    {
                        apply(schema, None);
                    }
                }
            }
            for parameter in operation.parameters.iter_mut().flatten() {
                if let RefOr::T(parameter) = parameter
                    && let Some(schema) = parameter.schema.as_mut()
                {
                    apply(schema, Some(&parameter.name));
                }
            }
        }
    }
}

/// Any JSON value whose texts and keys hold no U+0000, by recursion.
fn json_value() -> Schema {
    let itself = format!("#/components/schemas/{JSON_VALUE}");
    serde_json::from_value(json!({
        "description": "Any JSON value; no text in it, and no key, holds U+0000.",
        "anyOf": [
            {"type": "string", "pattern": NO_NUL},
            {"type": "number"},
            {"type": "boolean"},
            {"type": "null"},
            {"type": "array", "items": {"$ref": itself}},
            {"type": "object", "propertyNames": {"type": "string", "pattern": NO_NUL},
             "additionalProperties": {"$ref": itself}},
        ]
    }))
    .expect("the JsonValue schema reads")
}

/// Any text without U+0000.
fn no_nul_text() -> Schema {
    serde_json::from_value(json!({"type": "string", "pattern": NO_NUL}))
        .expect("a text schema reads")
}

/// Whether a schema says nothing at all (`{}`: any value).
fn says_nothing(schema: &Schema) -> bool {
    matches!(schema, Schema::Object(o) if o.schema_type == SchemaType::AnyValue
        && o.properties.is_empty() && o.additional_properties.is_none()
        && o.enum_values.is_none())
}

/// Whether a field of this name is a coordinate on the canvas.
fn is_coordinate(name: &str) -> bool {
    matches!(name, "position_x" | "position_y" | "x" | "y")
}

/// Whether a field of this name is a container's width or height.
fn is_size(name: &str) -> bool {
    matches!(name, "width" | "height")
}

/// Whether a field of this name names a row by its id.
fn names_a_row(name: &str) -> bool {
    name == "id" || name.ends_with("_id")
}

fn has_type(schema_type: &SchemaType, wanted: Type) -> bool {
    match schema_type {
        SchemaType::Type(t) => *t == wanted,
        SchemaType::Array(types) => types.contains(&wanted),
        SchemaType::AnyValue => false,
    }
}

/// Applies the rules to `schema` (a field called `name`, when it is one) and
/// everything inside it.
fn apply(schema: &mut RefOr<Schema>, name: Option<&str>) {
    if matches!(schema, RefOr::T(s) if says_nothing(s)) {
        *schema = RefOr::Ref(Ref::from_schema_name(JSON_VALUE));
        return;
    }
    let RefOr::T(schema) = schema else { return };
    match schema {
        Schema::Object(object) => {
            let free_text =
                object.pattern.is_none() && object.enum_values.is_none() && object.format.is_none();
            if has_type(&object.schema_type, Type::String) && free_text {
                object.pattern = Some(NO_NUL.to_owned());
            }
            if has_type(&object.schema_type, Type::Integer)
                && name.is_some_and(names_a_row)
                && object.minimum.is_none()
            {
                object.minimum = Some(1.into());
            }
            let number = has_type(&object.schema_type, Type::Number)
                || has_type(&object.schema_type, Type::Integer);
            if number && name.is_some_and(is_coordinate) && object.maximum.is_none() {
                object.minimum = Some((-MAX_COORDINATE).into());
                object.maximum = Some(MAX_COORDINATE.into());
            }
            if number && name.is_some_and(is_size) && object.maximum.is_none() {
                object.exclusive_minimum = Some(0.into());
                object.maximum = Some(MAX_SIZE.into());
            }
            for (key, property) in object.properties.iter_mut() {
                apply(property, Some(key));
            }
            // An object's keys are texts too, those it does not list included
            // (the server reads every key of a body).
            // What it does not list may be there with any value, under the
            // same rule.
            if has_type(&object.schema_type, Type::Object) || !object.properties.is_empty() {
                let keys = object.property_names.get_or_insert_with(|| Box::new(no_nul_text()));
                if let Schema::Object(keys) = keys.as_mut() {
                    keys.pattern.get_or_insert_with(|| NO_NUL.to_owned());
                }
                object.additional_properties.get_or_insert_with(|| {
                    Box::new(AdditionalProperties::RefOr(RefOr::Ref(Ref::from_schema_name(
                        JSON_VALUE,
                    ))))
                });
            }
            if let Some(extra) = object.additional_properties.as_deref_mut() {
                match extra {
                    AdditionalProperties::RefOr(values) => apply(values, None),
                    AdditionalProperties::FreeForm(true) => {
                        *extra = AdditionalProperties::RefOr(RefOr::Ref(Ref::from_schema_name(
                            JSON_VALUE,
                        )));
                    }
                    AdditionalProperties::FreeForm(false) => {}
                }
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                apply(items, None);
            }
        }
        Schema::AllOf(all) => all.items.iter_mut().for_each(|s| apply(s, name)),
        Schema::OneOf(one) => one.items.iter_mut().for_each(|s| apply(s, name)),
        Schema::AnyOf(any) => any.items.iter_mut().for_each(|s| apply(s, name)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_refuse_nul_and_ids_start_at_one() {
        let (_, doc) = crate::http::api(crate::billing::catalogue::Catalogue::builtin());
        let text = serde_json::to_value(&doc).unwrap();
        let placement = &text["components"]["schemas"]["NodePlacement"]["properties"];
        let email = &text["components"]["schemas"]["LoginRequest"]["properties"]["email"];
        assert_eq!(email["pattern"], NO_NUL, "{email}");
        assert_eq!(placement["project_id"]["minimum"], 1, "{placement}");
        assert_eq!(placement["position_x"]["maximum"], MAX_COORDINATE, "{placement}");
        let placement = &text["components"]["schemas"]["NodePlacement"];
        assert_eq!(placement["propertyNames"]["pattern"], NO_NUL, "{placement}");
        let extra = &placement["additionalProperties"]["$ref"];
        assert_eq!(extra, "#/components/schemas/JsonValue", "{placement}");
        // Enumerations keep their values only.
        let cycle = &text["components"]["schemas"]["BillingCycle"];
        assert!(cycle.get("pattern").is_none(), "{cycle}");
        // A free-form value is any JSON under the same rule, keys included.
        let request = &text["components"]["schemas"]["RequestPayload"]["properties"];
        assert_eq!(request["body"]["$ref"], "#/components/schemas/JsonValue", "{request}");
        assert_eq!(request["headers"]["propertyNames"]["pattern"], NO_NUL, "{request}");
        let json_value = &text["components"]["schemas"]["JsonValue"];
        assert_eq!(json_value["anyOf"][0]["pattern"], NO_NUL, "{json_value}");
    }
}

//! What the server requires of particular fields, said on those fields: the
//! names and messages it trims and requires (some character that is not
//! white space, within their longest length), the texts it only bounds, the
//! node kinds and time zones it knows by name, a function's tool name, a
//! Telegram registration's project id and bot token, a card number, the
//! nodes a downgrade deletes (each once), an `Idempotency-Key`, and the part
//! names of a multipart upload. The plans, packages and billing
//! cycles are said by `openapi_catalogue`.

use dastyar_core::NodeKind;
use dastyar_core::schedule::timezone_names;
use dastyar_core::validate::function_schema;
use dastyar_core::validate::node::MAX_NAME_CHARS;
use dastyar_core::validate::{card, telegram};
use serde_json::json;
use utoipa::openapi::schema::{ArrayItems, Object, Schema};
use utoipa::openapi::{OpenApi, Ref, RefOr};

use crate::canvas::containers;
use crate::http::common_responses::operations;
use crate::http::extract::idempotency_key;
use crate::http::operation::Schemas;
use crate::http::routes::function_json::USER_MESSAGE_MAX;
use crate::names::{CATEGORY_MAX, PROJECT_NAME_MAX, USER_NAME_MAX};
use crate::runtime::conversations::MESSAGE_MAX;

/// Rust's white space (`char::is_whitespace`, what `str::trim` removes), as
/// inclusive ranges: a required text needs one character outside them.
pub const WHITE_SPACE: &[(char, char)] = &[
    ('\u{9}', '\u{d}'),
    (' ', ' '),
    ('\u{85}', '\u{85}'),
    ('\u{a0}', '\u{a0}'),
    ('\u{1680}', '\u{1680}'),
    ('\u{2000}', '\u{200a}'),
    ('\u{2028}', '\u{2029}'),
    ('\u{202f}', '\u{202f}'),
    ('\u{205f}', '\u{205f}'),
    ('\u{3000}', '\u{3000}'),
];

/// Texts the server trims and then requires, with their longest length.
const REQUIRED_TEXTS: &[(&str, &str, usize)] = &[
    ("NodePlacement", "name", MAX_NAME_CHARS),
    ("NodeRename", "name", MAX_NAME_CHARS),
    ("TelegramRegisterPayload", "name", MAX_NAME_CHARS),
    ("RegisterRequest", "name", USER_NAME_MAX),
    ("ProjectNameRequest", "name", PROJECT_NAME_MAX),
    ("ContainerNameRequest", "name", containers::NAME_MAX),
    ("GenerateFunctionJsonRequest", "user_message", USER_MESSAGE_MAX),
    ("SendMessageRequest", "content", MESSAGE_MAX),
];

/// Texts that may be blank, within their longest length.
const BOUNDED_TEXTS: &[(&str, &str, usize)] = &[
    ("ProjectCategoryRequest", "category", CATEGORY_MAX),
    ("CreateContainerRequest", "name", containers::NAME_MAX),
];

/// Fields naming a kind of node that is stored (every kind but the test frame).
const STORED_KINDS: &[(&str, &str)] = &[
    ("CreateEdgeRequest", "source_type"),
    ("CreateEdgeRequest", "target_type"),
    ("AddNodeRequest", "node_type"),
];

/// Fields naming any kind of node.
const ANY_KIND: &[(&str, &str)] = &[("CheckLimitRequest", "node_type")];

/// Fields naming an IANA time zone.
const TIME_ZONES: &[(&str, &str)] = &[("SchedulerPayload", "timezone")];

/// A registration's project id: the digits of a project's id, as a text.
const PROJECT_ID_TEXT: &str = "^[0-9]{1,18}$";

/// A multipart part's name: no control character but the tab.
const PART_NAME: &str = "^[^\\u0000-\\u0008\\u000A-\\u001F\\u007F]*$";

/// The pattern of a text with some character that is not white space (and
/// no U+0000, as everywhere).
pub fn not_blank_pattern() -> String {
    let class: String = WHITE_SPACE
        .iter()
        .map(
            |&(from, to)| {
                if from == to { escape(from) } else { format!("{}-{}", escape(from), escape(to)) }
            },
        )
        .collect();
    format!("^[^\\u0000]*[^\\u0000{class}][^\\u0000]*$")
}

fn escape(c: char) -> String {
    format!("\\u{:04X}", u32::from(c))
}

/// Writes the rules into the components of `doc`.
pub fn add(doc: &mut OpenApi) {
    let components = doc.components.get_or_insert_with(Default::default);
    let stored: Vec<&str> =
        NodeKind::ALL.iter().filter(|k| k.is_persisted()).map(|k| k.as_str()).collect();
    components
        .schemas
        .insert("StoredNodeKind".into(), enumeration(&stored, "A kind of node that is stored"));
    let zones: Vec<&str> = timezone_names().collect();
    components
        .schemas
        .insert("TimeZone".into(), enumeration(&zones, "An IANA time zone, exactly as written"));
    let schemas = &mut components.schemas;
    for &(schema, field, max) in REQUIRED_TEXTS {
        edit(schemas, schema, field, |text| {
            text.pattern = Some(not_blank_pattern());
            text.max_length = Some(max);
        });
    }
    for &(schema, field, max) in BOUNDED_TEXTS {
        edit(schemas, schema, field, |text| text.max_length = Some(max));
    }
    for &(schema, field) in STORED_KINDS {
        refer(schemas, schema, field, "StoredNodeKind");
    }
    for &(schema, field) in ANY_KIND {
        refer(schemas, schema, field, "NodeKind");
    }
    for &(schema, field) in TIME_ZONES {
        refer(schemas, schema, field, "TimeZone");
    }
    // A function's node name is its tool name too (the same `name` key).
    edit(schemas, "FunctionPayload", "name", |text| {
        text.pattern = Some(format!("^[A-Za-z0-9_-]{{1,{}}}$", function_schema::NAME_MAX));
    });
    edit(schemas, "TelegramRegisterPayload", "project_id", |text| {
        text.pattern = Some(PROJECT_ID_TEXT.to_owned());
    });
    // A new bot needs its token (a mask stands for a saved one; there is none yet).
    edit(schemas, "TelegramRegisterPayload", "bot_token", |text| {
        text.pattern = Some(telegram::TOKEN_PATTERN.to_owned());
        text.max_length = Some(telegram::TOKEN_MAX);
    });
    require(schemas, "TelegramRegisterPayload", "bot_token");
    for schema in ["BotTokenRequest", "BotDetailsRequest"] {
        edit(schemas, schema, "bot_token", |text| {
            text.pattern = Some(telegram::TOKEN_PATTERN.to_owned());
            text.max_length = Some(telegram::TOKEN_MAX);
        });
    }
    // get-details takes a token or a node: one of the two is required.
    if let Some(details) = schemas.remove("BotDetailsRequest") {
        let either = json!({"allOf": [details, {"anyOf": [
            {"type": "object", "required": ["bot_token"], "properties": {"bot_token": {"type": "string"}}},
            {"type": "object", "required": ["node_id"], "properties": {"node_id": {"type": "integer"}}},
        ]}]});
        let either = serde_json::from_value(either).expect("the get-details schema");
        schemas.insert("BotDetailsRequest".into(), either);
    }
    edit(schemas, "MockConfirmRequest", "card_number", |text| {
        text.pattern = Some(card::CARD_NUMBER_PATTERN.to_owned());
    });
    // Database ids, each once.
    match property(schemas, "CleanupNodesRequest", "nodes_to_delete") {
        RefOr::T(Schema::Array(ids)) => {
            ids.unique_items = true;
            if let ArrayItems::RefOrSchema(item) = &mut ids.items
                && let RefOr::T(Schema::Object(id)) = item.as_mut()
            {
                id.minimum = Some(1.into());
            }
        }
        _ => panic!("CleanupNodesRequest.nodes_to_delete is no array"),
    }
    // Each part's name is a header parameter (RFC 7578): no control character.
    if let Some(RefOr::T(Schema::Object(form))) = schemas.get_mut("UploadForm") {
        form.property_names = Some(Box::new(
            serde_json::from_value(json!({"type": "string", "pattern": PART_NAME}))
                .expect("a part name schema"),
        ));
    }
    for item in doc.paths.paths.values_mut() {
        for operation in operations(item) {
            for parameter in operation.parameters.iter_mut().flatten() {
                if let RefOr::T(parameter) = parameter
                    && parameter.name.eq_ignore_ascii_case(idempotency_key::HEADER)
                    && let Some(RefOr::T(Schema::Object(key))) = parameter.schema.as_mut()
                {
                    key.pattern = Some(idempotency_key::pattern());
                }
            }
        }
    }
}

/// Adds `field` to what `schema` requires.
fn require(schemas: &mut Schemas, schema: &str, field: &str) {
    match schemas.get_mut(schema) {
        Some(RefOr::T(Schema::Object(object))) => {
            if !object.required.iter().any(|f| f == field) {
                object.required.push(field.to_owned());
            }
        }
        _ => panic!("the document has no plain schema {schema}"),
    }
}

pub(super) fn enumeration(values: &[&str], description: &str) -> RefOr<Schema> {
    RefOr::T(
        serde_json::from_value(
            json!({"type": "string", "enum": values, "description": description}),
        )
        .expect("an enumeration reads"),
    )
}

/// The property `field` of component `schema`; a missing one is a mistake
/// in the tables above.
fn property<'a>(schemas: &'a mut Schemas, schema: &str, field: &str) -> &'a mut RefOr<Schema> {
    find_property(schemas, schema, field)
        .unwrap_or_else(|| panic!("the document has no field {field} in a schema {schema}"))
}

/// The property `field` of component `schema`, listed by it or by one of
/// its `allOf` parts.
pub(crate) fn find_property<'a>(
    schemas: &'a mut Schemas,
    schema: &str,
    field: &str,
) -> Option<&'a mut RefOr<Schema>> {
    let Some(RefOr::T(found)) = schemas.get_mut(schema) else {
        return None;
    };
    let objects: Vec<&mut Object> = match found {
        Schema::Object(object) => vec![object],
        Schema::AllOf(all) => all
            .items
            .iter_mut()
            .filter_map(|item| match item {
                RefOr::T(Schema::Object(object)) => Some(object),
                _ => None,
            })
            .collect(),
        _ => vec![],
    };
    objects.into_iter().find_map(|object| object.properties.get_mut(field))
}

pub(super) fn edit(
    schemas: &mut Schemas,
    schema: &str,
    field: &str,
    change: impl FnOnce(&mut Object),
) {
    match property(schemas, schema, field) {
        RefOr::T(Schema::Object(text)) => change(text),
        _ => panic!("{schema}.{field} is no plain schema"),
    }
}

/// Makes `schema.field` the component `to`.
pub(super) fn refer(schemas: &mut Schemas, schema: &str, field: &str, to: &str) {
    *property(schemas, schema, field) = RefOr::Ref(Ref::from_schema_name(to));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn white_space_is_what_trim_removes() {
        let listed = |c: char| WHITE_SPACE.iter().any(|&(from, to)| (from..=to).contains(&c));
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(listed(c), c.is_whitespace(), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn the_document_says_each_rule() {
        let (_, doc) = crate::http::api(crate::billing::catalogue::Catalogue::builtin());
        let text = serde_json::to_value(&doc).unwrap();
        let schemas = &text["components"]["schemas"];
        let name = &schemas["ProjectNameRequest"]["properties"]["name"];
        assert_eq!(name["pattern"], not_blank_pattern(), "{name}");
        assert_eq!(name["maxLength"], PROJECT_NAME_MAX, "{name}");
        let source = &schemas["CreateEdgeRequest"]["properties"]["source_type"];
        assert_eq!(source["$ref"], "#/components/schemas/StoredNodeKind", "{source}");
        let kinds = schemas["StoredNodeKind"]["enum"].as_array().unwrap();
        assert!(kinds.contains(&json!("assistant")) && !kinds.contains(&json!("testframe")));
        let check = &schemas["BotTokenRequest"]["properties"]["bot_token"];
        assert_eq!(check["pattern"], telegram::TOKEN_PATTERN, "{check}");
        let details = &schemas["BotDetailsRequest"];
        assert_eq!(
            details["allOf"][0]["properties"]["bot_token"]["pattern"],
            telegram::TOKEN_PATTERN
        );
        let either: Vec<&Value> = details["allOf"][1]["anyOf"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| &b["required"][0])
            .collect();
        assert_eq!(either, [&json!("bot_token"), &json!("node_id")], "{details}");
        let zones = schemas["TimeZone"]["enum"].as_array().unwrap();
        assert!(zones.contains(&json!("Asia/Tehran")), "{}", zones.len());
        let bot = &schemas["TelegramRegisterPayload"];
        assert!(bot["required"].as_array().unwrap().contains(&json!("bot_token")), "{bot}");
        assert_eq!(bot["properties"]["bot_token"]["pattern"], telegram::TOKEN_PATTERN);
        let parts = &schemas["UploadForm"]["propertyNames"]["pattern"];
        assert_eq!(parts, PART_NAME);
        let send = &text["paths"]["/api/playground/conversations/{id}/messages"]["post"];
        let key = send["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "Idempotency-Key")
            .unwrap();
        assert_eq!(key["schema"]["pattern"], "^[!-~]{1,200}$", "{key}");
        let card = &schemas["MockConfirmRequest"]["properties"]["card_number"];
        assert_eq!(card["pattern"], card::CARD_NUMBER_PATTERN, "{card}");
        let deleted = &schemas["CleanupNodesRequest"]["properties"]["nodes_to_delete"];
        assert_eq!(deleted["uniqueItems"], true, "{deleted}");
        assert_eq!(deleted["items"]["minimum"], 1, "{deleted}");
    }
}

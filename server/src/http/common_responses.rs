//! Answers any operation may give, documented once for all: 401 where a
//! token is needed, 422 where a body or a query is read (it may not parse,
//! or a value may be refused), 404 where the path names something by id.
//! Each route documents what is its own; these fill in what it leaves out.

use utoipa::openapi::path::{Operation, ParameterIn, PathItem};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

/// Adds the common answers each operation can give but does not list.
pub fn add(doc: &mut OpenApi) {
    for item in doc.paths.paths.values_mut() {
        for operation in operations(item) {
            if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
                ensure(operation, "401", "unauthenticated: no token, or one expired or revoked");
            }
            if operation.request_body.is_some() || has_parameter(operation, ParameterIn::Query) {
                ensure(operation, "422", "invalid_json, invalid_input or a field's own code");
            }
            if has_parameter(operation, ParameterIn::Path) {
                ensure(operation, "404", "not_found: nothing of mine has that id");
            }
        }
    }
}

fn has_parameter(operation: &Operation, place: ParameterIn) -> bool {
    operation
        .parameters
        .iter()
        .flatten()
        .any(|parameter| matches!(parameter, RefOr::T(p) if p.parameter_in == place))
}

/// Every operation of a path.
pub(super) fn operations(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch]
        .into_iter()
        .flatten()
}

fn ensure(operation: &mut Operation, status: &str, description: &str) {
    operation.responses.responses.entry(status.to_owned()).or_insert_with(|| {
        let body = ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build();
        RefOr::T(
            ResponseBuilder::new()
                .description(description)
                .content("application/json", body)
                .build(),
        )
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_operation_lists_the_common_answers_it_can_give() {
        let (_, doc) = crate::http::api(crate::billing::catalogue::Catalogue::builtin());
        let doc = serde_json::to_value(&doc).unwrap();
        let responses = |path: &str, method: &str| doc["paths"][path][method]["responses"].clone();
        // A token needed: 401.
        assert!(responses("/api/assistants/node-usage", "get").get("401").is_some());
        // A query read, even without a token: 422; no token needed, no 401.
        let callback = responses("/api/subscription/zarinpal/callback", "get");
        assert!(callback.get("422").is_some() && callback.get("401").is_none(), "{callback}");
        // An id in the path: 404.
        assert!(responses("/api/sms/{id}", "delete").get("404").is_some());
    }
}

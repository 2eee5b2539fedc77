//! Links from each create to what can be done with what it made. A created
//! node answers its canvas id (`"sms-7"`) as `id` and its database id as
//! `database_id`; the paths take the database id. Declared links say so,
//! so a client (or a fuzzer following links) uses the right one.

use std::collections::HashSet;

use utoipa::openapi::link::LinkBuilder;
use utoipa::openapi::path::PathItem;
use utoipa::openapi::schema::Schema;
use utoipa::openapi::{OpenApi, RefOr};

/// Links every `201` of a `POST {collection}` whose body carries
/// `database_id` to each operation under `{collection}/{id}`.
pub fn add(doc: &mut OpenApi) {
    let with_database_id: HashSet<String> = doc
        .components
        .iter()
        .flat_map(|c| c.schemas.iter())
        .filter(|(_, schema)| matches!(schema, RefOr::T(schema) if carries_database_id(schema)))
        .map(|(name, _)| name.clone())
        .collect();
    let operations: Vec<(String, &'static str)> = doc
        .paths
        .paths
        .iter()
        .flat_map(|(path, item)| methods(item).into_iter().map(move |m| (path.clone(), m)))
        .collect();
    for (collection, item) in doc.paths.paths.iter_mut() {
        let Some(created) = item.post.as_mut().and_then(|op| op.responses.responses.get_mut("201"))
        else {
            continue;
        };
        let RefOr::T(created) = created else { continue };
        let names_node = created.content.values().any(|content| {
            matches!(content, RefOr::T(c) if matches!(&c.schema, Some(RefOr::Ref(r))
                if r.ref_location.rsplit('/').next().is_some_and(|n| with_database_id.contains(n))))
        });
        if !names_node {
            continue;
        }
        let under = format!("{collection}/{{id}}");
        for (path, method) in operations.iter().filter(|(p, _)| p.starts_with(&under)) {
            let target = format!("#/paths/{}/{method}", pointer_escape(path));
            let link = LinkBuilder::new()
                .operation_ref(target)
                .parameter("id", "$response.body#/database_id")
                .description("The database id the paths take")
                .build();
            created.links.insert(format!("{method} {path}"), RefOr::T(link));
        }
    }
}

/// Whether an answer of this schema has `database_id` (itself or in one of
/// its `allOf` parts).
fn carries_database_id(schema: &Schema) -> bool {
    match schema {
        Schema::Object(object) => object.properties.contains_key("database_id"),
        Schema::AllOf(all) => {
            all.items.iter().any(|item| matches!(item, RefOr::T(s) if carries_database_id(s)))
        }
        _ => false,
    }
}

/// The methods a path has operations for.
fn methods(item: &PathItem) -> Vec<&'static str> {
    [
        ("get", item.get.is_some()),
        ("put", item.put.is_some()),
        ("post", item.post.is_some()),
        ("delete", item.delete.is_some()),
        ("patch", item.patch.is_some()),
    ]
    .into_iter()
    .filter_map(|(method, present)| present.then_some(method))
    .collect()
}

/// A path as a JSON pointer segment (RFC 6901).
fn pointer_escape(path: &str) -> String {
    path.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_created_node_links_to_its_operations_by_database_id() {
        let (_, doc) = crate::http::api(crate::billing::catalogue::Catalogue::builtin());
        let doc = serde_json::to_value(&doc).unwrap();
        let links = &doc["paths"]["/api/sms"]["post"]["responses"]["201"]["links"];
        let delete = &links["delete /api/sms/{id}"];
        assert_eq!(delete["operationRef"], "#/paths/~1api~1sms~1{id}/delete", "{links}");
        assert_eq!(delete["parameters"]["id"], "$response.body#/database_id");
        assert!(links.get("patch /api/sms/{id}/position").is_some(), "{links}");
        let links = &doc["paths"]["/api/containers"]["post"]["responses"]["201"]["links"];
        assert!(links.get("delete /api/containers/{id}").is_some(), "{links}");
    }
}

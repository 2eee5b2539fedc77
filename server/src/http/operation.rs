//! Building OpenAPI operations by hand, for the routes whose operations are
//! made at run time (`DocumentedRoute`): the per-kind node collections and
//! the connection shortcuts' table.

use std::collections::BTreeMap;

use utoipa::ToSchema;
use utoipa::openapi::path::{OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{AllOfBuilder, ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Required, ResponseBuilder};

/// Component schemas by name.
pub type Schemas = BTreeMap<String, RefOr<Schema>>;

/// Adds `T` and every schema it refers to; its name.
pub fn add<T: ToSchema>(schemas: &mut Schemas) -> String {
    let name = T::name().into_owned();
    let mut found = vec![(name.clone(), T::schema())];
    T::schemas(&mut found);
    for (name, schema) in found {
        schemas.entry(name).or_insert(schema);
    }
    name
}

pub fn op(tag: &str, summary: &str) -> OperationBuilder {
    OperationBuilder::new()
        .tag(tag)
        .summary(Some(summary))
        .security(SecurityRequirement::new("bearer", Vec::<String>::new()))
}

pub fn id_param(description: &str) -> utoipa::openapi::path::Parameter {
    ParameterBuilder::new()
        .name("id")
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .description(Some(description))
        .schema(Some(int64()))
        .build()
}

pub fn int64() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::Integer).format(Some(
        utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64),
    ))
}

pub fn schema_ref(name: &str) -> RefOr<Schema> {
    RefOr::Ref(Ref::from_schema_name(name))
}

pub fn array(item: Ref) -> RefOr<Schema> {
    RefOr::T(Schema::Array(ArrayBuilder::new().items(RefOr::Ref(item)).build()))
}

pub fn all_of(a: RefOr<Schema>, b: RefOr<Schema>) -> RefOr<Schema> {
    RefOr::T(Schema::AllOf(AllOfBuilder::new().item(a).item(b).build()))
}

pub fn json_body(schema: impl Into<RefOr<Schema>>) -> utoipa::openapi::request_body::RequestBody {
    RequestBodyBuilder::new()
        .content("application/json", ContentBuilder::new().schema(Some(schema)).build())
        .required(Some(Required::True))
        .build()
}

pub fn json_response(
    description: &str,
    schema: impl Into<RefOr<Schema>>,
) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", ContentBuilder::new().schema(Some(schema)).build())
        .build()
}

pub fn error(description: &str) -> utoipa::openapi::Response {
    json_response(description, schema_ref("ErrorBody"))
}

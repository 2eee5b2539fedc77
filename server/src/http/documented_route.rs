//! A route made at run time (the per-kind node collections, the assistant
//! extras mounted at two prefixes, the connection shortcuts' table), declared once
//! with its handlers and their OpenAPI operations together, the way
//! `utoipa_axum::routes!` does for a handler with a fixed `#[utoipa::path]`.

use axum::handler::Handler;
use axum::routing::{MethodFilter, MethodRouter};
use utoipa::ToSchema;
use utoipa::openapi::path::{HttpMethod, Operation, PathItem, Paths};
use utoipa::openapi::{RefOr, schema::Schema};
use utoipa_axum::router::UtoipaMethodRouter;

use crate::state::AppState;

pub struct DocumentedRoute {
    path: String,
    item: Option<PathItem>,
    methods: MethodRouter<AppState>,
    schemas: Vec<(String, RefOr<Schema>)>,
}

impl DocumentedRoute {
    pub fn new(path: impl Into<String>) -> Self {
        DocumentedRoute {
            path: path.into(),
            item: None,
            methods: MethodRouter::new(),
            schemas: vec![],
        }
    }

    /// Serves `method` with `handler`, documented by `operation`.
    pub fn on<H, T>(
        mut self,
        method: HttpMethod,
        handler: H,
        operation: impl Into<Operation>,
    ) -> Self
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.methods = self.methods.on(filter(&method), handler);
        let one = PathItem::new(method, operation);
        match &mut self.item {
            Some(item) => item.merge_operations(one),
            None => self.item = Some(one),
        }
        self
    }

    /// `T`'s schema, and those it refers to, for the operations to refer to.
    pub fn with_schema<T: ToSchema>(mut self) -> Self {
        self.schemas.push((T::name().into_owned(), T::schema()));
        T::schemas(&mut self.schemas);
        self
    }

    /// Component schemas the operations refer to.
    pub fn with_schemas(
        mut self,
        schemas: impl IntoIterator<Item = (String, RefOr<Schema>)>,
    ) -> Self {
        self.schemas.extend(schemas);
        self
    }
}

impl From<DocumentedRoute> for UtoipaMethodRouter<AppState> {
    fn from(route: DocumentedRoute) -> Self {
        let mut paths = Paths::new();
        if let Some(item) = route.item {
            paths.paths.insert(route.path, item);
        }
        (route.schemas, paths, route.methods)
    }
}

fn filter(method: &HttpMethod) -> MethodFilter {
    match method {
        HttpMethod::Get => MethodFilter::GET,
        HttpMethod::Post => MethodFilter::POST,
        HttpMethod::Put => MethodFilter::PUT,
        HttpMethod::Delete => MethodFilter::DELETE,
        HttpMethod::Options => MethodFilter::OPTIONS,
        HttpMethod::Head => MethodFilter::HEAD,
        HttpMethod::Patch => MethodFilter::PATCH,
        HttpMethod::Trace => MethodFilter::TRACE,
    }
}

//! What the router answers outside the handlers: unknown API paths and
//! methods, the OpenAPI document, and the web app.

mod common;

use std::collections::BTreeSet;

use axum::http::{Method, StatusCode, header};
use common::{Backend, TestEnv, for_each_backend};
use serde_json::json;

#[tokio::test]
async fn unknown_api_routes_are_json_404_and_wrong_methods_405() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("routes@example.com").await;
        for path in [
            "/api",
            "/api/",
            "/api/nope",
            "/api/projects/1/nope",
            "/api/auth",
            "/api/playground/nope/deeper",
        ] {
            app.get(path, None).await.assert_error(404, "not_found");
            app.get(path, Some(&token)).await.assert_error(404, "not_found");
        }
        // A known path with a method it does not have: 405, naming those it has.
        let cases = [
            (Method::PATCH, "/api/projects", "GET"),
            (Method::GET, "/api/auth/register", "POST"),
            (Method::POST, "/api/projects/1/rename", "PUT"),
            (Method::TRACE, "/api/auth/login", "POST"),
        ];
        for (method, path, allowed) in cases {
            let response = app.call(method.clone(), path, Some(&token), Some(json!({}))).await;
            response.assert_error(405, "method_not_allowed");
            let allow = response.headers.get("allow").and_then(|v| v.to_str().ok()).unwrap_or("");
            assert!(allow.split(',').any(|m| m.trim() == allowed), "{method} {path}: {allow}");
            assert!(!allow.contains(method.as_str()), "{method} {path}: {allow}");
        }
    })
    .await;
}

/// The routes anyone may call: the document itself, sign-up and sign-in,
/// the gateway's return (a browser redirect from Zarinpal), Google's OAuth
/// return (its state names the flow) and Telegram's
/// webhook (which proves itself with the bot's secret instead) and the chat
/// widget's calls (which check the page's origin and the visitor's token).
const OPEN: [&str; 10] = [
    "/api/openapi.json",
    "/api/auth/register",
    "/api/auth/login",
    "/api/subscription/zarinpal/callback",
    "/api/google/callback",
    "/api/telegram/webhook/{id}",
    "/api/widget/{key}/session",
    "/api/widget/{key}/conversation",
    "/api/widget/{key}/conversation/new",
    "/api/widget/{key}/messages",
];

#[tokio::test]
async fn the_openapi_document_lists_every_route() {
    for_each_backend(|app| async move {
        let response = app.get("/api/openapi.json", None).await;
        assert_eq!(response.status, StatusCode::OK);
        let doc = response.json();
        assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{}", doc["openapi"]);
        // The document served is the one the router is built with: each
        // route's declaration gives both.
        let (_, declared) =
            dastyar_server::http::api(dastyar_server::billing::catalogue::Catalogue::builtin());
        assert_eq!(doc, serde_json::to_value(&declared).unwrap());
        let mut routes = BTreeSet::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                if ["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                    routes.insert((method.to_uppercase(), path.clone()));
                }
            }
        }
        // Every documented route is served: without a token, a route that
        // needs one answers 401 (the fallback would answer 404), an open one
        // reaches its handler.
        for (method, path) in &routes {
            let concrete = path
                .split('/')
                .map(|part| if part.starts_with('{') { "1" } else { part })
                .collect::<Vec<_>>()
                .join("/");
            let method = Method::from_bytes(method.as_bytes()).unwrap();
            let response = app.call(method.clone(), &concrete, None, Some(json!({}))).await;
            if OPEN.contains(&path.as_str()) {
                if response.status == StatusCode::NOT_FOUND {
                    // Its own 404 (no frame has key 1), not the router's:
                    // the path is served, so another method is a 405.
                    let put = app.call(Method::PUT, &concrete, None, Some(json!({}))).await;
                    put.assert_error(405, "method_not_allowed");
                }
            } else {
                response.assert_error(401, "unauthenticated");
            }
        }
        // Every node collection in core's kind table has its routes
        // (containers have routes of their own).
        let collections = dastyar_core::NodeKind::ALL
            .into_iter()
            .filter(|kind| *kind != dastyar_core::NodeKind::Container)
            .filter_map(|kind| kind.collection());
        for collection in collections {
            let base = format!("/api/{collection}");
            for (method, path) in [
                ("POST", base.clone()),
                ("GET", format!("{base}/{{id}}")),
                ("PATCH", format!("{base}/{{id}}")),
                ("DELETE", format!("{base}/{{id}}")),
                ("PATCH", format!("{base}/{{id}}/position")),
                ("PATCH", format!("{base}/{{id}}/container")),
            ] {
                assert!(routes.contains(&(method.to_owned(), path.clone())), "{method} {path}");
            }
        }
        assert!(routes.contains(&("PUT".to_owned(), "/api/functions/{id}".to_owned())));
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for schema in [
            "RegisterRequest",
            "LoginRequest",
            "AuthResponse",
            "User",
            "Project",
            "ErrorBody",
            "ErrorDetail",
            "CreateEdgeRequest",
            "EdgeDataRequest",
            "EdgeDeleted",
            "CanvasEdge",
            "CanvasNode",
            "CreateContainerRequest",
            "ContainerNameRequest",
            "ContainerDimensionsRequest",
            "ContainerPositionRequest",
            "AddNodeRequest",
            "ContainerDeleted",
            "ContainerWithAssistants",
            "ApiNodes",
            "ApiDefinitionLinks",
            "RequestLinks",
            "WorkflowCheck",
            "TriggerView",
            "AssistantFunctionRequest",
            "ConnectApiRequest",
            "ConnectRequestRequest",
            "ConnectAssistantRequest",
            "FileDbRequest",
            "FileRepositoryRequest",
            "SourceFiles",
            "FileEntry",
            "FrameView",
            "UploadAnswer",
            "UploadForm",
            "PlanView",
            "PlanQuota",
            "PlanPrices",
            "CreditPackage",
            "CurrentSubscription",
            "SubscriptionView",
            "SubscriptionHistory",
            "CheckLimitRequest",
            "CheckLimitAnswer",
            "CreditOffer",
            "CustomCredits",
            "PurchaseRequest",
            "PaymentStarted",
            "PaymentView",
            "MockConfirmRequest",
            "MockConfirmAnswer",
            "DowngradeAnalysis",
            "CleanupAnswer",
        ] {
            assert!(schemas.contains_key(schema), "missing schema {schema}");
        }
        assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
        assert_eq!(doc["paths"]["/api/projects"]["get"]["security"], json!([{"bearer": []}]));
        // Every route but the open ones needs the token.
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                if !OPEN.contains(&path.as_str()) {
                    assert_eq!(operation["security"], json!([{"bearer": []}]), "{method} {path}");
                }
            }
        }
        // The shortcuts answer what POST /edges answers.
        for (path, method) in [
            ("/api/edges", "post"),
            ("/api/functions/{id}/connect/{assistant_id}", "post"),
            ("/api/trigger/{id}/connect-assistant", "post"),
            ("/api/vectorstores/{id}/addfiles", "post"),
        ] {
            let created = &doc["paths"][path][method]["responses"]["201"];
            assert_eq!(
                created["content"]["application/json"]["schema"]["$ref"],
                "#/components/schemas/CanvasEdge",
                "{path}"
            );
        }
        let query = &doc["paths"]["/api/api-definitions"]["get"]["parameters"][0];
        assert_eq!((&query["name"], &query["in"]), (&json!("project_id"), &json!("query")));
        // Canvas nodes in answers point at the CanvasNode schema (a new one
        // with its database id too).
        let created = &doc["paths"]["/api/containers"]["post"]["responses"]["201"];
        assert_eq!(
            created["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/CreatedNode"
        );
        let shown = &doc["paths"]["/api/containers/{id}"]["get"]["responses"]["200"];
        assert_eq!(
            shown["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/CanvasNode"
        );
    })
    .await;
}

#[tokio::test]
async fn without_a_built_web_app_the_root_says_how_to_build_it() {
    let env = TestEnv::new(Backend::Sqlite).await;
    let app = env.app().await;
    for path in ["/", "/projects/3"] {
        let response = app.get(path, None).await;
        assert_eq!(response.status, StatusCode::OK);
        let content_type = response.headers[header::CONTENT_TYPE].to_str().unwrap();
        assert!(content_type.starts_with("text/html"), "{content_type}");
        let page = response.text();
        assert!(page.contains(r#"lang="fa" dir="rtl""#));
        assert!(page.contains("ساخته نشده"), "{page}");
        assert!(page.contains("make run"));
    }
    drop(app);
    env.remove().await;
}

#[tokio::test]
async fn the_built_web_app_is_served_with_a_spa_fallback() {
    let env = TestEnv::new(Backend::Sqlite).await;
    let web = env.dir.join("web");
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>دستیار</title><div id=root></div>",
    )
    .unwrap();
    std::fs::write(web.join("assets/app.js"), "console.log('hi')").unwrap();
    let app = env.app().await;

    let index = app.get("/", None).await;
    assert_eq!(index.status, StatusCode::OK);
    assert!(index.text().contains("id=root"));
    let script = app.get("/assets/app.js", None).await;
    assert_eq!(script.status, StatusCode::OK);
    assert_eq!(script.text(), "console.log('hi')");
    assert!(script.headers[header::CONTENT_TYPE].to_str().unwrap().contains("javascript"));
    // Client-side routes get index.html.
    let deep = app.get("/projects/12", None).await;
    assert_eq!(deep.status, StatusCode::OK);
    assert!(deep.text().contains("id=root"));
    // The API keeps its own 404s.
    app.get("/api/nope", None).await.assert_error(404, "not_found");
    drop(app);
    env.remove().await;
}

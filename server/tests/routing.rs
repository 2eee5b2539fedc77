//! What the router answers outside the handlers: unknown API paths and
//! methods, the OpenAPI document, and the web app.

mod common;

use std::collections::BTreeSet;

use axum::http::{Method, StatusCode, header};
use common::{Backend, TestEnv, for_each_backend};
use serde_json::json;

#[tokio::test]
async fn unknown_api_routes_are_json_404() {
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
        // A known path with a method it does not have.
        app.call(Method::PATCH, "/api/projects", Some(&token), Some(json!({})))
            .await
            .assert_error(404, "not_found");
        app.call(Method::GET, "/api/auth/register", None, None)
            .await
            .assert_error(404, "not_found");
        app.call(Method::POST, "/api/projects/1/rename", Some(&token), Some(json!({"name": "x"})))
            .await
            .assert_error(404, "not_found");
    })
    .await;
}

#[tokio::test]
async fn the_openapi_document_lists_every_route() {
    for_each_backend(|app| async move {
        let response = app.get("/api/openapi.json", None).await;
        assert_eq!(response.status, StatusCode::OK);
        let doc = response.json();
        assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{}", doc["openapi"]);
        let mut routes = BTreeSet::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                if ["get", "post", "put", "patch", "delete"].contains(&method.as_str()) {
                    routes.insert(format!("{} {path}", method.to_uppercase()));
                }
            }
        }
        let expected: BTreeSet<String> = [
            "POST /api/auth/register",
            "POST /api/auth/login",
            "GET /api/auth/me",
            "GET /api/projects",
            "POST /api/playground/projects",
            "GET /api/projects/{id}",
            "DELETE /api/projects/{id}",
            "PUT /api/projects/{id}/rename",
            "PUT /api/projects/{id}/category",
            "PUT /api/projects/{id}/thumbnail",
            "POST /api/edges",
            "PATCH /api/edges/{id}",
            "DELETE /api/edges/{id}",
            "GET /api/projects/{id}/edges",
            "POST /api/containers",
            "GET /api/containers/{id}",
            "DELETE /api/containers/{id}",
            "PATCH /api/containers/{id}/name",
            "PATCH /api/containers/{id}/dimensions",
            "PATCH /api/containers/{id}/position",
            "POST /api/containers/{id}/add-node",
            "GET /api/containers/{id}/nodes",
            "GET /api/projects/{id}/containers-with-assistants",
            "GET /api/projects/{id}/api-nodes",
            "GET /api/projects/{id}/check-workflow/{definition}",
            "GET /api/projects/{id}/triggers",
            "GET /api/triggers/active",
            "GET /api/openapi.json",
            // Connection shortcuts, toggles and listings.
            "POST /api/functions/{id}/connect/{assistant_id}",
            "POST /api/playground/assistants/{id}/functions",
            "POST /api/playground/assistants/{id}/filedb",
            "POST /api/request/{id}/connect-api",
            "POST /api/scheduler/{id}/connect-request",
            "POST /api/trigger/{id}/connect-assistant",
            "DELETE /api/trigger/{id}/disconnect-assistant",
            "POST /api/sms/{id}/connect-assistant",
            "DELETE /api/sms/{id}/disconnect-assistant",
            "GET /api/sms/{id}/connected-assistant",
            "POST /api/vectorstores/{id}/addfiledb",
            "POST /api/vectorstores/{id}/addfiles",
            "PATCH /api/scheduler/{id}/toggle",
            "PATCH /api/trigger/{id}/toggle",
            "PATCH /api/trigger/{id}/activate",
            "PATCH /api/trigger/{id}/deactivate",
            "GET /api/api-definitions",
            "GET /api/vectorstores/{id}/files",
            "GET /api/telegram/container/{id}",
            "GET /api/frames/project/{id}",
            "GET /api/playground/frames/project/{id}",
            // Files of filedb and filerepository nodes.
            "POST /api/playground/filedb/upload",
            "POST /api/filedb/upload",
            "DELETE /api/filedb/file/{file_id}",
            "GET /api/filedb/{id}/files/{file_id}",
            // Plans and subscriptions.
            "GET /api/subscription/plans",
            "GET /api/subscription/credit-packages",
            "GET /api/subscription/current",
            "GET /api/subscription/history",
            "POST /api/subscription/check-limit",
            // Buying, the gateways, downgrading.
            "POST /api/subscription/purchase",
            "POST /api/subscription/initiate-payment",
            "POST /api/subscription/purchase-credits",
            "POST /api/subscription/purchase-custom-credits",
            "GET /api/subscription/payments/{id}",
            "POST /api/subscription/payments/{id}/verify",
            "GET /api/subscription/zarinpal/callback",
            "POST /api/subscription/mock-payment/confirm",
            "POST /api/subscription/mock-payment/confirm-credits",
            "POST /api/subscription/analyze-downgrade",
            "POST /api/subscription/cleanup-nodes",
        ]
        .into_iter()
        .map(String::from)
        .chain(node_routes())
        .collect();
        assert_eq!(routes, expected);
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
        // Every route but the document itself, sign-up/in and the gateway's
        // return (a browser redirect from Zarinpal) needs the token.
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let open = [
                    "/api/openapi.json",
                    "/api/auth/register",
                    "/api/auth/login",
                    "/api/subscription/zarinpal/callback",
                ];
                if !open.contains(&path.as_str()) {
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
        // Canvas nodes in answers point at the CanvasNode schema.
        let created = &doc["paths"]["/api/containers"]["post"]["responses"]["201"];
        assert_eq!(
            created["content"]["application/json"]["schema"]["$ref"],
            "#/components/schemas/CanvasNode"
        );
    })
    .await;
}

/// The node routes (tests/nodes.rs checks their schemas).
fn node_routes() -> Vec<String> {
    let mut routes = vec![
        "GET /api/projects/{id}/nodes".to_owned(),
        "POST /api/telegram/register".to_owned(),
        "POST /api/telegram/create".to_owned(),
    ];
    for collection in [
        "playground/assistants",
        "assistants",
        "vectorstores",
        "filerepositories",
        "filedb",
        "googledocs",
        "googlesheets",
        "functions",
        "telegram",
        "apidefinition",
        "request",
        "scheduler",
        "trigger",
        "sms",
        "iframe",
        "wordpress",
        "instructions",
    ] {
        let base = format!("/api/{collection}");
        routes.push(format!("POST {base}"));
        for method in ["GET", "PATCH", "DELETE"] {
            routes.push(format!("{method} {base}/{{id}}"));
        }
        routes.push(format!("PATCH {base}/{{id}}/position"));
        routes.push(format!("PATCH {base}/{{id}}/container"));
    }
    routes.push("PUT /api/functions/{id}".to_owned());
    for prefix in ["/api/playground/assistants", "/api/assistants"] {
        routes.push(format!("GET {prefix}/node-usage"));
        routes.push(format!("GET {prefix}/jobs/{{id}}"));
        routes.push(format!("POST {prefix}/jobs/{{id}}/retry"));
    }
    routes
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

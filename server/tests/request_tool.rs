//! Request tools: the server performs a request node's call against its API
//! definition (method, URL, query, headers, auth, body), picks the answer by
//! its mapping, hands the model the result, keeps secrets out of it, and
//! never reaches internal addresses unless allowed.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{Path, Request};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::any;
use axum::{Json, Router};
use common::canvas::Canvas;
use common::nodes::{create_node, db_id};
use common::{TestApp, for_each_backend, for_each_backend_with};
use dastyar_core::NodeKind;
use dastyar_core::data::apidefinition::{ApiAuthType, ApiDefinitionPayload};
use dastyar_core::data::request::RequestPayload;
use dastyar_fakes::openai::{FakeOpenAi, Reply, ToolCall};
use dastyar_server::runtime::outbound::OutboundClient;
use dastyar_server::runtime::request_tool::perform;
use serde_json::{Map, Value, json};

/// What the fake API saw of one call.
#[derive(Debug, Clone)]
struct Seen {
    method: String,
    path: String,
    query: String,
    headers: Vec<(String, String)>,
    body: String,
}

/// A small API on 127.0.0.1: `/orders/{id}` answers JSON, `/echo` echoes the
/// request, `/big` is over the size cap, `/slow` takes its time, `/text` is text.
async fn fake_api() -> (String, Arc<Mutex<Vec<Seen>>>) {
    let seen: Arc<Mutex<Vec<Seen>>> = Arc::default();
    let record = seen.clone();
    let router = Router::new()
        .route(
            "/{*path}",
            any(move |Path(path): Path<String>, request: Request| {
                let record = record.clone();
                async move {
                    let (parts, body) = request.into_parts();
                    let body = axum::body::to_bytes(body, usize::MAX).await.unwrap();
                    let headers: Vec<(String, String)> = parts
                        .headers
                        .iter()
                        .map(|(k, v)| (k.to_string(), v.to_str().unwrap_or_default().to_owned()))
                        .collect();
                    record.lock().unwrap().push(Seen {
                        method: parts.method.to_string(),
                        path: parts.uri.path().to_owned(),
                        query: parts.uri.query().unwrap_or_default().to_owned(),
                        headers: headers.clone(),
                        body: String::from_utf8_lossy(&body).into_owned(),
                    });
                    match path.as_str() {
                        "big" => "x".repeat(300 * 1024).into_response(),
                        "slow" => {
                            tokio::time::sleep(Duration::from_secs(3)).await;
                            "late".into_response()
                        }
                        "text" => "سلام دنیا".into_response(),
                        "echo" => {
                            let echoed: Map<String, Value> =
                                headers.into_iter().map(|(k, v)| (k, Value::String(v))).collect();
                            Json(json!({"headers": echoed})).into_response()
                        }
                        _ => Json(json!({"order": {"id": path.trim_start_matches("orders/"), "state": "ارسال شده", "items": [{"name": "کتاب"}]}}))
                            .into_response(),
                    }
                }
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (format!("http://{addr}"), seen)
}

fn definition(base_url: &str, auth_type: ApiAuthType, auth_data: Value) -> ApiDefinitionPayload {
    ApiDefinitionPayload {
        base_url: base_url.to_owned(),
        auth_type,
        auth_data,
        default_headers: [("Accept-Language".to_owned(), "fa".to_owned())].into(),
        description: String::new(),
    }
}

fn request(method: &str, endpoint: &str, extra: Value) -> RequestPayload {
    let mut value = json!({"method": method, "endpoint": endpoint});
    value.as_object_mut().unwrap().extend(extra.as_object().cloned().unwrap_or_default());
    serde_json::from_value(value).unwrap()
}

fn args(value: Value) -> Map<String, Value> {
    value.as_object().cloned().unwrap()
}

fn header<'a>(seen: &'a Seen, name: &str) -> Option<&'a str> {
    seen.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

#[tokio::test]
async fn a_request_is_sent_as_defined_and_its_answer_mapped() {
    let (base, seen) = fake_api().await;
    let client = OutboundClient::new(true);
    let bearer = definition(&base, ApiAuthType::Bearer, json!({"token": "tok-123456"}));
    let post = request(
        "POST",
        "/orders/{{order_id}}",
        json!({"query_params": {"lang": "{{lang}}"}, "headers": {"X-Trace": "t-{{order_id}}"},
               "body": {"count": "{{count}}", "note": "سفارش {{order_id}}"},
               "response_mapping": {"state": "order.state", "first": "order.items.0.name"}}),
    );
    let outcome = perform(
        &client,
        &bearer,
        &post,
        &args(json!({"order_id": "A 7", "lang": "fa", "count": 3})),
    )
    .await;
    assert!(outcome.ok, "{outcome:?}");
    assert_eq!(
        outcome.output,
        json!({"status": 200, "data": {"state": "ارسال شده", "first": "کتاب"}})
    );
    let call = seen.lock().unwrap()[0].clone();
    assert_eq!(
        (call.method.as_str(), call.path.as_str(), call.query.as_str()),
        ("POST", "/orders/A%207", "lang=fa")
    );
    assert_eq!(header(&call, "authorization"), Some("Bearer tok-123456"));
    assert_eq!(header(&call, "x-trace"), Some("t-A 7"));
    assert_eq!(header(&call, "accept-language"), Some("fa"));
    let body: Value = serde_json::from_str(&call.body).unwrap();
    assert_eq!(body, json!({"count": 3, "note": "سفارش A 7"}), "a lone placeholder keeps its type");

    let basic = definition(
        &base,
        ApiAuthType::Basic,
        json!({"username": "admin", "password": "pass-9876"}),
    );
    let key =
        definition(&base, ApiAuthType::ApiKey, json!({"header": "X-Key", "key": "key-55555"}));
    perform(&client, &basic, &request("GET", "/orders/1", json!({})), &Map::new()).await;
    perform(&client, &key, &request("GET", "/orders/2", json!({})), &Map::new()).await;
    let calls = seen.lock().unwrap().clone();
    assert_eq!(header(&calls[1], "authorization"), Some("Basic YWRtaW46cGFzcy05ODc2"));
    assert_eq!(header(&calls[2], "x-key"), Some("key-55555"));
    assert!(calls[1].body.is_empty(), "a GET sends no body");

    // Text answers come back as text; a missing placeholder is named.
    let text = perform(&client, &basic, &request("GET", "/text", json!({})), &Map::new()).await;
    assert_eq!(text.output["data"], "سلام دنیا");
    let missing = perform(&client, &bearer, &post, &args(json!({"lang": "fa"}))).await;
    assert!(!missing.ok);
    let error = missing.error.unwrap();
    assert!(error.contains("order_id") && error.contains("count"), "{error}");
    assert_eq!(seen.lock().unwrap().len(), 4, "nothing sent without its values");
}

#[tokio::test]
async fn secrets_never_reach_the_output_and_limits_hold() {
    let (base, _) = fake_api().await;
    let client = OutboundClient::with_timeout(true, Duration::from_millis(500));
    let basic = definition(
        &base,
        ApiAuthType::Basic,
        json!({"username": "admin", "password": "pass-9876"}),
    );
    let echoed = perform(&client, &basic, &request("GET", "/echo", json!({})), &Map::new()).await;
    let text = echoed.output.to_string();
    assert!(!text.contains("pass-9876") && !text.contains("YWRtaW46cGFzcy05ODc2"), "{text}");
    assert!(text.contains("Basic ***"), "{text}");

    let big = perform(&client, &basic, &request("GET", "/big", json!({})), &Map::new()).await;
    assert!(big.error.unwrap().contains("256 KB"));
    let slow = perform(&client, &basic, &request("GET", "/slow", json!({})), &Map::new()).await;
    let error = slow.error.unwrap();
    assert!(error.contains("ثانیه"), "{error}");
}

#[tokio::test]
async fn internal_addresses_are_refused_unless_allowed() {
    let (base, seen) = fake_api().await;
    let guarded = OutboundClient::new(false);
    let none = |url: &str| definition(url, ApiAuthType::None, json!({}));
    for url in
        [base.as_str(), "http://10.0.0.1", "http://169.254.169.254/latest", "http://localhost:9"]
    {
        let started = std::time::Instant::now();
        let outcome =
            perform(&guarded, &none(url), &request("GET", "/orders/1", json!({})), &Map::new())
                .await;
        let error = outcome.error.unwrap_or_else(|| panic!("{url} was reached"));
        assert!(error.contains("DASTYAR_ALLOW_PRIVATE_NETWORK"), "{url}: {error}");
        assert!(started.elapsed() < Duration::from_secs(2), "{url} refused before connecting");
    }
    assert!(seen.lock().unwrap().is_empty());
    let allowed = OutboundClient::new(true);
    assert!(
        perform(&allowed, &none(&base), &request("GET", "/orders/1", json!({})), &Map::new())
            .await
            .ok
    );
}

/// An assistant with a request tool against the fake API, in a project.
async fn request_scene(app: &TestApp, base: &str) -> (String, i64, i64, i64) {
    let (token, user_id) = app.register("owner@example.com").await;
    let project = app.create_project(&token, "پروژه").await;
    let canvas = Canvas::new(app, user_id, project);
    let assistant = canvas.assistant().await;
    // Through the API, so the token is sealed at rest and opened to be sent.
    let api = db_id(
        &create_node(
            app,
            &token,
            "/api/apidefinition",
            project,
            "API سفارش‌ها",
            json!({"base_url": base, "auth_type": "bearer", "auth_data": {"token": "tok-123456"}}),
        )
        .await,
    );
    let order = canvas
        .node(
            NodeKind::Request,
            json!({"method": "GET", "endpoint": "/orders/{{order_id}}", "api_definition_id": api,
                   "response_mapping": {"state": "order.state"}}),
        )
        .await;
    app.connect(&token, project, (NodeKind::Apidefinition, api), (NodeKind::Request, order)).await;
    app.connect(&token, project, (NodeKind::Request, order), (NodeKind::Assistant, assistant))
        .await;
    (token, assistant, order, project)
}

#[tokio::test]
async fn the_model_calls_a_request_and_gets_its_mapped_answer() {
    let (base, seen) = fake_api().await;
    for_each_backend_with(
        |c| c.allow_private_network = true,
        move |app| {
            let (base, seen) = (base.clone(), seen.clone());
            async move {
                seen.lock().unwrap().clear();
                let fake = FakeOpenAi::start().await;
                let mut config = (*app.state.config).clone();
                config.providers.llm.base_url = Some(fake.base_url.clone());
                let app = TestApp::open(config, app.backend).await;
                let (token, assistant, order, _) = request_scene(&app, &base).await;
                let tool = format!("request_{order}");
                fake.push(Reply::ToolCalls(vec![ToolCall {
                    name: tool.clone(),
                    arguments: r#"{"order_id":"42"}"#.into(),
                }]));

                let conversation = app
                    .post(
                        &format!("/api/playground/assistants/{assistant}/conversations"),
                        Some(&token),
                        json!({}),
                    )
                    .await
                    .json()["id"]
                    .as_i64()
                    .unwrap();
                let response = app
                    .post(
                        &format!("/api/playground/conversations/{conversation}/messages"),
                        Some(&token),
                        json!({"content": "سفارش ۴۲ کجاست؟"}),
                    )
                    .await;
                assert_eq!(response.status, StatusCode::OK, "{}", response.text());
                let text = response.text();
                assert!(text.contains("event: tool_result"), "{text}");
                let call = seen.lock().unwrap()[0].clone();
                assert_eq!((call.method.as_str(), call.path.as_str()), ("GET", "/orders/42"));
                assert_eq!(header(&call, "authorization"), Some("Bearer tok-123456"));
                // The model was given the mapped answer, and nothing secret.
                let second = &fake.chat_requests()[1]["messages"];
                let last = second.as_array().unwrap().last().unwrap().clone();
                assert_eq!(last["role"], "tool");
                let content: Value =
                    serde_json::from_str(last["content"].as_str().unwrap()).unwrap();
                assert_eq!(content, json!({"status": 200, "data": {"state": "ارسال شده"}}));
                assert!(!second.to_string().contains("tok-123456"));
                assert!(
                    text.contains("\"text\":\"نتیجهٔ "),
                    "the model answered with the result: {text}"
                );
            }
        },
    )
    .await;
}

#[tokio::test]
async fn a_request_runs_by_hand_for_its_owner_only() {
    let (base, _) = fake_api().await;
    for_each_backend_with(
        |c| c.allow_private_network = true,
        move |app| {
            let base = base.clone();
            async move {
                let (token, _, order, project) = request_scene(&app, &base).await;
                let path = format!("/api/request/{order}/execute");
                let response =
                    app.post(&path, Some(&token), json!({"values": {"order_id": "7"}})).await;
                assert_eq!(response.status, StatusCode::OK, "{}", response.text());
                let outcome = response.json();
                assert_eq!(outcome["ok"], true);
                assert_eq!(
                    outcome["output"],
                    json!({"status": 200, "data": {"state": "ارسال شده"}})
                );

                let (other, _) = app.register("other@example.com").await;
                app.post(&path, Some(&other), json!({})).await.assert_error(404, "not_found");
                let me = app.get("/api/auth/me", Some(&token)).await.json()["id"].as_i64().unwrap();
                let lonely = Canvas::new(&app, me, project)
                    .node(NodeKind::Request, json!({"endpoint": "/x"}))
                    .await;
                app.post(&format!("/api/request/{lonely}/execute"), Some(&token), json!({}))
                    .await
                    .assert_error(409, "request_needs_api_definition");
            }
        },
    )
    .await;
}

#[tokio::test]
async fn by_hand_a_private_address_is_refused_by_default() {
    let (base, seen) = fake_api().await;
    for_each_backend(move |app| {
        let (base, seen) = (base.clone(), seen.clone());
        async move {
            let (token, _, order, _) = request_scene(&app, &base).await;
            let outcome = app
                .post(
                    &format!("/api/request/{order}/execute"),
                    Some(&token),
                    json!({"values": {"order_id": "1"}}),
                )
                .await
                .json();
            assert_eq!(outcome["ok"], false);
            assert!(outcome["error"].as_str().unwrap().contains("127.0.0.1"), "{outcome}");
            assert!(seen.lock().unwrap().is_empty());
        }
    })
    .await;
}

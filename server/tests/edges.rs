//! Edges: every allowed connection is stored with its kind and flags, every
//! refused one answers the rule's code and Persian message and stores
//! nothing, side effects are applied and undone, and nobody reaches anyone
//! else's edges.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::{TestApp, TestResponse, for_each_backend};
use dastyar_core::NodeKind::{self, *};
use serde_json::{Value, json};

/// A node: its kind and database id.
type End = (NodeKind, i64);

async fn connect(
    app: &TestApp,
    token: &str,
    project: i64,
    source: (NodeKind, i64),
    target: (NodeKind, i64),
) -> TestResponse {
    app.post(
        "/api/edges",
        Some(token),
        json!({
            "project_id": project,
            "source_type": source.0,
            "source_id": source.1,
            "target_type": target.0,
            "target_id": target.1,
            "edge_data": {"note": "از آزمون"},
        }),
    )
    .await
}

/// Connects and expects 201, answering the canvas edge.
async fn connected(
    app: &TestApp,
    token: &str,
    project: i64,
    source: (NodeKind, i64),
    target: (NodeKind, i64),
) -> Value {
    let response = connect(app, token, project, source, target).await;
    assert_eq!(
        response.status,
        StatusCode::CREATED,
        "{source:?} -> {target:?}: {}",
        response.text()
    );
    response.json()
}

async fn edges(app: &TestApp, token: &str, project: i64) -> Vec<Value> {
    let response = app.get(&format!("/api/projects/{project}/edges"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json().as_array().unwrap().clone()
}

const FLAGS: [(&str, &str); 7] = [
    ("function", "isFunctionConnection"),
    ("telegram", "isTelegramConnection"),
    ("iframe", "isIframeConnection"),
    ("webhook", "isWebhookConnection"),
    ("wordpress", "isWordPressConnection"),
    ("trigger", "isTriggerConnection"),
    ("sms", "isSMSConnection"),
];

fn assert_edge(edge: &Value, source: (NodeKind, i64), target: (NodeKind, i64), kind: &str) {
    let (s, t) = (format!("{}-{}", source.0, source.1), format!("{}-{}", target.0, target.1));
    assert_eq!(edge["source"], s.as_str(), "{edge}");
    assert_eq!(edge["target"], t.as_str(), "{edge}");
    let id = edge["id"].as_str().unwrap();
    let prefix = format!("e{s}-{t}-");
    assert!(id.starts_with(&prefix), "{id}");
    assert!(id[prefix.len()..].parse::<i64>().unwrap() > 1_600_000_000_000, "{id}");
    let data = &edge["data"];
    assert_eq!(data["connectionStatus"], "success", "{edge}");
    assert_eq!(data["edgeKind"], kind, "{edge}");
    assert_eq!(data["edgeDbId"], edge["database_id"], "{edge}");
    for (flag_kind, flag) in FLAGS {
        assert_eq!(data[flag], flag_kind == kind, "{flag} on {kind}: {edge}");
    }
    for (end_kind, key) in [
        (Telegram, "telegramId"),
        (Assistant, "assistantId"),
        (Container, "containerId"),
        (Analyzer, "analyzerId"),
        (Iframe, "iframeId"),
    ] {
        let expected = [source, target].iter().find(|(k, _)| *k == end_kind).map(|(_, id)| *id);
        assert_eq!(data[key].as_i64(), expected, "{key}: {edge}");
    }
}

#[tokio::test]
async fn every_allowed_connection_is_stored_with_its_kind_and_flags() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("edges@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "همهٔ اتصال‌ها").await;
        let c = Canvas::new(&app, user, project);

        let mut expected = Vec::new();
        macro_rules! expect {
            ($source:expr, $target:expr, $kind:literal) => {{
                let (source, target) = ($source, $target);
                let edge = connected(&app, token, project, source, target).await;
                assert_edge(&edge, source, target, $kind);
                assert_eq!(edge["project_id"], project);
                assert_eq!(edge["edge_data"], r#"{"note":"از آزمون"}"#);
                expected.push((edge, source, target, $kind));
            }};
        }

        expect!(
            (Vectorstore, c.vectorstore(Some("vs_1")).await),
            (Assistant, c.assistant().await),
            "vector_store"
        );
        let a = c.assistant().await;
        expect!((Assistant, a), (Instruction, c.node(Instruction, json!({})).await), "instruction");
        expect!((Assistant, a), (Function, c.function().await), "function");
        expect!((Function, c.function().await), (Assistant, a), "function");
        expect!((Assistant, a), (Telegram, c.telegram().await), "telegram");
        expect!((Assistant, a), (Iframe, c.iframe(false).await), "iframe");
        expect!((Assistant, a), (Wordpress, c.wordpress().await), "wordpress");
        expect!((Assistant, a), (Sms, c.sms().await), "sms");
        expect!((Assistant, a), (Apidefinition, c.apidefinition().await), "webhook");
        let definition = c.apidefinition().await;
        let request = c.request("GET").await;
        expect!((Apidefinition, definition), (Request, request), "api_link");
        expect!((Request, request), (Assistant, a), "webhook");
        expect!((Apidefinition, definition), (Assistant, a), "webhook");
        let linked = c.request("GET").await;
        expect!((Apidefinition, definition), (Request, linked), "api_link");
        expect!((Assistant, a), (Request, linked), "webhook");
        expect!((Scheduler, c.node(Scheduler, json!({})).await), (Request, request), "schedule");
        expect!((Trigger, c.trigger("گزارش روزانه را بفرست").await), (Assistant, a), "trigger");
        let store = c.vectorstore(None).await;
        expect!(
            (Filerepository, c.node(Filerepository, json!({})).await),
            (Vectorstore, store),
            "store_source"
        );
        let filedb = c.node(Filedb, json!({})).await;
        expect!((Filedb, filedb), (Vectorstore, store), "store_source");
        expect!((Filedb, filedb), (Assistant, a), "knowledge");
        let doc = c.googledoc(true).await;
        expect!((Googledoc, doc), (Assistant, a), "knowledge");
        expect!((Googledoc, doc), (Vectorstore, store), "store_source");
        let sheet = c.googlesheet().await;
        expect!((Googlesheet, sheet), (Assistant, a), "knowledge");
        expect!((Googlesheet, sheet), (Vectorstore, store), "store_source");
        // An analyzer needs a container holding a channel, then may reach its bot.
        let container = c.container_at(0.0, 0.0).await;
        let bot = c
            .child(
                container,
                Telegram,
                json!({"bot_token": "1:x", "bot_username": "b"}),
                10.0,
                10.0,
            )
            .await;
        let analyzer = c.analyzer().await;
        expect!((Analyzer, analyzer), (Container, container), "analyzer");
        expect!((Analyzer, analyzer), (Telegram, bot), "telegram");
        let other = c.container_at(900.0, 0.0).await;
        c.child(
            other,
            Iframe,
            json!({"company_name": "x", "authorized_domains": ["a.ir"], "is_active": true}),
            5.0,
            5.0,
        )
        .await;
        expect!((Container, other), (Analyzer, c.analyzer().await), "analyzer");

        // The project's edges are exactly these, oldest first, in the same shape.
        let listed = edges(&app, token, project).await;
        assert_eq!(listed.len(), expected.len());
        for (stored, (edge, source, target, kind)) in listed.iter().zip(&expected) {
            assert_eq!(stored, edge);
            assert_edge(stored, *source, *target, kind);
        }
        // Every edge kind the rules know was drawn.
        let mut kinds: Vec<&str> = expected.iter().map(|(_, _, _, k)| *k).collect();
        kinds.sort();
        kinds.dedup();
        assert_eq!(kinds.len(), 14, "{kinds:?}");
    })
    .await;
}

#[tokio::test]
async fn refused_connections_answer_the_rule_and_store_nothing() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("refused@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "رد").await;
        let c = Canvas::new(&app, user, project);

        let a = c.assistant().await;
        let first_store = c.vectorstore(Some("vs_first")).await;
        connected(&app, token, project, (Vectorstore, first_store), (Assistant, a)).await;
        let second_store = c.vectorstore(Some("vs_second")).await;
        let before = edges(&app, token, project).await;
        let assistant_before = c.data(a).await;

        let unregistered = c.node(Assistant, json!({})).await;
        let pending = c
            .node_at(
                Assistant,
                json!({"assistant_id": "asst_p"}),
                dastyar_core::status::CreationStatus::Pending,
                dastyar_core::geometry::Position::default(),
                None,
            )
            .await;
        let cases: Vec<(End, End, &str)> = vec![
            (
                (Vectorstore, second_store),
                (Telegram, c.telegram().await),
                "store_to_container_or_telegram",
            ),
            ((Assistant, a), (Assistant, c.assistant().await), "same_type_connection"),
            ((Vectorstore, second_store), (Assistant, a), "one_vector_store_per_assistant"),
            ((Vectorstore, first_store), (Assistant, a), "connection_exists"),
            ((Trigger, c.trigger("   ").await), (Assistant, a), "trigger_schedule_invalid"),
            ((Trigger, c.trigger("سلام").await), (Assistant, pending), "assistant_not_ready"),
            (
                (Assistant, a),
                (Telegram, c.node(Telegram, json!({"bot_token": "1:x"})).await),
                "telegram_credentials_missing",
            ),
            (
                (Function, c.node(Function, json!({"name": "f"})).await),
                (Assistant, a),
                "function_incomplete",
            ),
            ((Googledoc, c.googledoc(false).await), (Assistant, a), "google_not_authorized"),
            (
                (Assistant, unregistered),
                (Iframe, c.iframe(true).await),
                "iframe_assistant_not_ready",
            ),
            (
                (Assistant, a),
                (Iframe, c.node(Iframe, json!({"company_name": "x"})).await),
                "iframe_incomplete",
            ),
            (
                (Assistant, a),
                (Sms, c.node(Sms, json!({"receptor": "09123456789"})).await),
                "sms_incomplete",
            ),
            (
                (Assistant, a),
                (Wordpress, c.node(Wordpress, json!({"site_url": "ftp://x"})).await),
                "wordpress_incomplete",
            ),
            ((Sms, c.sms().await), (Assistant, a), "sms_is_endpoint"),
            (
                (Assistant, a),
                (Container, c.container_at(0.0, 0.0).await),
                "assistant_to_container_or_analyzer",
            ),
            (
                (Analyzer, c.analyzer().await),
                (Container, c.container_at(0.0, 0.0).await),
                "analyzer_container_without_channel",
            ),
            ((Request, c.request("GET").await), (Assistant, a), "request_needs_api_definition"),
            (
                (Scheduler, c.node(Scheduler, json!({})).await),
                (Assistant, a),
                "connection_not_allowed",
            ),
            (
                (Filerepository, c.node(Filerepository, json!({})).await),
                (Assistant, a),
                "file_repository_only_to_vector_store",
            ),
            ((Assistant, a), (Trigger, c.trigger("x").await), "trigger_has_no_inputs"),
        ];
        for (source, target, code) in cases {
            let response = connect(&app, token, project, source, target).await;
            let details = response.assert_error(422, code);
            assert_eq!(
                details,
                json!({"source": format!("{}-{}", source.0, source.1),
                       "target": format!("{}-{}", target.0, target.1)}),
                "{code}"
            );
        }
        // A request linked to one definition refuses a second.
        let request = c.request("GET").await;
        connected(
            &app,
            token,
            project,
            (Apidefinition, c.apidefinition().await),
            (Request, request),
        )
        .await;
        let before_second = edges(&app, token, project).await;
        connect(&app, token, project, (Apidefinition, c.apidefinition().await), (Request, request))
            .await
            .assert_error(422, "request_has_api_definition");
        assert_eq!(edges(&app, token, project).await, before_second);
        assert_eq!(before_second.len(), before.len() + 1);
        // Nothing else was stored or changed.
        assert_eq!(c.data(a).await, assistant_before);
        assert_eq!(c.data(a).await["vector_store_id"], "vs_first");
    })
    .await;
}

#[tokio::test]
async fn a_post_request_needs_its_workflow_before_its_definition_meets_an_assistant() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("workflow@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "گردش کار").await;
        let c = Canvas::new(&app, user, project);
        let a = c.assistant().await;
        // A definition with no POST request connects freely.
        let plain = c.apidefinition().await;
        connected(&app, token, project, (Apidefinition, plain), (Request, c.request("GET").await))
            .await;
        connected(&app, token, project, (Apidefinition, plain), (Assistant, a)).await;

        let definition = c.apidefinition().await;
        let post = c.request("POST").await;
        connected(&app, token, project, (Apidefinition, definition), (Request, post)).await;
        let count = edges(&app, token, project).await.len();
        let details = connect(&app, token, project, (Apidefinition, definition), (Assistant, a))
            .await
            .assert_error(422, "workflow_missing");
        assert_eq!(details["source"], format!("apidefinition-{definition}"));
        assert_eq!(edges(&app, token, project).await.len(), count);

        // A GET request reaching an assistant is no workflow for the POST one...
        let get = c.request("GET").await;
        connected(&app, token, project, (Apidefinition, definition), (Request, get)).await;
        connected(&app, token, project, (Request, get), (Assistant, a)).await;
        connect(&app, token, project, (Apidefinition, definition), (Assistant, a))
            .await
            .assert_error(422, "workflow_missing");
        // ...once the POST request reaches an assistant, the workflow exists.
        connected(&app, token, project, (Request, post), (Assistant, a)).await;
        connected(&app, token, project, (Apidefinition, definition), (Assistant, a)).await;
    })
    .await;
}

#[tokio::test]
async fn side_effects_are_applied_and_undone() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("effects@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "اثرها").await;
        let c = Canvas::new(&app, user, project);
        let delete = |edge: Value| {
            let app = &app;
            async move {
                let id = edge["database_id"].as_i64().unwrap();
                let response = app.delete(&format!("/api/edges/{id}"), Some(token)).await;
                assert_eq!(response.status, StatusCode::OK, "{}", response.text());
                assert_eq!(response.json(), json!({"success": true}));
            }
        };

        // vector store → assistant: the provider id, or the canvas id until there is one.
        let a = c.assistant().await;
        let store = c.vectorstore(Some("vs_abc")).await;
        let edge = connected(&app, token, project, (Vectorstore, store), (Assistant, a)).await;
        assert_eq!(c.data(a).await["vector_store_id"], "vs_abc");
        delete(edge).await;
        assert_eq!(c.data(a).await.get("vector_store_id"), None);
        let fresh = c.vectorstore(None).await;
        connected(&app, token, project, (Vectorstore, fresh), (Assistant, a)).await;
        assert_eq!(c.data(a).await["vector_store_id"], format!("vectorstore-{fresh}"));

        // function ↔ assistant, from either side, with two assistants.
        let f = c.function().await;
        assert_eq!(c.row(f).await.status, "pending_assistant");
        let a2 = c.assistant().await;
        let first = connected(&app, token, project, (Function, f), (Assistant, a)).await;
        assert_eq!(c.data(f).await["assistant_id"], a);
        assert_eq!(c.row(f).await.status, "success");
        assert_eq!(c.data(a).await["has_functions"], true);
        let second = connected(&app, token, project, (Assistant, a2), (Function, f)).await;
        assert_eq!(c.data(a2).await["has_functions"], true);
        delete(first).await;
        assert_eq!(c.data(f).await["assistant_id"], a2, "the remaining assistant");
        assert_eq!(c.row(f).await.status, "success");
        assert_eq!(c.data(a).await["has_functions"], false);
        assert_eq!(c.data(a2).await["has_functions"], true);
        delete(second).await;
        assert_eq!(c.data(f).await.get("assistant_id"), None);
        assert_eq!(c.row(f).await.status, "pending_assistant");
        assert_eq!(c.data(a2).await["has_functions"], false);

        // api definition → request.
        let definition = c.apidefinition().await;
        let request = c.request("GET").await;
        let link =
            connected(&app, token, project, (Apidefinition, definition), (Request, request)).await;
        assert_eq!(c.data(request).await["api_definition_id"], definition);
        delete(link).await;
        assert_eq!(c.data(request).await.get("api_definition_id"), None);

        // assistant → iframe.
        let frame = c.iframe(true).await;
        let edge = connected(&app, token, project, (Assistant, a), (Iframe, frame)).await;
        assert_eq!(c.data(frame).await["assistant_id"], a);
        delete(edge).await;
        assert_eq!(c.data(frame).await.get("assistant_id"), None);

        // The end points without an assistant field keep their data as it was.
        let trigger = c.trigger("سلام").await;
        let before = c.data(trigger).await;
        connected(&app, token, project, (Trigger, trigger), (Assistant, a)).await;
        assert_eq!(c.data(trigger).await, before);
    })
    .await;
}

#[tokio::test]
async fn edge_data_changes_and_deleting_a_missing_edge_is_404() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("patch@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "ویرایش").await;
        let c = Canvas::new(&app, user, project);
        let a = c.assistant().await;
        let edge =
            connected(&app, token, project, (Assistant, a), (Telegram, c.telegram().await)).await;
        let id = edge["database_id"].as_i64().unwrap();

        let patched = app
            .patch(
                &format!("/api/edges/{id}"),
                Some(token),
                json!({"edge_data": {"label": "ربات"}}),
            )
            .await;
        assert_eq!(patched.status, StatusCode::OK, "{}", patched.text());
        assert_eq!(patched.json()["edge_data"], r#"{"label":"ربات"}"#);
        assert_eq!(patched.json()["id"], edge["id"]);
        // A string holding JSON is kept as sent; the canvas id names the edge too.
        let by_canvas_id = app
            .patch(
                &format!("/api/edges/{}", edge["id"].as_str().unwrap()),
                Some(token),
                json!({"edge_data": "{\"a\": 1}"}),
            )
            .await;
        assert_eq!(by_canvas_id.status, StatusCode::OK, "{}", by_canvas_id.text());
        assert_eq!(edges(&app, token, project).await[0]["edge_data"], "{\"a\": 1}");
        for bad in
            [json!({"edge_data": "not json"}), json!({"edge_data": 5}), json!({"edge_data": [1]})]
        {
            app.patch(&format!("/api/edges/{id}"), Some(token), bad)
                .await
                .assert_invalid("edge_data", "invalid_input");
        }
        app.patch(&format!("/api/edges/{id}"), Some(token), json!({}))
            .await
            .assert_invalid("edge_data", "field_required");
        for missing in ["999999", "abc", "-1", "0", "eassistant-9998-telegram-9999-3"] {
            app.patch(&format!("/api/edges/{missing}"), Some(token), json!({"edge_data": {}}))
                .await
                .assert_error(404, "not_found");
            app.delete(&format!("/api/edges/{missing}"), Some(token))
                .await
                .assert_error(404, "not_found");
        }
        assert_eq!(edges(&app, token, project).await.len(), 1);

        // Deleting by canvas id, then again: gone, then 404.
        let path = format!("/api/edges/{}", edge["id"].as_str().unwrap());
        let response = app.delete(&path, Some(token)).await;
        assert_eq!(response.status, StatusCode::OK);
        assert_eq!(response.json(), json!({"success": true}));
        app.delete(&path, Some(token)).await.assert_error(404, "not_found");
        assert!(edges(&app, token, project).await.is_empty());
    })
    .await;
}

#[tokio::test]
async fn deleting_a_node_takes_its_edges_and_their_effects_along() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("cascade@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "آبشاری").await;
        let c = Canvas::new(&app, user, project);
        let db = &app.state.db;

        // The store's delete: the foreign keys take the edges along.
        let a = c.assistant().await;
        let store = c.vectorstore(Some("vs_x")).await;
        connected(&app, token, project, (Vectorstore, store), (Assistant, a)).await;
        connected(&app, token, project, (Assistant, a), (Telegram, c.telegram().await)).await;
        assert!(dastyar_server::store::nodes::delete(db.pool(), user, store).await.unwrap());
        let left = edges(&app, token, project).await;
        assert_eq!(left.len(), 1);
        assert_eq!(left[0]["source"], format!("assistant-{a}"));

        // The edges-aware delete also undoes what the edges changed.
        let f = c.function().await;
        let b = c.assistant().await;
        connected(&app, token, project, (Function, f), (Assistant, b)).await;
        let frame = c.iframe(true).await;
        connected(&app, token, project, (Assistant, b), (Iframe, frame)).await;
        assert_eq!(c.data(b).await["has_functions"], true);
        assert!(dastyar_server::canvas::edges::delete_node(db, user, f).await.unwrap());
        assert!(c.find(f).await.is_none());
        assert_eq!(c.data(b).await["has_functions"], false);
        assert!(dastyar_server::canvas::edges::delete_node(db, user, b).await.unwrap());
        assert_eq!(c.data(frame).await.get("assistant_id"), None);
        assert_eq!(edges(&app, token, project).await.len(), 1, "only assistant → telegram is left");
        // Missing, or someone else's: nothing to delete.
        assert!(!dastyar_server::canvas::edges::delete_node(db, user, f).await.unwrap());
        assert!(!dastyar_server::canvas::edges::delete_node(db, user + 1, a).await.unwrap());
        assert!(c.find(a).await.is_some());
    })
    .await;
}

#[tokio::test]
async fn bad_input_never_fails_the_server() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("bad@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "ورودی بد").await;
        let other_project = app.create_project(token, "دیگری").await;
        let c = Canvas::new(&app, user, project);
        let a = c.assistant().await;
        let store = c.vectorstore(None).await;
        let elsewhere = Canvas::new(&app, user, other_project).vectorstore(None).await;
        let body = |patch: Value| {
            let mut body = json!({"project_id": project, "source_type": "vectorstore",
                "source_id": store, "target_type": "assistant", "target_id": a});
            body.as_object_mut().unwrap().extend(patch.as_object().unwrap().clone());
            body
        };

        let malformed = app
            .send(
                axum::http::Request::post("/api/edges")
                    .header("authorization", format!("Bearer {token}"))
                    .header("content-type", "application/json")
                    .body(axum::body::Body::from("{\"project_id\": "))
                    .unwrap(),
            )
            .await;
        malformed.assert_error(422, "invalid_json");
        app.post("/api/edges", None, body(json!({}))).await.assert_error(401, "unauthenticated");
        for (patch, field) in [
            (json!({"source_id": "x"}), "source_id"),
            (json!({"source_id": 1.5}), "source_id"),
            (json!({"target_id": null}), "target_id"),
            (json!({"source_type": "robot"}), "source_type"),
            (json!({"target_type": "Assistant"}), "target_type"),
            (json!({"source_type": 3}), "source_type"),
            (json!({"project_id": "1"}), "project_id"),
            (json!({"source_type": "testframe"}), "source_type"),
            (json!({"source_id": -4}), "source_id"),
            (json!({"target_id": 0}), "target_id"),
            (json!({"edge_data": "oops"}), "edge_data"),
            (json!({"edge_data": 12}), "edge_data"),
            // The kind named is not the node's.
            (json!({"source_type": "filedb"}), "source_type"),
            (json!({"target_type": "analyzer"}), "target_type"),
        ] {
            app.post("/api/edges", Some(token), body(patch.clone()))
                .await
                .assert_invalid(field, "invalid_input");
        }
        app.post("/api/edges", Some(token), json!({"project_id": project}))
            .await
            .assert_invalid("source_type", "field_required");
        // Nodes that are not in the project, or do not exist, and projects that are not there.
        for patch in [
            json!({"source_id": elsewhere}),
            json!({"source_id": 987654}),
            json!({"project_id": 987654}),
            json!({"project_id": -1}),
            json!({"project_id": other_project}),
        ] {
            app.post("/api/edges", Some(token), body(patch)).await.assert_error(404, "not_found");
        }
        assert!(edges(&app, token, project).await.is_empty());
        for path in
            ["/api/projects/abc/edges", "/api/projects/-1/edges", "/api/projects/987654/edges"]
        {
            app.get(path, Some(token)).await.assert_error(404, "not_found");
        }
        // The well-formed request still works afterwards.
        connected(&app, token, project, (Vectorstore, store), (Assistant, a)).await;
    })
    .await;
}

#[tokio::test]
async fn nobody_reaches_another_users_edges() {
    for_each_backend(|app| async move {
        let (owner, owner_id) = app.register("owner@example.com").await;
        let (stranger, _) = app.register("stranger@example.com").await;
        let project = app.create_project(&owner, "خصوصی").await;
        let theirs = app.create_project(&stranger, "مال من").await;
        let c = Canvas::new(&app, owner_id, project);
        let a = c.assistant().await;
        let bot = c.telegram().await;
        let edge = connected(&app, &owner, project, (Assistant, a), (Telegram, bot)).await;
        let id = edge["database_id"].as_i64().unwrap();

        app.get(&format!("/api/projects/{project}/edges"), Some(&stranger))
            .await
            .assert_error(404, "not_found");
        let mut body = json!({"project_id": project, "source_type": "assistant", "source_id": a,
                              "target_type": "telegram", "target_id": bot});
        app.post("/api/edges", Some(&stranger), body.clone()).await.assert_error(404, "not_found");
        // Not through a project of their own either.
        body["project_id"] = json!(theirs);
        app.post("/api/edges", Some(&stranger), body).await.assert_error(404, "not_found");
        for path in
            [format!("/api/edges/{id}"), format!("/api/edges/{}", edge["id"].as_str().unwrap())]
        {
            app.patch(&path, Some(&stranger), json!({"edge_data": {"x": 1}}))
                .await
                .assert_error(404, "not_found");
            app.delete(&path, Some(&stranger)).await.assert_error(404, "not_found");
        }
        let still = edges(&app, &owner, project).await;
        assert_eq!(still, vec![edge]);
        assert!(edges(&app, &stranger, theirs).await.is_empty());
    })
    .await;
}

#[tokio::test]
async fn concurrent_connections_are_checked_one_at_a_time() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("race@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "هم‌زمان").await;
        let c = Canvas::new(&app, user, project);
        let a = c.assistant().await;
        let mut stores = Vec::new();
        for n in 0..4 {
            stores.push(c.vectorstore(Some(&format!("vs_{n}"))).await);
        }
        // Four vector stores race for the assistant's one slot.
        let (r0, r1, r2, r3) = tokio::join!(
            connect(&app, token, project, (Vectorstore, stores[0]), (Assistant, a)),
            connect(&app, token, project, (Vectorstore, stores[1]), (Assistant, a)),
            connect(&app, token, project, (Vectorstore, stores[2]), (Assistant, a)),
            connect(&app, token, project, (Vectorstore, stores[3]), (Assistant, a)),
        );
        let mut won = Vec::new();
        for (n, response) in [r0, r1, r2, r3].into_iter().enumerate() {
            if response.status == StatusCode::CREATED {
                won.push(n);
            } else {
                response.assert_error(422, "one_vector_store_per_assistant");
            }
        }
        assert_eq!(won.len(), 1, "exactly one wins");
        assert_eq!(edges(&app, token, project).await.len(), 1);
        assert_eq!(c.data(a).await["vector_store_id"], format!("vs_{}", won[0]));
    })
    .await;
}

/// The server checks a connection on the part of the project around its two
/// ends; an analyzer's container, and the channel inside it, are only seen
/// through the analyzer's neighbours and the container's children.
#[tokio::test]
async fn an_analyzer_reaches_a_bot_through_a_container_seen_only_around_it() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("around@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پیرامون").await;
        let c = Canvas::new(&app, user, project);

        // The container's only channel is an inactive frame: no status_info,
        // a channel by its child's kind alone.
        let container = c.container_at(0.0, 0.0).await;
        let frame =
            json!({"company_name": "x", "authorized_domains": ["a.ir"], "is_active": false});
        c.child(container, Iframe, frame, 5.0, 5.0).await;
        // The bot is outside every container and joined to nothing yet.
        let bot = c.telegram().await;
        // Unrelated nodes and edges elsewhere in the project.
        let a = c.assistant().await;
        for _ in 0..3 {
            connected(
                &app,
                token,
                project,
                (Assistant, a),
                (Instruction, c.node(Instruction, json!({})).await),
            )
            .await;
        }

        let lonely = c.analyzer().await;
        connect(&app, token, project, (Analyzer, lonely), (Telegram, bot))
            .await
            .assert_error(422, "analyzer_needs_container_first");

        let analyzer = c.analyzer().await;
        connected(&app, token, project, (Analyzer, analyzer), (Container, container)).await;
        let edge = connected(&app, token, project, (Analyzer, analyzer), (Telegram, bot)).await;
        assert_edge(&edge, (Analyzer, analyzer), (Telegram, bot), "telegram");
        // Drawn once, the same edge is refused as existing.
        connect(&app, token, project, (Analyzer, analyzer), (Telegram, bot))
            .await
            .assert_error(422, "connection_exists");
        // The lonely analyzer still has no container of its own.
        connect(&app, token, project, (Analyzer, lonely), (Telegram, bot))
            .await
            .assert_error(422, "analyzer_needs_container_first");
    })
    .await;
}

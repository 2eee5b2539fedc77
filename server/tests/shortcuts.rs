//! Connection shortcuts: each draws the edge `POST /edges` draws (same answer,
//! same side effects), refuses with the same codes, reaches nobody else's
//! nodes, and answers bad input with the JSON error shape.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::{TestApp, TestResponse, for_each_backend};
use dastyar_core::NodeKind::{self, *};
use serde_json::{Value, json};

/// A node: its kind and database id.
type End = (NodeKind, i64);

/// `POST /edges` for `source → target`.
async fn via_edges(
    app: &TestApp,
    token: &str,
    project: i64,
    source: (NodeKind, i64),
    target: (NodeKind, i64),
) -> TestResponse {
    let body = json!({"project_id": project, "source_type": source.0, "source_id": source.1,
                      "target_type": target.0, "target_id": target.1});
    app.post("/api/edges", Some(token), body).await
}

async fn edges(app: &TestApp, token: &str, project: i64) -> Vec<Value> {
    let response = app.get(&format!("/api/projects/{project}/edges"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json().as_array().unwrap().clone()
}

/// The shortcut for `source → target`, as a method, path and body.
fn shortcut(source: (NodeKind, i64), target: (NodeKind, i64)) -> (String, Option<Value>) {
    match (source, target) {
        ((Function, f), (Assistant, a)) => (format!("/api/functions/{f}/connect/{a}"), None),
        ((Assistant, a), (Function, f)) => {
            (format!("/api/playground/assistants/{a}/functions"), Some(json!({"function_id": f})))
        }
        ((Filedb, f), (Assistant, a)) => {
            (format!("/api/playground/assistants/{a}/filedb"), Some(json!({"filedb_id": f})))
        }
        ((Apidefinition, d), (Request, r)) => {
            (format!("/api/request/{r}/connect-api"), Some(json!({"api_definition_id": d})))
        }
        ((Scheduler, s), (Request, r)) => {
            (format!("/api/scheduler/{s}/connect-request"), Some(json!({"request_id": r})))
        }
        ((Trigger, t), (Assistant, a)) => {
            (format!("/api/trigger/{t}/connect-assistant"), Some(json!({"assistant_id": a})))
        }
        ((Assistant, a), (Sms, s)) => {
            (format!("/api/sms/{s}/connect-assistant"), Some(json!({"assistant_id": a})))
        }
        ((Filedb, f), (Vectorstore, v)) => {
            (format!("/api/vectorstores/{v}/addfiledb"), Some(json!({"filedb_id": f})))
        }
        ((Filerepository, f), (Vectorstore, v)) => {
            (format!("/api/vectorstores/{v}/addfiles"), Some(json!({"file_repository_id": f})))
        }
        other => panic!("no shortcut for {other:?}"),
    }
}

async fn via_shortcut(
    app: &TestApp,
    token: &str,
    source: (NodeKind, i64),
    target: (NodeKind, i64),
) -> TestResponse {
    let (path, body) = shortcut(source, target);
    app.call(axum::http::Method::POST, &path, Some(token), body).await
}

/// An edge answer without what differs between two drawings of it.
fn comparable(edge: &Value) -> Value {
    let mut edge = edge.clone();
    let object = edge.as_object_mut().unwrap();
    for key in ["id", "database_id", "edge_data"] {
        object.remove(key);
    }
    object["data"].as_object_mut().unwrap().remove("edgeDbId");
    edge
}

#[tokio::test]
async fn each_shortcut_draws_the_edge_post_edges_draws() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("shortcuts@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "میان‌بر").await;
        let c = Canvas::new(&app, user, project);

        let a = c.assistant().await;
        let pairs: Vec<(End, End)> = vec![
            ((Function, c.function().await), (Assistant, a)),
            ((Assistant, a), (Function, c.function().await)),
            ((Filedb, c.node(Filedb, json!({})).await), (Assistant, a)),
            ((Apidefinition, c.apidefinition().await), (Request, c.request("GET").await)),
            ((Scheduler, c.node(Scheduler, json!({})).await), (Request, c.request("GET").await)),
            ((Trigger, c.trigger("سلام").await), (Assistant, a)),
            ((Assistant, a), (Sms, c.sms().await)),
            ((Filedb, c.node(Filedb, json!({})).await), (Vectorstore, c.vectorstore(None).await)),
            (
                (Filerepository, c.node(Filerepository, json!({})).await),
                (Vectorstore, c.vectorstore(None).await),
            ),
        ];
        for (source, target) in pairs {
            let response = via_shortcut(&app, token, source, target).await;
            assert_eq!(response.status, StatusCode::CREATED, "{source:?}: {}", response.text());
            let by_shortcut = response.json();
            assert_eq!(by_shortcut["source"], format!("{}-{}", source.0, source.1));
            assert_eq!(by_shortcut["target"], format!("{}-{}", target.0, target.1));
            assert_eq!(by_shortcut["project_id"], project);
            assert_eq!(by_shortcut["edge_data"], "{}");
            // Removed, then drawn again through POST /edges: the same answer.
            let id = by_shortcut["database_id"].as_i64().unwrap();
            app.delete(&format!("/api/edges/{id}"), Some(token)).await;
            let response = via_edges(&app, token, project, source, target).await;
            assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
            assert_eq!(comparable(&by_shortcut), comparable(&response.json()), "{source:?}");
            // And drawing it once more by shortcut is refused as a duplicate.
            via_shortcut(&app, token, source, target).await.assert_error(422, "connection_exists");
        }

        // edge_data is taken as POST /edges takes it.
        let f = c.function().await;
        let response = app
            .post(
                &format!("/api/playground/assistants/{a}/functions"),
                Some(token),
                json!({"function_id": f, "edge_data": {"note": "یادداشت"}}),
            )
            .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        assert_eq!(response.json()["edge_data"], r#"{"note":"یادداشت"}"#);
    })
    .await;
}

#[tokio::test]
async fn shortcuts_apply_and_undo_the_same_side_effects() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("effects@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "اثر").await;
        let c = Canvas::new(&app, user, project);

        let a = c.assistant().await;
        let f = c.function().await;
        let response = via_shortcut(&app, token, (Function, f), (Assistant, a)).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        assert_eq!(c.data(f).await["assistant_id"], a);
        assert_eq!(c.row(f).await.status, "success");
        assert_eq!(c.data(a).await["has_functions"], true);

        let definition = c.apidefinition().await;
        let request = c.request("GET").await;
        via_shortcut(&app, token, (Apidefinition, definition), (Request, request)).await;
        assert_eq!(c.data(request).await["api_definition_id"], definition);

        // trigger: connect, disconnect (the edge goes), disconnect again (404: nothing joined).
        let trigger = c.trigger("سلام").await;
        let response = via_shortcut(&app, token, (Trigger, trigger), (Assistant, a)).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let before = edges(&app, token, project).await.len();
        let path = format!("/api/trigger/{trigger}/disconnect-assistant");
        let response = app.delete(&path, Some(token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert_eq!(response.json(), json!({"success": true}));
        app.delete(&path, Some(token)).await.assert_error(404, "not_found");
        let after = edges(&app, token, project).await;
        assert_eq!(after.len(), before - 1);
        assert!(after.iter().all(|e| e["source"] != format!("trigger-{trigger}")));

        // sms: connected-assistant follows the edge.
        let sms = c.sms().await;
        let connected = format!("/api/sms/{sms}/connected-assistant");
        assert_eq!(app.get(&connected, Some(token)).await.json(), Value::Null);
        let response = via_shortcut(&app, token, (Assistant, a), (Sms, sms)).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let node = app.get(&connected, Some(token)).await;
        assert_eq!(node.status, StatusCode::OK);
        assert_eq!(node.json()["id"], format!("assistant-{a}"));
        assert_eq!(node.json()["type"], "assistant");
        let response =
            app.delete(&format!("/api/sms/{sms}/disconnect-assistant"), Some(token)).await;
        assert_eq!(response.status, StatusCode::OK);
        assert_eq!(app.get(&connected, Some(token)).await.json(), Value::Null);
    })
    .await;
}

#[tokio::test]
async fn shortcuts_refuse_with_the_codes_of_post_edges() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("refusals@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "رد").await;
        let c = Canvas::new(&app, user, project);

        let a = c.assistant().await;
        let pending = c
            .node_at(
                Assistant,
                json!({"assistant_id": "asst_p"}),
                dastyar_core::status::CreationStatus::Pending,
                dastyar_core::geometry::Position::default(),
                None,
            )
            .await;
        let taken = c.trigger("سلام").await;
        let response = via_shortcut(&app, token, (Trigger, taken), (Assistant, a)).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let linked = c.request("GET").await;
        let response =
            via_shortcut(&app, token, (Apidefinition, c.apidefinition().await), (Request, linked))
                .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());

        let cases: Vec<(End, End, &str)> = vec![
            ((Trigger, c.trigger("   ").await), (Assistant, a), "trigger_schedule_invalid"),
            ((Trigger, c.trigger("سلام").await), (Assistant, pending), "assistant_not_ready"),
            ((Trigger, taken), (Assistant, c.assistant().await), "trigger_already_connected"),
            (
                (Function, c.node(Function, json!({"name": "f"})).await),
                (Assistant, a),
                "function_incomplete",
            ),
            (
                (Assistant, a),
                (Sms, c.node(Sms, json!({"receptor": "09123456789"})).await),
                "sms_incomplete",
            ),
            (
                (Apidefinition, c.apidefinition().await),
                (Request, linked),
                "request_has_api_definition",
            ),
        ];
        for (source, target, code) in cases {
            let before = edges(&app, token, project).await;
            let by_edges = via_edges(&app, token, project, source, target).await;
            let edges_details = by_edges.assert_error(422, code);
            let by_shortcut = via_shortcut(&app, token, source, target).await;
            let details = by_shortcut.assert_error(422, code);
            assert_eq!(details, edges_details, "{code}");
            assert_eq!(by_shortcut.json(), by_edges.json(), "{code}");
            assert_eq!(edges(&app, token, project).await, before, "{code}: nothing stored");
        }
    })
    .await;
}

#[tokio::test]
async fn shortcuts_reach_nobody_elses_nodes() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("owner@example.com").await;
        let (stranger, stranger_id) = app.register("stranger@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "من").await;
        let c = Canvas::new(&app, user, project);
        let a = c.assistant().await;
        let trigger = c.trigger("سلام").await;
        let sms = c.sms().await;
        let response = via_shortcut(&app, token, (Trigger, trigger), (Assistant, a)).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let response = via_shortcut(&app, token, (Assistant, a), (Sms, sms)).await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let before = edges(&app, token, project).await;

        // The stranger's own nodes, in the stranger's own project.
        let theirs = app.create_project(&stranger, "دیگری").await;
        let s = Canvas::new(&app, stranger_id, theirs);
        let their_assistant = s.assistant().await;
        let their_function = s.function().await;

        for (source, target) in [
            ((Function, c.function().await), (Assistant, a)),
            ((Trigger, c.trigger("سلام").await), (Assistant, a)),
            ((Assistant, a), (Sms, c.sms().await)),
            ((Filedb, c.node(Filedb, json!({})).await), (Vectorstore, c.vectorstore(None).await)),
        ] {
            via_shortcut(&app, &stranger, source, target).await.assert_error(404, "not_found");
        }
        // My node with theirs, either way round: 404.
        via_shortcut(&app, token, (Function, c.function().await), (Assistant, their_assistant))
            .await
            .assert_error(404, "not_found");
        via_shortcut(&app, &stranger, (Function, their_function), (Assistant, a))
            .await
            .assert_error(404, "not_found");
        // A node of another project of mine, named in the body: 422 on its field.
        let other = app.create_project(token, "دیگر").await;
        let elsewhere = Canvas::new(&app, user, other).assistant().await;
        via_shortcut(&app, token, (Trigger, c.trigger("سلام").await), (Assistant, elsewhere))
            .await
            .assert_invalid("assistant_id", "node_not_in_project");

        app.get(&format!("/api/sms/{sms}/connected-assistant"), Some(&stranger))
            .await
            .assert_error(404, "not_found");
        for path in [
            format!("/api/trigger/{trigger}/disconnect-assistant"),
            format!("/api/sms/{sms}/disconnect-assistant"),
        ] {
            app.delete(&path, Some(&stranger)).await.assert_error(404, "not_found");
        }
        assert_eq!(edges(&app, token, project).await, before, "nothing changed");
        assert_eq!(
            app.get(&format!("/api/sms/{sms}/connected-assistant"), Some(token)).await.json()["id"],
            format!("assistant-{a}")
        );
    })
    .await;
}

#[tokio::test]
async fn bad_input_to_shortcuts_never_fails_the_server() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("bad@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "بد").await;
        let c = Canvas::new(&app, user, project);
        let a = c.assistant().await;
        let trigger = c.trigger("سلام").await;
        let store = c.vectorstore(None).await;

        let path = format!("/api/trigger/{trigger}/connect-assistant");
        app.post(&path, None, json!({"assistant_id": a})).await.assert_error(401, "unauthenticated");
        app.post(&path, Some(token), json!({})).await.assert_invalid("assistant_id", "field_required");
        for bad in [json!("x"), json!(1.5), json!(null), json!([a])] {
            let response = app.post(&path, Some(token), json!({"assistant_id": bad})).await;
            let details = response.assert_error(422, "invalid_input");
            assert_eq!(details["field"], "assistant_id", "{details}");
        }
        for bad in [0, -4] {
            let response = app.post(&path, Some(token), json!({"assistant_id": bad})).await;
            response.assert_error(422, "invalid_input");
        }
        // A node the body names that is none of mine in this project: 422 naming the field.
        app.post(&path, Some(token), json!({"assistant_id": 999_999}))
            .await
            .assert_invalid("assistant_id", "node_not_in_project");
        // A node of the wrong kind for the field: 422 naming it.
        let response = app.post(&path, Some(token), json!({"assistant_id": store})).await;
        let details = response.assert_error(422, "invalid_input");
        assert_eq!(details["field"], "assistant_id");
        // The path's node of the wrong kind, or no number at all: 404.
        app.post(&format!("/api/trigger/{a}/connect-assistant"), Some(token), json!({"assistant_id": a}))
            .await
            .assert_error(404, "not_found");
        app.post("/api/trigger/abc/connect-assistant", Some(token), json!({"assistant_id": a}))
            .await
            .assert_error(404, "not_found");
        app.post(&format!("/api/functions/{a}/connect/x"), Some(token), json!({}))
            .await
            .assert_error(404, "not_found");
        let response = app
            .post(
                &format!("/api/vectorstores/{store}/addfiles"),
                Some(token),
                json!({"file_repository_id": c.node(Filerepository, json!({})).await, "edge_data": [1]}),
            )
            .await;
        let details = response.assert_error(422, "invalid_input");
        assert_eq!(details["field"], "edge_data");
        let response = app
            .raw(axum::http::Method::POST, &path, Some("application/json"), "{not json")
            .await;
        assert!(response.status.is_client_error(), "{}", response.text());
        app.delete("/api/trigger/abc/disconnect-assistant", Some(token))
            .await
            .assert_error(404, "not_found");
        app.get("/api/sms/abc/connected-assistant", Some(token)).await.assert_error(404, "not_found");
        assert!(edges(&app, token, project).await.is_empty());
    })
    .await;
}

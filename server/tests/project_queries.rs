//! Project-level queries: containers with their assistants, API nodes and
//! their links, the workflow check, the project's triggers and my active
//! triggers across projects.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::{TestApp, for_each_backend};
use dastyar_core::NodeKind::{self, *};
use serde_json::{Value, json};

async fn connect(
    app: &TestApp,
    token: &str,
    project: i64,
    source: (NodeKind, i64),
    target: (NodeKind, i64),
) {
    let response = app
        .post(
            "/api/edges",
            Some(token),
            json!({"project_id": project, "source_type": source.0, "source_id": source.1,
                   "target_type": target.0, "target_id": target.1}),
        )
        .await;
    assert_eq!(
        response.status,
        StatusCode::CREATED,
        "{source:?} -> {target:?}: {}",
        response.text()
    );
}

async fn get(app: &TestApp, token: &str, path: &str) -> Value {
    let response = app.get(path, Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{path}: {}", response.text());
    response.json()
}

fn ids(nodes: &Value) -> Vec<String> {
    nodes.as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn containers_come_with_their_children_and_assistants() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("boxes@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "ظرف و دستیار").await;
        let c = Canvas::new(&app, user, project);
        assert_eq!(get(&app, token, &format!("/api/projects/{project}/containers-with-assistants")).await, json!([]));

        let container = c.container_at(0.0, 0.0).await;
        let frame = c
            .child(container, Iframe, json!({"company_name": "x", "authorized_domains": ["a.ir"], "is_active": true}), 10.0, 10.0)
            .await;
        let inside = c.child(container, Assistant, json!({"assistant_id": "asst_in"}), 50.0, 50.0).await;
        let behind_frame = c.assistant().await;
        connect(&app, token, project, (Assistant, behind_frame), (Iframe, frame)).await;
        let analyzer = c.analyzer().await;
        connect(&app, token, project, (Analyzer, analyzer), (Container, container)).await;
        let empty = c.container_at(800.0, 0.0).await;
        c.assistant().await; // serves nobody

        let listed = get(&app, token, &format!("/api/projects/{project}/containers-with-assistants")).await;
        let listed = listed.as_array().unwrap();
        assert_eq!(listed.len(), 2);
        assert_eq!(listed[0]["container"]["id"], format!("container-{container}"));
        assert_eq!(
            listed[0]["container"]["data"]["status_info"]["subsystems"][0]["metadata"]["assistant_id"],
            behind_frame
        );
        assert_eq!(ids(&listed[0]["children"]), [format!("iframe-{frame}"), format!("assistant-{inside}")]);
        assert_eq!(
            ids(&listed[0]["assistants"]),
            [format!("assistant-{inside}"), format!("analyzer-{analyzer}"), format!("assistant-{behind_frame}")]
        );
        assert_eq!(listed[1]["container"]["id"], format!("container-{empty}"));
        assert_eq!(listed[1]["children"], json!([]));
        assert_eq!(listed[1]["assistants"], json!([]));
    })
    .await;
}

#[tokio::test]
async fn api_nodes_and_the_workflow_check() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("api@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "API").await;
        let c = Canvas::new(&app, user, project);
        let a = c.assistant().await;
        let definition = c.apidefinition().await;
        let by_edge = c.request("POST").await;
        connect(&app, token, project, (Apidefinition, definition), (Request, by_edge)).await;
        // Linked by its stored id only.
        let by_id =
            c.node(Request, json!({"method": "GET", "api_definition_id": definition})).await;
        let loose = c.request("GET").await;
        let scheduler = c.node(Scheduler, json!({})).await;
        connect(&app, token, project, (Scheduler, scheduler), (Request, by_id)).await;
        let lonely = c.apidefinition().await;

        let check = |definition: i64| {
            let app = &app;
            async move {
                get(app, token, &format!("/api/projects/{project}/check-workflow/{definition}"))
                    .await
            }
        };
        let missing = json!({"exists": false, "code": "workflow_missing",
                             "message": dastyar_core::MessageCode::WorkflowMissing.persian()});
        assert_eq!(check(definition).await, missing);
        assert_eq!(check(lonely).await, missing, "no request at all: no workflow");

        connect(&app, token, project, (Request, by_id), (Assistant, a)).await;
        assert_eq!(check(definition).await, json!({"exists": true}));

        let nodes = get(&app, token, &format!("/api/projects/{project}/api-nodes")).await;
        let definitions = nodes["api_definitions"].as_array().unwrap();
        assert_eq!(definitions.len(), 2);
        assert_eq!(definitions[0]["node"]["id"], format!("apidefinition-{definition}"));
        assert_eq!(definitions[0]["request_ids"], json!([by_edge, by_id]));
        assert_eq!(definitions[0]["assistant_ids"], json!([]));
        assert_eq!(definitions[0]["workflow_exists"], true);
        assert_eq!(definitions[1]["request_ids"], json!([]));
        assert_eq!(definitions[1]["workflow_exists"], false);
        let requests = nodes["requests"].as_array().unwrap();
        assert_eq!(
            ids(&Value::Array(requests.iter().map(|r| r["node"].clone()).collect())),
            [format!("request-{by_edge}"), format!("request-{by_id}"), format!("request-{loose}"),]
        );
        assert_eq!(requests[0]["api_definition_id"], definition);
        assert_eq!(requests[1]["api_definition_id"], definition);
        assert_eq!(requests[1]["assistant_ids"], json!([a]));
        assert_eq!(requests[1]["scheduler_ids"], json!([scheduler]));
        assert_eq!(requests[2]["api_definition_id"], Value::Null);

        // Through the definition: its own assistant edge counts for its requests.
        let via = c.apidefinition().await;
        connect(&app, token, project, (Apidefinition, via), (Request, c.request("GET").await))
            .await;
        assert_eq!(check(via).await, missing);
        connect(&app, token, project, (Assistant, a), (Apidefinition, via)).await;
        assert_eq!(check(via).await, json!({"exists": true}));

        // Only API definitions of this project are checked.
        for x in [a.to_string(), "987654".into(), "abc".into(), "-1".into()] {
            app.get(&format!("/api/projects/{project}/check-workflow/{x}"), Some(token))
                .await
                .assert_error(404, "not_found");
        }
    })
    .await;
}

#[tokio::test]
async fn triggers_of_a_project_and_my_active_triggers() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("triggers@example.com").await;
        let token = token.as_str();
        let first = app.create_project(token, "یکم").await;
        let second = app.create_project(token, "دوم").await;
        let c1 = Canvas::new(&app, user, first);
        let c2 = Canvas::new(&app, user, second);
        assert_eq!(get(&app, token, "/api/triggers/active").await, json!([]));

        let a = c1.assistant().await;
        let daily = c1
            .node(Trigger, json!({"message_template": "گزارش روزانه", "is_active": true,
                                  "schedule_type": "cron", "cron_expression": "0 9 * * *", "interval_value": null,
                                  "interval_unit": null}))
            .await;
        connect(&app, token, first, (Trigger, daily), (Assistant, a)).await;
        let paused = c1.node(Trigger, json!({"message_template": "خاموش", "is_active": false})).await;
        let elsewhere = c2.trigger("پروژهٔ دوم").await;

        let listed = get(&app, token, &format!("/api/projects/{first}/triggers")).await;
        let listed = listed.as_array().unwrap();
        assert_eq!(listed.len(), 2);
        assert_eq!(listed[0]["node"]["id"], format!("trigger-{daily}"));
        assert_eq!(listed[0]["project_id"], first);
        assert_eq!(listed[0]["assistant_id"], a);
        assert_eq!(listed[0]["assistant"]["id"], format!("assistant-{a}"));
        assert_eq!(listed[0]["isActive"], true);
        assert_eq!(listed[0]["message_template"], "گزارش روزانه");
        assert_eq!(listed[0]["schedule"]["schedule_type"], "cron");
        assert_eq!(listed[0]["schedule"]["cron_expression"], "0 9 * * *");
        assert_eq!(listed[0]["schedule"]["timezone"], "Asia/Tehran");
        assert_eq!(listed[1]["node"]["id"], format!("trigger-{paused}"));
        assert_eq!(listed[1]["assistant_id"], Value::Null);
        assert_eq!(listed[1]["isActive"], false);

        let active = get(&app, token, "/api/triggers/active").await;
        let active = active.as_array().unwrap();
        assert_eq!(
            active.iter().map(|t| t["node"]["id"].as_str().unwrap()).collect::<Vec<_>>(),
            [format!("trigger-{daily}"), format!("trigger-{elsewhere}")]
        );
        assert_eq!(active[0], listed[0]);
        assert_eq!(active[1]["project_id"], second);
        assert_eq!(active[1]["assistant"], Value::Null);

        // Someone else has no active triggers of mine.
        let (stranger, _) = app.register("nobody@example.com").await;
        assert_eq!(get(&app, &stranger, "/api/triggers/active").await, json!([]));
        app.get("/api/triggers/active", None).await.assert_error(401, "unauthenticated");
    })
    .await;
}

#[tokio::test]
async fn nobody_reaches_another_users_project_queries() {
    for_each_backend(|app| async move {
        let (owner, owner_id) = app.register("owner@example.com").await;
        let (stranger, _) = app.register("stranger@example.com").await;
        let project = app.create_project(&owner, "خصوصی").await;
        let definition = Canvas::new(&app, owner_id, project).apidefinition().await;
        for path in [
            format!("/api/projects/{project}/containers-with-assistants"),
            format!("/api/projects/{project}/api-nodes"),
            format!("/api/projects/{project}/check-workflow/{definition}"),
            format!("/api/projects/{project}/triggers"),
            format!("/api/projects/{project}/edges"),
        ] {
            app.get(&path, Some(&stranger)).await.assert_error(404, "not_found");
            app.get(&path, None).await.assert_error(401, "unauthenticated");
            assert_eq!(app.get(&path, Some(&owner)).await.status, StatusCode::OK, "{path}");
            for bad in ["abc", "-1", "987654"] {
                let bad_path = path.replacen(
                    &format!("/projects/{project}/"),
                    &format!("/projects/{bad}/"),
                    1,
                );
                app.get(&bad_path, Some(&owner)).await.assert_error(404, "not_found");
            }
        }
    })
    .await;
}

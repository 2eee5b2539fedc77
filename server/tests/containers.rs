//! Containers: create with the defaults, rename, resize, move, add nodes
//! (never an analyzer), list children, report the subsystems running inside,
//! and delete while keeping the children where they stand on the canvas.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::{TestApp, for_each_backend};
use dastyar_core::NodeKind::{self, *};
use serde_json::{Value, json};

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    let response = app.post("/api/containers", Some(token), body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    response.json()
}

fn database_id(node: &Value) -> i64 {
    node["id"].as_str().unwrap().rsplit('-').next().unwrap().parse().unwrap()
}

async fn show(app: &TestApp, token: &str, id: i64) -> Value {
    let response = app.get(&format!("/api/containers/{id}"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

async fn add(app: &TestApp, token: &str, container: i64, kind: NodeKind, id: i64) -> Value {
    let response = app
        .post(
            &format!("/api/containers/{container}/add-node"),
            Some(token),
            json!({"node_type": kind, "node_id": id}),
        )
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

#[tokio::test]
async fn create_with_defaults_rename_resize_and_move() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("box@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "ظرف‌ها").await;
        // Another node first, so the container is not the first insert on its connection.
        Canvas::new(&app, user, project).assistant().await;

        let made = create(
            &app,
            token,
            json!({"project_id": project, "name": " گروه فروش ", "position_x": 40, "position_y": 60, "user_id": 999}),
        )
        .await;
        let id = database_id(&made);
        assert_eq!(made["id"], format!("container-{id}"));
        assert_eq!(made["type"], "container");
        assert_eq!(made["position"], json!({"x": 40.0, "y": 60.0}));
        assert_eq!(made.get("parentId"), None);
        assert_eq!(made["data"]["label"], "گروه فروش");
        assert_eq!(made["data"]["width"], 400.0);
        assert_eq!(made["data"]["height"], 300.0);
        assert_eq!(made["data"]["creationStatus"], "success");
        assert_eq!(made["data"]["status_info"], json!({"subsystems": []}));
        // The answer to a create also names the id the paths take.
        assert_eq!(made["database_id"], id);
        let mut shown = show(&app, token, id).await;
        shown["database_id"] = json!(id);
        assert_eq!(shown, made);

        // Everything but the project may be left out.
        let bare = create(&app, token, json!({"project_id": project})).await;
        assert_eq!(bare["data"]["label"], "ظرف");
        assert_eq!(bare["position"], json!({"x": 250.0, "y": 150.0}));
        let sized =
            create(&app, token, json!({"project_id": project, "name": "x", "width": 640.5, "height": 480})).await;
        assert_eq!((sized["data"]["width"].as_f64(), sized["data"]["height"].as_f64()), (Some(640.5), Some(480.0)));

        let renamed = app
            .patch(&format!("/api/containers/{id}/name"), Some(token), json!({"name": "پشتیبانی"}))
            .await;
        assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text());
        assert_eq!(renamed.json()["data"]["label"], "پشتیبانی");
        app.patch(&format!("/api/containers/{id}/name"), Some(token), json!({"name": "  "}))
            .await
            .assert_invalid("name", "field_required");
        app.patch(&format!("/api/containers/{id}/name"), Some(token), json!({"name": "ا".repeat(201)}))
            .await
            .assert_invalid("name", "invalid_input");

        let resized = app
            .patch(&format!("/api/containers/{id}/dimensions"), Some(token), json!({"width": 800, "height": 20000}))
            .await;
        assert_eq!(resized.status, StatusCode::OK, "{}", resized.text());
        assert_eq!(resized.json()["data"]["width"], 800.0);
        assert_eq!(resized.json()["data"]["height"], 20000.0);
        for (body, field) in [
            (json!({"width": 0, "height": 10}), "width"),
            (json!({"width": -5, "height": 10}), "width"),
            (json!({"width": 10, "height": 20000.5}), "height"),
            (json!({"width": 10, "height": 1e300}), "height"),
            (json!({"width": "wide", "height": 10}), "width"),
            (json!({"width": null, "height": 10}), "width"),
        ] {
            app.patch(&format!("/api/containers/{id}/dimensions"), Some(token), body)
                .await
                .assert_invalid(field, "invalid_input");
        }
        app.patch(&format!("/api/containers/{id}/dimensions"), Some(token), json!({"width": 10}))
            .await
            .assert_invalid("height", "field_required");
        for (body, field) in [
            (json!({"project_id": project, "width": 0}), "width"),
            (json!({"project_id": project, "height": 99999}), "height"),
            (json!({"project_id": project, "position_x": 1.5e9}), "position_x"),
            (json!({"project_id": project, "name": 5}), "name"),
            (json!({"project_id": "1"}), "project_id"),
        ] {
            app.post("/api/containers", Some(token), body).await.assert_invalid(field, "invalid_input");
        }
        assert_eq!(show(&app, token, id).await["data"]["width"], 800.0, "bad sizes changed nothing");

        let moved = app
            .patch(&format!("/api/containers/{id}/position"), Some(token), json!({"position_x": -120.5, "position_y": 30}))
            .await;
        assert_eq!(moved.status, StatusCode::OK, "{}", moved.text());
        assert_eq!(moved.json()["position"], json!({"x": -120.5, "y": 30.0}));
        app.patch(&format!("/api/containers/{id}/position"), Some(token), json!({"position_x": "a", "position_y": 1}))
            .await
            .assert_invalid("position_x", "invalid_input");
        let now = show(&app, token, id).await;
        assert_eq!(now["data"]["label"], "پشتیبانی");
        assert_eq!(now["position"], json!({"x": -120.5, "y": 30.0}));
    })
    .await;
}

#[tokio::test]
async fn adding_nodes_makes_their_positions_relative() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("add@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "افزودن").await;
        let c = Canvas::new(&app, user, project);
        let first = database_id(
            &create(
                &app,
                token,
                json!({"project_id": project, "position_x": 100, "position_y": 100}),
            )
            .await,
        );
        let second = database_id(
            &create(
                &app,
                token,
                json!({"project_id": project, "position_x": 1000, "position_y": 0}),
            )
            .await,
        );

        let a = c
            .node_at(
                Assistant,
                json!({}),
                dastyar_core::status::CreationStatus::Success,
                dastyar_core::geometry::Position { x: 500.0, y: 400.0 },
                None,
            )
            .await;
        let added = add(&app, token, first, Assistant, a).await;
        assert_eq!(added["id"], format!("assistant-{a}"));
        assert_eq!(added["parentId"], format!("container-{first}"));
        assert_eq!(added["position"], json!({"x": 400.0, "y": 300.0}));
        // Adding again changes nothing.
        assert_eq!(add(&app, token, first, Assistant, a).await, added);
        // From one container to another, it stays where it stands (absolute 500, 400).
        let moved = add(&app, token, second, Assistant, a).await;
        assert_eq!(moved["parentId"], format!("container-{second}"));
        assert_eq!(moved["position"], json!({"x": -500.0, "y": 400.0}));

        let bot = c.telegram().await;
        add(&app, token, second, Telegram, bot).await;
        let children = app.get(&format!("/api/containers/{second}/nodes"), Some(token)).await;
        assert_eq!(children.status, StatusCode::OK);
        let ids: Vec<String> = children
            .json()
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["id"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(ids, [format!("assistant-{a}"), format!("telegram-{bot}")]);
        let empty = app.get(&format!("/api/containers/{first}/nodes"), Some(token)).await;
        assert_eq!(empty.json(), json!([]));

        // Analyzers are connected to containers, never put inside; nor do containers nest.
        let analyzer = c.analyzer().await;
        let url = format!("/api/containers/{first}/add-node");
        let details = app
            .post(&url, Some(token), json!({"node_type": "analyzer", "node_id": analyzer}))
            .await
            .assert_error(422, "analyzer_inside_container");
        assert_eq!(details, json!({"field": "node_type", "node": format!("analyzer-{analyzer}")}));
        app.post(&url, Some(token), json!({"node_type": "container", "node_id": second}))
            .await
            .assert_error(422, "node_cannot_move_to_container");
        app.post(
            &url,
            Some(token),
            json!({"node_type": "instruction", "node_id": c.node(Instruction, json!({})).await}),
        )
        .await
        .assert_error(422, "node_cannot_move_to_container");
        assert_eq!(c.row(analyzer).await.container_id, None);
        // Wrong kind, unknown kind, bad ids; nodes of another project or none at all.
        for (body, field) in [
            (json!({"node_type": "telegram", "node_id": a}), "node_type"),
            (json!({"node_type": "robot", "node_id": a}), "node_type"),
            (json!({"node_type": "testframe", "node_id": a}), "node_type"),
            (json!({"node_type": "assistant", "node_id": -1}), "node_id"),
            (json!({"node_type": "assistant", "node_id": "1"}), "node_id"),
        ] {
            app.post(&url, Some(token), body).await.assert_invalid(field, "invalid_input");
        }
        let other = app.create_project(token, "دیگر").await;
        let elsewhere = Canvas::new(&app, user, other).assistant().await;
        for body in [
            json!({"node_type": "assistant", "node_id": elsewhere}),
            json!({"node_type": "assistant", "node_id": 987654}),
        ] {
            app.post(&url, Some(token), body)
                .await
                .assert_invalid("node_id", "node_not_in_project");
        }
        // A node that is not a container is no container.
        app.post(
            &format!("/api/containers/{a}/add-node"),
            Some(token),
            json!({"node_type": "telegram", "node_id": bot}),
        )
        .await
        .assert_error(404, "not_found");
        app.get(&format!("/api/containers/{a}"), Some(token)).await.assert_error(404, "not_found");
        app.get(&format!("/api/containers/{a}/nodes"), Some(token))
            .await
            .assert_error(404, "not_found");
        app.patch(&format!("/api/containers/{a}/name"), Some(token), json!({"name": "x"}))
            .await
            .assert_error(404, "not_found");
        app.delete(&format!("/api/containers/{a}"), Some(token))
            .await
            .assert_error(404, "not_found");
        assert!(c.find(a).await.is_some(), "deleting a non-container deletes nothing");
    })
    .await;
}

#[tokio::test]
async fn status_info_reports_frames_and_bots_with_their_assistants() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("status@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "وضعیت").await;
        let c = Canvas::new(&app, user, project);
        let container = c.container_at(0.0, 0.0).await;
        let frame = c
            .child(container, Iframe, json!({"company_name": "شرکت", "authorized_domains": ["a.ir"], "is_active": true, "company_id": 55}), 10.0, 10.0)
            .await;
        c.child(container, Iframe, json!({"company_name": "خاموش", "authorized_domains": ["b.ir"], "is_active": false}), 20.0, 20.0)
            .await;
        let bot = c
            .child(container, Telegram, json!({"bot_token": "123:abc", "bot_username": "b", "company_id": 77}), 30.0, 30.0)
            .await;
        c.child(container, Telegram, json!({"bot_token": "  "}), 40.0, 40.0).await;
        let a = c.assistant().await;
        let b = c.assistant().await;
        for (source, target) in [((Assistant, a), (Iframe, frame)), ((Assistant, b), (Telegram, bot))] {
            let response = app
                .post(
                    "/api/edges",
                    Some(token),
                    json!({"project_id": project, "source_type": source.0, "source_id": source.1,
                           "target_type": target.0, "target_id": target.1}),
                )
                .await;
            assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        }
        let shown = show(&app, token, container).await;
        assert_eq!(
            shown["data"]["status_info"],
            json!({"subsystems": [
                {"type": "frame", "status": "active", "metadata": {"company_id": 55, "assistant_id": a}},
                {"type": "telegram", "status": "active", "metadata": {"company_id": 77, "assistant_id": b}},
            ]})
        );
        // The same status_info everywhere the container is shown.
        let listed = app.get(&format!("/api/projects/{project}/containers-with-assistants"), Some(token)).await;
        assert_eq!(listed.json()[0]["container"], shown);
    })
    .await;
}

#[tokio::test]
async fn deleting_a_container_keeps_its_children_where_they_stand() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("free@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "آزادسازی").await;
        let c = Canvas::new(&app, user, project);
        let container = c.container_at(300.0, 120.0).await;
        let bot = c
            .child(
                container,
                Telegram,
                json!({"bot_token": "1:a", "bot_username": "b"}),
                40.0,
                60.0,
            )
            .await;
        let frame = c.child(container, Iframe, json!({}), 0.0, 0.0).await;
        let analyzer = c.analyzer().await;
        let response = app
            .post(
                "/api/edges",
                Some(token),
                json!({"project_id": project, "source_type": "analyzer", "source_id": analyzer,
                       "target_type": "container", "target_id": container}),
            )
            .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());

        let deleted = app.delete(&format!("/api/containers/{container}"), Some(token)).await;
        assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
        let deleted = deleted.json();
        assert_eq!(deleted["success"], true);
        let children = deleted["children"].as_array().unwrap();
        assert_eq!(children.len(), 2);
        assert_eq!(children[0]["id"], format!("telegram-{bot}"));
        assert_eq!(children[0]["position"], json!({"x": 340.0, "y": 180.0}));
        assert_eq!(children[0].get("parentId"), None);
        assert_eq!(children[1]["id"], format!("iframe-{frame}"));
        assert_eq!(children[1]["position"], json!({"x": 300.0, "y": 120.0}));
        let bot_row = c.row(bot).await;
        assert_eq!(
            (bot_row.container_id, bot_row.position_x, bot_row.position_y),
            (None, 340.0, 180.0)
        );
        assert!(c.find(container).await.is_none());
        app.get(&format!("/api/containers/{container}"), Some(token))
            .await
            .assert_error(404, "not_found");
        let edges = app.get(&format!("/api/projects/{project}/edges"), Some(token)).await;
        assert_eq!(edges.json(), json!([]), "the analyzer's edge went with the container");
        assert!(c.find(analyzer).await.is_some());

        // Again, or a container that never was: 404 (the canvas counts it as removed).
        for path in [
            format!("/api/containers/{container}"),
            "/api/containers/987654".into(),
            "/api/containers/abc".into(),
            "/api/containers/0".into(),
            "/api/containers/-3".into(),
        ] {
            app.delete(&path, Some(token)).await.assert_error(404, "not_found");
        }
    })
    .await;
}

#[tokio::test]
async fn nobody_reaches_another_users_containers() {
    for_each_backend(|app| async move {
        let (owner, owner_id) = app.register("owner@example.com").await;
        let (stranger, stranger_id) = app.register("stranger@example.com").await;
        let project = app.create_project(&owner, "خصوصی").await;
        let theirs = app.create_project(&stranger, "مال من").await;
        let container = database_id(
            &create(&app, &owner, json!({"project_id": project, "name": "جعبه"})).await,
        );
        let c = Canvas::new(&app, owner_id, project);
        let child = c.child(container, Sms, json!({}), 5.0, 5.0).await;
        let own_node = Canvas::new(&app, stranger_id, theirs).assistant().await;
        let before = show(&app, &owner, container).await;

        app.post("/api/containers", Some(&stranger), json!({"project_id": project}))
            .await
            .assert_error(404, "not_found");
        for path in
            [format!("/api/containers/{container}"), format!("/api/containers/{container}/nodes")]
        {
            app.get(&path, Some(&stranger)).await.assert_error(404, "not_found");
            app.get(&path, None).await.assert_error(401, "unauthenticated");
        }
        for (path, body) in [
            ("name", json!({"name": "دزد"})),
            ("dimensions", json!({"width": 10, "height": 10})),
            ("position", json!({"position_x": 1, "position_y": 1})),
        ] {
            app.patch(&format!("/api/containers/{container}/{path}"), Some(&stranger), body)
                .await
                .assert_error(404, "not_found");
        }
        app.post(
            &format!("/api/containers/{container}/add-node"),
            Some(&stranger),
            json!({"node_type": "assistant", "node_id": own_node}),
        )
        .await
        .assert_error(404, "not_found");
        app.delete(&format!("/api/containers/{container}"), Some(&stranger))
            .await
            .assert_error(404, "not_found");
        assert_eq!(show(&app, &owner, container).await, before);
        assert_eq!(c.row(child).await.container_id, Some(container));
        for bad in ["abc", "-1", "99999999999999999999"] {
            app.get(&format!("/api/containers/{bad}"), Some(&owner))
                .await
                .assert_error(404, "not_found");
        }
    })
    .await;
}

//! Listings read from the stored canvas: API definitions by project, a vector
//! store's files, a container's Telegram bots, a project's frames.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::{TestApp, for_each_backend};
use dastyar_core::NodeKind::*;
use serde_json::{Value, json};

async fn ok(app: &TestApp, token: &str, path: &str) -> Value {
    let response = app.get(path, Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{path}: {}", response.text());
    response.json()
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn api_definitions_by_project() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("apis@example.com").await;
        let (stranger, _) = app.register("other@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "API").await;
        let c = Canvas::new(&app, user, project);
        let first = c.apidefinition().await;
        c.request("GET").await;
        let second = c.apidefinition().await;
        let elsewhere = app.create_project(token, "دیگر").await;
        Canvas::new(&app, user, elsewhere).apidefinition().await;

        let list = ok(&app, token, &format!("/api/api-definitions?project_id={project}")).await;
        assert_eq!(
            ids(&list),
            [format!("apidefinition-{first}"), format!("apidefinition-{second}")]
        );
        assert_eq!(list[0]["type"], "apidefinition");
        assert_eq!(list[0]["data"]["baseUrl"], "https://api.example.ir", "{}", list[0]);
        let empty = app.create_project(token, "خالی").await;
        assert_eq!(
            ok(&app, token, &format!("/api/api-definitions?project_id={empty}")).await,
            json!([])
        );

        app.get(&format!("/api/api-definitions?project_id={project}"), Some(&stranger))
            .await
            .assert_error(404, "not_found");
        app.get("/api/api-definitions?project_id=999999", Some(token))
            .await
            .assert_error(404, "not_found");
        app.get("/api/api-definitions", Some(token))
            .await
            .assert_invalid("project_id", "field_required");
        app.get("/api/api-definitions?project_id=", Some(token))
            .await
            .assert_invalid("project_id", "field_required");
        for bad in ["abc", "0", "-1", "1.5", "99999999999999999999"] {
            let response =
                app.get(&format!("/api/api-definitions?project_id={bad}"), Some(token)).await;
            assert_eq!(response.assert_error(422, "invalid_input")["field"], "project_id");
        }
        app.get(&format!("/api/api-definitions?project_id={project}"), None)
            .await
            .assert_error(401, "unauthenticated");
    })
    .await;
}

#[tokio::test]
async fn a_vector_stores_files_come_from_its_sources() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("files@example.com").await;
        let (stranger, _) = app.register("nosy@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "فایل").await;
        let c = Canvas::new(&app, user, project);
        let store = c.vectorstore(None).await;
        let db = c
            .node(
                Filedb,
                json!({"files": [{"id": 1, "name": "قیمت‌ها.pdf", "size": 2048, "mime_type": "application/pdf"}]}),
            )
            .await;
        let repo = c
            .node(Filerepository, json!({"files": [{"id": 7, "name": "a.txt"}, {"id": 8, "name": "b.txt"}]}))
            .await;
        let unconnected = c.node(Filedb, json!({"files": [{"id": 9, "name": "x.txt"}]})).await;
        let path = format!("/api/vectorstores/{store}/files");
        assert_eq!(ok(&app, token, &path).await, json!([]));

        for (url, body) in [
            (format!("/api/vectorstores/{store}/addfiledb"), json!({"filedb_id": db})),
            (format!("/api/vectorstores/{store}/addfiles"), json!({"file_repository_id": repo})),
        ] {
            let response = app.post(&url, Some(token), body).await;
            assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        }
        let files = ok(&app, token, &path).await;
        assert_eq!(
            files,
            json!([
                {"node_id": db, "node_type": "filedb", "source": format!("filedb-{db}"),
                 "files": [{"id": 1, "name": "قیمت‌ها.pdf", "size": 2048, "mime_type": "application/pdf"}]},
                {"node_id": repo, "node_type": "filerepository", "source": format!("filerepository-{repo}"),
                 "files": [{"id": 7, "name": "a.txt"}, {"id": 8, "name": "b.txt"}]},
            ])
        );
        assert!(!files.to_string().contains(&format!("filedb-{unconnected}")));

        app.get(&path, Some(&stranger)).await.assert_error(404, "not_found");
        app.get(&format!("/api/vectorstores/{db}/files"), Some(token)).await.assert_error(404, "not_found");
        app.get("/api/vectorstores/abc/files", Some(token)).await.assert_error(404, "not_found");
    })
    .await;
}

#[tokio::test]
async fn a_containers_telegram_bots() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("bots@example.com").await;
        let (stranger, _) = app.register("spy@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "بات").await;
        let c = Canvas::new(&app, user, project);
        let container = c.container_at(0.0, 0.0).await;
        let bot = c
            .child(
                container,
                Telegram,
                json!({"bot_token": "123456:ABCdef", "bot_username": "in_bot"}),
                10.0,
                20.0,
            )
            .await;
        c.child(container, Iframe, json!({"company_name": "شرکت"}), 50.0, 50.0).await;
        c.telegram().await; // outside
        let path = format!("/api/telegram/container/{container}");
        let list = ok(&app, token, &path).await;
        assert_eq!(ids(&list), [format!("telegram-{bot}")]);
        assert_eq!(list[0]["parentId"], format!("container-{container}"));
        assert_eq!(list[0]["position"], json!({"x": 10.0, "y": 20.0}));

        let empty = c.container_at(900.0, 0.0).await;
        assert_eq!(ok(&app, token, &format!("/api/telegram/container/{empty}")).await, json!([]));
        app.get(&path, Some(&stranger)).await.assert_error(404, "not_found");
        app.get(&format!("/api/telegram/container/{bot}"), Some(token))
            .await
            .assert_error(404, "not_found");
        app.get("/api/telegram/container/abc", Some(token)).await.assert_error(404, "not_found");
        // The generic telegram routes still answer.
        assert_eq!(
            ok(&app, token, &format!("/api/telegram/{bot}")).await["id"],
            format!("telegram-{bot}")
        );
    })
    .await;
}

#[tokio::test]
async fn a_projects_frames() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("frames@example.com").await;
        let (stranger, _) = app.register("peek@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "قاب").await;
        let c = Canvas::new(&app, user, project);
        let a = c.assistant().await;
        let frame = c.iframe(true).await;
        let plain = c.node(Iframe, json!({"company_name": "دوم"})).await;
        c.telegram().await;
        let response = app
            .post(
                "/api/edges",
                Some(token),
                json!({"project_id": project, "source_type": "assistant", "source_id": a,
                       "target_type": "iframe", "target_id": frame}),
            )
            .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());

        for prefix in ["/api/frames/project", "/api/playground/frames/project"] {
            let list = ok(&app, token, &format!("{prefix}/{project}")).await;
            let list = list.as_array().unwrap();
            assert_eq!(list.len(), 2, "{list:?}");
            let first = &list[0];
            assert_eq!(first["node_id"], frame);
            assert_eq!(first["project_id"], project);
            assert_eq!(first["company_id"], 55);
            assert_eq!(first["company_name"], "شرکت نمونه");
            assert_eq!(first["authorized_domains"], json!(["example.ir"]));
            assert_eq!(first["style"], "default");
            assert_eq!(first["assistant_id"], a);
            assert_eq!(first["is_active"], true);
            assert_eq!(first["node"]["id"], format!("iframe-{frame}"));
            assert_eq!(list[1]["node_id"], plain);
            assert_eq!(list[1]["assistant_id"], Value::Null);
            assert_eq!(list[1]["company_id"], Value::Null);

            app.get(&format!("{prefix}/{project}"), Some(&stranger))
                .await
                .assert_error(404, "not_found");
            app.get(&format!("{prefix}/abc"), Some(token)).await.assert_error(404, "not_found");
            app.get(&format!("{prefix}/{project}"), None)
                .await
                .assert_error(401, "unauthenticated");
        }
    })
    .await;
}

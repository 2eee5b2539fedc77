//! The assistant as the runtime sees it (`GET /playground/assistants/{id}/`),
//! `sync-functions`, and editing a function through its assistant.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::for_each_backend;
use dastyar_core::NodeKind;
use serde_json::{Value, json};

#[tokio::test]
async fn the_runtime_view_syncing_and_editing_functions() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;
        let canvas = Canvas::new(&app, user_id, project);
        let assistant = canvas.assistant().await;
        let instruction =
            canvas.node(NodeKind::Instruction, json!({"content": "فارسی پاسخ بده."})).await;
        let function = canvas.function().await;
        let loose = canvas.function().await;
        app.connect(
            token,
            project,
            (NodeKind::Assistant, assistant),
            (NodeKind::Instruction, instruction),
        )
        .await;
        app.connect(
            token,
            project,
            (NodeKind::Function, function),
            (NodeKind::Assistant, assistant),
        )
        .await;

        let view = app.get(&format!("/api/playground/assistants/{assistant}/"), Some(token)).await;
        assert_eq!(view.status, StatusCode::OK, "{}", view.text());
        let view = view.json();
        assert_eq!(view["assistant_id"], "asst_test");
        assert_eq!(view["model"], "gpt-4.1-nano");
        assert_eq!(view["instructions"], "You are a helpful assistant.\n\nفارسی پاسخ بده.");
        assert_eq!(view["abilities"]["tools"][0]["name"], "get_weather");
        assert_eq!(
            view["abilities"]["tools"][0]["source"],
            json!({"kind": "function", "node": format!("function-{function}")})
        );

        // sync-functions records the connection on both sides.
        let synced = app
            .post(
                &format!("/api/playground/assistants/{assistant}/sync-functions"),
                Some(token),
                json!({}),
            )
            .await;
        assert_eq!(synced.status, StatusCode::OK, "{}", synced.text());
        assert_eq!(synced.json()["has_functions"], true);
        let data = |id: i64| async move { canvas.data(id).await };
        assert_eq!(data(assistant).await["has_functions"], true);
        assert_eq!(data(function).await["assistant_id"], assistant);
        assert!(data(loose).await.get("assistant_id").is_none_or(Value::is_null));

        // A connected function is edited through its assistant; another is not its.
        let path = format!("/api/playground/assistants/{assistant}/functions/{function}");
        let edited = app.put(&path, Some(token), json!({"description": "هوای هر شهر"})).await;
        assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
        assert_eq!(edited.json()["data"]["functionDescription"], "هوای هر شهر");
        app.put(&path, Some(token), json!({"name": "هوای شهر"}))
            .await
            .assert_invalid("functionName", "function_name_invalid");
        app.put(
            &format!("/api/playground/assistants/{assistant}/functions/{loose}"),
            Some(token),
            json!({"description": "x"}),
        )
        .await
        .assert_error(404, "not_found");

        // Nobody else reaches any of it.
        let (other, _) = app.register("other@example.com").await;
        let other = other.as_str();
        app.get(&format!("/api/playground/assistants/{assistant}/"), Some(other))
            .await
            .assert_error(404, "not_found");
        app.post(
            &format!("/api/playground/assistants/{assistant}/sync-functions"),
            Some(other),
            json!({}),
        )
        .await
        .assert_error(404, "not_found");
        app.put(&path, Some(other), json!({"description": "x"}))
            .await
            .assert_error(404, "not_found");
        assert_eq!(data(function).await["description"], "هوای هر شهر");
    })
    .await;
}

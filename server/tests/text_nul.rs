//! Text holding U+0000: PostgreSQL cannot store it (it answered 500), SQLite
//! stored it. Both backends now refuse it with 422 `text_has_nul` on the
//! field, and nothing is stored.

mod common;

use common::nodes::create_node;
use common::{PASSWORD, for_each_backend};
use serde_json::json;

#[tokio::test]
async fn nul_is_refused_everywhere_text_enters_and_nothing_is_stored() {
    for_each_backend(|app| async move {
        // Without a token: registration and sign-in.
        let body = json!({"email": "sara@example.com", "password": PASSWORD, "name": "سا\u{0}را"});
        app.post("/api/auth/register", None, body).await.assert_invalid("name", "text_has_nul");
        let body = json!({"email": "sara\u{0}@example.com", "password": PASSWORD});
        app.post("/api/auth/login", None, body).await.assert_invalid("email", "text_has_nul");

        let (owner, _) = app.register("sara@example.com").await;
        let token = Some(owner.as_str());
        let projects = app.get("/api/projects", token).await.json();
        app.post("/api/playground/projects", token, json!({"name": "\u{0}"}))
            .await
            .assert_invalid("name", "text_has_nul");
        assert_eq!(app.get("/api/projects", token).await.json(), projects, "no project stored");

        let project = app.create_project(&owner, "پروژه").await;
        let path = format!("/api/projects/{project}/rename");
        app.put(&path, token, json!({"name": "a\u{0}"}))
            .await
            .assert_invalid("name", "text_has_nul");
        let path = format!("/api/projects/{project}/category");
        app.put(&path, token, json!({"category": "\u{0}"}))
            .await
            .assert_invalid("category", "text_has_nul");
        let stored = app.get(&format!("/api/projects/{project}"), token).await.json();
        assert_eq!(stored["name"], "پروژه", "{stored}");

        let body =
            json!({"project_id": project, "name": "x\u{0}", "position_x": 0, "position_y": 0});
        app.post("/api/playground/assistants", token, body)
            .await
            .assert_invalid("name", "text_has_nul");
        let instruction = create_node(
            &app,
            &owner,
            "/api/instructions",
            project,
            "دستور",
            json!({"content": "پاسخ کوتاه"}),
        )
        .await;
        let id = instruction["database_id"].as_i64().unwrap();
        let body = json!({"name": "دستور", "content": "بد\u{0}"});
        app.patch(&format!("/api/instructions/{id}"), token, body)
            .await
            .assert_invalid("content", "text_has_nul");
        let nodes = app.get(&format!("/api/projects/{project}/nodes"), token).await.text();
        assert!(!nodes.contains("\\u0000"), "{nodes}");
        assert!(nodes.contains("پاسخ کوتاه"), "kept as it was: {nodes}");

        // A query parameter.
        app.get("/api/subscription/history?page=1%002", token)
            .await
            .assert_invalid("page", "text_has_nul");
    })
    .await;
}

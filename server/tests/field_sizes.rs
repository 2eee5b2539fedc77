//! Every field of a node has a room (core's `field_sizes`): a body over it
//! is refused on the field with a Persian message, and nothing saved changes.

mod common;

use common::for_each_backend;
use common::nodes::{create_node, db_id, patch, post_node};
use dastyar_core::validate::field_sizes::{
    INSTRUCTIONS_MAX_CHARS, MESSAGE_MAX_CHARS, TEXT_MAX_CHARS,
};
use serde_json::json;

#[tokio::test]
async fn oversized_fields_are_refused_and_nothing_saved_changes() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let project = app.create_project(&token, "پروژه").await;

        // At the limit is fine.
        let note = create_node(
            &app,
            &token,
            "/api/instructions",
            project,
            "راهنما",
            json!({"content": "د".repeat(INSTRUCTIONS_MAX_CHARS)}),
        )
        .await;
        let id = db_id(&note);
        // One character more is not, on create or update.
        post_node(
            &app,
            &token,
            "/api/instructions",
            project,
            "بلند",
            json!({"content": "د".repeat(INSTRUCTIONS_MAX_CHARS + 1)}),
        )
        .await
        .assert_invalid("content", "instructions_too_long");
        patch(
            &app,
            &format!("/api/instructions/{id}"),
            &token,
            json!({"content": "x".repeat(INSTRUCTIONS_MAX_CHARS + 1)}),
        )
        .await
        .assert_invalid("content", "instructions_too_long");
        let kept = app.get(&format!("/api/instructions/{id}"), Some(&token)).await.json();
        assert_eq!(
            kept["data"]["content"].as_str().unwrap().chars().count(),
            INSTRUCTIONS_MAX_CHARS
        );

        post_node(
            &app,
            &token,
            "/api/sms",
            project,
            "پیامک",
            json!({"message": "س".repeat(MESSAGE_MAX_CHARS + 1)}),
        )
        .await
        .assert_invalid("message", "node_message_too_long");
        post_node(
            &app,
            &token,
            "/api/wordpress",
            project,
            "وبلاگ",
            json!({"post_title": "ع".repeat(TEXT_MAX_CHARS + 1)}),
        )
        .await
        .assert_invalid("postTitle", "text_too_long");
        post_node(
            &app,
            &token,
            "/api/request",
            project,
            "درخواست",
            json!({"body": {"big": "x".repeat(70_000)}}),
        )
        .await
        .assert_invalid("body", "content_too_large");
    })
    .await;
}

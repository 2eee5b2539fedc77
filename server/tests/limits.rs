//! Plan limits: the free plan's quotas for assistants, analyzers and vector
//! stores, the usage the canvas checks first, the 403 beyond the quota, and
//! no way around it by asking at the same time.

mod common;

use axum::http::StatusCode;
use common::nodes::{concurrent_posts, create_node, db_id, post_node};
use common::{TestApp, for_each_backend};
use serde_json::{Value, json};

const ASSISTANTS: &str = "/api/playground/assistants";

async fn usage(app: &TestApp, token: &str) -> Value {
    let response = app.get("/api/playground/assistants/node-usage", Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let json = response.json();
    assert_eq!(json["success"], true);
    // The same answer under /api/assistants.
    assert_eq!(app.get("/api/assistants/node-usage", Some(token)).await.json(), json);
    json["node_usage"].clone()
}

fn entry(can_create: bool, limit: u32, used: u32) -> Value {
    json!({"can_create": can_create, "limit": limit, "used": used})
}

fn analyzer() -> Value {
    json!({"assistant_type": "conversation_analyzer"})
}

#[tokio::test]
async fn a_newcomer_may_try_everything_up_to_the_free_quotas() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        let first = app.create_project(token, "یک").await;
        let second = app.create_project(token, "دو").await;

        assert_eq!(
            usage(&app, token).await,
            json!({
                "assistant_nodes": entry(true, 3, 0),
                "analyzer_nodes": entry(true, 1, 0),
                "vector_store_nodes": entry(true, 2, 0),
            })
        );

        // Assistants: three, across projects, whichever way they are created.
        create_node(&app, token, ASSISTANTS, first, "a", json!({})).await;
        create_node(&app, token, "/api/assistants", second, "b", json!({})).await;
        let queued = post_node(&app, token, ASSISTANTS, first, "c", json!({"async": true})).await;
        assert_eq!(queued.status, StatusCode::ACCEPTED, "{}", queued.text());
        assert_eq!(usage(&app, token).await["assistant_nodes"], entry(false, 3, 3));
        let refused = post_node(&app, token, ASSISTANTS, second, "d", json!({})).await;
        let details = refused.assert_error(403, "node_limit_exceeded");
        assert_eq!(details, json!({"kind": "assistant", "limit": 3, "used": 3}));
        let message = refused.json()["error"]["message"].as_str().unwrap().to_owned();
        assert!(
            message.contains("حداکثر") && message.contains("دستیار") && message.contains('۳'),
            "{message}"
        );
        // Async creation is refused the same way, before any job exists.
        post_node(&app, token, ASSISTANTS, second, "e", json!({"async": true}))
            .await
            .assert_error(403, "node_limit_exceeded");

        // Analyzers count on their own.
        create_node(&app, token, ASSISTANTS, first, "تحلیل", analyzer()).await;
        let details = post_node(&app, token, "/api/assistants", second, "تحلیل ۲", analyzer())
            .await
            .assert_error(403, "node_limit_exceeded");
        assert_eq!(details, json!({"kind": "analyzer", "limit": 1, "used": 1}));

        // Vector stores: two.
        let store = create_node(&app, token, "/api/vectorstores", first, "۱", json!({})).await;
        create_node(&app, token, "/api/vectorstores", second, "۲", json!({})).await;
        let details = post_node(&app, token, "/api/vectorstores", first, "۳", json!({}))
            .await
            .assert_error(403, "node_limit_exceeded");
        assert_eq!(details, json!({"kind": "vectorstore", "limit": 2, "used": 2}));

        // Other kinds are not limited.
        for i in 0..5 {
            create_node(&app, token, "/api/sms", first, &format!("پیامک {i}"), json!({})).await;
        }
        assert_eq!(
            usage(&app, token).await,
            json!({
                "assistant_nodes": entry(false, 3, 3),
                "analyzer_nodes": entry(false, 1, 1),
                "vector_store_nodes": entry(false, 2, 2),
            })
        );

        // Deleting one makes room again; deleting a project takes its nodes along.
        app.delete(&format!("/api/vectorstores/{}", db_id(&store)), Some(token)).await;
        assert_eq!(usage(&app, token).await["vector_store_nodes"], entry(true, 2, 1));
        create_node(&app, token, "/api/vectorstores", first, "دوباره", json!({})).await;
        assert_eq!(
            app.delete(&format!("/api/projects/{second}"), Some(token)).await.status,
            StatusCode::NO_CONTENT
        );
        assert_eq!(usage(&app, token).await["assistant_nodes"], entry(true, 3, 2));
        assert_eq!(usage(&app, token).await["vector_store_nodes"], entry(true, 2, 1));

        // Someone else has their own quota.
        let (other, _) = app.register("other@example.com").await;
        assert_eq!(usage(&app, &other).await["assistant_nodes"], entry(true, 3, 0));
        let theirs = app.create_project(&other, "مال او").await;
        create_node(&app, &other, ASSISTANTS, theirs, "a", json!({})).await;
        assert_eq!(usage(&app, token).await["assistant_nodes"], entry(true, 3, 2));

        app.get("/api/playground/assistants/node-usage", None)
            .await
            .assert_error(401, "unauthenticated");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_creates_never_exceed_the_quota() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "هم‌زمان").await;
        let placement = |extra: Value| {
            let mut body =
                json!({"project_id": project, "name": "گره", "position_x": 0, "position_y": 0});
            body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
            body
        };
        for (path, extra, quota, key) in [
            (ASSISTANTS, json!({}), 3, "assistant_nodes"),
            (
                ASSISTANTS,
                json!({"assistant_type": "conversation_analyzer", "async": true}),
                1,
                "analyzer_nodes",
            ),
            ("/api/vectorstores", json!({}), 2, "vector_store_nodes"),
        ] {
            let answers = concurrent_posts(&app, token, path, placement(extra), 12).await;
            let created = answers.iter().filter(|(s, _)| s.is_success()).count();
            let refused: Vec<_> =
                answers.iter().filter(|(s, _)| *s == StatusCode::FORBIDDEN).collect();
            assert_eq!(created, quota, "{key}: {answers:?}");
            assert_eq!(refused.len(), 12 - quota, "{key}: {answers:?}");
            for (_, body) in refused {
                assert_eq!(body["error"]["code"], "node_limit_exceeded");
            }
            assert_eq!(usage(&app, token).await[key], entry(false, quota as u32, quota as u32));
        }
        let nodes = app.get(&format!("/api/projects/{project}/nodes"), Some(token)).await.json();
        assert_eq!(nodes.as_array().unwrap().len(), 3 + 1 + 2);
    })
    .await;
}

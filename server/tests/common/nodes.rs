//! Helpers for the node, limit and job tests: create nodes through the API,
//! and put containers straight into the store (their routes live elsewhere).

use axum::http::{Method, StatusCode};
use dastyar_core::data::NodePayload;
use dastyar_core::data::container::ContainerPayload;
use dastyar_core::geometry::Position;
use dastyar_core::status::CreationStatus;
use dastyar_server::store::nodes::{self, NewNode};
use serde_json::{Value, json};

use super::{TestApp, TestResponse};

/// A valid Kavenegar API key (40 to 80 letters, digits, + / =).
pub const SMS_API_KEY: &str = "4F6B2F7A6C5A3D2B1C0E9F8A7B6C5D4E3F2A1B0C9D8E7F6A";

/// `POST {path}` with the placement and `fields` merged, flat.
pub async fn post_node(
    app: &TestApp,
    token: &str,
    path: &str,
    project_id: i64,
    name: &str,
    fields: Value,
) -> TestResponse {
    let mut body =
        json!({"project_id": project_id, "name": name, "position_x": 250, "position_y": 150});
    if let (Some(body), Value::Object(fields)) = (body.as_object_mut(), fields) {
        body.extend(fields);
    }
    app.post(path, Some(token), body).await
}

/// Creates a node and answers it (asserting 201).
pub async fn create_node(
    app: &TestApp,
    token: &str,
    path: &str,
    project_id: i64,
    name: &str,
    fields: Value,
) -> Value {
    let response = post_node(app, token, path, project_id, name, fields).await;
    assert_eq!(response.status, StatusCode::CREATED, "POST {path}: {}", response.text());
    response.json()
}

/// The database id of an API node answer.
pub fn db_id(node: &Value) -> i64 {
    node["database_id"].as_i64().unwrap_or_else(|| panic!("no database_id: {node}"))
}

/// A container in the user's project, stored directly.
pub async fn insert_container(app: &TestApp, user_id: i64, project_id: i64) -> i64 {
    let node = NewNode {
        project_id,
        name: "ظرف".into(),
        position: Position { x: 600.0, y: 100.0 },
        container_id: None,
        width: Some(400.0),
        height: Some(300.0),
        status: CreationStatus::Success,
        payload: NodePayload::Container(ContainerPayload::default()),
    };
    nodes::insert(&app.state.db, user_id, &node)
        .await
        .unwrap()
        .expect("the project is the user's")
        .id
}

/// `PATCH` with a JSON body.
pub async fn patch(app: &TestApp, path: &str, token: &str, body: Value) -> TestResponse {
    app.call(Method::PATCH, path, Some(token), Some(body)).await
}

/// Sends the same `POST` `times` times at once; the statuses and bodies.
pub async fn concurrent_posts(
    app: &TestApp,
    token: &str,
    path: &str,
    body: Value,
    times: usize,
) -> Vec<(StatusCode, Value)> {
    use axum::body::Body;
    use axum::http::{Request, header};
    use tower::ServiceExt;

    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..times {
        let router = app.router.clone();
        let request = Request::builder()
            .method(Method::POST)
            .uri(path)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(body.to_string()))
            .unwrap();
        tasks.spawn(async move {
            let response = router.oneshot(request).await.unwrap();
            let status = response.status();
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
            (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
        });
    }
    tasks.join_all().await
}

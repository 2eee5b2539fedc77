//! Loading a project (`GET /projects/{id}/nodes` and `/edges`): an
//! unchanged project is answered `304 Not Modified` to a client holding its
//! `ETag`, from any instance; any change to its nodes or edges, through the
//! API or any other write, gives a new `ETag` and the new graph; answers
//! come gzip or brotli compressed when the client takes it; another user's
//! project stays not found. On both backends.

mod common;

use std::io::Read;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::canvas::Canvas;
use common::{TestApp, TestResponse, for_each_backend};
use dastyar_core::NodeKind;
use dastyar_server::canvas::{self, edges::CanvasEdge};
use dastyar_server::store;
use serde_json::{Value, json};

/// A GET of `path` with the token and the extra headers.
async fn get(app: &TestApp, path: &str, token: &str, headers: &[(&str, &str)]) -> TestResponse {
    let mut request = Request::builder()
        .method(Method::GET)
        .uri(path)
        .header(header::AUTHORIZATION, format!("Bearer {token}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    app.send(request.body(Body::empty()).unwrap()).await
}

fn etag(response: &TestResponse) -> String {
    response.headers.get(header::ETAG).expect("an ETag").to_str().unwrap().to_owned()
}

async fn instruction(app: &TestApp, token: &str, project: i64, name: &str) -> i64 {
    let body = json!({"project_id": project, "name": name, "position_x": 0, "position_y": 0,
                      "content": "کوتاه پاسخ بده"});
    let response = app.post("/api/instructions", Some(token), body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    response.json()["database_id"].as_i64().unwrap()
}

#[tokio::test]
async fn an_unchanged_project_is_not_sent_again_and_any_change_is() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("load@example.com").await;
        let project = app.create_project(&token, "بارگذاری").await;
        let first = instruction(&app, &token, project, "یکم").await;
        let nodes_path = format!("/api/projects/{project}/nodes");

        let loaded = get(&app, &nodes_path, &token, &[]).await;
        assert_eq!(loaded.status, StatusCode::OK, "{}", loaded.text());
        assert_eq!(loaded.json().as_array().unwrap().len(), 1);
        assert_eq!(loaded.headers[header::CACHE_CONTROL], "private, no-cache");
        let tag = etag(&loaded);
        assert!(tag.starts_with("W/\""), "{tag}");

        // The same answer held: 304 with no body, and the same ETag.
        let again = get(&app, &nodes_path, &token, &[("if-none-match", &tag)]).await;
        assert_eq!(again.status, StatusCode::NOT_MODIFIED);
        assert!(again.body.is_empty());
        assert_eq!(etag(&again), tag);

        // Moved through the API: a new ETag and the new position.
        let moved = app
            .patch(
                &format!("/api/instructions/{first}/position"),
                Some(&token),
                json!({"position_x": 480, "position_y": 120}),
            )
            .await;
        assert_eq!(moved.status, StatusCode::OK, "{}", moved.text());
        let after = get(&app, &nodes_path, &token, &[("if-none-match", &tag)]).await;
        assert_eq!(after.status, StatusCode::OK);
        assert_ne!(etag(&after), tag);
        assert_eq!(after.json()[0]["position"], json!({"x": 480.0, "y": 120.0}));

        // Written by any other path (here straight in the database): still a new answer.
        let tag = etag(&after);
        sqlx::query("UPDATE nodes SET name = 'دیگر' WHERE id = $1")
            .bind(first)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        let renamed = get(&app, &nodes_path, &token, &[("if-none-match", &tag)]).await;
        assert_eq!(renamed.status, StatusCode::OK);
        assert_eq!(renamed.json()[0]["data"]["label"], "دیگر", "{}", renamed.text());

        // Edges: a new one, and its removal, each change the edges' answer.
        let edges_path = format!("/api/projects/{project}/edges");
        let none = get(&app, &edges_path, &token, &[]).await;
        assert_eq!(none.json(), json!([]));
        let second = instruction(&app, &token, project, "دوم").await;
        let assistant = Canvas::new(&app, user_id, project).assistant().await;
        app.connect(
            &token,
            project,
            (NodeKind::Assistant, assistant),
            (NodeKind::Instruction, second),
        )
        .await;
        let one = get(&app, &edges_path, &token, &[("if-none-match", &etag(&none))]).await;
        assert_eq!(one.status, StatusCode::OK);
        let edge: Value = one.json()[0].clone();
        assert_eq!(edge["target"], format!("instruction-{second}"));
        let unchanged = get(&app, &edges_path, &token, &[("if-none-match", &etag(&one))]).await;
        assert_eq!(unchanged.status, StatusCode::NOT_MODIFIED);
        let deleted =
            app.delete(&format!("/api/edges/{}", edge["id"].as_str().unwrap()), Some(&token)).await;
        assert!(deleted.status.is_success(), "{}", deleted.text());
        let gone = get(&app, &edges_path, &token, &[("if-none-match", &etag(&one))]).await;
        assert_eq!((gone.status, gone.json()), (StatusCode::OK, json!([])));

        // A node deleted: its edges go too, and both answers change.
        let tag = etag(&get(&app, &nodes_path, &token, &[]).await);
        let removed = app.delete(&format!("/api/instructions/{second}"), Some(&token)).await;
        assert!(removed.status.is_success(), "{}", removed.text());
        let fewer = get(&app, &nodes_path, &token, &[("if-none-match", &tag)]).await;
        assert_eq!(fewer.status, StatusCode::OK);
        assert_eq!(fewer.json().as_array().unwrap().len(), 2);
    })
    .await;
}

#[tokio::test]
async fn answers_are_compressed_as_the_client_takes_them() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("compressed@example.com").await;
        let project = app.create_project(&token, "فشرده").await;
        for i in 0..40 {
            instruction(&app, &token, project, &format!("دستورالعمل {i}")).await;
        }
        let path = format!("/api/projects/{project}/nodes");
        let plain = get(&app, &path, &token, &[]).await;
        assert!(plain.headers.get(header::CONTENT_ENCODING).is_none());
        assert_eq!(plain.headers[header::VARY], "accept-encoding, authorization");

        let gzip = get(&app, &path, &token, &[("accept-encoding", "gzip")]).await;
        assert_eq!(gzip.headers[header::CONTENT_ENCODING], "gzip");
        let mut json = Vec::new();
        flate2::read::GzDecoder::new(&gzip.body[..]).read_to_end(&mut json).unwrap();
        assert_eq!(json, plain.body.to_vec());
        assert!(
            gzip.body.len() * 4 < plain.body.len(),
            "{} of {}",
            gzip.body.len(),
            plain.body.len()
        );

        let brotli = get(&app, &path, &token, &[("accept-encoding", "gzip, deflate, br")]).await;
        assert_eq!(brotli.headers[header::CONTENT_ENCODING], "br");
        let mut json = Vec::new();
        brotli::BrotliDecompress(&mut &brotli.body[..], &mut json).unwrap();
        assert_eq!(json, plain.body.to_vec());
        assert_eq!(etag(&brotli), etag(&plain), "one revision, one ETag");

        // The rest of the API is compressed by the layer.
        let list = get(&app, "/api/projects", &token, &[("accept-encoding", "gzip")]).await;
        assert_eq!(list.status, StatusCode::OK);
        assert_eq!(
            list.headers.get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap()),
            Some("gzip")
        );
    })
    .await;
}

#[tokio::test]
async fn another_instance_on_the_same_database_agrees() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("instances@example.com").await;
        let project = app.create_project(&token, "دو نمونه").await;
        let node = instruction(&app, &token, project, "یکم").await;
        let path = format!("/api/projects/{project}/nodes");
        let tag = etag(&get(&app, &path, &token, &[]).await);

        let other = TestApp::open((*app.state.config).clone(), app.backend).await;
        let there = get(&other, &path, &token, &[("if-none-match", &tag)]).await;
        assert_eq!(there.status, StatusCode::NOT_MODIFIED, "the same build and revision");

        // Changed through the first: the second answers the change.
        let moved = app
            .patch(
                &format!("/api/instructions/{node}/position"),
                Some(&token),
                json!({"position_x": 9, "position_y": 9}),
            )
            .await;
        assert_eq!(moved.status, StatusCode::OK);
        let changed = get(&other, &path, &token, &[("if-none-match", &tag)]).await;
        assert_eq!(changed.status, StatusCode::OK);
        assert_eq!(changed.json()[0]["position"], json!({"x": 9.0, "y": 9.0}));
    })
    .await;
}

#[tokio::test]
async fn another_users_project_is_not_found_even_with_its_etag() {
    for_each_backend(|app| async move {
        let (owner, _) = app.register("owner-load@example.com").await;
        let (stranger, _) = app.register("stranger-load@example.com").await;
        let project = app.create_project(&owner, "خصوصی").await;
        instruction(&app, &owner, project, "راز").await;
        for part in ["nodes", "edges"] {
            let path = format!("/api/projects/{project}/{part}");
            let tag = etag(&get(&app, &path, &owner, &[]).await);
            let refused = get(&app, &path, &stranger, &[("if-none-match", &tag)]).await;
            assert_eq!(refused.status, StatusCode::NOT_FOUND, "{part}");
            assert!(!refused.text().contains("راز"));
            let missing = get(&app, "/api/projects/999999/nodes", &owner, &[]).await;
            assert_eq!(missing.status, StatusCode::NOT_FOUND);
        }
        let deleted = app.delete(&format!("/api/projects/{project}"), Some(&owner)).await;
        assert!(deleted.status.is_success(), "{}", deleted.text());
        let gone = get(&app, &format!("/api/projects/{project}/nodes"), &owner, &[]).await;
        assert_eq!(gone.status, StatusCode::NOT_FOUND);
    })
    .await;
}

/// What a load must answer: the project read straight from the database,
/// with nothing kept.
async fn plain_read(app: &TestApp, user_id: i64, project: i64) -> (Value, Value) {
    let nodes = canvas::nodes::of_project(&app.state, user_id, project).await.unwrap();
    let edges =
        store::edges::list_for_project(app.state.db.pool(), user_id, project).await.unwrap();
    let edges: Vec<CanvasEdge> = edges.iter().map(CanvasEdge::from_row).collect();
    (serde_json::to_value(nodes).unwrap(), serde_json::to_value(edges).unwrap())
}

/// Both instances answer the plain read, each having kept its last answer
/// (so a kept answer that should have been dropped shows here).
async fn both_answer_the_plain_read(
    instances: [&TestApp; 2],
    token: &str,
    user_id: i64,
    project: i64,
    after: &str,
) {
    let expected = plain_read(instances[0], user_id, project).await;
    for (which, app) in instances.iter().enumerate() {
        for (part, want) in [("nodes", &expected.0), ("edges", &expected.1)] {
            let path = format!("/api/projects/{project}/{part}");
            let loaded = get(app, &path, token, &[("accept-encoding", "br")]).await;
            assert_eq!(loaded.status, StatusCode::OK, "{after}: {}", loaded.text());
            let mut json = Vec::new();
            brotli::BrotliDecompress(&mut &loaded.body[..], &mut json).unwrap();
            let got: Value = serde_json::from_slice(&json).unwrap();
            assert_eq!(&got, want, "instance {which}, {part}, after {after}");
        }
    }
}

#[tokio::test]
async fn every_kind_of_write_is_seen_by_the_next_load_on_either_instance() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("writes-load@example.com").await;
        let project = app.create_project(&token, "همه نوشتن‌ها").await;
        let other = TestApp::open((*app.state.config).clone(), app.backend).await;
        let both = [&app, &other];
        let check = |after: &'static str| {
            let token = token.clone();
            async move { both_answer_the_plain_read(both, &token, user_id, project, after).await }
        };
        let ok = |response: TestResponse, what: &str| {
            assert!(response.status.is_success(), "{what}: {}", response.text());
            response.json()
        };
        check("nothing").await;

        // Writes through either instance, each followed by loads on both.
        let first = instruction(&app, &token, project, "یکم").await;
        check("a node created").await;
        let put = json!({"name": "یکم", "content": "بلند و دقیق پاسخ بده"});
        ok(other.patch(&format!("/api/instructions/{first}"), Some(&token), put).await, "update");
        check("a node updated").await;
        let to = json!({"position_x": 700, "position_y": 40});
        ok(
            app.patch(&format!("/api/instructions/{first}/position"), Some(&token), to).await,
            "move",
        );
        check("a node moved").await;

        // Nodes written by another path than the API.
        let canvas = Canvas::new(&app, user_id, project);
        let assistant = canvas.assistant().await;
        let function = canvas.function().await;
        check("nodes written by another path").await;

        let made =
            json!({"project_id": project, "name": "گروه", "position_x": 1000, "position_y": 0});
        let container = ok(other.post("/api/containers", Some(&token), made).await, "container");
        let container = container["database_id"].as_i64().unwrap();
        check("a container created").await;
        let add = json!({"node_type": "function", "node_id": function});
        ok(
            app.post(&format!("/api/containers/{container}/add-node"), Some(&token), add).await,
            "add",
        );
        check("a node put into a container").await;
        let to = json!({"position_x": 1200, "position_y": 300});
        ok(
            other.patch(&format!("/api/containers/{container}/position"), Some(&token), to).await,
            "",
        );
        check("a container moved").await;
        let size = json!({"width": 640, "height": 480});
        ok(
            app.patch(&format!("/api/containers/{container}/dimensions"), Some(&token), size).await,
            "",
        );
        check("a container resized").await;
        let out = json!({"container_id": null, "position_x": 10, "position_y": 10});
        ok(
            other.patch(&format!("/api/functions/{function}/container"), Some(&token), out).await,
            "",
        );
        check("a node taken out of its container").await;

        // Edges and what they change on the nodes they join.
        app.connect(
            &token,
            project,
            (NodeKind::Function, function),
            (NodeKind::Assistant, assistant),
        )
        .await;
        check("an edge created with its effects on both ends").await;
        let edges = plain_read(&app, user_id, project).await.1;
        let edge = edges[0]["id"].as_str().unwrap().to_owned();
        ok(other.delete(&format!("/api/edges/{edge}"), Some(&token)).await, "edge delete");
        check("an edge deleted with its effects undone").await;
        other
            .connect(
                &token,
                project,
                (NodeKind::Assistant, assistant),
                (NodeKind::Instruction, first),
            )
            .await;
        check("an edge created on the other instance").await;
        ok(app.delete(&format!("/api/instructions/{first}"), Some(&token)).await, "node delete");
        check("a node deleted with its edges").await;

        let inside = canvas.child(container, NodeKind::Iframe, json!({}), 20.0, 20.0).await;
        check("a node created inside a container").await;
        ok(other.delete(&format!("/api/containers/{container}"), Some(&token)).await, "");
        check("a container deleted, its child freed").await;
        sqlx::query("UPDATE nodes SET status = 'error' WHERE id = $1")
            .bind(inside)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        check("a status written by a job").await;
    })
    .await;
}

/// Every transaction that writes a project's rows moves its revision: the
/// tenth on one connection as the first (PostgreSQL bumps a project once per
/// transaction and forgets which it bumped when the transaction ends), and
/// one writing many rows of the project as one writing a single row.
#[tokio::test]
async fn each_transaction_that_writes_moves_the_revision() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("revision@example.com").await;
        let project = app.create_project(&token, "نسخه").await;
        for name in ["یکم", "دوم", "سوم"] {
            instruction(&app, &token, project, name).await;
        }
        let mut connection = app.state.db.pool().acquire().await.unwrap();
        let mut last = store::projects::revision(&app.state.db, user_id, project).await.unwrap();
        for round in 0..10 {
            let mut tx = sqlx::Connection::begin(&mut *connection).await.unwrap();
            // One row in even rounds, every row in odd ones.
            let sql = if round % 2 == 0 {
                "UPDATE nodes SET position_x = $1 WHERE id = (SELECT MIN(id) FROM nodes WHERE project_id = $2)"
            } else {
                "UPDATE nodes SET position_x = $1 WHERE project_id = $2"
            };
            let written = sqlx::query(sql)
                .bind(f64::from(round))
                .bind(project)
                .execute(&mut *tx)
                .await
                .unwrap()
                .rows_affected();
            assert_eq!(written, if round % 2 == 0 { 1 } else { 3 });
            tx.commit().await.unwrap();
            let now = store::projects::revision(&app.state.db, user_id, project).await.unwrap();
            assert!(now > last, "round {round}: {now:?} after {last:?}");
            last = now;
        }
    })
    .await;
}

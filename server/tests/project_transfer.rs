//! Export and import: a project to core's transfer file and back as a new
//! project with the same graph, secrets left out and listed; broken, foreign,
//! newer and rule-breaking files refused in Persian with nothing created;
//! nobody else's project exported.

mod common;

use axum::http::{Method, StatusCode, header};
use common::canvas::Canvas;
use common::nodes::{SMS_API_KEY, create_node, db_id};
use common::{TestApp, for_each_backend};
use dastyar_core::NodeKind;
use dastyar_core::geometry::Position;
use dastyar_core::status::CreationStatus;
use serde_json::{Value, json};

const BOT_TOKEN: &str = "123456:ABCdef";

/// The sample project: a container with a function inside, an assistant
/// joined to the function, a vector store, an API definition with its
/// request, a Telegram bot and an SMS node (both holding secrets).
async fn draw(app: &TestApp, token: &str, user_id: i64, project: i64) {
    let canvas = Canvas::new(app, user_id, project);
    let container = canvas
        .node_at(
            NodeKind::Container,
            json!({"width": 520.0, "height": 340.0}),
            CreationStatus::Success,
            Position { x: -40.0, y: 75.5 },
            None,
        )
        .await;
    // Through the API, as the canvas makes one: a function's tool name, and
    // its Persian display name beside it.
    let function = db_id(
        &create_node(
            app,
            token,
            "/api/functions",
            project,
            "get_weather",
            json!({"label": "هوای شهر", "description": "هوای یک شهر",
                   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}),
        )
        .await,
    );
    let moved = app
        .patch(
            &format!("/api/functions/{function}/container"),
            Some(token),
            json!({"container_id": container, "position_x": 20.0, "position_y": 30.0}),
        )
        .await;
    assert_eq!(moved.status, StatusCode::OK, "{}", moved.text());
    let assistant = canvas.assistant().await;
    let store = canvas.vectorstore(Some("vs_1")).await;
    let definition = canvas.apidefinition().await;
    let request = canvas.request("GET").await;
    let telegram = canvas
        .node(NodeKind::Telegram, json!({"bot_token": BOT_TOKEN, "bot_username": "dastyar_bot"}))
        .await;
    let sms = canvas.sms().await;
    for (source, target) in [
        ((NodeKind::Function, function), (NodeKind::Assistant, assistant)),
        ((NodeKind::Vectorstore, store), (NodeKind::Assistant, assistant)),
        ((NodeKind::Apidefinition, definition), (NodeKind::Request, request)),
        ((NodeKind::Request, request), (NodeKind::Assistant, assistant)),
        ((NodeKind::Assistant, assistant), (NodeKind::Telegram, telegram)),
        ((NodeKind::Assistant, assistant), (NodeKind::Sms, sms)),
    ] {
        app.connect(token, project, source, target).await;
    }
}

async fn export(app: &TestApp, token: &str, project: i64) -> Value {
    let response = app.get(&format!("/api/projects/{project}/export"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

async fn import(app: &TestApp, token: &str, file: Value) -> common::TestResponse {
    app.post("/api/projects/import", Some(token), file).await
}

async fn project_count(app: &TestApp, token: &str) -> usize {
    app.get("/api/projects", Some(token)).await.json().as_array().unwrap().len()
}

async fn node_count(app: &TestApp, token: &str) -> usize {
    let mut count = 0;
    for project in app.get("/api/projects", Some(token)).await.json().as_array().unwrap() {
        let nodes = app.get(&format!("/api/projects/{}/nodes", project["id"]), Some(token)).await;
        count += nodes.json().as_array().unwrap().len();
    }
    count
}

/// A file's graph without its ids: each node as kind, label, data, position
/// and its parent's label; each edge by its ends' labels.
fn graph_of(file: &Value) -> (Vec<Value>, Vec<(String, String)>) {
    let nodes = file["nodes"].as_array().unwrap();
    let label = |id: &Value| {
        let node = nodes.iter().find(|n| &n["id"] == id).expect("a node of the file");
        node["label"].as_str().unwrap().to_owned()
    };
    let mut shapes: Vec<Value> = nodes
        .iter()
        .map(|n| {
            let parent = n.get("parent").map(label);
            json!({"kind": n["kind"], "label": n["label"], "data": n["data"],
                   "position": n["position"], "parent": parent})
        })
        .collect();
    shapes.sort_by_key(|s| s.to_string());
    let mut edges: Vec<(String, String)> = file["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (label(&e["source"]), label(&e["target"])))
        .collect();
    edges.sort();
    (shapes, edges)
}

#[tokio::test]
async fn export_then_import_gives_the_same_graph_without_secrets() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژهٔ فروش").await;
        draw(&app, token, user_id, project).await;

        let response = app.get(&format!("/api/projects/{project}/export"), Some(token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        let disposition = response.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
        assert!(disposition.starts_with("attachment;"), "{disposition}");
        // The project's Persian name, percent-encoded (RFC 5987).
        assert!(disposition.contains("filename*=UTF-8''%D9%BE"), "{disposition}");
        assert!(response.headers[header::CONTENT_TYPE].to_str().unwrap().contains("json"));
        let text = response.text();
        for secret in [BOT_TOKEN, SMS_API_KEY, "sealed:", "asst_test"] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
        let file = response.json();
        assert_eq!(file["format"], "dastyar.project");
        assert_eq!(file["version"], 1);
        assert_eq!(file["name"], "پروژهٔ فروش");
        assert_eq!(file["nodes"].as_array().unwrap().len(), 8);
        assert_eq!(file["edges"].as_array().unwrap().len(), 6);
        let mut removed: Vec<String> = file["secretsRemoved"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                format!("{}:{}", s["node"].as_str().unwrap().split('-').next().unwrap(), s["field"])
            })
            .collect();
        removed.sort();
        assert_eq!(removed, ["sms:\"api_key\"", "telegram:\"bot_token\""]);
        let function = file["nodes"].as_array().unwrap().iter().find(|n| n["kind"] == "function");
        let function = function.unwrap();
        assert_eq!(function["position"], json!({"x": 20.0, "y": 30.0}));
        assert_eq!(
            (function["label"].as_str(), function["data"]["name"].as_str()),
            (Some("هوای شهر"), Some("get_weather"))
        );
        assert!(function["parent"].as_str().unwrap().starts_with("container-"));

        let before = project_count(&app, token).await;
        let imported = import(&app, token, file.clone()).await;
        assert_eq!(imported.status, StatusCode::CREATED, "{}", imported.text());
        let imported = imported.json();
        assert_eq!(project_count(&app, token).await, before + 1);
        let new_id = imported["project"]["id"].as_i64().unwrap();
        assert_ne!(new_id, project);
        assert_eq!(imported["project"]["name"], "پروژهٔ فروش");

        // The secrets to enter again, on the new nodes.
        let mut secrets: Vec<(String, String)> = imported["secrets_to_enter"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (s["node"].as_str().unwrap().to_owned(), s["field"].as_str().unwrap().to_owned())
            })
            .collect();
        secrets.sort();
        let new_nodes = app.get(&format!("/api/projects/{new_id}/nodes"), Some(token)).await.json();
        let new_ids: Vec<&str> =
            new_nodes.as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap()).collect();
        for (node, _) in &secrets {
            assert!(new_ids.contains(&node.as_str()), "{node} not in {new_ids:?}");
        }
        let fields: Vec<&str> = secrets.iter().map(|(_, f)| f.as_str()).collect();
        assert_eq!(fields, ["api_key", "bot_token"]);

        // The bot and the SMS node cannot be joined before their secrets are
        // back: those two connections are listed to draw, with the rule's words.
        let to_draw = imported["connections_to_draw"].as_array().unwrap();
        let mut codes: Vec<&str> = to_draw.iter().map(|c| c["code"].as_str().unwrap()).collect();
        codes.sort();
        assert_eq!(codes, ["sms_incomplete", "telegram_credentials_missing"], "{to_draw:?}");
        for connection in to_draw {
            assert!(new_ids.contains(&connection["source"].as_str().unwrap()));
            assert_eq!(connection["source_label"], "دستیار آزمایشی");
            assert!(connection["message"].as_str().unwrap().contains("لازم است"));
        }

        // Same nodes, data, positions and containers; the edges drawn and
        // those to draw are the file's.
        let again = export(&app, token, new_id).await;
        let (nodes_before, edges_before) = graph_of(&file);
        let (nodes_after, mut edges_after) = graph_of(&again);
        assert_eq!(nodes_after, nodes_before);
        let label_of = |id: &str| {
            let node = new_nodes.as_array().unwrap().iter().find(|n| n["id"] == id).unwrap();
            node["data"]["label"].as_str().unwrap().to_owned()
        };
        for connection in to_draw {
            edges_after.push((
                label_of(connection["source"].as_str().unwrap()),
                label_of(connection["target"].as_str().unwrap()),
            ));
        }
        edges_after.sort();
        assert_eq!(edges_after, edges_before);
        // The original is untouched.
        assert_eq!(graph_of(&export(&app, token, project).await), graph_of(&file));
    })
    .await;
}

#[tokio::test]
async fn bad_files_are_refused_in_persian_and_leave_nothing() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "اصلی").await;
        draw(&app, token, user_id, project).await;
        let file = export(&app, token, project).await;
        let (projects, nodes) = (project_count(&app, token).await, node_count(&app, token).await);

        let persian = |body: &Value| {
            let message = body["error"]["message"].as_str().unwrap();
            assert!(message.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)), "{message}");
            message.to_owned()
        };
        let mut newer = file.clone();
        newer["version"] = json!(2);
        let refused = import(&app, token, newer).await;
        let details = refused.assert_error(422, "transfer_version_newer");
        assert_eq!(details["field"], "version");
        assert!(persian(&refused.json()).contains("۲"));

        let mut foreign = file.clone();
        foreign["format"] = json!("n8n-workflow");
        import(&app, token, foreign).await.assert_error(422, "transfer_format_unknown");

        let broken = app.call(Method::POST, "/api/projects/import", Some(token), None).await;
        assert!(broken.status.is_client_error());
        let mut request = axum::http::Request::builder()
            .method(Method::POST)
            .uri("/api/projects/import")
            .header(header::CONTENT_TYPE, "application/json")
            .header(header::AUTHORIZATION, format!("Bearer {token}"));
        request = request.header(header::ACCEPT, "application/json");
        let broken = app
            .send(request.body(axum::body::Body::from("{\"format\": \"dastyar.pro")).unwrap())
            .await;
        broken.assert_error(422, "transfer_not_json");
        persian(&broken.json());

        let mut dangling = file.clone();
        dangling["edges"]
            .as_array_mut()
            .unwrap()
            .push(json!({"source": "nowhere-1", "target": file["nodes"][0]["id"]}));
        import(&app, token, dangling).await.assert_error(422, "transfer_edge_end_missing");

        // A connection the table does not allow: everything made before it goes again.
        let mut against_rule = file.clone();
        let id_of = |kind: &str| {
            file["nodes"].as_array().unwrap().iter().find(|n| n["kind"] == kind).unwrap()["id"]
                .clone()
        };
        against_rule["edges"]
            .as_array_mut()
            .unwrap()
            .push(json!({"source": id_of("sms"), "target": id_of("telegram")}));
        let refused = import(&app, token, against_rule).await;
        let details = refused.assert_error(422, "transfer_edge_refused");
        assert_eq!(details["cause"], "telegram_target_invalid");
        assert_eq!(details["source"], id_of("sms"));
        let message = persian(&refused.json());
        assert!(message.contains("ربات تلگرام فقط به دستیار"), "{message}");

        // A node whose data a rule refuses names the node.
        let mut bad_node = file.clone();
        for node in bad_node["nodes"].as_array_mut().unwrap() {
            if node["kind"] == "sms" {
                node["data"]["receptor"] = json!("12345");
            }
        }
        let refused = import(&app, token, bad_node).await;
        let details = refused.assert_error(422, "transfer_node_refused");
        assert_eq!(details["node"], id_of("sms"));

        // The free plan holds three assistants; one is drawn already.
        let mut over_limit = file.clone();
        for n in 0..3 {
            over_limit["nodes"].as_array_mut().unwrap().push(json!({
                "id": format!("extra-{n}"), "kind": "assistant", "label": format!("دستیار {n}"),
                "data": {}, "position": {"x": 0.0, "y": 0.0}
            }));
        }
        let details =
            import(&app, token, over_limit).await.assert_error(403, "node_limit_exceeded");
        assert_eq!(details["kind"], "assistant");

        assert_eq!(project_count(&app, token).await, projects);
        assert_eq!(node_count(&app, token).await, nodes);
    })
    .await;
}

#[tokio::test]
async fn only_the_owner_exports() {
    for_each_backend(|app| async move {
        let (owner, user_id) = app.register("owner@example.com").await;
        let project = app.create_project(&owner, "خصوصی").await;
        draw(&app, &owner, user_id, project).await;
        let (other, _) = app.register("other@example.com").await;
        let path = format!("/api/projects/{project}/export");
        app.get(&path, Some(&other)).await.assert_error(404, "not_found");
        assert_eq!(app.get(&path, None).await.status, StatusCode::UNAUTHORIZED);
        app.get("/api/projects/999999/export", Some(&owner)).await.assert_error(404, "not_found");
        // An import always makes a project of the caller's own.
        let file = export(&app, &owner, project).await;
        let imported = import(&app, &other, file).await;
        assert_eq!(imported.status, StatusCode::CREATED, "{}", imported.text());
        assert_eq!(project_count(&app, &other).await, 1);
        assert_eq!(project_count(&app, &owner).await, 1);
    })
    .await;
}

/// The sample the empty projects page offers imports whole through the same path.
#[tokio::test]
async fn the_sample_project_imports_whole() {
    let sample: Value =
        serde_json::from_str(include_str!("../../web/src/transfer/sample-project.dastyar.json"))
            .unwrap();
    for_each_backend(|app| {
        let sample = sample.clone();
        async move {
            let (token, _) = app.register("owner@example.com").await;
            let imported = import(&app, &token, sample.clone()).await;
            assert_eq!(imported.status, StatusCode::CREATED, "{}", imported.text());
            let imported = imported.json();
            assert_eq!(imported["secrets_to_enter"], json!([]));
            assert_eq!(imported["connections_to_draw"], json!([]));
            let id = imported["project"]["id"].as_i64().unwrap();
            let again = export(&app, &token, id).await;
            assert_eq!(again["name"], sample["name"]);
            let (nodes, edges) = graph_of(&again);
            assert_eq!(nodes.len(), 6);
            assert_eq!(edges, graph_of(&sample).1);
        }
    })
    .await;
}

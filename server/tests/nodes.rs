//! Nodes of every persisted kind but containers: create, read, update, move,
//! put into and take out of containers, list with the project, delete; what
//! is refused and how; nobody else's business; and what survives a restart.

mod common;

use axum::http::{Method, StatusCode};
use common::nodes::{SMS_API_KEY, create_node, db_id, insert_container, patch, post_node};
use common::{Backend, TestApp, for_each_backend};
use futures_util::future::join_all;
use serde_json::{Value, json};

/// One collection and what its nodes look like.
struct Case {
    /// Below `/api`.
    path: &'static str,
    /// The canvas type.
    kind: &'static str,
    name: &'static str,
    /// Payload fields sent on create.
    create: Value,
    /// Canvas data keys expected after create (the spec's defaults, or what was sent, normalised).
    created: Value,
    /// A payload field to change...
    patch: Value,
    /// ...and the canvas keys it changes.
    patched: Value,
    /// Canvas keys the patch must leave alone.
    kept: &'static [&'static str],
    /// Whether `PATCH .../container` accepts it, or the error code it answers.
    container: Result<(), &'static str>,
    status: &'static str,
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            path: "/api/playground/assistants",
            kind: "assistant",
            name: "دستیار فروش",
            create: json!({"user_id": 999, "count": 1}),
            created: json!({
                "model": "gpt-4.1-nano",
                "instructions": "You are a helpful assistant.",
                "assistant_type": "regular",
                "hasFunctions": false,
                "provider_status": "not_configured",
            }),
            patch: json!({"instructions": "کوتاه و مؤدبانه پاسخ بده.", "assistant_type": "conversation_analyzer"}),
            patched: json!({"instructions": "کوتاه و مؤدبانه پاسخ بده.", "assistant_type": "regular"}),
            kept: &["model", "provider_status"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/assistants",
            kind: "analyzer",
            name: "تحلیل‌گر",
            create: json!({"assistant_type": "conversation_analyzer"}),
            created: json!({"model": "gpt-4o", "assistant_type": "conversation_analyzer", "provider_status": "not_configured"}),
            patch: json!({"model": "gpt-4.1"}),
            patched: json!({"model": "gpt-4.1"}),
            kept: &["instructions", "assistant_type"],
            container: Err("analyzer_inside_container"),
            status: "success",
        },
        Case {
            path: "/api/vectorstores",
            kind: "vectorstore",
            name: "پایگاه دانش",
            create: json!({"vector_store_id": "vs_1"}),
            created: json!({"vector_store_id": "vs_1"}),
            patch: json!({"vector_store_id": "vs_2"}),
            patched: json!({"vector_store_id": "vs_2"}),
            kept: &["label"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/filerepositories",
            kind: "filerepository",
            name: "مخزن",
            create: json!({}),
            created: json!({"files": []}),
            patch: json!({"files": [{"id": 4, "name": "راهنما.pdf"}]}),
            patched: json!({"files": [{"id": 4, "name": "راهنما.pdf"}]}),
            kept: &["label"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/filedb",
            kind: "filedb",
            name: "پایگاه فایل",
            create: json!({"files": [{"id": 1, "name": "a.csv", "size": 12}]}),
            created: json!({"files": [{"id": 1, "name": "a.csv", "size": 12}]}),
            patch: json!({"files": []}),
            patched: json!({"files": []}),
            kept: &["label"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/googledocs",
            kind: "googledoc",
            name: "سند",
            create: json!({"doc_name": "گزارش ماهانه"}),
            created: json!({"doc_name": "گزارش ماهانه", "auth_status": "pending"}),
            patch: json!({"doc_id": "doc-1"}),
            patched: json!({"doc_id": "doc-1"}),
            kept: &["doc_name", "auth_status"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/googlesheets",
            kind: "googlesheet",
            name: "برگه",
            create: json!({}),
            created: json!({"auth_status": "pending"}),
            patch: json!({"sheet_name": "فروش"}),
            patched: json!({"sheet_name": "فروش"}),
            kept: &["auth_status"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/functions",
            kind: "function",
            name: "get_weather",
            create: json!({
                "description": "هوای یک شهر",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
            }),
            created: json!({
                "functionName": "get_weather",
                "functionDescription": "هوای یک شهر",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
            }),
            patch: json!({"description": "هوای امروز یک شهر"}),
            patched: json!({"functionDescription": "هوای امروز یک شهر"}),
            kept: &["functionName", "parameters"],
            container: Ok(()),
            status: "pending_assistant",
        },
        Case {
            path: "/api/telegram",
            kind: "telegram",
            name: "ربات پشتیبانی",
            create: json!({"bot_token": "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11", "bot_username": "support_bot"}),
            // Secrets come back masked (tests/secrets.rs has the rest).
            created: json!({"bot_token": "••••ew11", "bot_username": "support_bot", "settings": {}}),
            patch: json!({"bot_name": "پشتیبان"}),
            patched: json!({"bot_name": "پشتیبان"}),
            kept: &["bot_token", "bot_username"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/apidefinition",
            kind: "apidefinition",
            name: "API فروشگاه",
            create: json!({"base_url": "https://api.example.ir/v1/", "default_headers": {"Accept": "application/json"}}),
            created: json!({"baseUrl": "https://api.example.ir/v1", "authType": "none", "defaultHeaders": {"Accept": "application/json"}}),
            patch: json!({"description": "سفارش‌ها"}),
            patched: json!({"description": "سفارش‌ها"}),
            kept: &["baseUrl", "defaultHeaders"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/request",
            kind: "request",
            name: "ثبت سفارش",
            create: json!({"method": "POST", "endpoint": "/orders", "query_params": {"page": "1"}}),
            created: json!({"method": "POST", "endpoint": "/orders", "queryParams": {"page": "1"}, "headers": {}}),
            patch: json!({"endpoint": "/orders/new"}),
            patched: json!({"endpoint": "/orders/new"}),
            kept: &["method", "queryParams"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/scheduler",
            kind: "scheduler",
            name: "هر پنج دقیقه",
            create: json!({}),
            created: json!({"scheduleType": "interval", "intervalValue": 5, "intervalUnit": "minutes", "timezone": "Asia/Tehran", "isActive": false, "currentRuns": 0}),
            patch: json!({"schedule_type": "cron", "cron_expression": "0 9 * * *"}),
            patched: json!({"scheduleType": "cron", "cronExpression": "0 9 * * *"}),
            kept: &["timezone"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/trigger",
            kind: "trigger",
            name: "یادآور",
            create: json!({"message_template": "گزارش امروز را بفرست"}),
            created: json!({"messageTemplate": "گزارش امروز را بفرست", "scheduleType": "interval", "intervalValue": 5, "intervalUnit": "minutes", "timezone": "Asia/Tehran", "contextData": {}}),
            patch: json!({"interval_value": 10, "interval_unit": "hours"}),
            patched: json!({"intervalValue": 10, "intervalUnit": "hours"}),
            kept: &["messageTemplate", "timezone"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/sms",
            kind: "sms",
            name: "پیامک",
            create: json!({"api_key": SMS_API_KEY, "receptor": "+98 912 345 6789"}),
            created: json!({"apiKey": "••••7F6A", "receptor": "09123456789", "sendMethod": "simple", "smsType": "sms"}),
            patch: json!({"message": "سفارش شما ثبت شد"}),
            patched: json!({"message": "سفارش شما ثبت شد"}),
            kept: &["apiKey", "receptor"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/iframe",
            kind: "iframe",
            name: "گفتگوی سایت",
            create: json!({"company_name": "فروشگاه", "authorized_domains": ["https://Example.ir/"]}),
            created: json!({"companyName": "فروشگاه", "authorizedDomains": ["example.ir"], "style": "default", "isActive": false}),
            patch: json!({"style": "dark"}),
            patched: json!({"style": "dark"}),
            kept: &["companyName", "authorizedDomains"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/wordpress",
            kind: "wordpress",
            name: "وبلاگ",
            create: json!({"site_url": "https://Blog.Example.ir///"}),
            created: json!({"siteUrl": "https://blog.example.ir", "authType": "application_password", "postStatus": "draft", "postFormat": "standard", "isActive": true}),
            patch: json!({"description": "نوشته‌های خودکار"}),
            patched: json!({"description": "نوشته‌های خودکار"}),
            kept: &["siteUrl", "authType"],
            container: Ok(()),
            status: "success",
        },
        Case {
            path: "/api/instructions",
            kind: "instruction",
            name: "لحن",
            create: json!({"content": "همیشه مؤدب باش."}),
            created: json!({"content": "همیشه مؤدب باش."}),
            patch: json!({"content": "همیشه کوتاه بنویس."}),
            patched: json!({"content": "همیشه کوتاه بنویس."}),
            kept: &["label"],
            container: Err("node_cannot_move_to_container"),
            status: "success",
        },
    ]
}

fn assert_has(data: &Value, expected: &Value, what: &str) {
    for (key, value) in expected.as_object().unwrap() {
        assert_eq!(&data[key], value, "{what}: data.{key} in {data}");
    }
}

#[tokio::test]
async fn every_collection_creates_reads_updates_moves_lists_and_deletes() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;
        let container = insert_container(&app, user_id, project).await;
        // Nodes left inside the container, to find in the project's list.
        let mut listed: Vec<(Value, Option<String>)> = Vec::new();

        for case in cases() {
            let what = case.path;
            // Create: spec defaults, the placement, canvas spelling.
            let created =
                create_node(&app, token, case.path, project, case.name, case.create.clone()).await;
            let id = db_id(&created);
            assert_eq!(created["id"], format!("{}-{id}", case.kind), "{what}");
            assert_eq!(created["type"], case.kind, "{what}");
            assert_eq!(created["position"], json!({"x": 250.0, "y": 150.0}), "{what}");
            assert!(created.get("parentId").is_none(), "{what}");
            let data = &created["data"];
            assert_eq!(data["label"], case.name, "{what}");
            assert_eq!(data["creationStatus"], case.status, "{what}");
            assert_has(data, &case.created, what);
            assert!(data.get("user_id").is_none() && data.get("async").is_none(), "{what}: {data}");

            // Read.
            let item = format!("{}/{id}", case.path);
            let read = app.get(&item, Some(token)).await;
            assert_eq!(read.status, StatusCode::OK, "{what}: {}", read.text());
            assert_eq!(read.json(), created, "{what}");

            // Update: the field changes, the others stay.
            let updated = patch(&app, &item, token, case.patch.clone()).await;
            assert_eq!(updated.status, StatusCode::OK, "{what}: {}", updated.text());
            let updated = updated.json();
            assert_has(&updated["data"], &case.patched, what);
            for key in case.kept {
                assert_eq!(updated["data"][key], created["data"][key], "{what}: kept {key}");
            }
            assert_eq!(updated["data"]["label"], case.name, "{what}");
            assert_eq!(updated["data"]["creationStatus"], case.status, "{what}");
            assert_eq!(app.get(&item, Some(token)).await.json(), updated, "{what}");

            // Rename (a function's name is its function name too).
            let new_name = if case.kind == "function" { "get_forecast" } else { "نام تازه" };
            let renamed =
                patch(&app, &item, token, json!({"name": format!("  {new_name}  ")})).await;
            assert_eq!(renamed.status, StatusCode::OK, "{what}: {}", renamed.text());
            assert_eq!(renamed.json()["data"]["label"], new_name, "{what}");
            if case.kind == "function" {
                assert_eq!(renamed.json()["data"]["functionName"], new_name);
                patch(&app, &item, token, json!({"name": "پیش‌بینی"}))
                    .await
                    .assert_invalid("functionName", "function_name_invalid");
            }
            assert_has(&renamed.json()["data"], &case.patched, what);

            // Position.
            let moved = patch(
                &app,
                &format!("{item}/position"),
                token,
                json!({"position_x": -40.5, "position_y": 1200}),
            )
            .await;
            assert_eq!(moved.status, StatusCode::OK, "{what}: {}", moved.text());
            assert_eq!(moved.json()["position"], json!({"x": -40.5, "y": 1200.0}), "{what}");

            // Into the container and out again, or refused.
            let into = json!({"container_id": container, "position_x": 10, "position_y": 20});
            let entered = patch(&app, &format!("{item}/container"), token, into.clone()).await;
            match case.container {
                Ok(()) => {
                    assert_eq!(entered.status, StatusCode::OK, "{what}: {}", entered.text());
                    let entered = entered.json();
                    assert_eq!(entered["parentId"], format!("container-{container}"), "{what}");
                    assert_eq!(entered["position"], json!({"x": 10.0, "y": 20.0}), "{what}");
                    let out = json!({"container_id": null, "position_x": 700, "position_y": 80});
                    let left = patch(&app, &format!("{item}/container"), token, out).await;
                    assert_eq!(left.status, StatusCode::OK, "{what}: {}", left.text());
                    let left = left.json();
                    assert!(left.get("parentId").is_none(), "{what}: {left}");
                    assert_eq!(left["position"], json!({"x": 700.0, "y": 80.0}), "{what}");
                    // Back in, to be listed inside it.
                    let again = patch(&app, &format!("{item}/container"), token, into).await;
                    assert_eq!(again.status, StatusCode::OK, "{what}");
                    listed.push((again.json(), Some(format!("container-{container}"))));
                }
                Err(code) => {
                    let details = entered.assert_error(422, code);
                    assert_eq!(details["kind"], case.kind, "{what}");
                    listed.push((app.get(&item, Some(token)).await.json(), None));
                }
            }
        }

        // The project's nodes, ready for React Flow.
        let response = app.get(&format!("/api/projects/{project}/nodes"), Some(token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        let nodes = response.json();
        let nodes = nodes.as_array().unwrap();
        assert_eq!(nodes.len(), listed.len() + 1); // and the container
        let container_node = nodes.iter().find(|n| n["type"] == "container").unwrap();
        assert_eq!(container_node["id"], format!("container-{container}"));
        for (node, parent) in &listed {
            let found = nodes
                .iter()
                .find(|n| n["id"] == node["id"])
                .unwrap_or_else(|| panic!("{} not listed", node["id"]));
            assert_eq!(found["type"], node["type"]);
            assert_eq!(found["data"], node["data"]);
            assert_eq!(found["position"], node["position"]);
            assert_eq!(
                found.get("parentId").and_then(Value::as_str),
                parent.as_deref(),
                "{}",
                node["id"]
            );
        }

        // Delete; then it is gone, and deleting again is 404 (as are ids that never were).
        for case in cases() {
            let (node, _) = listed.iter().find(|(n, _)| n["type"] == case.kind).unwrap();
            let item = format!("{}/{}", case.path, db_id(node));
            let deleted = app.delete(&item, Some(token)).await;
            assert_eq!(deleted.status, StatusCode::OK, "{item}: {}", deleted.text());
            assert_eq!(deleted.json(), json!({"success": true}));
            app.delete(&item, Some(token)).await.assert_error(404, "not_found");
            app.get(&item, Some(token)).await.assert_error(404, "not_found");
            for never in ["0", "-1", "987654"] {
                let path = format!("{}/{never}", case.path);
                app.delete(&path, Some(token)).await.assert_error(404, "not_found");
            }
        }
        let left = app.get(&format!("/api/projects/{project}/nodes"), Some(token)).await.json();
        assert_eq!(left.as_array().unwrap().len(), 1);
    })
    .await;
}

#[tokio::test]
async fn functions_also_take_put_and_telegram_has_its_own_ways_in() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;

        let function = create_node(&app, token, "/api/functions", project, "lookup", json!({})).await;
        let put = app
            .put(&format!("/api/functions/{}", db_id(&function)), Some(token), json!({"parameters": {"type": "object", "properties": {"q": {"type": "string"}}}}))
            .await;
        assert_eq!(put.status, StatusCode::OK, "{}", put.text());
        assert_eq!(put.json()["data"]["parameters"]["properties"]["q"]["type"], "string");
        assert_eq!(put.json()["data"]["functionName"], "lookup");
        // Which assistant it serves is the edges' to say, never the body's
        // (it could name someone else's): the function still waits for one.
        let named = patch(&app, &format!("/api/functions/{}", db_id(&function)), token, json!({"assistant_id": 3, "function_id": 4})).await;
        assert_eq!(named.status, StatusCode::OK, "{}", named.text());
        assert_eq!(named.json()["data"]["creationStatus"], "pending_assistant");
        for key in ["assistant_id", "function_id"] {
            assert!(named.json()["data"].get(key).is_none(), "{key}: {}", named.text());
        }
        // PUT is the spec's for functions only.
        let sms = create_node(&app, token, "/api/sms", project, "پیامک", json!({})).await;
        app.put(&format!("/api/sms/{}", db_id(&sms)), Some(token), json!({})).await.assert_error(405, "method_not_allowed");

        // POST /telegram/create is the generic create.
        let bot = app
            .post("/api/telegram/create", Some(token), json!({"project_id": project, "name": "ربات", "position_x": 1, "position_y": 2, "bot_token": "42:abc"}))
            .await;
        assert_eq!(bot.status, StatusCode::CREATED, "{}", bot.text());
        assert_eq!(bot.json()["type"], "telegram");
        assert_eq!(bot.json()["data"]["bot_token"], "••••");

        // POST /telegram/register takes the project id as a non-empty string,
        // and checks everything it can before asking Telegram (tests/telegram.rs
        // registers against the fake).
        let register = |project_id: Value| {
            json!({"project_id": project_id, "bot_token": "123:xyz", "bot_username": "shop_bot", "bot_name": "فروشگاه", "position": {"x": 5, "y": 6}})
        };
        for bad in [json!(project), json!(""), json!("  "), json!(null), json!("abc")] {
            app.post("/api/telegram/register", Some(token), register(bad.clone()))
                .await
                .assert_invalid("project_id", "telegram_project_id_invalid");
        }
        let mut no_token = register(json!(project.to_string()));
        no_token["bot_token"] = json!("");
        app.post("/api/telegram/register", Some(token), no_token).await.assert_invalid("bot_token", "field_required");
        let mut bad_token = register(json!(project.to_string()));
        bad_token["bot_token"] = json!("not a token");
        app.post("/api/telegram/register", Some(token), bad_token).await.assert_invalid("bot_token", "telegram_token_invalid");
        // A mask stands for a saved token; a new bot has none to keep.
        let mut masked = register(json!(project.to_string()));
        masked["bot_token"] = json!(dastyar_core::secrets::mask("123456:ABCdef"));
        app.post("/api/telegram/register", Some(token), masked).await.assert_invalid("bot_token", "telegram_token_invalid");
        app.post("/api/telegram/register", Some(token), register(json!("999999")))
            .await
            .assert_error(404, "not_found");

        // Deleting a bot: operation=disconnect keeps it (a bot never connected
        // has nothing to unhook), operation=delete (or none) deletes it.
        let bot_item = format!("/api/telegram/{}", db_id(&bot.json()));
        app.delete(&format!("{bot_item}?operation=archive"), Some(token)).await.assert_invalid("operation", "telegram_operation_invalid");
        assert_eq!(app.delete(&format!("{bot_item}?operation=disconnect"), Some(token)).await.status, StatusCode::OK);
        assert_eq!(app.get(&bot_item, Some(token)).await.status, StatusCode::OK);
        assert_eq!(app.delete(&format!("{bot_item}?operation=delete"), Some(token)).await.status, StatusCode::OK);
        app.get(&bot_item, Some(token)).await.assert_error(404, "not_found");
    })
    .await;
}

#[tokio::test]
async fn a_function_keeps_its_display_name_apart_from_its_tool_name() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;

        // Created with a Persian display name beside its tool name.
        let made = create_node(
            &app,
            token,
            "/api/functions",
            project,
            "lookup_order",
            json!({"label": "پیگیری سفارش"}),
        )
        .await;
        assert_eq!(made["data"]["label"], "پیگیری سفارش", "{made}");
        assert_eq!(made["data"]["functionName"], "lookup_order", "{made}");
        let path = format!("/api/functions/{}", db_id(&made));

        // Renamed for people only: the tool name stays.
        let renamed =
            patch(&app, &path, token, json!({"name": "lookup_order", "label": "وضعیت سفارش"}))
                .await;
        assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text());
        assert_eq!(renamed.json()["data"]["label"], "وضعیت سفارش");
        assert_eq!(renamed.json()["data"]["functionName"], "lookup_order");

        // The tool renamed: the display name stays.
        let retooled =
            patch(&app, &path, token, json!({"name": "order_status", "label": "وضعیت سفارش"}))
                .await;
        assert_eq!(retooled.json()["data"]["label"], "وضعیت سفارش");
        assert_eq!(retooled.json()["data"]["functionName"], "order_status");
        let listed = app.get(&format!("/api/projects/{project}/nodes"), Some(token)).await.json();
        assert_eq!(listed[0]["data"]["label"], "وضعیت سفارش", "{listed}");
        assert_eq!(listed[0]["data"]["functionName"], "order_status", "{listed}");

        // Without a label, as before: one name for both.
        let plain = patch(&app, &path, token, json!({"name": "track"})).await;
        assert_eq!(plain.json()["data"]["label"], "track");
        assert_eq!(plain.json()["data"]["functionName"], "track");

        // A blank or non-text label is refused; other kinds ignore one.
        patch(&app, &path, token, json!({"label": "  "}))
            .await
            .assert_invalid("name", "field_required");
        patch(&app, &path, token, json!({"label": 7})).await.assert_error(422, "invalid_input");
        let note =
            create_node(&app, token, "/api/instructions", project, "لحن", json!({"label": "دیگر"}))
                .await;
        assert_eq!(note["data"]["label"], "لحن");
    })
    .await;
}

#[tokio::test]
async fn invalid_data_is_refused_field_by_field() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;
        let post = |path: &'static str, fields: Value| {
            let app = &app;
            async move { post_node(app, token, path, project, "گره", fields).await }
        };

        // SMS: key and receptor, each named, all listed.
        post("/api/sms", json!({"api_key": "short"}))
            .await
            .assert_invalid("apiKey", "sms_api_key_invalid");
        post("/api/sms", json!({"receptor": "12345"}))
            .await
            .assert_invalid("receptor", "phone_invalid");
        let both = post("/api/sms", json!({"api_key": "short", "receptor": "12345"})).await;
        let details = both.assert_error(422, "sms_api_key_invalid");
        assert_eq!(details["field"], "apiKey");
        let problems = details["problems"].as_array().unwrap();
        assert_eq!(problems.len(), 2, "{details}");
        assert_eq!(problems[1]["field"], "receptor");
        assert_eq!(problems[1]["code"], "phone_invalid");
        assert!(problems[1]["message"].as_str().unwrap().contains("موبایل"));

        // Schedules.
        for path in ["/api/trigger", "/api/scheduler"] {
            post(path, json!({"schedule_type": "cron", "cron_expression": "every day"}))
                .await
                .assert_invalid("cronExpression", "cron_invalid");
            post(path, json!({"interval_value": -5}))
                .await
                .assert_invalid("intervalValue", "interval_invalid");
            post(path, json!({"timezone": "Mars/Olympus"}))
                .await
                .assert_invalid("timezone", "timezone_invalid");
        }
        // WordPress, Telegram, functions, API definitions, frames.
        post("/api/wordpress", json!({"site_url": "ftp://blog.ir"}))
            .await
            .assert_invalid("siteUrl", "wordpress_url_invalid");
        post("/api/wordpress", json!({"site_url": "not a url"}))
            .await
            .assert_invalid("siteUrl", "wordpress_url_invalid");
        post("/api/telegram", json!({"bot_token": "123456"}))
            .await
            .assert_invalid("bot_token", "telegram_token_invalid");
        for parameters in [json!([]), json!("object"), json!(5), json!(null)] {
            post_node(
                &app,
                token,
                "/api/functions",
                project,
                "lookup",
                json!({"parameters": parameters}),
            )
            .await
            .assert_invalid("parameters", "function_parameters_invalid");
        }
        post_node(&app, token, "/api/functions", project, "get weather", json!({}))
            .await
            .assert_invalid("functionName", "function_name_invalid");
        post("/api/apidefinition", json!({"base_url": "javascript:alert(1)"}))
            .await
            .assert_invalid("baseUrl", "api_base_url_invalid");
        post("/api/iframe", json!({"authorized_domains": ["example.ir/path"]}))
            .await
            .assert_invalid("authorizedDomains", "domain_invalid");

        // Names.
        post_node(&app, token, "/api/sms", project, "   ", json!({}))
            .await
            .assert_invalid("name", "field_required");
        post_node(&app, token, "/api/sms", project, &"ن".repeat(201), json!({}))
            .await
            .assert_invalid("name", "name_too_long");
        assert_eq!(
            post_node(&app, token, "/api/sms", project, &"ن".repeat(200), json!({})).await.status,
            StatusCode::CREATED
        );
        let no_name = app
            .post(
                "/api/sms",
                Some(token),
                json!({"project_id": project, "position_x": 0, "position_y": 0}),
            )
            .await;
        no_name.assert_invalid("name", "field_required");

        // Wrong types: placement and payload alike name the field.
        let wrong = |field: &str, value: Value| {
            let mut body =
                json!({"project_id": project, "name": "n", "position_x": 0, "position_y": 0});
            body[field] = value;
            body
        };
        for (field, value) in [
            ("position_x", json!("abc")),
            ("position_y", json!(null)),
            ("project_id", json!("abc")),
            ("project_id", json!(1.5)),
            ("name", json!(7)),
            ("container_id", json!("x")),
            ("send_method", json!(5)),
            ("send_method", json!("carrier-pigeon")),
            ("api_key", json!(["k"])),
        ] {
            app.post("/api/sms", Some(token), wrong(field, value.clone()))
                .await
                .assert_invalid(field, "invalid_input");
        }
        app.post("/api/playground/assistants", Some(token), wrong("async", json!("yes")))
            .await
            .assert_invalid("async", "invalid_input");
        app.post(
            "/api/playground/assistants",
            Some(token),
            wrong("assistant_type", json!("robot")),
        )
        .await
        .assert_invalid("assistant_type", "invalid_input");
        // Positions: finite and within reach.
        app.post("/api/sms", Some(token), wrong("position_x", json!(1e10)))
            .await
            .assert_invalid("position_x", "position_invalid");
        // A number JSON cannot hold, and no body at all.
        let request = axum::http::Request::builder()
            .method(Method::POST)
            .uri("/api/sms")
            .header("authorization", format!("Bearer {token}"))
            .header("content-type", "application/json")
            .body(axum::body::Body::from(format!(
                r#"{{"project_id": {project}, "name": "n", "position_x": 1e400, "position_y": 0}}"#
            )))
            .unwrap();
        app.send(request).await.assert_error(422, "invalid_json");
        app.call(Method::POST, "/api/sms", Some(token), None)
            .await
            .assert_error(422, "invalid_json");
        // Bodies that are not objects.
        for body in [json!([]), json!("sms"), json!(3), json!(null)] {
            app.post("/api/sms", Some(token), body).await.assert_error(422, "invalid_input");
        }
        // Unknown fields are ignored, and never stored.
        let extra = post(
            "/api/sms",
            json!({"frobnicate": {"deep": true}, "apiKey": "camel is not the payload's spelling"}),
        )
        .await;
        assert_eq!(extra.status, StatusCode::CREATED, "{}", extra.text());
        assert!(extra.json()["data"].get("frobnicate").is_none());
        assert_eq!(extra.json()["data"]["apiKey"], "");
        // Projects that are not mine or do not exist.
        for project_id in [-1, 0, 999_999, i64::MAX] {
            let mut body = wrong("project_id", json!(project_id));
            body["name"] = json!("n");
            app.post("/api/sms", Some(token), body).await.assert_error(404, "not_found");
        }
        // Ids in paths that name nothing.
        for id in ["-1", "0", "abc", "1.5", "99999999999999999999", "%20"] {
            app.get(&format!("/api/sms/{id}"), Some(token)).await.assert_error(404, "not_found");
            patch(&app, &format!("/api/sms/{id}"), token, json!({}))
                .await
                .assert_error(404, "not_found");
            let deleted = app.delete(&format!("/api/sms/{id}"), Some(token)).await;
            assert!(
                deleted.status == StatusCode::OK || deleted.status == StatusCode::NOT_FOUND,
                "{id}: {}",
                deleted.text()
            );
        }
        app.get("/api/projects/abc/nodes", Some(token)).await.assert_error(404, "not_found");
        // Huge strings: a name far too long, a body over the limit.
        post_node(&app, token, "/api/sms", project, &"x".repeat(100_000), json!({}))
            .await
            .assert_invalid("name", "name_too_long");
        post("/api/instructions", json!({"content": "ن".repeat(2 * 1024 * 1024)}))
            .await
            .assert_error(413, "too_large");
        // Without a token, nothing.
        app.post("/api/sms", None, json!({})).await.assert_error(401, "unauthenticated");
        app.get(&format!("/api/projects/{project}/nodes"), None)
            .await
            .assert_error(401, "unauthenticated");
    })
    .await;
}

#[tokio::test]
async fn updates_positions_and_containers_are_checked_too() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;
        let other_project = app.create_project(token, "دومی").await;
        let container = insert_container(&app, user_id, project).await;
        let elsewhere = insert_container(&app, user_id, other_project).await;
        let sms = create_node(&app, token, "/api/sms", project, "پیامک", json!({"receptor": "09121112233"})).await;
        let item = format!("/api/sms/{}", db_id(&sms));

        patch(&app, &item, token, json!({"receptor": "0912"})).await.assert_invalid("receptor", "phone_invalid");
        patch(&app, &item, token, json!({"send_method": 1})).await.assert_invalid("send_method", "invalid_input");
        patch(&app, &item, token, json!({"name": 5})).await.assert_invalid("name", "invalid_input");
        patch(&app, &item, token, json!({"name": ""})).await.assert_invalid("name", "field_required");
        patch(&app, &item, token, json!(["x"])).await.assert_error(422, "invalid_input");
        // A refused update changes nothing.
        assert_eq!(app.get(&item, Some(token)).await.json(), sms);
        // An empty update changes nothing either.
        let same = patch(&app, &item, token, json!({})).await;
        assert_eq!(same.json()["data"], sms["data"]);

        let position = format!("{item}/position");
        patch(&app, &position, token, json!({"position_x": "1", "position_y": 2})).await.assert_invalid("position_x", "invalid_input");
        patch(&app, &position, token, json!({"position_x": 1})).await.assert_invalid("position_y", "field_required");
        patch(&app, &position, token, json!({"position_x": 1, "position_y": -2e9})).await.assert_invalid("position_y", "position_invalid");

        let place = format!("{item}/container");
        patch(&app, &place, token, json!({"position_x": 1, "position_y": 2})).await.assert_invalid("container_id", "field_required");
        patch(&app, &place, token, json!({"container_id": 999_999, "position_x": 1, "position_y": 2})).await.assert_error(422, "container_not_in_project");
        patch(&app, &place, token, json!({"container_id": elsewhere, "position_x": 1, "position_y": 2}))
            .await
            .assert_invalid("container_id", "container_not_in_project");
        let not_a_container = create_node(&app, token, "/api/instructions", project, "متن", json!({})).await;
        patch(&app, &place, token, json!({"container_id": db_id(&not_a_container), "position_x": 1, "position_y": 2}))
            .await
            .assert_invalid("container_id", "container_not_in_project");
        patch(&app, &place, token, json!({"container_id": container, "position_x": f64::MAX, "position_y": 2}))
            .await
            .assert_invalid("position_x", "position_invalid");

        // Created straight into a container, where allowed.
        let inside = create_node(&app, token, "/api/sms", project, "درون", json!({"container_id": container})).await;
        assert_eq!(inside["parentId"], format!("container-{container}"));
        post_node(&app, token, "/api/sms", project, "بیرون", json!({"container_id": elsewhere}))
            .await
            .assert_invalid("container_id", "container_not_in_project");
        post_node(&app, token, "/api/playground/assistants", project, "تحلیل", json!({"assistant_type": "conversation_analyzer", "container_id": container}))
            .await
            .assert_error(422, "analyzer_inside_container");
        post_node(&app, token, "/api/instructions", project, "متن", json!({"container_id": container}))
            .await
            .assert_error(422, "node_cannot_move_to_container");
        post_node(&app, token, "/api/sms", project, "گم", json!({"container_id": 999_999})).await.assert_error(422, "container_not_in_project");

        // The wrong collection for a node's kind knows nothing of it.
        let assistant = create_node(&app, token, "/api/playground/assistants", project, "دستیار", json!({})).await;
        let wrong = format!("/api/sms/{}", db_id(&assistant));
        app.get(&wrong, Some(token)).await.assert_error(404, "not_found");
        patch(&app, &wrong, token, json!({})).await.assert_error(404, "not_found");
        patch(&app, &format!("{wrong}/position"), token, json!({"position_x": 1, "position_y": 1})).await.assert_error(404, "not_found");
        app.delete(&wrong, Some(token)).await.assert_error(404, "not_found");
        let still = app.get(&format!("/api/assistants/{}", db_id(&assistant)), Some(token)).await;
        assert_eq!(still.status, StatusCode::OK);
        // An assistant stays an assistant whatever an update says.
        let kept = patch(&app, &format!("/api/assistants/{}", db_id(&assistant)), token, json!({"assistant_type": "conversation_analyzer", "provider_status": "registered", "assistant_id": "asst_fake"})).await;
        assert_eq!(kept.status, StatusCode::OK, "{}", kept.text());
        assert_eq!(kept.json()["type"], "assistant");
        assert_eq!(kept.json()["data"]["assistant_type"], "regular");
        assert_eq!(kept.json()["data"]["provider_status"], "not_configured");
        assert!(kept.json()["data"].get("assistant_id").is_none());
        // Containers are not served here.
        app.get(&format!("/api/sms/{container}"), Some(token)).await.assert_error(404, "not_found");
        app.delete(&format!("/api/sms/{container}"), Some(token)).await.assert_error(404, "not_found");
        assert_eq!(app.get(&format!("/api/projects/{project}/nodes"), Some(token)).await.json().as_array().unwrap().iter().filter(|n| n["type"] == "container").count(), 1);
    })
    .await;
}

#[tokio::test]
async fn nobody_else_reaches_my_nodes() {
    for_each_backend(|app| async move {
        let (mine, my_id) = app.register("owner@example.com").await;
        let (theirs, their_id) = app.register("other@example.com").await;
        let project = app.create_project(&mine, "پروژه").await;
        let their_project = app.create_project(&theirs, "پروژهٔ دیگر").await;
        let container = insert_container(&app, my_id, project).await;
        let their_container = insert_container(&app, their_id, their_project).await;

        for case in cases() {
            let node =
                create_node(&app, &mine, case.path, project, case.name, case.create.clone()).await;
            let item = format!("{}/{}", case.path, db_id(&node));
            app.get(&item, Some(&theirs)).await.assert_error(404, "not_found");
            patch(&app, &item, &theirs, case.patch.clone()).await.assert_error(404, "not_found");
            patch(
                &app,
                &format!("{item}/position"),
                &theirs,
                json!({"position_x": 1, "position_y": 1}),
            )
            .await
            .assert_error(404, "not_found");
            patch(
                &app,
                &format!("{item}/container"),
                &theirs,
                json!({"container_id": their_container, "position_x": 1, "position_y": 1}),
            )
            .await
            .assert_error(404, "not_found");
            // Delete answers 404 and leaves it alone.
            app.delete(&item, Some(&theirs)).await.assert_error(404, "not_found");
            let still = app.get(&item, Some(&mine)).await;
            assert_eq!(still.status, StatusCode::OK, "{item}");
            assert_eq!(still.json(), node, "{item}");
        }
        // Their project, their containers: not mine to use.
        app.get(&format!("/api/projects/{project}/nodes"), Some(&theirs))
            .await
            .assert_error(404, "not_found");
        post_node(&app, &theirs, "/api/sms", project, "نفوذ", json!({}))
            .await
            .assert_error(404, "not_found");
        post_node(
            &app,
            &mine,
            "/api/sms",
            project,
            "گره",
            json!({"container_id": their_container}),
        )
        .await
        .assert_error(422, "container_not_in_project");
        let sms = create_node(&app, &mine, "/api/sms", project, "پیامک", json!({})).await;
        patch(
            &app,
            &format!("/api/sms/{}/container", db_id(&sms)),
            &mine,
            json!({"container_id": their_container, "position_x": 0, "position_y": 0}),
        )
        .await
        .assert_error(422, "container_not_in_project");
        // user_id in a body is ignored: the token decides.
        let claimed = create_node(
            &app,
            &theirs,
            "/api/sms",
            their_project,
            "مال من",
            json!({"user_id": my_id}),
        )
        .await;
        app.get(&format!("/api/sms/{}", db_id(&claimed)), Some(&mine))
            .await
            .assert_error(404, "not_found");
        let their_nodes =
            app.get(&format!("/api/projects/{their_project}/nodes"), Some(&theirs)).await.json();
        assert!(their_nodes.as_array().unwrap().iter().any(|n| n["id"] == claimed["id"]));
        let _ = container;
    })
    .await;
}

#[tokio::test]
async fn nodes_survive_a_restart() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("owner@example.com").await;
        let project = app.create_project(&token, "پروژه").await;
        let container = insert_container(&app, user_id, project).await;
        let mut made = Vec::new();
        for case in cases() {
            let node =
                create_node(&app, &token, case.path, project, case.name, case.create.clone()).await;
            let item = format!("{}/{}", case.path, db_id(&node));
            let node = patch(&app, &item, &token, case.patch.clone()).await.json();
            made.push((item, node));
        }
        let sms = made.iter().find(|(item, _)| item.starts_with("/api/sms/")).unwrap().0.clone();
        patch(
            &app,
            &format!("{sms}/container"),
            &token,
            json!({"container_id": container, "position_x": 3, "position_y": 4}),
        )
        .await;
        let before = app.get(&format!("/api/projects/{project}/nodes"), Some(&token)).await.json();

        let app: TestApp = app.restart().await;
        for (item, node) in &made {
            let read = app.get(item, Some(&token)).await;
            assert_eq!(read.status, StatusCode::OK, "{item}");
            assert_eq!(read.json()["data"], node["data"], "{item}");
        }
        let after = app.get(&format!("/api/projects/{project}/nodes"), Some(&token)).await.json();
        assert_eq!(after, before);
        let moved = app.get(&sms, Some(&token)).await.json();
        assert_eq!(moved["parentId"], format!("container-{container}"));
    })
    .await;
}

#[tokio::test]
async fn the_openapi_document_has_every_collection() {
    for_each_backend(|app| async move {
        let doc = app.get("/api/openapi.json", None).await.json();
        let paths = doc["paths"].as_object().unwrap();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        let resolve = |schema: &Value| -> Value {
            match schema["$ref"].as_str() {
                Some(r) => schemas[r.trim_start_matches("#/components/schemas/")].clone(),
                None => schema.clone(),
            }
        };
        let collections = [
            "playground/assistants",
            "assistants",
            "vectorstores",
            "filerepositories",
            "filedb",
            "googledocs",
            "googlesheets",
            "functions",
            "telegram",
            "apidefinition",
            "request",
            "scheduler",
            "trigger",
            "sms",
            "iframe",
            "wordpress",
            "instructions",
        ];
        for collection in collections {
            let base = format!("/api/{collection}");
            let item = format!("{base}/{{id}}");
            for (path, method) in [
                (&base, "post"),
                (&item, "get"),
                (&item, "patch"),
                (&item, "delete"),
                (&format!("{item}/position"), "patch"),
                (&format!("{item}/container"), "patch"),
            ] {
                let operation =
                    &paths.get(path.as_str()).unwrap_or_else(|| panic!("no {path}"))[method];
                assert!(operation.is_object(), "no {method} {path}");
                assert_eq!(operation["security"], json!([{"bearer": []}]), "{method} {path}");
                let ok = ["200", "201"]
                    .iter()
                    .find_map(|s| operation["responses"].get(*s))
                    .unwrap_or_else(|| panic!("{method} {path}: no success"));
                let schema = &ok["content"]["application/json"]["schema"];
                assert!(!resolve(schema).is_null(), "{method} {path}: no response schema");
                if method != "get" && method != "delete" {
                    let body = &operation["requestBody"]["content"]["application/json"]["schema"];
                    assert!(body.is_object(), "{method} {path}: no request schema");
                }
            }
            // The create body is the placement plus the kind's payload.
            let create =
                &paths[&base]["post"]["requestBody"]["content"]["application/json"]["schema"];
            let parts: Vec<String> = create["allOf"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["$ref"].as_str().unwrap().to_owned())
                .collect();
            assert_eq!(parts[0], "#/components/schemas/NodePlacement");
            assert!(parts[1].ends_with("Payload"), "{parts:?}");
            // The answer's data is the kind's canvas data.
            let node = resolve(
                &paths[&base]["post"]["responses"]["201"]["content"]["application/json"]["schema"],
            );
            let data = node["properties"]["data"]["$ref"].as_str().unwrap();
            assert!(data.ends_with("Data"), "{data}");
        }
        assert!(paths["/api/functions/{id}"]["put"].is_object());
        assert!(paths["/api/projects/{id}/nodes"]["get"].is_object());
        assert!(paths["/api/telegram/register"]["post"].is_object());
        assert!(paths["/api/telegram/create"]["post"].is_object());
        for prefix in ["/api/playground/assistants", "/api/assistants"] {
            assert!(paths[&format!("{prefix}/node-usage")]["get"].is_object());
            assert!(paths[&format!("{prefix}/jobs/{{id}}")]["get"].is_object());
            assert!(paths[&format!("{prefix}/jobs/{{id}}/retry")]["post"].is_object());
            assert!(paths[prefix]["post"]["responses"]["202"].is_object());
            assert!(paths[prefix]["post"]["responses"]["403"].is_object());
        }
        // Core's types, field by field.
        let sms = &schemas["SmsPayload"]["properties"];
        for field in ["api_key", "send_method", "receptor", "message", "template", "token"] {
            assert!(sms.get(field).is_some(), "SmsPayload.{field}");
        }
        assert!(schemas["AssistantData"].to_string().contains("provider_status"));
        for schema in [
            "NodePlacement",
            "NodePositionRequest",
            "NodeContainerRequest",
            "DeleteAnswer",
            "NodeUsage",
            "JobView",
            "TelegramRegisterPayload",
            "CanvasNode",
            "SmsNode",
            "AssistantNode",
        ] {
            assert!(schemas.contains_key(schema), "missing schema {schema}");
        }
        // Every reference resolves.
        let text = doc.to_string();
        for part in text.split("\"#/components/schemas/").skip(1) {
            let name = part.split('"').next().unwrap();
            assert!(schemas.contains_key(name), "dangling reference to {name}");
        }
    })
    .await;
}

#[tokio::test]
async fn nobody_stores_references_to_anothers_nodes() {
    for_each_backend(|app| async move {
        let (owner, _) = app.register("owner@example.com").await;
        let theirs = app.create_project(&owner, "پروژهٔ او").await;
        let definition =
            create_node(&app, &owner, "/api/apidefinition", theirs, "api", json!({})).await;
        let their_function =
            create_node(&app, &owner, "/api/functions", theirs, "lookup", json!({})).await;
        let (stranger, _) = app.register("stranger@example.com").await;
        let mine = app.create_project(&stranger, "پروژهٔ من").await;
        let (d, f) = (db_id(&definition), db_id(&their_function));

        let cases = [
            (
                "/api/iframe",
                json!({"assistant_id": f, "frame_id": f}),
                vec!["assistant_id", "frame_id"],
            ),
            ("/api/request", json!({"api_definition_id": d}), vec!["api_definition_id"]),
            (
                "/api/functions",
                json!({"assistant_id": f, "function_id": f}),
                vec!["assistant_id", "function_id"],
            ),
        ];
        for (path, references, keys) in cases {
            let created = create_node(&app, &stranger, path, mine, "x", references.clone()).await;
            let updated =
                patch(&app, &format!("{path}/{}", db_id(&created)), &stranger, references).await;
            assert_eq!(updated.status, StatusCode::OK, "{path}: {}", updated.text());
            let stored =
                app.get(&format!("{path}/{}", db_id(&created)), Some(&stranger)).await.json();
            for key in keys {
                assert!(created["data"].get(key).is_none(), "{path} {key}: {created}");
                assert!(stored["data"].get(key).is_none(), "{path} {key}: {stored}");
            }
        }
    })
    .await;
}

/// Moves arriving together are written together (one commit on SQLite), yet
/// each is decided alone: every one lands and answers its own node, and a
/// move of someone else's node among them is refused without stopping the rest.
#[tokio::test]
async fn moves_at_once_each_land_and_answer_their_own_node() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("mover@example.com").await;
        let (stranger, _) = app.register("stranger@example.com").await;
        let project = app.create_project(&token, "جابه‌جایی").await;
        let theirs = app.create_project(&stranger, "دیگری").await;
        let foreign =
            create_node(&app, &stranger, "/api/instructions", theirs, "او", json!({})).await;
        let mut ids = Vec::new();
        for i in 0..40 {
            let node = create_node(
                &app,
                &token,
                "/api/instructions",
                project,
                &format!("گره {i}"),
                json!({}),
            )
            .await;
            ids.push(db_id(&node));
        }

        let position = |id: i64| format!("/api/instructions/{id}/position");
        let moves = ids.iter().enumerate().map(|(i, &id)| {
            let (app, token, path) = (&app, &token, position(id));
            async move {
                (
                    id,
                    patch(app, &path, token, json!({"position_x": i, "position_y": -(i as f64)}))
                        .await,
                )
            }
        });
        let foreign_path = position(db_id(&foreign));
        let refused = patch(&app, &foreign_path, &token, json!({"position_x": 5, "position_y": 5}));
        let (answers, refused) = tokio::join!(join_all(moves), refused);

        refused.assert_error(404, "not_found");
        for (i, (id, answer)) in answers.into_iter().enumerate() {
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
            let node = answer.json();
            assert_eq!(node["id"], format!("instruction-{id}"));
            assert_eq!(node["position"], json!({"x": i as f64, "y": -(i as f64)}));
        }
        let stored = app.get(&format!("/api/projects/{project}/nodes"), Some(&token)).await.json();
        for node in stored.as_array().unwrap() {
            let i = ids.iter().position(|id| node["id"] == format!("instruction-{id}")).unwrap();
            assert_eq!(node["position"], json!({"x": i as f64, "y": -(i as f64)}));
        }
        let untouched =
            app.get(&format!("/api/instructions/{}", db_id(&foreign)), Some(&stranger)).await;
        assert_eq!(untouched.json()["position"], foreign["position"]);
    })
    .await;
}

/// One node moved many times at once (the moves land in one batch, written
/// in turn): each move answers the position it asked for, and the node ends
/// where one of them put it, never anywhere else.
#[tokio::test]
async fn one_node_moved_many_times_at_once_answers_each_move() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("restless@example.com").await;
        let project = app.create_project(&token, "جابه‌جایی").await;
        let node = create_node(&app, &token, "/api/instructions", project, "گره", json!({})).await;
        let other =
            create_node(&app, &token, "/api/instructions", project, "دیگر", json!({})).await;
        let path = |node: &Value| format!("/api/instructions/{}/position", db_id(node));
        let moves =
            (0..30).map(|i| {
                let (app, token) = (&app, &token);
                let path = path(if i % 3 == 0 { &other } else { &node });
                async move {
                    (i, patch(app, &path, token, json!({"position_x": i, "position_y": 7})).await)
                }
            });
        let answers = join_all(moves).await;
        for (i, answer) in &answers {
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
            assert_eq!(answer.json()["position"], json!({"x": *i as f64, "y": 7.0}), "move {i}");
        }
        let stored = app.get(&format!("/api/projects/{project}/nodes"), Some(&token)).await.json();
        for (saved, every_third) in [(&node, false), (&other, true)] {
            let x = stored.as_array().unwrap().iter().find(|n| n["id"] == saved["id"]).unwrap()
                ["position"]["x"]
                .as_f64()
                .unwrap();
            assert!(x.fract() == 0.0 && (x as i64 % 3 == 0) == every_third && x < 30.0, "{x}");
        }
    })
    .await;
}

/// A move the database refuses (here a trigger made to fail on one
/// position) fails alone: the moves written with it still land, on
/// PostgreSQL too, where one failed statement spoils its transaction.
#[tokio::test]
async fn a_move_the_database_refuses_fails_alone() {
    for_each_backend(|app| async move {
        let refuse = match app.backend {
            Backend::Sqlite => {
                "CREATE TRIGGER refuse_13 BEFORE UPDATE OF position_x ON nodes
                 WHEN NEW.position_x = 13 BEGIN SELECT RAISE(ABORT, 'refused'); END"
            }
            Backend::Postgres => {
                "CREATE FUNCTION refuse_13() RETURNS trigger LANGUAGE plpgsql AS $$
                 BEGIN IF NEW.position_x = 13 THEN RAISE EXCEPTION 'refused'; END IF;
                 RETURN NEW; END; $$"
            }
        };
        sqlx::query(refuse).execute(app.state.db.pool()).await.unwrap();
        if app.backend == Backend::Postgres {
            sqlx::query(
                "CREATE TRIGGER refuse_13 BEFORE UPDATE ON nodes
                 FOR EACH ROW EXECUTE FUNCTION refuse_13()",
            )
            .execute(app.state.db.pool())
            .await
            .unwrap();
        }
        let (token, _) = app.register("refused-move@example.com").await;
        let project = app.create_project(&token, "جابه‌جایی").await;
        let (mut ids, mut created_at) = (Vec::new(), Vec::new());
        for i in 0..20 {
            let name = format!("گره {i}");
            let node =
                create_node(&app, &token, "/api/instructions", project, &name, json!({})).await;
            ids.push(db_id(&node));
            created_at.push(node["position"]["x"].clone());
        }
        let moves =
            ids.iter().enumerate().map(|(i, &id)| {
                let (app, token) = (&app, &token);
                let path = format!("/api/instructions/{id}/position");
                async move {
                    patch(app, &path, token, json!({"position_x": i + 3, "position_y": 1})).await
                }
            });
        let answers = join_all(moves).await;
        for (i, answer) in answers.iter().enumerate() {
            let expected =
                if i + 3 == 13 { StatusCode::INTERNAL_SERVER_ERROR } else { StatusCode::OK };
            assert_eq!(answer.status, expected, "move {i}: {}", answer.text());
        }
        let stored = app.get(&format!("/api/projects/{project}/nodes"), Some(&token)).await.json();
        for node in stored.as_array().unwrap() {
            let i = ids.iter().position(|id| node["id"] == format!("instruction-{id}")).unwrap();
            let x = if i + 3 == 13 { created_at[i].clone() } else { json!((i + 3) as f64) };
            assert_eq!(node["position"]["x"], x, "node {i}");
        }
    })
    .await;
}

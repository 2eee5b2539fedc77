//! Scheduler and trigger toggles: `is_active` changes through the node update
//! and the node comes back; a trigger is turned on only with a valid schedule
//! and a created assistant; the run fields are left alone.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::{TestApp, for_each_backend};
use dastyar_core::NodeKind::{self, *};
use dastyar_core::geometry::Position;
use dastyar_core::status::CreationStatus;
use dastyar_server::store::edges::{self, NewEdge};
use serde_json::{Value, json};

/// An edge stored straight into the store, past the connection rules.
async fn store_edge(c: &Canvas<'_>, source: (NodeKind, i64), target: (NodeKind, i64)) -> i64 {
    let edge = NewEdge {
        project_id: c.project_id,
        source_type: source.0.as_str().to_owned(),
        source_id: source.1,
        target_type: target.0.as_str().to_owned(),
        target_id: target.1,
        edge_data: "{}".to_owned(),
    };
    edges::insert(c.app.state.db.pool(), &edge).await.unwrap().id
}

async fn switched(app: &TestApp, token: &str, path: &str) -> Value {
    let response = app.patch(path, Some(token), json!({})).await;
    assert_eq!(response.status, StatusCode::OK, "{path}: {}", response.text());
    response.json()
}

#[tokio::test]
async fn a_scheduler_toggled_on_runs_from_then_and_keeps_its_run_count() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("scheduler@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "زمان").await;
        let c = Canvas::new(&app, user, project);
        let scheduler = c
            .node(
                Scheduler,
                json!({"is_active": false, "current_runs": 3,
                       "next_run_time": "2030-01-01T00:00:00Z", "interval_value": 10}),
            )
            .await;
        let path = format!("/api/scheduler/{scheduler}/toggle");

        let node = switched(&app, token, &path).await;
        assert_eq!(node["id"], format!("scheduler-{scheduler}"));
        assert_eq!(node["database_id"], scheduler);
        assert_eq!(node["data"]["isActive"], true, "{node}");
        let stored = c.data(scheduler).await;
        assert_eq!(stored["is_active"], true);
        assert_eq!(stored["current_runs"], 3);
        // Its next run is ten minutes from being switched on, not what was stored.
        let next = stored["next_run_time"].as_str().unwrap();
        let next = chrono::DateTime::parse_from_rfc3339(next).unwrap().to_utc();
        let ahead = next - chrono::Utc::now();
        assert!(
            ahead > chrono::TimeDelta::minutes(9) && ahead <= chrono::TimeDelta::minutes(10),
            "{ahead}"
        );
        assert_eq!(node["data"]["nextRunTime"], stored["next_run_time"]);
        assert_eq!(stored["interval_value"], 10);

        let node = switched(&app, token, &path).await;
        assert_eq!(node["data"]["isActive"], false);
        assert!(node["data"].get("nextRunTime").is_none_or(Value::is_null), "{node}");
        assert_eq!(c.data(scheduler).await["current_runs"], 3);
    })
    .await;
}

#[tokio::test]
async fn simultaneous_toggles_each_flip_once() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("race@example.com").await;
        let project = app.create_project(&token, "هم‌زمان").await;
        let c = Canvas::new(&app, user, project);
        let scheduler = c.node(Scheduler, json!({"is_active": false})).await;
        let path = format!("/api/scheduler/{scheduler}/toggle");

        // An even number of flips at once ends where it began; each answer is
        // one of the two states, never an error.
        let flips = (0..6).map(|_| app.patch(&path, Some(&token), json!({})));
        for response in futures_util::future::join_all(flips).await {
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        }
        assert_eq!(c.data(scheduler).await["is_active"], false);

        let flips = (0..5).map(|_| app.patch(&path, Some(&token), json!({})));
        futures_util::future::join_all(flips).await;
        assert_eq!(c.data(scheduler).await["is_active"], true);
    })
    .await;
}

#[tokio::test]
async fn a_trigger_is_activated_only_when_it_can_run() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("trigger@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "راه‌انداز").await;
        let c = Canvas::new(&app, user, project);
        let off = json!({"message_template": "سلام", "is_active": false, "current_runs": 2});
        let trigger = c.node(Trigger, off.clone()).await;
        let activate = format!("/api/trigger/{trigger}/activate");
        let deactivate = format!("/api/trigger/{trigger}/deactivate");
        let toggle = format!("/api/trigger/{trigger}/toggle");

        // No assistant yet.
        let response = app.patch(&activate, Some(token), json!({})).await;
        let details = response.assert_error(422, "assistant_not_created");
        assert_eq!(details["trigger"], format!("trigger-{trigger}"));
        app.patch(&toggle, Some(token), json!({})).await.assert_error(422, "assistant_not_created");
        assert_eq!(c.data(trigger).await["is_active"], false);

        // An assistant still being created.
        let pending = c
            .node_at(
                Assistant,
                json!({"assistant_id": "asst_p"}),
                CreationStatus::Pending,
                Position::default(),
                None,
            )
            .await;
        let edge = store_edge(&c, (Trigger, trigger), (Assistant, pending)).await;
        app.patch(&activate, Some(token), json!({})).await.assert_error(422, "assistant_not_ready");
        app.delete(&format!("/api/edges/{edge}"), Some(token)).await;

        // A created assistant: on, and the run fields stay.
        let a = c.assistant().await;
        let response = app
            .post(
                &format!("/api/trigger/{trigger}/connect-assistant"),
                Some(token),
                json!({"assistant_id": a}),
            )
            .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let node = switched(&app, token, &activate).await;
        assert_eq!(node["id"], format!("trigger-{trigger}"));
        assert_eq!(node["data"]["isActive"], true, "{node}");
        assert_eq!(node["data"]["currentRuns"], 2);
        assert_eq!(c.data(trigger).await["current_runs"], 2);
        // Activating again changes nothing.
        assert_eq!(switched(&app, token, &activate).await["data"]["isActive"], true);
        // Toggle off, toggle on, deactivate.
        assert_eq!(switched(&app, token, &toggle).await["data"]["isActive"], false);
        assert_eq!(switched(&app, token, &toggle).await["data"]["isActive"], true);
        assert_eq!(switched(&app, token, &deactivate).await["data"]["isActive"], false);
        assert_eq!(switched(&app, token, &deactivate).await["data"]["isActive"], false);
        assert_eq!(c.data(trigger).await["current_runs"], 2);
        // An active trigger shows in the active list.
        switched(&app, token, &activate).await;
        let active = app.get("/api/triggers/active", Some(token)).await.json();
        assert!(
            active
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["node"]["id"] == format!("trigger-{trigger}"))
        );
    })
    .await;
}

#[tokio::test]
async fn a_trigger_without_a_valid_schedule_stays_off() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("schedule@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "زمان‌بندی").await;
        let c = Canvas::new(&app, user, project);
        let a = c.assistant().await;
        // Connected while valid, then its message emptied in the store.
        let trigger = c.node(Trigger, json!({"message_template": "سلام", "is_active": false})).await;
        store_edge(&c, (Trigger, trigger), (Assistant, a)).await;
        let blank = c.node(Trigger, json!({"message_template": "  ", "is_active": false})).await;
        let bad_cron = c
            .node(
                Trigger,
                json!({"message_template": "سلام", "is_active": false,
                       "schedule_type": "cron", "cron_expression": "not a cron"}),
            )
            .await;
        for id in [blank, bad_cron] {
            let response =
                app.patch(&format!("/api/trigger/{id}/activate"), Some(token), json!({})).await;
            let details = response.assert_error(422, "trigger_schedule_invalid");
            assert_eq!(details["trigger"], format!("trigger-{id}"));
            assert_eq!(c.data(id).await["is_active"], false);
        }
        // Deactivating never needs a valid schedule.
        let response =
            app.patch(&format!("/api/trigger/{blank}/deactivate"), Some(token), json!({})).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    })
    .await;
}

#[tokio::test]
async fn toggles_reach_nobody_elses_nodes_and_only_their_kind() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("mine@example.com").await;
        let (stranger, _) = app.register("theirs@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "من").await;
        let c = Canvas::new(&app, user, project);
        let scheduler = c.node(Scheduler, json!({"is_active": false})).await;
        let trigger = c.node(Trigger, json!({"message_template": "سلام", "is_active": true})).await;
        let mine = [
            format!("/api/scheduler/{scheduler}/toggle"),
            format!("/api/trigger/{trigger}/toggle"),
            format!("/api/trigger/{trigger}/activate"),
            format!("/api/trigger/{trigger}/deactivate"),
        ];
        for path in &mine {
            app.patch(path, Some(&stranger), json!({})).await.assert_error(404, "not_found");
        }
        // The wrong kind for the route, no such node, no number.
        for path in [
            format!("/api/scheduler/{trigger}/toggle"),
            format!("/api/trigger/{scheduler}/deactivate"),
            "/api/trigger/999999/activate".to_owned(),
            "/api/trigger/abc/toggle".to_owned(),
        ] {
            app.patch(&path, Some(token), json!({})).await.assert_error(404, "not_found");
        }
        app.patch(&format!("/api/trigger/{trigger}/toggle"), None, json!({}))
            .await
            .assert_error(401, "unauthenticated");
        assert_eq!(c.data(scheduler).await["is_active"], false);
        assert_eq!(c.data(trigger).await["is_active"], true);
    })
    .await;
}

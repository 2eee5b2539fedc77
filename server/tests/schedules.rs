//! The schedule engine, driven with its own clock (no sleeps): a scheduler
//! calls its request once per due time up to its max runs; switching it off
//! stops it; a server that was down catches up by its policy; cron follows
//! its timezone; a trigger's message reaches its assistant; and three
//! instances on one database fire every run exactly once, also when one of
//! them dies holding runs.

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::any;
use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use common::canvas::Canvas;
use common::nodes::{create_node, db_id};
use common::{Backend, TestApp, for_each_backend_with};
use dastyar_core::{MessageCode, NodeKind};
use dastyar_fakes::kavenegar::FakeKavenegar;
use dastyar_fakes::openai::FakeOpenAi;
use dastyar_fakes::telegram::FakeTelegram;
use dastyar_server::automation::activation::reschedule;
use dastyar_server::automation::catch_up::CatchUp;
use dastyar_server::automation::engine::{self, Instance, LEASE};
use dastyar_server::channels::telegram::poller;
use dastyar_server::jobs;
use dastyar_server::store::edges::{self, NewEdge};
use dastyar_server::store::schedules;
use serde_json::{Value, json};

/// A small API counting the calls it gets.
async fn counting_api() -> (String, Arc<Mutex<Vec<String>>>) {
    let seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let record = seen.clone();
    let router = Router::new().route(
        "/{*path}",
        any(move |uri: axum::http::Uri| {
            let record = record.clone();
            async move {
                record.lock().unwrap().push(uri.path().to_owned());
                axum::Json(json!({"ok": true}))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (format!("http://{addr}"), seen)
}

/// The bot owner's chat.
const OWNER_CHAT: i64 = 1000;

fn at(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap()
}

fn minutes(n: i64) -> TimeDelta {
    TimeDelta::minutes(n)
}

/// The node's stored data.
async fn data(app: &TestApp, node: i64) -> Value {
    let (text,): (String,) = sqlx::query_as("SELECT data FROM nodes WHERE id = $1")
        .bind(node)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A scheduler every `interval` minutes (at most `max_runs`), joined to a
/// request against `base`, switched on at `t0`: (owner, token, scheduler).
async fn scheduler_scene(
    app: &TestApp,
    base: &str,
    interval: i64,
    max_runs: Option<i64>,
    t0: DateTime<Utc>,
) -> (i64, String, i64) {
    let (token, user) = app.register("schedules@example.com").await;
    let project = app.create_project(&token, "زمان‌بندی").await;
    let canvas = Canvas::new(app, user, project);
    let api = canvas.node(NodeKind::Apidefinition, json!({"base_url": base})).await;
    let request = canvas
        .node(
            NodeKind::Request,
            json!({"method": "POST", "endpoint": "/ping", "api_definition_id": api}),
        )
        .await;
    let scheduler = canvas
        .node(
            NodeKind::Scheduler,
            json!({"is_active": true, "schedule_type": "interval", "interval_value": interval,
                   "interval_unit": "minutes", "max_runs": max_runs}),
        )
        .await;
    app.connect(&token, project, (NodeKind::Apidefinition, api), (NodeKind::Request, request))
        .await;
    app.connect(&token, project, (NodeKind::Scheduler, scheduler), (NodeKind::Request, request))
        .await;
    reschedule(&app.state, user, scheduler, t0).await.unwrap();
    (user, token, scheduler)
}

#[tokio::test]
async fn a_scheduler_calls_its_request_once_per_due_time_up_to_its_max_runs() {
    let (base, seen) = counting_api().await;
    for_each_backend_with(
        |c| c.allow_private_network = true,
        move |app| {
            let (base, seen) = (base.clone(), seen.clone());
            async move {
                seen.lock().unwrap().clear();
                let t0 = at(2026, 5, 1, 10, 0);
                let (_, token, scheduler) = scheduler_scene(&app, &base, 5, Some(3), t0).await;
                let me = Instance::new();
                let node = data(&app, scheduler).await;
                assert_eq!(node["next_run_time"], "2026-05-01T10:05:00Z");
                assert_eq!(node["current_runs"], 0);

                assert!(engine::tick(&app.state, &me, t0 + minutes(4)).await.unwrap().is_empty());
                let first = engine::tick(&app.state, &me, t0 + minutes(5)).await.unwrap();
                assert_eq!(first.len(), 1);
                assert!(engine::tick(&app.state, &me, t0 + minutes(5)).await.unwrap().is_empty());
                assert!(engine::tick(&app.state, &me, t0 + minutes(9)).await.unwrap().is_empty());
                assert_eq!(seen.lock().unwrap().as_slice(), ["/ping"]);
                let node = data(&app, scheduler).await;
                assert_eq!(
                    (node["current_runs"].clone(), node["next_run_time"].clone()),
                    (json!(1), json!("2026-05-01T10:10:00Z"))
                );

                let preview = app
                    .get(&format!("/api/scheduler/{scheduler}/preview-runs"), Some(&token))
                    .await;
                assert_eq!(preview.status, StatusCode::OK, "{}", preview.text());
                assert_eq!(
                    preview.json()["runs"],
                    json!(["2026-05-01T10:10:00Z", "2026-05-01T10:15:00Z"]),
                    "from its next run, as many as its max runs leave"
                );

                // A run by hand: recorded, not counted.
                let by_hand = app
                    .post(&format!("/api/scheduler/{scheduler}/test-run"), Some(&token), json!({}))
                    .await;
                assert_eq!(by_hand.status, StatusCode::OK, "{}", by_hand.text());
                assert_eq!(by_hand.json()["requested_by"], "user");
                assert_eq!(by_hand.json()["state"], "succeeded");
                assert_eq!(data(&app, scheduler).await["current_runs"], 1);
                assert_eq!(seen.lock().unwrap().len(), 2);

                for m in [10, 15, 20, 25] {
                    engine::tick(&app.state, &me, t0 + minutes(m)).await.unwrap();
                }
                assert_eq!(seen.lock().unwrap().len(), 4, "its max runs and the one by hand");
                let node = data(&app, scheduler).await;
                assert_eq!(node["current_runs"], 3);
                assert_eq!(node["is_active"], false, "done after its max runs");
                assert!(node.get("next_run_time").is_none_or(Value::is_null), "{node}");

                let history = app
                    .get(&format!("/api/scheduler/{scheduler}/history?limit=10"), Some(&token))
                    .await;
                assert_eq!(history.status, StatusCode::OK, "{}", history.text());
                let runs = history.json()["runs"].as_array().cloned().unwrap();
                assert_eq!(runs.len(), 4);
                assert!(runs.iter().all(|r| r["state"] == "succeeded"), "{runs:?}");
                assert_eq!(runs[0]["due_at"], "2026-05-01T10:15:00Z", "newest first");
                assert_eq!(runs[0]["outcome"]["request"]["status"], 200);
                let too_many = app
                    .get(&format!("/api/scheduler/{scheduler}/history?limit=500"), Some(&token))
                    .await;
                too_many.assert_invalid("limit", "history_limit_invalid");
            }
        },
    )
    .await;
}

#[tokio::test]
async fn switched_off_it_stops_and_switched_on_it_starts_from_then() {
    let (base, seen) = counting_api().await;
    for_each_backend_with(
        |c| c.allow_private_network = true,
        move |app| {
            let (base, seen) = (base.clone(), seen.clone());
            async move {
                seen.lock().unwrap().clear();
                let (_, token, scheduler) = scheduler_scene(&app, &base, 5, None, Utc::now()).await;
                let path = format!("/api/scheduler/{scheduler}/toggle");
                let off = app.patch(&path, Some(&token), json!({})).await;
                assert_eq!(off.status, StatusCode::OK, "{}", off.text());
                let row = schedules::get(&app.state.db, scheduler).await.unwrap().unwrap();
                assert_eq!(row.next_due_at, None);
                let me = Instance::new();
                let later = Utc::now() + minutes(60);
                assert!(engine::tick(&app.state, &me, later).await.unwrap().is_empty());
                assert!(seen.lock().unwrap().is_empty());

                let on = app.patch(&path, Some(&token), json!({})).await;
                assert_eq!(on.status, StatusCode::OK, "{}", on.text());
                assert_eq!(on.json()["data"]["isActive"], true, "{}", on.text());
                let row = schedules::get(&app.state.db, scheduler).await.unwrap().unwrap();
                let next = dastyar_server::db::timestamp::parse(&row.next_due_at.unwrap()).unwrap();
                let ahead = next - Utc::now();
                assert!(ahead > minutes(4) && ahead <= minutes(5), "{ahead}");
                assert_eq!(engine::tick(&app.state, &me, next).await.unwrap().len(), 1);
                assert_eq!(seen.lock().unwrap().len(), 1);
            }
        },
    )
    .await;
}

#[tokio::test]
async fn after_downtime_it_runs_once_for_what_it_missed() {
    let (base, seen) = counting_api().await;
    for_each_backend_with(
        |c| c.allow_private_network = true,
        move |app| {
            let (base, seen) = (base.clone(), seen.clone());
            async move {
                seen.lock().unwrap().clear();
                let t0 = at(2026, 5, 1, 10, 0);
                let (_, _, scheduler) = scheduler_scene(&app, &base, 5, None, t0).await;
                let me = Instance::new();
                let runs = engine::tick(&app.state, &me, t0 + minutes(62)).await.unwrap();
                assert_eq!(runs.len(), 1, "one run, not twelve");
                assert_eq!(runs[0].due_at, "2026-05-01T11:00:00.000000Z", "for the latest time");
                assert_eq!(runs[0].missed, 11);
                assert_eq!(data(&app, scheduler).await["next_run_time"], "2026-05-01T11:05:00Z");
                assert_eq!(engine::tick(&app.state, &me, t0 + minutes(65)).await.unwrap().len(), 1);
                assert_eq!(seen.lock().unwrap().len(), 2);
            }
        },
    )
    .await;
}

#[tokio::test]
async fn with_the_skip_policy_what_was_missed_is_not_run() {
    let (base, seen) = counting_api().await;
    for_each_backend_with(
        |c| {
            c.allow_private_network = true;
            c.schedule_catch_up = CatchUp::Skip;
        },
        move |app| {
            let (base, seen) = (base.clone(), seen.clone());
            async move {
                seen.lock().unwrap().clear();
                let t0 = at(2026, 5, 1, 10, 0);
                let (_, _, scheduler) = scheduler_scene(&app, &base, 5, None, t0).await;
                let me = Instance::new();
                assert!(engine::tick(&app.state, &me, t0 + minutes(62)).await.unwrap().is_empty());
                assert_eq!(data(&app, scheduler).await["next_run_time"], "2026-05-01T11:05:00Z");
                assert_eq!(data(&app, scheduler).await["current_runs"], 0);
                assert_eq!(engine::tick(&app.state, &me, t0 + minutes(65)).await.unwrap().len(), 1);
                assert_eq!(seen.lock().unwrap().len(), 1);
            }
        },
    )
    .await;
}

#[tokio::test]
async fn cron_runs_at_the_wall_clock_time_of_its_timezone() {
    for_each_backend_with(
        |_| {},
        |app| async move {
            let (token, user) = app.register("cron@example.com").await;
            let project = app.create_project(&token, "کرون").await;
            let canvas = Canvas::new(&app, user, project);
            let tehran = canvas
                .node(
                    NodeKind::Scheduler,
                    json!({"is_active": true, "schedule_type": "cron",
                    "cron_expression": "0 9 * * *", "timezone": "Asia/Tehran"}),
                )
                .await;
            let berlin = canvas
                .node(
                    NodeKind::Scheduler,
                    json!({"is_active": true, "schedule_type": "cron",
                    "cron_expression": "0 9 * * *", "timezone": "Europe/Berlin"}),
                )
                .await;
            // Berlin moves to summer time on 29 March 2026; Tehran keeps +03:30.
            let t0 = at(2026, 3, 28, 0, 0);
            reschedule(&app.state, user, tehran, t0).await.unwrap();
            reschedule(&app.state, user, berlin, t0).await.unwrap();
            assert_eq!(data(&app, tehran).await["next_run_time"], "2026-03-28T05:30:00Z");
            assert_eq!(data(&app, berlin).await["next_run_time"], "2026-03-28T08:00:00Z");
            let me = Instance::new();
            for now in [at(2026, 3, 28, 5, 30), at(2026, 3, 28, 8, 0)] {
                assert_eq!(engine::tick(&app.state, &me, now).await.unwrap().len(), 1, "{now}");
            }
            assert_eq!(data(&app, tehran).await["next_run_time"], "2026-03-29T05:30:00Z");
            assert_eq!(data(&app, berlin).await["next_run_time"], "2026-03-29T07:00:00Z");
            // Without a request joined, the run is recorded as failed, and why.
            let history = schedules::history(&app.state.db, tehran, 10).await.unwrap();
            assert_eq!(history[0].state, "failed");
            assert!(history[0].error.as_deref().unwrap().contains("درخواست"));
        },
    )
    .await;
}

#[tokio::test]
async fn a_trigger_sends_its_message_to_its_assistant_and_the_answer_by_sms_and_to_the_bots_owner()
{
    let telegram = FakeTelegram::start().await;
    let model = FakeOpenAi::start().await;
    let kavenegar = FakeKavenegar::start().await;
    let (telegram_url, model_url) = (telegram.base_url.clone(), model.base_url.clone());
    let kavenegar_url = kavenegar.base_url.clone();
    for_each_backend_with(
        move |c| {
            c.providers.kavenegar.api_url = kavenegar_url.clone();
            c.providers.telegram.api_url = telegram_url.clone();
            c.providers.llm.base_url = Some(model_url.clone());
            c.public_url = Some("http://localhost:8080".into());
        },
        move |app| {
            let (telegram, model) = (telegram.clone(), model.clone());
            let kavenegar = kavenegar.clone();
            async move {
                let (token, user) = app.register("trigger@example.com").await;
                let project = app.create_project(&token, "راه‌انداز").await;
                let canvas = Canvas::new(&app, user, project);
                let assistant = canvas.assistant().await;
                let trigger = canvas
                    .node(
                        NodeKind::Trigger,
                        json!({"is_active": true, "interval_value": 1,
                        "interval_unit": "hours",
                        "message_template": "گزارش روز {{jalali_date}} برای {{shop}}",
                        "context_data": {"shop": "کتاب‌سرا"}}),
                    )
                    .await;
                app.connect(
                    &token,
                    project,
                    (NodeKind::Trigger, trigger),
                    (NodeKind::Assistant, assistant),
                )
                .await;
                let bot = telegram.new_bot("trigger-answers");
                let body = json!({"project_id": project.to_string(), "bot_token": bot.token,
                                  "name": "ربات", "position": {"x": 900.0, "y": 100.0}});
                let response = app.post("/api/telegram/register", Some(&token), body).await;
                assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
                let bot_node = response.json()["database_id"].as_i64().unwrap();
                app.connect(
                    &token,
                    project,
                    (NodeKind::Assistant, assistant),
                    (NodeKind::Telegram, bot_node),
                )
                .await;
                let account = kavenegar.new_account();
                let sms = json!({"api_key": account.api_key, "receptor": "09123456789",
                                 "message": "پیام پیش‌فرض"});
                let sms =
                    db_id(&create_node(&app, &token, "/api/sms", project, "پیامک", sms).await);
                app.connect(
                    &token,
                    project,
                    (NodeKind::Assistant, assistant),
                    (NodeKind::Sms, sms),
                )
                .await;

                let t0 = at(2026, 11, 26, 6, 0);
                reschedule(&app.state, user, trigger, t0).await.unwrap();
                let me = Instance::new();
                // Nobody has written to the bot yet: the answer has nowhere to go.
                engine::tick(&app.state, &me, t0 + minutes(60)).await.unwrap();
                let history = schedules::history(&app.state.db, trigger, 10).await.unwrap();
                assert_eq!(history[0].state, "failed", "{:?}", history[0]);
                assert!(history[0].error.as_deref().unwrap().contains("صاحب ربات"));
                let outcome: Value =
                    serde_json::from_str(history[0].outcome.as_deref().unwrap()).unwrap();
                assert_eq!(outcome["message"], "گزارش روز 1405/09/05 برای کتاب‌سرا");
                assert_eq!(outcome["answer"], "پاسخ: گزارش روز 1405/09/05 برای کتاب‌سرا");
                assert!(model.chat_requests().last().unwrap().to_string().contains("کتاب‌سرا"));
                assert_eq!(data(&app, trigger).await["last_run_time"], "2026-11-26T07:00:00Z");

                // The owner writes to the bot (and so becomes its owner).
                telegram.user_says(&bot.token, OWNER_CHAT, "مدیر", "سلام").await;
                let polled = poller::poll_once(&app.state, bot_node, "test", Duration::ZERO).await;
                assert!(polled.is_ok(), "{polled:?}");
                jobs::run_until_idle(&app.state).await.unwrap();
                engine::tick(&app.state, &me, t0 + minutes(120)).await.unwrap();
                let history = schedules::history(&app.state.db, trigger, 10).await.unwrap();
                assert_eq!(history[0].state, "succeeded", "{:?}", history[0]);
                let sent: Vec<String> = telegram
                    .sent(&bot.token)
                    .into_iter()
                    .filter(|m| m.chat_id == OWNER_CHAT && m.plain.contains("گزارش روز"))
                    .map(|m| m.plain)
                    .collect();
                assert_eq!(sent, ["پاسخ: گزارش روز 1405/09/05 برای کتاب‌سرا"]);
                // Both runs' answers went out by SMS too, to the node's receptor.
                let texts: Vec<(String, String)> = kavenegar
                    .sent()
                    .into_iter()
                    .filter(|m| m.api_key == account.api_key)
                    .map(|m| (m.receptor, m.message))
                    .collect();
                let answer = "پاسخ: گزارش روز 1405/09/05 برای کتاب‌سرا".to_owned();
                let to = "09123456789".to_owned();
                assert_eq!(texts, [(to.clone(), answer.clone()), (to, answer)]);
                let outcome: Value =
                    serde_json::from_str(history[0].outcome.as_deref().unwrap()).unwrap();
                let channels: Vec<&str> = outcome["deliveries"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d["channel"].as_str().unwrap())
                    .collect();
                assert_eq!(channels, ["sms", "telegram"]);
            }
        },
    )
    .await;
}

/// A slow API recording each call's `Idempotency-Key`.
async fn keyed_api(delay: Duration) -> (String, Arc<Mutex<Vec<String>>>) {
    let keys: Arc<Mutex<Vec<String>>> = Arc::default();
    let record = keys.clone();
    let router = Router::new().route(
        "/{*path}",
        any(move |headers: axum::http::HeaderMap| {
            let record = record.clone();
            async move {
                let key = headers.get("idempotency-key").and_then(|v| v.to_str().ok());
                record.lock().unwrap().push(key.unwrap_or_default().to_owned());
                tokio::time::sleep(delay).await;
                axum::Json(json!({"ok": true}))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (format!("http://{addr}"), keys)
}

#[tokio::test]
async fn three_instances_fire_every_run_exactly_once_also_when_one_dies_mid_run() {
    let (base, keys) = keyed_api(Duration::from_millis(100)).await;
    for_each_backend_with(
        |c| c.allow_private_network = true,
        move |app| {
            let (base, keys) = (base.clone(), keys.clone());
            async move {
                // The thousand on PostgreSQL, where instances really
                // run side by side; SQLite has one writer at a time anyway.
                let schedules = if app.backend == Backend::Postgres { 1_000 } else { 200 };
                keys.lock().unwrap().clear();
                let (token, user) = app.register("many@example.com").await;
                let project = app.create_project(&token, "بسیار").await;
                let canvas = Canvas::new(&app, user, project);
                let api = canvas.node(NodeKind::Apidefinition, json!({"base_url": base})).await;
                let request = canvas
                    .node(
                        NodeKind::Request,
                        json!({"method": "POST", "endpoint": "/hook",
                        "api_definition_id": api}),
                    )
                    .await;
                app.connect(
                    &token,
                    project,
                    (NodeKind::Apidefinition, api),
                    (NodeKind::Request, request),
                )
                .await;
                let t0 = at(2026, 6, 1, 8, 0);
                for _ in 0..schedules {
                    let node = canvas
                        .node(
                            NodeKind::Scheduler,
                            json!({"is_active": true, "interval_value": 1,
                            "interval_unit": "minutes"}),
                        )
                        .await;
                    let edge = NewEdge {
                        project_id: project,
                        source_type: "scheduler".into(),
                        source_id: node,
                        target_type: "request".into(),
                        target_id: request,
                        edge_data: "{}".into(),
                    };
                    edges::insert(app.state.db.pool(), &edge).await.unwrap();
                    reschedule(&app.state, user, node, t0).await.unwrap();
                }
                let config = (*app.state.config).clone();
                let others = [
                    TestApp::open(config.clone(), app.backend).await,
                    TestApp::open(config, app.backend).await,
                ];
                let apps = [&app, &others[0], &others[1]];
                let instances = [Instance::new(), Instance::new(), Instance::new()];
                for m in 1..=2 {
                    let now = t0 + minutes(m);
                    let ticks = apps
                        .iter()
                        .zip(&instances)
                        .map(|(app, me)| engine::tick(&app.state, me, now));
                    let fired: usize = futures_util::future::join_all(ticks)
                        .await
                        .into_iter()
                        .map(|runs| runs.unwrap().len())
                        .sum();
                    assert_eq!(fired, schedules, "minute {m}: each schedule once");
                }

                // The first instance claims minute 3's runs and dies while its calls are out.
                let mut held = Vec::new();
                loop {
                    let more = engine::claim(&apps[0].state, &instances[0], t0 + minutes(3))
                        .await
                        .unwrap();
                    if more.is_empty() {
                        break;
                    }
                    held.extend(more);
                }
                assert_eq!(held.len(), schedules);
                let dying: Vec<_> = held
                    .into_iter()
                    .map(|run| {
                        let (state, me) = (apps[0].state.clone(), instances[0].clone());
                        tokio::spawn(async move { engine::perform(&state, &me, &run).await })
                    })
                    .collect();
                tokio::time::sleep(Duration::from_millis(50)).await;
                for task in &dying {
                    task.abort();
                }
                let early =
                    engine::tick(&apps[1].state, &instances[1], t0 + minutes(3)).await.unwrap();
                assert!(early.is_empty(), "its lease still holds them");
                let late = t0 + minutes(3) + LEASE + TimeDelta::seconds(1);
                // By then minute 4 is due too: its runs, and the dead instance's taken over.
                let ran = engine::tick(&apps[1].state, &instances[1], late).await.unwrap();
                assert_eq!(ran.len(), 2 * schedules);
                let taken: Vec<_> = ran.iter().filter(|r| r.attempts == 2).collect();
                assert_eq!(taken.len(), schedules, "taken over");
                assert!(
                    taken
                        .iter()
                        .all(|r| r.instance == instances[1].0 && r.due_at.contains("T08:03"))
                );

                let (rows, distinct, succeeded): (i64, i64, i64) = sqlx::query_as(
                    "SELECT COUNT(*), COUNT(DISTINCT node_id || ' ' || due_at),
                            SUM(CASE WHEN state = 'succeeded' THEN 1 ELSE 0 END)
                     FROM schedule_runs",
                )
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
                let all = 4 * schedules as i64;
                assert_eq!((rows, distinct, succeeded), (all, all, all));
                // Each run reached the API under its own key; a call the dead
                // instance had out came again under the same key.
                let keys = keys.lock().unwrap().clone();
                let mut distinct_keys = keys.clone();
                distinct_keys.sort();
                distinct_keys.dedup();
                assert_eq!(distinct_keys.len() as i64, all, "one key per run");
                assert!(distinct_keys.iter().all(|k| k.starts_with("dastyar-run-")));
                let again = keys.len() - distinct_keys.len();
                assert!(again <= schedules, "only the dead instance's calls came twice: {again}");
            }
        },
    )
    .await;
}

#[tokio::test]
async fn a_triggers_test_message_and_a_schedule_check_answer_in_the_specs_shapes() {
    let model = FakeOpenAi::start().await;
    let model_url = model.base_url.clone();
    for_each_backend_with(
        move |c| c.providers.llm.base_url = Some(model_url.clone()),
        |app| async move {
            let (token, user) = app.register("test-message@example.com").await;
            let project = app.create_project(&token, "آزمایش").await;
            let canvas = Canvas::new(&app, user, project);
            let assistant = canvas.assistant().await;
            let trigger = canvas.trigger("سلام {{shop}}").await;
            let lonely = canvas.trigger("بی‌دستیار").await;
            app.connect(
                &token,
                project,
                (NodeKind::Trigger, trigger),
                (NodeKind::Assistant, assistant),
            )
            .await;

            let path = format!("/api/trigger/{trigger}/test");
            let tested = app.post(&path, Some(&token), json!({"test_message": "آزمون"})).await;
            assert_eq!(tested.status, StatusCode::OK, "{}", tested.text());
            let body = tested.json();
            assert_eq!(body["status"], "success");
            assert_eq!(body["message"], MessageCode::TriggerTestSent.persian());
            assert_eq!(body["run"]["outcome"]["message"], "آزمون");
            assert_eq!(body["run"]["outcome"]["answer"], "پاسخ: آزمون");
            let blank = app.post(&path, Some(&token), json!({"test_message": "  "})).await;
            blank.assert_invalid("test_message", "trigger_test_message_blank");

            let alone =
                app.post(&format!("/api/trigger/{lonely}/test"), Some(&token), json!({})).await;
            assert_eq!(alone.status, StatusCode::OK, "{}", alone.text());
            assert_eq!(alone.json()["status"], "error");
            assert_eq!(alone.json()["error_details"], MessageCode::TriggerNeedsAssistant.persian());

            let check = |body: Value| {
                let app = &app;
                let token = token.clone();
                async move { app.post("/api/trigger/validate-schedule", Some(&token), body).await }
            };
            let valid = check(json!({"scheduleType": "cron", "cronExpression": "0 9 * * *",
                                     "timezone": "Asia/Tehran", "message_template": "سلام"}))
            .await;
            assert_eq!(valid.status, StatusCode::OK, "{}", valid.text());
            assert_eq!(valid.json()["runs"].as_array().unwrap().len(), 5);
            assert!(valid.json()["runs"][0].as_str().unwrap().ends_with("T05:30:00Z"));
            check(json!({"scheduleType": "cron", "cronExpression": "0 9 * *",
                         "timezone": "Asia/Tehran", "message_template": "سلام"}))
            .await
            .assert_invalid("cronExpression", "cron_invalid");
            check(
                json!({"scheduleType": "interval", "intervalValue": 5, "intervalUnit": "minutes",
                         "timezone": "Asia/Tehran", "message_template": " "}),
            )
            .await
            .assert_invalid("messageTemplate", "message_template_empty");
            let missing = app.get("/api/trigger/999999/history", Some(&token)).await;
            assert_eq!(missing.status, StatusCode::NOT_FOUND);
            let not_a_trigger =
                app.get(&format!("/api/trigger/{assistant}/history"), Some(&token)).await;
            assert_eq!(not_a_trigger.status, StatusCode::NOT_FOUND);
        },
    )
    .await;
}

#[tokio::test]
async fn a_scheduler_made_on_runs_from_then_and_a_trigger_starts_off() {
    for_each_backend_with(
        |_| {},
        |app| async move {
            let (token, _) = app.register("made-on@example.com").await;
            let project = app.create_project(&token, "تازه").await;
            let body = |extra: Value| {
                let mut body = json!({"project_id": project, "name": "زمان", "position_x": 0,
                                      "position_y": 0, "is_active": true});
                body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
                body
            };
            let made = app.post("/api/scheduler", Some(&token), body(json!({}))).await;
            assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
            let scheduler = db_id(&made.json());
            let row = schedules::get(&app.state.db, scheduler).await.unwrap().unwrap();
            assert!(row.next_due_at.is_some(), "on from the start");
            assert_eq!(data(&app, scheduler).await["is_active"], true);
            assert!(data(&app, scheduler).await["next_run_time"].is_string());

            let made = app
                .post("/api/trigger", Some(&token), body(json!({"message_template": "سلام"})))
                .await;
            assert_eq!(made.status, StatusCode::CREATED, "{}", made.text());
            let trigger = db_id(&made.json());
            assert_eq!(data(&app, trigger).await["is_active"], false, "no assistant yet");
            let row = schedules::get(&app.state.db, trigger).await.unwrap();
            assert!(row.is_none_or(|r| r.next_due_at.is_none()), "not due");
            // Nor does an edit switch it on past activate's checks.
            let path = format!("/api/trigger/{trigger}");
            let edited = app.patch(&path, Some(&token), json!({"is_active": true})).await;
            assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
            assert_eq!(data(&app, trigger).await["is_active"], false);
        },
    )
    .await;
}

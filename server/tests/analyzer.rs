//! The message analyzer on both backends, against the model and Telegram
//! fakes: a container with a live chat frame, joined to an analyzer joined
//! to a bot. Visitors' conversations go in; one report comes out to the
//! bot's owner, paid for in credits; nothing is reported twice (asked
//! again, run by the schedule, or by two requests at once); the owner's
//! preview is left out; a report that could not go is sent again later.

mod common;

use axum::http::{Method, StatusCode};
use chrono::{DateTime, TimeDelta, Utc};
use common::canvas::Canvas;
use common::{TestApp, TestResponse, for_each_backend_with};
use dastyar_core::NodeKind;
use dastyar_core::data::assistant::{ANALYZER_INSTRUCTIONS, DEFAULT_ANALYZER_MODEL};
use dastyar_fakes::openai::FakeOpenAi;
use dastyar_fakes::telegram::{FakeBot, FakeTelegram};
use dastyar_server::Config;
use dastyar_server::channels::analyzer::schedule;
use dastyar_server::jobs;
use serde_json::{Value, json};

const SITE: &str = "https://shop.example";
const OWNER_CHAT: i64 = 1000;

struct World {
    telegram: FakeTelegram,
    model: FakeOpenAi,
}

impl World {
    async fn start() -> World {
        World { telegram: FakeTelegram::start().await, model: FakeOpenAi::start().await }
    }

    fn configure(&self) -> impl Fn(&mut Config) + use<> {
        let (telegram, model) = (self.telegram.base_url.clone(), self.model.base_url.clone());
        move |config: &mut Config| {
            config.providers.telegram.api_url = telegram.clone();
            config.providers.llm.base_url = Some(model.clone());
            // Not https: the bot polls, and nothing here needs Telegram to reach us.
            config.public_url = Some("http://localhost:8080".into());
        }
    }
}

struct Scene {
    token: String,
    key: String,
    iframe: i64,
    analyzer: i64,
    bot: FakeBot,
    bot_node: i64,
}

/// A container holding a live chat frame, joined to an analyzer, which is
/// joined to a bot (through `connect-analyzer`).
async fn scene(app: &TestApp, telegram: &FakeTelegram) -> Scene {
    let (token, user_id) = app.register("analyst@example.com").await;
    let project = app.create_project(&token, "تحلیل").await;
    let canvas = Canvas::new(app, user_id, project);
    let assistant = canvas.assistant().await;
    let container = canvas.container_at(500.0, 100.0).await;
    let created = app
        .post(
            "/api/iframe",
            Some(&token),
            json!({"project_id": project, "name": "گفتگوی سایت",
                                                  "position_x": 1, "position_y": 2}),
        )
        .await;
    let iframe = created.json()["database_id"].as_i64().unwrap();
    let registered = app
        .post(
            "/api/frames/register",
            Some(&token),
            json!({"node_id": iframe, "company_name": "فروشگاه", "authorized_domains": [SITE]}),
        )
        .await;
    assert_eq!(registered.status, StatusCode::OK, "{}", registered.text());
    let key = registered.json()["public_key"].as_str().unwrap().to_owned();
    app.connect(&token, project, (NodeKind::Assistant, assistant), (NodeKind::Iframe, iframe))
        .await;
    let placed = app
        .patch(
            &format!("/api/iframe/{iframe}/container"),
            Some(&token),
            json!({"container_id": container, "position_x": 20, "position_y": 40}),
        )
        .await;
    assert_eq!(placed.status, StatusCode::OK, "{}", placed.text());

    let analyzer = canvas.analyzer().await;
    let bot = telegram.new_bot("reports");
    let body = json!({"project_id": project.to_string(), "bot_token": bot.token,
                      "name": "ربات گزارش", "position": {"x": 900.0, "y": 100.0}});
    let response = app.post("/api/telegram/register", Some(&token), body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    let bot_node = response.json()["database_id"].as_i64().unwrap();

    // A bot before a container is refused by the rules, as on the canvas.
    let early = app
        .post(
            "/api/telegram/connect-analyzer",
            Some(&token),
            json!({"node_id": bot_node, "analyzer_id": analyzer}),
        )
        .await;
    assert_eq!(early.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", early.text());
    app.connect(&token, project, (NodeKind::Container, container), (NodeKind::Analyzer, analyzer))
        .await;
    let joined = app
        .post(
            "/api/telegram/connect-analyzer",
            Some(&token),
            json!({"node_id": bot_node, "analyzer_id": analyzer}),
        )
        .await;
    assert_eq!(joined.status, StatusCode::CREATED, "{}", joined.text());
    assert_eq!(joined.json()["target"], format!("telegram-{bot_node}"));
    let again = app
        .post(
            "/api/telegram/connect-analyzer",
            Some(&token),
            json!({"node_id": bot_node, "analyzer_id": analyzer}),
        )
        .await;
    assert_eq!(again.status, StatusCode::OK, "joined already: {}", again.text());
    assert_eq!(again.json()["database_id"], joined.json()["database_id"]);
    let not_an_analyzer = app
        .post(
            "/api/telegram/connect-analyzer",
            Some(&token),
            json!({"node_id": bot_node, "analyzer_id": assistant}),
        )
        .await;
    not_an_analyzer.assert_invalid("analyzer_id", "analyzer_not_found");

    Scene { token, key, iframe, analyzer, bot, bot_node }
}

/// A new visitor on the site says `text` and is answered.
async fn visitor_says(app: &TestApp, key: &str, text: &str) {
    let session = app
        .call_from(
            Method::POST,
            &format!("/api/widget/{key}/session"),
            Some(SITE),
            None,
            Some(json!({})),
        )
        .await;
    let token = session.json()["token"].as_str().unwrap().to_owned();
    let answer = app
        .call_from(
            Method::POST,
            &format!("/api/widget/{key}/messages"),
            None,
            Some(&token),
            Some(json!({"content": text})),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
    assert!(answer.text().contains("event: done"), "{}", answer.text());
}

async fn balance(app: &TestApp, token: &str) -> i64 {
    app.get("/api/subscription/current", Some(token)).await.json()["credit_balance"]
        .as_i64()
        .unwrap()
}

fn reports_sent(telegram: &FakeTelegram, bot: &FakeBot) -> Vec<String> {
    telegram
        .sent(&bot.token)
        .into_iter()
        .filter(|m| m.chat_id == OWNER_CHAT && m.plain.starts_with("📊"))
        .map(|m| m.plain)
        .collect()
}

async fn report_now(app: &TestApp, s: &Scene) -> TestResponse {
    app.post(&format!("/api/analyzers/{}/reports", s.analyzer), Some(&s.token), json!({})).await
}

#[tokio::test]
async fn conversations_in_one_report_out_to_the_owner_paid_for_and_never_twice() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let (telegram, model) = (world.telegram.clone(), world.model.clone());
        async move {
            let s = scene(&app, &telegram).await;
            // Nothing said yet: nothing to report, and nothing sent.
            report_now(&app, &s).await.assert_error(409, "analyzer_nothing_new");

            visitor_says(&app, &s.key, "قیمت گوشی چند است؟").await;
            visitor_says(&app, &s.key, "ارسال به شیراز دارید؟").await;
            // The owner's preview from the canvas is not the site's.
            let preview = app
                .post("/api/frames/preview", Some(&s.token), json!({"node_id": s.iframe}))
                .await
                .json();
            let answer = app
                .call_from(
                    Method::POST,
                    &format!("/api/widget/{}/messages", s.key),
                    None,
                    preview["token"].as_str(),
                    Some(json!({"content": "آزمایش پیش‌نمایش"})),
                )
                .await;
            assert_eq!(answer.status, StatusCode::OK);

            // Before the owner has written to the bot, the report stays in the panel.
            let before = balance(&app, &s.token).await;
            model.reset();
            let first = report_now(&app, &s).await;
            assert_eq!(first.status, StatusCode::CREATED, "{}", first.text());
            let first = first.json();
            assert_eq!(
                (first["conversations"].as_i64(), first["messages"].as_i64()),
                (Some(2), Some(4))
            );
            assert_eq!(first["delivery"], "not_sent");
            assert!(first["delivery_error"].as_str().unwrap().contains("پیامی نفرستاده"));
            assert_eq!(first["model"], DEFAULT_ANALYZER_MODEL);

            // The model read the two conversations with the analyzer's instructions.
            let asked = model.chat_requests();
            assert_eq!(asked.len(), 1, "one call to the model");
            assert_eq!(asked[0]["model"], DEFAULT_ANALYZER_MODEL);
            assert_eq!(asked[0]["messages"][0]["content"], ANALYZER_INSTRUCTIONS);
            let transcript = asked[0]["messages"][1]["content"].as_str().unwrap();
            for said in [
                "Customer: قیمت گوشی چند است؟",
                "Assistant: پاسخ: قیمت گوشی چند است؟",
                "Customer: ارسال به شیراز دارید؟",
                "### Conversation 2",
            ] {
                assert!(transcript.contains(said), "{said} in {transcript}");
            }
            assert!(!transcript.contains("پیش‌نمایش"), "the preview is left out: {transcript}");
            assert!(first["content"].as_str().unwrap().contains("قیمت گوشی چند است؟"));

            // Paid for like any answer.
            let credits = first["credits"].as_i64().unwrap();
            assert!(credits > 0);
            assert_eq!(balance(&app, &s.token).await, before - credits);

            // The owner writes; the report is sent again, once.
            telegram.user_says(&s.bot.token, OWNER_CHAT, "مدیر", "سلام").await;
            poll_and_run(&app, s.bot_node).await;
            let path = format!("/api/analyzers/{}/reports/{}/send", s.analyzer, first["id"]);
            let sent = app.post(&path, Some(&s.token), json!({})).await;
            assert_eq!(sent.status, StatusCode::OK, "{}", sent.text());
            assert_eq!(sent.json()["delivery"], "sent");
            assert_eq!(app.post(&path, Some(&s.token), json!({})).await.json()["delivery"], "sent");
            let delivered = reports_sent(&telegram, &s.bot);
            assert_eq!(delivered.len(), 1, "{delivered:?}");
            assert!(delivered[0].starts_with("📊 گزارش «"), "{}", delivered[0]);
            assert!(delivered[0].contains("۲ گفتگو، ۴ پیام"), "{}", delivered[0]);
            assert!(delivered[0].contains("قیمت گوشی چند است؟"));

            // Asked again with nothing new: nothing reported, nothing sent, nothing paid.
            let after_first = balance(&app, &s.token).await;
            report_now(&app, &s).await.assert_error(409, "analyzer_nothing_new");
            assert_eq!(balance(&app, &s.token).await, after_first);

            // Something new, then two requests at once: one report.
            visitor_says(&app, &s.key, "ساعت کاری شما؟").await;
            let (a, b) = tokio::join!(report_now(&app, &s), report_now(&app, &s));
            let mut statuses = [a.status.as_u16(), b.status.as_u16()];
            statuses.sort_unstable();
            assert_eq!(statuses, [201, 409], "{} / {}", a.text(), b.text());
            let second = if a.status == StatusCode::CREATED { a.json() } else { b.json() };
            assert_eq!(
                (second["conversations"].as_i64(), second["messages"].as_i64()),
                (Some(1), Some(2))
            );
            assert_eq!(second["delivery"], "sent");
            let delivered = reports_sent(&telegram, &s.bot);
            assert_eq!(delivered.len(), 2);
            assert!(delivered[1].contains("ساعت کاری شما؟") && !delivered[1].contains("قیمت گوشی"));

            // The panel lists them, newest first, with the daily schedule.
            let overview =
                app.get(&format!("/api/analyzers/{}/reports", s.analyzer), Some(&s.token)).await;
            assert_eq!(overview.status, StatusCode::OK, "{}", overview.text());
            let overview = overview.json();
            let ids: Vec<&Value> =
                overview["reports"].as_array().unwrap().iter().map(|r| &r["id"]).collect();
            assert_eq!(ids, [&second["id"], &first["id"]]);
            assert_eq!(overview["channels"], 1);
            assert_eq!(overview["bot_node_id"], s.bot_node);
            assert_eq!(
                (overview["schedule"]["daily"].as_bool(), overview["schedule"]["hour"].as_i64()),
                (Some(true), Some(9))
            );
        }
    })
    .await;
}

/// Takes the bot's pending updates (the fake holds them for `getUpdates`) and handles them.
async fn poll_and_run(app: &TestApp, bot_node: i64) {
    use dastyar_server::channels::telegram::poller;
    let polled =
        poller::poll_once(&app.state, bot_node, "test-instance", std::time::Duration::ZERO).await;
    assert!(polled.is_ok(), "{polled:?}");
    jobs::run_until_idle(&app.state).await.unwrap();
}

#[tokio::test]
async fn the_daily_schedule_reports_once_however_many_instances_look() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let telegram = world.telegram.clone();
        async move {
            let s = scene(&app, &telegram).await;
            telegram.user_says(&s.bot.token, OWNER_CHAT, "مدیر", "سلام").await;
            poll_and_run(&app, s.bot_node).await;

            let path = format!("/api/analyzers/{}/schedule", s.analyzer);
            app.put(&path, Some(&s.token), json!({"daily": true, "hour": 24}))
                .await
                .assert_invalid("hour", "analyzer_hour_invalid");
            let set = app.put(&path, Some(&s.token), json!({"daily": true, "hour": 21})).await;
            assert_eq!(set.status, StatusCode::OK, "{}", set.text());
            let next: DateTime<Utc> =
                set.json()["next_report_at"].as_str().unwrap().parse().unwrap();
            // 21:00 in Tehran is 17:30 UTC.
            assert_eq!(next.format("%H:%M").to_string(), "17:30");

            visitor_says(&app, &s.key, "تخفیف دارید؟").await;
            // Not due yet: nothing.
            assert_eq!(
                schedule::run_due(&app.state, next - TimeDelta::minutes(1)).await.unwrap(),
                0
            );
            // Due: two instances look at once; one report goes out.
            let due = next + TimeDelta::seconds(5);
            let (a, b) = tokio::join!(
                schedule::run_due(&app.state, due),
                schedule::run_due(&app.state, due)
            );
            assert_eq!(a.unwrap() + b.unwrap(), 1);
            assert_eq!(reports_sent(&telegram, &s.bot).len(), 1);
            // The next run is the next day; when it comes with nothing new, nothing is sent.
            let overview = app
                .get(&format!("/api/analyzers/{}/reports", s.analyzer), Some(&s.token))
                .await
                .json();
            assert_eq!(overview["reports"][0]["requested_by"], "schedule");
            let tomorrow: DateTime<Utc> =
                overview["schedule"]["next_report_at"].as_str().unwrap().parse().unwrap();
            assert_eq!(tomorrow - next, TimeDelta::days(1));
            assert_eq!(
                schedule::run_due(&app.state, tomorrow + TimeDelta::seconds(5)).await.unwrap(),
                0
            );
            assert_eq!(reports_sent(&telegram, &s.bot).len(), 1);

            // Switched off: no next run.
            let off =
                app.put(&path, Some(&s.token), json!({"daily": false, "hour": 9})).await.json();
            assert!(off.get("next_report_at").is_none(), "{off}");

            // Another user's analyzer is nobody's business.
            let (stranger, _) = app.register("stranger@example.com").await;
            let theirs =
                app.get(&format!("/api/analyzers/{}/reports", s.analyzer), Some(&stranger)).await;
            assert_eq!(theirs.status, StatusCode::NOT_FOUND);
            let theirs = app
                .post(&format!("/api/analyzers/{}/reports", s.analyzer), Some(&stranger), json!({}))
                .await;
            assert_eq!(theirs.status, StatusCode::NOT_FOUND);
        }
    })
    .await;
}

#[tokio::test]
async fn an_analyzer_without_a_container_says_what_to_join() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| async move {
        let (token, user_id) = app.register("lonely@example.com").await;
        let project = app.create_project(&token, "تنها").await;
        let analyzer = Canvas::new(&app, user_id, project).analyzer().await;
        let answer =
            app.post(&format!("/api/analyzers/{analyzer}/reports"), Some(&token), json!({})).await;
        answer.assert_error(409, "analyzer_no_container");
        let overview =
            app.get(&format!("/api/analyzers/{analyzer}/reports"), Some(&token)).await.json();
        assert_eq!(overview["channels"], 0);
        assert_eq!(overview["reports"], json!([]));
    })
    .await;
}

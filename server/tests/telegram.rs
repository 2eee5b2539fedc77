//! Telegram bots against the Telegram fake (tests/fakes), on both backends:
//! registration hooks the webhook up with a secret, only Telegram's posts
//! are taken, each update is answered once (re-delivered, or received by
//! two instances), long polling where Telegram cannot reach us, the owner,
//! long answers split, functions nobody can run, and disconnecting.

mod common;

use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::canvas::Canvas;
use common::{TestApp, for_each_backend_with};
use dastyar_core::NodeKind;
use dastyar_core::secrets::is_mask;
use dastyar_fakes::openai::{FakeOpenAi, Reply, ToolCall};
use dastyar_fakes::telegram::{FakeBot, FakeTelegram};
use dastyar_server::Config;
use dastyar_server::channels::telegram::poller::{self, Polled};
use dastyar_server::jobs;
use serde_json::{Value, json};

const PUBLIC_URL: &str = "https://dastyar.example";
const SECRET_HEADER: &str = "X-Telegram-Bot-Api-Secret-Token";

/// The outside world of one test: Telegram and the model.
struct World {
    telegram: FakeTelegram,
    model: FakeOpenAi,
}

impl World {
    async fn start() -> World {
        World { telegram: FakeTelegram::start().await, model: FakeOpenAi::start().await }
    }

    fn configure(&self, public_url: Option<&str>) -> impl Fn(&mut Config) + use<> {
        let (telegram, model) = (self.telegram.base_url.clone(), self.model.base_url.clone());
        let public_url = public_url.map(str::to_owned);
        move |config: &mut Config| {
            config.providers.telegram.api_url = telegram.clone();
            config.providers.llm.base_url = Some(model.clone());
            config.public_url = public_url.clone();
        }
    }
}

/// A user, a project with an assistant, and a bot registered and joined to it.
struct Scene {
    token: String,
    user_id: i64,
    project: i64,
    assistant: i64,
    bot: FakeBot,
    node: i64,
}

async fn scene(app: &TestApp, telegram: &FakeTelegram) -> Scene {
    let (token, user_id) = app.register("bot-owner@example.com").await;
    let project = app.create_project(&token, "ربات").await;
    let assistant = Canvas::new(app, user_id, project).assistant().await;
    let bot = telegram.new_bot("shop");
    let body = json!({"project_id": project.to_string(), "bot_token": bot.token,
                      "name": "ربات فروشگاه", "position": {"x": 300.0, "y": 100.0}});
    let response = app.post("/api/telegram/register", Some(&token), body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    let node = response.json()["database_id"].as_i64().unwrap();
    app.connect(&token, project, (NodeKind::Assistant, assistant), (NodeKind::Telegram, node))
        .await;
    Scene { token, user_id, project, assistant, bot, node }
}

/// Serves the app on a local socket (Telegram's posts arrive over HTTP);
/// the fake delivers webhooks there, as a TLS proxy in front would.
async fn listen(app: &TestApp, telegram: &FakeTelegram) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let router = app.router.clone();
    tokio::spawn(async move {
        let service = router.into_make_service_with_connect_info::<std::net::SocketAddr>();
        axum::serve(listener, service).await.unwrap();
    });
    telegram.route_webhooks_to(&format!("http://{addr}"));
}

async fn post_update(app: &TestApp, node: i64, secret: Option<&str>, update: &Value) -> StatusCode {
    let mut request = Request::post(format!("/api/telegram/webhook/{node}"))
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(secret) = secret {
        request = request.header(SECRET_HEADER, secret);
    }
    app.send(request.body(Body::from(update.to_string())).unwrap()).await.status
}

/// The owner writes first (and is registered); the texts the bot sent `chat` since.
async fn register_owner(app: &TestApp, telegram: &FakeTelegram, bot: &FakeBot) {
    telegram.user_says(&bot.token, 1000, "مدیر", "سلام").await;
    jobs::run_until_idle(&app.state).await.unwrap();
}

fn texts_to(telegram: &FakeTelegram, bot: &FakeBot, chat: i64) -> Vec<String> {
    telegram.sent(&bot.token).into_iter().filter(|m| m.chat_id == chat).map(|m| m.plain).collect()
}

#[tokio::test]
async fn register_sets_the_webhook_with_a_secret_and_fills_the_bot_in() {
    let world = World::start().await;
    for_each_backend_with(world.configure(Some(PUBLIC_URL)), |app| {
        let telegram = world.telegram.clone();
        async move {
            let s = scene(&app, &telegram).await;
            let hook = telegram.webhook(&s.bot.token).expect("a webhook is set");
            assert_eq!(hook.url, format!("{PUBLIC_URL}/api/telegram/webhook/{}", s.node));
            let secret = hook.secret_token.expect("with a secret");
            assert!(secret.len() >= 32, "a long random secret: {secret}");
            let node = app.get(&format!("/api/telegram/{}", s.node), Some(&s.token)).await.json();
            assert_eq!(node["data"]["bot_username"], s.bot.username, "filled in from getMe");
            assert_eq!(node["data"]["listening"], "webhook", "{node}");
            let shown = node["data"]["bot_token"].as_str().unwrap();
            assert!(is_mask(shown) && !s.bot.token.starts_with(shown), "never sent back: {shown}");
            let status = app
                .post("/api/telegram/test-connection", Some(&s.token), json!({"node_id": s.node}))
                .await;
            assert_eq!(status.status, StatusCode::OK, "{}", status.text());
            assert_eq!(status.json()["mode"], "webhook");
            assert!(status.json().get("last_error").is_none(), "{}", status.text());

            // Telegram cannot reach the webhook (nothing listens here): the
            // panel hears why, in Persian, with the backlog.
            telegram.user_says(&s.bot.token, 1000, "مدیر", "سلام").await;
            let status = app
                .post("/api/telegram/test-connection", Some(&s.token), json!({"node_id": s.node}))
                .await
                .json();
            assert_eq!(status["pending_updates"], 1, "{status}");
            let error = status["last_error"].as_str().unwrap();
            assert!(error.starts_with("تلگرام نتوانست پیام‌ها را به وب‌هوک برساند"), "{error}");

            // Another token names another bot: the old one is unhooked.
            let other = telegram.new_bot("other");
            let path = format!("/api/telegram/{}", s.node);
            let edited = app.patch(&path, Some(&s.token), json!({"bot_token": other.token})).await;
            assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
            assert!(edited.json()["data"].get("webhook_url").is_none(), "{}", edited.text());
            assert!(edited.json()["data"].get("listening").is_none(), "{}", edited.text());
            assert!(telegram.webhook(&s.bot.token).is_none(), "the old bot's webhook is gone");
            let status = app
                .post("/api/telegram/test-connection", Some(&s.token), json!({"node_id": s.node}))
                .await;
            assert_eq!(status.json()["mode"], "disconnected");

            // A token Telegram does not know makes no node.
            let before =
                app.get(&format!("/api/projects/{}/nodes", s.project), Some(&s.token)).await;
            let unknown = json!({"project_id": s.project.to_string(),
                                 "bot_token": "999999:AAHunknownunknownunknownunknown123"});
            let refused = app.post("/api/telegram/register", Some(&s.token), unknown).await;
            refused.assert_invalid("bot_token", "telegram_token_rejected");
            let after =
                app.get(&format!("/api/projects/{}/nodes", s.project), Some(&s.token)).await;
            assert_eq!(before.json(), after.json());
        }
    })
    .await;
}

#[tokio::test]
async fn only_posts_with_the_secret_are_taken() {
    let world = World::start().await;
    for_each_backend_with(world.configure(Some(PUBLIC_URL)), |app| {
        let telegram = world.telegram.clone();
        async move {
            let s = scene(&app, &telegram).await;
            let update = json!({"update_id": 5, "message": {"message_id": 1, "date": 0,
                                "chat": {"id": 7, "type": "private"}, "text": "hi"}});
            assert_eq!(post_update(&app, s.node, None, &update).await, StatusCode::FORBIDDEN);
            assert_eq!(
                post_update(&app, s.node, Some("guess"), &update).await,
                StatusCode::FORBIDDEN
            );
            assert_eq!(
                post_update(&app, 999_999, Some("guess"), &update).await,
                StatusCode::FORBIDDEN
            );
            assert_eq!(jobs::run_until_idle(&app.state).await.unwrap(), 0, "nothing was queued");
            let secret = telegram.webhook(&s.bot.token).unwrap().secret_token.unwrap();
            assert_eq!(post_update(&app, s.node, Some(&secret), &update).await, StatusCode::OK);
            assert_eq!(jobs::run_until_idle(&app.state).await.unwrap(), 1);
        }
    })
    .await;
}

#[tokio::test]
async fn the_first_writer_owns_the_bot_and_others_get_the_assistant() {
    let world = World::start().await;
    for_each_backend_with(world.configure(Some(PUBLIC_URL)), |app| {
        let (telegram, model) = (world.telegram.clone(), world.model.clone());
        async move {
            listen(&app, &telegram).await;
            let s = scene(&app, &telegram).await;
            register_owner(&app, &telegram, &s.bot).await;
            let owner_texts = texts_to(&telegram, &s.bot, 1000);
            assert_eq!(owner_texts.len(), 1);
            assert!(owner_texts[0].contains("مالکیت"), "{owner_texts:?}");

            let update = telegram.user_says(&s.bot.token, 2000, "سارا", "قیمت چند است؟").await;
            jobs::run_until_idle(&app.state).await.unwrap();
            assert_eq!(texts_to(&telegram, &s.bot, 2000), ["پاسخ: قیمت چند است؟"]);
            assert!(
                telegram
                    .chat_actions(&s.bot.token)
                    .iter()
                    .any(|(chat, a)| *chat == 2000 && a == "typing"),
                "typing… while the assistant thinks"
            );

            // Telegram delivers the same update again: answered once, charged once.
            let calls = model.chat_requests().len();
            assert_eq!(telegram.redeliver(&s.bot.token, &update).await, Some(200));
            jobs::run_until_idle(&app.state).await.unwrap();
            assert_eq!(texts_to(&telegram, &s.bot, 2000).len(), 1);
            assert_eq!(model.chat_requests().len(), calls);

            let users = app.get(&format!("/api/telegram/{}/users", s.node), Some(&s.token)).await;
            let users = users.json();
            assert_eq!(users["owner"]["chat_id"], 1000);
            assert_eq!(users["owner"]["name"], "مدیر");
            assert_eq!(users["users"].as_array().unwrap().len(), 2);
        }
    })
    .await;
}

#[tokio::test]
async fn two_instances_on_one_database_answer_an_update_once() {
    let world = World::start().await;
    for_each_backend_with(world.configure(Some(PUBLIC_URL)), |app| {
        let telegram = world.telegram.clone();
        async move {
            let s = scene(&app, &telegram).await;
            let other = TestApp::open((*app.state.config).clone(), app.backend).await;
            let secret = telegram.webhook(&s.bot.token).unwrap().secret_token.unwrap();
            let update = json!({"update_id": 41, "message": {"message_id": 1, "date": 0,
                                "chat": {"id": 1000, "type": "private", "first_name": "مدیر"},
                                "text": "سلام"}});
            // The chat must be one Telegram knows, for the answer to reach it.
            telegram.user_says(&s.bot.token, 1000, "مدیر", "اول").await;
            let (a, b) = tokio::join!(
                post_update(&app, s.node, Some(&secret), &update),
                post_update(&other, s.node, Some(&secret), &update)
            );
            assert_eq!((a, b), (StatusCode::OK, StatusCode::OK));
            let (ran_a, ran_b) =
                tokio::join!(jobs::run_until_idle(&app.state), jobs::run_until_idle(&other.state));
            assert_eq!(ran_a.unwrap() + ran_b.unwrap(), 1, "one job for the update");
            assert_eq!(texts_to(&telegram, &s.bot, 1000).len(), 1);
        }
    })
    .await;
}

#[tokio::test]
async fn where_telegram_cannot_reach_us_one_instance_polls() {
    let world = World::start().await;
    // The default public URL, http on a laptop.
    for_each_backend_with(world.configure(None), |app| {
        let telegram = world.telegram.clone();
        async move {
            let s = scene(&app, &telegram).await;
            assert!(telegram.webhook(&s.bot.token).is_none(), "no webhook over http");
            let status = app
                .post("/api/telegram/test-connection", Some(&s.token), json!({"node_id": s.node}))
                .await;
            assert_eq!(status.json()["mode"], "polling");
            let node = app.get(&format!("/api/telegram/{}", s.node), Some(&s.token)).await.json();
            assert_eq!(node["data"]["listening"], "polling", "{node}");
            // Its names read again from Telegram: still heard the same way.
            let details = app
                .post("/api/telegram/get-details", Some(&s.token), json!({"node_id": s.node}))
                .await;
            assert_eq!(details.status, StatusCode::OK, "{}", details.text());
            let node = app.get(&format!("/api/telegram/{}", s.node), Some(&s.token)).await.json();
            assert_eq!(node["data"]["listening"], "polling", "{node}");

            telegram.user_says(&s.bot.token, 1000, "مدیر", "سلام").await;
            let polled = poller::poll_once(&app.state, s.node, "instance-a", Duration::ZERO).await;
            assert_eq!(polled.unwrap(), Polled::Fetched(1));
            let other = poller::poll_once(&app.state, s.node, "instance-b", Duration::ZERO).await;
            assert_eq!(other.unwrap(), Polled::NotMine, "instance-a holds the lease");
            jobs::run_until_idle(&app.state).await.unwrap();
            assert_eq!(texts_to(&telegram, &s.bot, 1000).len(), 1, "the owner was registered");

            // Confirmed: the next poll does not fetch it again.
            let again = poller::poll_once(&app.state, s.node, "instance-a", Duration::ZERO).await;
            assert_eq!(again.unwrap(), Polled::Fetched(0));
            assert!(telegram.max_concurrent_polls(&s.bot.token) <= 1);
        }
    })
    .await;
}

#[tokio::test]
async fn a_long_answer_arrives_in_two_messages() {
    let world = World::start().await;
    for_each_backend_with(world.configure(Some(PUBLIC_URL)), |app| {
        let (telegram, model) = (world.telegram.clone(), world.model.clone());
        async move {
            listen(&app, &telegram).await;
            let s = scene(&app, &telegram).await;
            register_owner(&app, &telegram, &s.bot).await;
            let long: String = (0..1000).map(|i| format!("واژه{} ", i % 10)).collect();
            let long = long.trim().to_owned();
            assert!(long.chars().count() >= 5000);
            model.push(Reply::Text(long.clone()));
            telegram.user_says(&s.bot.token, 1000, "مدیر", "یک متن بلند بنویس").await;
            jobs::run_until_idle(&app.state).await.unwrap();
            let texts = texts_to(&telegram, &s.bot, 1000);
            assert_eq!(
                texts.len(),
                3,
                "the owner notice, then the answer in two: {:?}",
                texts.len()
            );
            let joined = format!("{} {}", texts[1], texts[2]);
            assert_eq!(
                joined.split_whitespace().collect::<Vec<_>>(),
                long.split_whitespace().collect::<Vec<_>>()
            );
        }
    })
    .await;
}

#[tokio::test]
async fn a_function_nobody_in_telegram_can_run_gets_a_clear_result() {
    let world = World::start().await;
    for_each_backend_with(world.configure(Some(PUBLIC_URL)), |app| {
        let (telegram, model) = (world.telegram.clone(), world.model.clone());
        async move {
            listen(&app, &telegram).await;
            let s = scene(&app, &telegram).await;
            let function = Canvas::new(&app, s.user_id, s.project).function().await;
            app.connect(
                &s.token,
                s.project,
                (NodeKind::Assistant, s.assistant),
                (NodeKind::Function, function),
            )
            .await;
            register_owner(&app, &telegram, &s.bot).await;
            model.push(Reply::ToolCalls(vec![ToolCall {
                name: "get_weather".into(),
                arguments: r#"{"city":"تهران"}"#.into(),
            }]));
            telegram.user_says(&s.bot.token, 1000, "مدیر", "هوای تهران؟").await;
            jobs::run_until_idle(&app.state).await.unwrap();
            let texts = texts_to(&telegram, &s.bot, 1000);
            let answer = texts.last().unwrap();
            assert!(answer.contains("در این کانال اجرا نمی‌شود"), "{answer}");
        }
    })
    .await;
}

#[tokio::test]
async fn disconnect_deletes_the_webhook_and_keeps_the_node() {
    let world = World::start().await;
    for_each_backend_with(world.configure(Some(PUBLIC_URL)), |app| {
        let telegram = world.telegram.clone();
        async move {
            let s = scene(&app, &telegram).await;
            let secret = telegram.webhook(&s.bot.token).unwrap().secret_token.unwrap();
            let path = format!("/api/telegram/{}?operation=disconnect", s.node);
            let response = app.delete(&path, Some(&s.token)).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            assert!(telegram.webhook(&s.bot.token).is_none(), "deleteWebhook was called");
            let node = app.get(&format!("/api/telegram/{}", s.node), Some(&s.token)).await;
            assert_eq!(node.status, StatusCode::OK, "the node stays");
            assert!(node.json()["data"].get("listening").is_none(), "{}", node.text());
            let update = json!({"update_id": 9, "message": {"message_id": 1, "date": 0,
                                "chat": {"id": 7, "type": "private"}, "text": "hi"}});
            assert_eq!(
                post_update(&app, s.node, Some(&secret), &update).await,
                StatusCode::FORBIDDEN
            );

            let wrong = app
                .delete(&format!("/api/telegram/{}?operation=archive", s.node), Some(&s.token))
                .await;
            wrong.assert_invalid("operation", "telegram_operation_invalid");

            // Connected again, then deleted: Telegram is unhooked first.
            let again = app
                .post("/api/telegram/retry-webhook", Some(&s.token), json!({"node_id": s.node}))
                .await;
            assert_eq!(again.status, StatusCode::OK, "{}", again.text());
            assert!(telegram.webhook(&s.bot.token).is_some());
            let node = app.get(&format!("/api/telegram/{}", s.node), Some(&s.token)).await.json();
            assert_eq!(node["data"]["listening"], "webhook", "{node}");
            let deleted = app.delete(&format!("/api/telegram/{}", s.node), Some(&s.token)).await;
            assert_eq!(deleted.status, StatusCode::OK);
            assert!(telegram.webhook(&s.bot.token).is_none());
        }
    })
    .await;
}

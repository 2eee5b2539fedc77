//! The Telegram fake over real HTTP: it must speak the Bot API as Telegram
//! does, errors included, or the server's Telegram tests prove nothing.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use dastyar_fakes::telegram::{Delivery, FakeBot, FakeTelegram};
use serde_json::{Value, json};

/// Calls `method` with a JSON body: the HTTP status and the envelope.
async fn call(fake: &FakeTelegram, token: &str, method: &str, params: Value) -> (u16, Value) {
    let url = format!("{}/bot{token}/{method}", fake.base_url);
    let response = reqwest::Client::new().post(url).json(&params).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// The result of a call that must succeed.
async fn ok(fake: &FakeTelegram, token: &str, method: &str, params: Value) -> Value {
    let (status, body) = call(fake, token, method, params).await;
    assert_eq!((status, &body["ok"]), (200, &json!(true)), "{method}: {body}");
    body["result"].clone()
}

/// The description of a call that must fail with `code`, after checking the envelope.
async fn refused(
    fake: &FakeTelegram,
    token: &str,
    method: &str,
    params: Value,
    code: u16,
) -> String {
    let (status, body) = call(fake, token, method, params).await;
    assert_eq!(status, code, "{method}: {body}");
    assert_eq!(body["ok"], false);
    assert_eq!(body["error_code"], code);
    body["description"].as_str().unwrap().to_owned()
}

/// What a webhook receiver was sent: path and query, the secret header, the body.
#[derive(Debug, Clone)]
struct Seen {
    path: String,
    secret: Option<String>,
    content_type: Option<String>,
    update: Value,
}

/// A server's webhook endpoint stand-in: records every POST and answers
/// `status` (with `reply` as a JSON body when set).
#[derive(Clone, Default)]
struct Receiver {
    status: Arc<AtomicU16>,
    reply: Arc<Mutex<Option<Value>>>,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Receiver {
    /// Listening on a free port: the receiver and its base URL.
    async fn start(status: u16) -> (Receiver, String) {
        let receiver = Receiver::default();
        receiver.answer(status);
        let app = Router::new().fallback(receive).with_state(receiver.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr: SocketAddr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (receiver, format!("http://{addr}"))
    }

    fn answer(&self, status: u16) {
        self.status.store(status, Ordering::SeqCst);
    }

    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

async fn receive(
    State(receiver): State<Receiver>,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let header = |name: &str| headers.get(name).map(|v| v.to_str().unwrap().to_owned());
    receiver.seen.lock().unwrap().push(Seen {
        path: uri.path_and_query().unwrap().to_string(),
        secret: header("x-telegram-bot-api-secret-token"),
        content_type: header("content-type"),
        update: serde_json::from_slice(&body).unwrap(),
    });
    let status = StatusCode::from_u16(receiver.status.load(Ordering::SeqCst)).unwrap();
    match receiver.reply.lock().unwrap().clone() {
        Some(reply) => (status, axum::Json(reply)).into_response(),
        None => status.into_response(),
    }
}

const HOOK: &str = "https://dastyar.example/api/telegram/webhook/42?v=1";

#[tokio::test]
async fn get_me_answers_known_bots_and_tokens_are_judged_as_telegram_does() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("shop");
    assert_eq!(bot.username, "shop_bot");
    let (id, secret) = bot.token.split_once(':').unwrap();
    assert_eq!(id, bot.id.to_string());
    assert!(secret.starts_with("AAH") && secret.len() == 35, "{secret}");
    assert!(secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));

    let me = ok(&fake, &bot.token, "getMe", json!({})).await;
    assert_eq!(
        me,
        json!({"id": bot.id, "is_bot": true, "first_name": "shop", "username": "shop_bot",
               "can_join_groups": true, "can_read_all_group_messages": false,
               "supports_inline_queries": false, "can_connect_to_business": false,
               "has_main_web_app": false})
    );
    // Method names are case-insensitive; GET with a query works too.
    assert_eq!(ok(&fake, &bot.token, "GETME", json!({})).await["id"], bot.id);
    let got: Value = reqwest::get(format!("{}/bot{}/getMe", fake.base_url, bot.token))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(got["result"]["username"], "shop_bot");

    let revoked = format!("{}:AAHrevokedrevokedrevokedrevokedrev", bot.id + 1);
    assert_eq!(refused(&fake, &revoked, "getMe", json!({}), 401).await, "Unauthorized");
    for malformed in ["123456", "0123:abc", "12/34:abc"] {
        assert_eq!(
            refused(&fake, malformed, "getMe", json!({}), 401).await,
            "Unauthorized: invalid token specified",
            "{malformed}"
        );
    }
    let long = format!("1:{}", "a".repeat(80));
    assert_eq!(
        refused(&fake, &long, "getMe", json!({}), 401).await,
        "Unauthorized: invalid token specified"
    );
    assert_eq!(
        refused(&fake, "abc:def", "getMe", json!({}), 421).await,
        "Misdirected Request: unallowed token specified"
    );
    assert_eq!(refused(&fake, &bot.token, "sendSticker", json!({}), 404).await, "Not Found");
    let nowhere = reqwest::get(format!("{}/getMe", fake.base_url)).await.unwrap();
    assert_eq!(nowhere.status(), 404);

    // A bot added by hand is answered too.
    let own = FakeBot {
        token: "777:AAHown".into(),
        id: 777,
        username: "own_bot".into(),
        first_name: "Own".into(),
    };
    fake.add_bot(own.clone());
    assert_eq!(ok(&fake, &own.token, "getMe", json!({})).await["first_name"], "Own");
    assert_eq!(fake.calls(&bot.token), ["getme", "getme", "getme", "sendsticker"]);
}

#[tokio::test]
async fn set_webhook_refuses_what_telegram_refuses_and_reports_what_it_set() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("hooks");
    let t = bot.token.as_str();
    let cases = [
        (
            json!({"url": "http://dastyar.example/hook"}),
            "Bad Request: bad webhook: An HTTPS URL must be provided for webhook",
        ),
        (
            json!({"url": HOOK, "secret_token": "has space"}),
            "Bad Request: secret token contains unallowed characters",
        ),
        (
            json!({"url": HOOK, "secret_token": "a".repeat(257)}),
            "Bad Request: secret token is too long",
        ),
        (
            json!({"url": "https://dastyar.example:3000/hook"}),
            "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443",
        ),
        (
            json!({"url": "https://127.0.0.1/hook"}),
            "Bad Request: bad webhook: IP address 127.0.0.1 is reserved",
        ),
        (json!({"url": "https://bad host/"}), "Bad Request: invalid webhook URL specified"),
    ];
    for (params, description) in cases {
        assert_eq!(refused(&fake, t, "setWebhook", params, 400).await, description);
    }
    assert_eq!(fake.webhook(t), None);

    let (status, body) = call(
        &fake,
        t,
        "setWebhook",
        json!({"url": HOOK, "secret_token": "s3cret-_", "allowed_updates": ["message"]}),
    )
    .await;
    assert_eq!(
        (status, &body),
        (200, &json!({"ok": true, "result": true, "description": "Webhook was set"}))
    );
    let again =
        call(&fake, t, "setWebhook", json!({"url": HOOK, "secret_token": "s3cret-_"})).await.1;
    assert_eq!(again["description"], "Webhook is already set");
    let webhook = fake.webhook(t).unwrap();
    assert_eq!(webhook.url, HOOK);
    assert_eq!(webhook.secret_token.as_deref(), Some("s3cret-_"));
    assert_eq!(
        (webhook.max_connections, webhook.allowed_updates),
        (None, Some(vec!["message".to_owned()]))
    );
    assert_eq!(
        ok(&fake, t, "getWebhookInfo", json!({})).await,
        json!({"url": HOOK, "has_custom_certificate": false, "pending_update_count": 0,
               "max_connections": 40, "allowed_updates": ["message"]})
    );

    // A form body works as JSON does.
    let form = reqwest::Client::new()
        .post(format!("{}/bot{t}/deleteWebhook", fake.base_url))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("drop_pending_updates=true")
        .send()
        .await
        .unwrap();
    assert_eq!(form.json::<Value>().await.unwrap()["description"], "Webhook was deleted");
    assert_eq!(
        call(&fake, t, "deleteWebhook", json!({})).await.1["description"],
        "Webhook is already deleted"
    );
    // `url` left out (or empty) removes the webhook, as on Telegram.
    assert_eq!(
        call(&fake, t, "setWebhook", json!({})).await.1["description"],
        "Webhook is already deleted"
    );
    assert_eq!(ok(&fake, t, "getWebhookInfo", json!({})).await["url"], "");
}

#[tokio::test]
async fn a_delivery_reaches_the_webhook_with_its_secret_and_path() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("deliver");
    let t = bot.token.as_str();
    let (receiver, base) = Receiver::start(200).await;
    fake.route_webhooks_to(&base);
    ok(&fake, t, "setWebhook", json!({"url": HOOK, "secret_token": "s3cret"})).await;

    let update = fake.user_says(t, 9001, "Sara", "سلام").await;
    let message = &update["message"];
    assert_eq!(message["text"], "سلام");
    assert_eq!(message["chat"], json!({"id": 9001, "type": "private", "first_name": "Sara"}));
    assert_eq!(message["from"], json!({"id": 9001, "is_bot": false, "first_name": "Sara"}));
    assert!(message["date"].as_i64().unwrap() > 1_700_000_000);
    let first_id = update["update_id"].as_i64().unwrap();
    assert!(first_id >= 100_000, "update ids do not start at 1: {first_id}");

    let seen = receiver.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].path, "/api/telegram/webhook/42?v=1");
    assert_eq!(seen[0].secret.as_deref(), Some("s3cret"));
    assert_eq!(seen[0].content_type.as_deref(), Some("application/json"));
    assert_eq!(seen[0].update, update);
    assert_eq!(fake.deliveries(t), [Delivery { update_id: first_id, status: Some(200) }]);
    assert_eq!(ok(&fake, t, "getWebhookInfo", json!({})).await["pending_update_count"], 0);

    let second = fake.user_says(t, 9001, "Sara", "/start").await;
    assert_eq!(second["update_id"], first_id + 1);
    assert_eq!(second["message"]["message_id"], 2);
    assert_eq!(
        second["message"]["entities"],
        json!([{"offset": 0, "length": 6, "type": "bot_command"}])
    );
    assert_eq!(receiver.seen().len(), 2);
}

#[tokio::test]
async fn a_refused_delivery_stays_pending_until_it_is_delivered_again() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("retry");
    let t = bot.token.as_str();
    let (receiver, base) = Receiver::start(403).await;
    fake.route_webhooks_to(&base);
    ok(&fake, t, "setWebhook", json!({"url": HOOK, "secret_token": "right"})).await;

    let update = fake.user_says(t, 5, "Ali", "hi").await;
    let id = update["update_id"].as_i64().unwrap();
    assert_eq!(fake.deliveries(t), [Delivery { update_id: id, status: Some(403) }]);
    let info = ok(&fake, t, "getWebhookInfo", json!({})).await;
    assert_eq!(info["last_error_message"], "Wrong response from the webhook: 403 Forbidden");
    assert!(info["last_error_date"].as_i64().unwrap() > 1_700_000_000);
    assert_eq!(info["pending_update_count"], 1);

    receiver.answer(200);
    assert_eq!(fake.redeliver(t, &update).await, Some(200));
    let seen = receiver.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].update["update_id"], seen[1].update["update_id"]);
    assert_eq!(ok(&fake, t, "getWebhookInfo", json!({})).await["pending_update_count"], 0);

    // Nothing listening: a connection error, and the update waits.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let closed_base = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    fake.route_webhooks_to(&closed_base);
    let lost = fake.user_says(t, 5, "Ali", "again").await;
    assert_eq!(fake.deliveries(t).last().unwrap().status, None);
    let info = ok(&fake, t, "getWebhookInfo", json!({})).await;
    assert_eq!(
        (&info["last_error_message"], &info["pending_update_count"]),
        (&json!("Connection refused"), &json!(1))
    );
    assert_eq!(fake.redeliver(t, &lost).await, None);

    // Deleting the webhook hands the pending update to getUpdates.
    ok(&fake, t, "deleteWebhook", json!({})).await;
    let updates = ok(&fake, t, "getUpdates", json!({})).await;
    assert_eq!(updates, json!([lost]));
    assert_eq!(fake.redeliver(t, &lost).await, None, "no webhook, no delivery");
}

#[tokio::test]
async fn a_webhook_may_answer_with_a_method_call() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("answers");
    let (receiver, base) = Receiver::start(200).await;
    *receiver.reply.lock().unwrap() =
        Some(json!({"method": "sendMessage", "chat_id": 8, "text": "فوری"}));
    fake.route_webhooks_to(&base);
    ok(&fake, &bot.token, "setWebhook", json!({"url": HOOK})).await;
    fake.user_says(&bot.token, 8, "Reza", "hi").await;
    let sent = fake.sent(&bot.token);
    assert_eq!((sent.len(), sent[0].chat_id, sent[0].plain.as_str()), (1, 8, "فوری"));
}

#[tokio::test]
async fn updates_queued_before_the_webhook_are_delivered_once_it_is_set() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("later");
    let (receiver, base) = Receiver::start(200).await;
    fake.route_webhooks_to(&base);
    let early = fake.user_says(&bot.token, 4, "Hadi", "before").await;
    assert!(receiver.seen().is_empty());
    ok(&fake, &bot.token, "setWebhook", json!({"url": HOOK})).await;
    wait_until(|| receiver.seen().len() == 1).await;
    assert_eq!(receiver.seen()[0].update, early);
    assert_eq!(receiver.seen()[0].secret, None, "no secret was set");
    wait_until(|| fake.deliveries(&bot.token).len() == 1).await;
    assert_eq!(ok(&fake, &bot.token, "getWebhookInfo", json!({})).await["pending_update_count"], 0);
}

#[tokio::test]
async fn get_updates_long_polls_confirms_by_offset_and_refuses_while_a_webhook_is_set() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("poll");
    let t = bot.token.clone();
    ok(&fake, &t, "setWebhook", json!({"url": HOOK})).await;
    assert_eq!(
        refused(&fake, &t, "getUpdates", json!({}), 409).await,
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"
    );
    ok(&fake, &t, "deleteWebhook", json!({})).await;
    assert_eq!(ok(&fake, &t, "getUpdates", json!({"timeout": 0})).await, json!([]));

    let started = Instant::now();
    let poll = tokio::spawn({
        let fake = fake.clone();
        let t = t.clone();
        async move { ok(&fake, &t, "getUpdates", json!({"timeout": 20})).await }
    });
    wait_until(|| fake.max_concurrent_polls(&t) == 1).await;
    let update = fake.user_says(&t, 77, "Nima", "wake up").await;
    let updates = poll.await.unwrap();
    assert_eq!(updates, json!([update]));
    assert!(started.elapsed() < Duration::from_secs(10), "the poll woke when the update came");

    // Unconfirmed, it comes again; an offset past it confirms it.
    let id = update["update_id"].as_i64().unwrap();
    assert_eq!(ok(&fake, &t, "getUpdates", json!({"offset": id})).await, json!([update]));
    assert_eq!(ok(&fake, &t, "getUpdates", json!({"offset": id + 1})).await, json!([]));
    assert_eq!(ok(&fake, &t, "getWebhookInfo", json!({})).await["pending_update_count"], 0);
    let later = fake.user_says(&t, 77, "Nima", "more").await;
    assert_eq!(later["update_id"], id + 1);
    assert_eq!(
        ok(&fake, &t, "getUpdates", json!({"offset": id + 1, "limit": 1})).await,
        json!([later])
    );
}

#[tokio::test]
async fn a_second_poll_ends_the_first_with_a_conflict() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("twice");
    let t = bot.token.clone();
    let first = tokio::spawn({
        let fake = fake.clone();
        let t = t.clone();
        async move { call(&fake, &t, "getUpdates", json!({"timeout": 20})).await }
    });
    wait_until(|| fake.max_concurrent_polls(&t) == 1).await;
    let second = tokio::spawn({
        let fake = fake.clone();
        let t = t.clone();
        async move { call(&fake, &t, "getUpdates", json!({"timeout": 1})).await }
    });
    let (status, body) =
        tokio::time::timeout(Duration::from_secs(5), first).await.unwrap().unwrap();
    assert_eq!(status, 409);
    assert_eq!(
        body["description"],
        "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"
    );
    assert_eq!(second.await.unwrap(), (200, json!({"ok": true, "result": []})));
    assert_eq!(fake.max_concurrent_polls(&t), 2);

    // setWebhook ends a waiting poll too.
    let other = fake.new_bot("other").token;
    let third = tokio::spawn({
        let fake = fake.clone();
        let other = other.clone();
        async move { call(&fake, &other, "getUpdates", json!({"timeout": 20})).await }
    });
    wait_until(|| fake.max_concurrent_polls(&other) == 1).await;
    ok(&fake, &other, "setWebhook", json!({"url": HOOK})).await;
    let (status, body) =
        tokio::time::timeout(Duration::from_secs(5), third).await.unwrap().unwrap();
    assert_eq!(
        (status, body["description"].as_str().unwrap()),
        (409, "Conflict: terminated by setWebhook request")
    );
}

#[tokio::test]
async fn send_message_checks_the_chat_the_length_and_the_markup() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("talk");
    let t = bot.token.as_str();
    let send = |chat_id: Value, text: &str, parse_mode: Option<&str>| {
        let mut params = json!({"chat_id": chat_id, "text": text});
        if let Some(mode) = parse_mode {
            params["parse_mode"] = json!(mode);
        }
        params
    };
    assert_eq!(
        refused(&fake, t, "sendMessage", send(json!(42), "hi", None), 400).await,
        "Bad Request: chat not found"
    );
    // The markup is read before the chat is looked up, as on Telegram.
    assert_eq!(
        refused(&fake, t, "sendMessage", send(json!(42), "Version 1.0", Some("MarkdownV2")), 400)
            .await,
        "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'"
    );
    fake.user_says(t, 42, "Mina", "سلام").await;
    assert_eq!(
        refused(&fake, t, "sendMessage", send(json!("@mina"), "hi", None), 400).await,
        "Bad Request: chat not found"
    );
    assert_eq!(
        refused(&fake, t, "sendMessage", send(json!(42), "", None), 400).await,
        "Bad Request: message text is empty"
    );
    assert_eq!(
        refused(&fake, t, "sendMessage", send(json!(42), " \n ", None), 400).await,
        "Bad Request: message must be non-empty"
    );
    assert_eq!(
        refused(&fake, t, "sendMessage", send(json!(42), &"a".repeat(4097), None), 400).await,
        "Bad Request: message is too long"
    );
    assert_eq!(
        refused(&fake, t, "sendMessage", send(json!(42), &"😀".repeat(2049), None), 400).await,
        "Bad Request: message is too long",
        "counted in UTF-16 code units"
    );
    assert_eq!(
        refused(&fake, t, "sendMessage", send(json!(42), "hi", Some("Markdown3")), 400).await,
        "Bad Request: unsupported parse_mode"
    );
    assert_eq!(
        refused(&fake, t, "sendMessage", send(json!(42), "*bold", Some("MarkdownV2")), 400).await,
        "Bad Request: can't parse entities: Can't find end of Bold entity at byte offset 0"
    );

    let long = ok(&fake, t, "sendMessage", send(json!(42), &"ب".repeat(4096), None)).await;
    assert_eq!(long["text"].as_str().unwrap().chars().count(), 4096);
    // 4096 after the markup is stripped, though the markup makes it longer.
    let marked = format!("*{}*", "a".repeat(4096));
    ok(&fake, t, "sendMessage", send(json!(42), &marked, Some("MarkdownV2"))).await;

    let escaped =
        ok(&fake, t, "sendMessage", send(json!("42"), "Version 1\\.0\\!", Some("MarkdownV2")))
            .await;
    assert_eq!(escaped["text"], "Version 1.0!");
    assert_eq!(escaped["chat"], json!({"id": 42, "first_name": "Mina", "type": "private"}));
    assert_eq!(escaped["from"]["username"], "talk_bot");
    assert_eq!(escaped["from"]["is_bot"], true);
    assert!(escaped.get("entities").is_none());

    let rich = "*پاسخ* با `کد` و\n```rust\nfn main() {}\n```\n[سایت](https://example.com) و _کج_ و ||راز||";
    let message = ok(&fake, t, "sendMessage", send(json!(42), rich, Some("MarkdownV2"))).await;
    assert_eq!(message["text"], "پاسخ با کد و\nfn main() {}\n\nسایت و کج و راز");
    assert_eq!(
        message["entities"],
        json!([
            {"type": "bold", "offset": 0, "length": 4},
            {"type": "code", "offset": 8, "length": 2},
            {"type": "pre", "offset": 13, "length": 13, "language": "rust"},
            {"type": "text_link", "offset": 27, "length": 4, "url": "https://example.com/"},
            {"type": "italic", "offset": 34, "length": 2},
            {"type": "spoiler", "offset": 39, "length": 3},
        ])
    );
    let html =
        ok(&fake, t, "sendMessage", send(json!(42), "<b>پررنگ</b> &lt;3", Some("HTML"))).await;
    assert_eq!((&html["text"], &html["entities"][0]["type"]), (&json!("پررنگ <3"), &json!("bold")));

    let sent = fake.sent(t);
    assert_eq!(sent.len(), 5);
    let last_but_one = &sent[3];
    assert_eq!(last_but_one.text, rich);
    assert_eq!(last_but_one.parse_mode.as_deref(), Some("MarkdownV2"));
    assert_eq!(last_but_one.plain, "پاسخ با کد و\nfn main() {}\n\nسایت و کج و راز");
    assert_eq!(last_but_one.entities[2].language.as_deref(), Some("rust"));
    assert_eq!(last_but_one.message_id, message["message_id"].as_i64().unwrap());
    // The person's message was 1 in this chat; the bot's count on from there.
    assert_eq!(sent.iter().map(|m| m.message_id).collect::<Vec<_>>(), [2, 3, 4, 5, 6]);
    assert_eq!(sent[0].parse_mode, None);
}

#[tokio::test]
async fn wait_for_sent_returns_when_the_messages_arrive() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("wait");
    fake.user_says(&bot.token, 3, "Sina", "hi").await;
    let sender = tokio::spawn({
        let fake = fake.clone();
        let t = bot.token.clone();
        async move {
            tokio::time::sleep(Duration::from_millis(100)).await;
            ok(&fake, &t, "sendMessage", json!({"chat_id": 3, "text": "یک"})).await;
            ok(&fake, &t, "sendMessage", json!({"chat_id": 3, "text": "دو"})).await;
        }
    });
    let sent = fake.wait_for_sent(&bot.token, 2, Duration::from_secs(10)).await;
    assert_eq!(sent.iter().map(|m| m.plain.as_str()).collect::<Vec<_>>(), ["یک", "دو"]);
    sender.await.unwrap();
    let started = Instant::now();
    assert_eq!(fake.wait_for_sent(&bot.token, 3, Duration::from_millis(200)).await.len(), 2);
    assert!(started.elapsed() >= Duration::from_millis(200));
}

#[tokio::test]
async fn chat_actions_are_checked_and_recorded() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("typing");
    let t = bot.token.as_str();
    assert_eq!(
        refused(&fake, t, "sendChatAction", json!({"chat_id": 1, "action": "typing"}), 400).await,
        "Bad Request: chat not found"
    );
    fake.user_says(t, 1, "Leila", "hi").await;
    assert_eq!(
        refused(&fake, t, "sendChatAction", json!({"chat_id": 1, "action": "thinking"}), 400).await,
        "Bad Request: wrong parameter action in request"
    );
    assert_eq!(
        ok(&fake, t, "sendChatAction", json!({"chat_id": 1, "action": "typing"})).await,
        json!(true)
    );
    // Multipart bodies are read too.
    let multipart = "--b\r\nContent-Disposition: form-data; name=\"chat_id\"\r\n\r\n1\r\n\
                     --b\r\nContent-Disposition: form-data; name=\"action\"\r\n\r\nUPLOAD_DOCUMENT\r\n--b--\r\n";
    let response = reqwest::Client::new()
        .post(format!("{}/bot{t}/sendChatAction", fake.base_url))
        .header("content-type", "multipart/form-data; boundary=b")
        .body(multipart)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(fake.chat_actions(t), [(1, "typing".to_owned()), (1, "upload_document".to_owned())]);
}

#[tokio::test]
async fn injected_failures_and_outages_look_like_telegrams() {
    let fake = FakeTelegram::start().await;
    let bot = fake.new_bot("flaky");
    let t = bot.token.as_str();
    fake.user_says(t, 2, "Omid", "hi").await;
    let params = json!({"chat_id": 2, "text": "x"});
    fake.fail_next("sendMessage", 2, 429, "Too Many Requests: retry after 1");
    for _ in 0..2 {
        let response = reqwest::Client::new()
            .post(format!("{}/bot{t}/sendMessage", fake.base_url))
            .json(&params)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 429);
        assert_eq!(response.headers()["retry-after"], "1");
        assert_eq!(
            response.json::<Value>().await.unwrap(),
            json!({"ok": false, "error_code": 429, "description": "Too Many Requests: retry after 1",
                   "parameters": {"retry_after": 1}})
        );
    }
    ok(&fake, t, "sendMessage", params.clone()).await;
    assert_eq!(fake.sent(t).len(), 1);
    fake.fail_next("getme", 1, 500, "Internal Server Error: restart");
    assert_eq!(refused(&fake, t, "getMe", json!({}), 500).await, "Internal Server Error: restart");

    fake.set_down(true);
    let down = reqwest::Client::new()
        .post(format!("{}/bot{t}/sendMessage", fake.base_url))
        .json(&params)
        .send()
        .await
        .unwrap();
    assert_eq!(down.status(), 502);
    assert_eq!(down.headers()["content-type"], "text/html");
    assert!(serde_json::from_str::<Value>(&down.text().await.unwrap()).is_err());
    fake.set_down(false);
    ok(&fake, t, "sendMessage", params).await;
    assert_eq!(
        fake.calls(t),
        ["sendmessage", "sendmessage", "sendmessage", "getme", "sendmessage"]
    );
}

#[tokio::test]
async fn the_binary_serves_telegram_and_its_control_routes() {
    use tokio::io::AsyncBufReadExt;
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_dastyar-fakes"))
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let line = tokio::time::timeout(Duration::from_secs(10), lines.next_line())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let urls: Value = serde_json::from_str(&line).unwrap();
    let base = urls["telegram"].as_str().unwrap().to_owned();
    let client = reqwest::Client::new();
    let post = |path: &str, body: Value| client.post(format!("{base}{path}")).json(&body).send();

    let bot: Value =
        post("/_fake/bots", json!({"name": "e2e"})).await.unwrap().json().await.unwrap();
    let token = bot["token"].as_str().unwrap();
    assert_eq!(bot["username"], "e2e_bot");
    let me: Value =
        client.get(format!("{base}/bot{token}/getMe")).send().await.unwrap().json().await.unwrap();
    assert_eq!(me["result"]["id"], bot["id"]);

    let update: Value = post(
        "/_fake/updates",
        json!({"token": token, "chat_id": 11, "first_name": "Aria", "text": "سلام"}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    assert_eq!(update["message"]["chat"]["id"], 11);
    let answer = post(
        &format!("/bot{token}/sendMessage"),
        json!({"chat_id": 11, "text": "*درود*", "parse_mode": "MarkdownV2"}),
    );
    assert_eq!(answer.await.unwrap().status(), 200);
    let sent: Value = client
        .get(format!("{base}/_fake/sent?token={token}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(sent[0]["plain"], "درود");
    assert_eq!(sent[0]["entities"][0]["type"], "bold");

    assert_eq!(post("/_fake/fail_next", json!({"method": "getMe", "count": 1, "error_code": 429, "description": "Too Many Requests: retry after 1"})).await.unwrap().status(), 204);
    assert_eq!(client.get(format!("{base}/bot{token}/getMe")).send().await.unwrap().status(), 429);
    assert_eq!(post("/_fake/down", json!({"down": true})).await.unwrap().status(), 204);
    assert_eq!(client.get(format!("{base}/bot{token}/getMe")).send().await.unwrap().status(), 502);
    assert_eq!(post("/_fake/down", json!({"down": false})).await.unwrap().status(), 204);
    assert_eq!(
        post("/_fake/route_webhooks_to", json!({"base": "http://127.0.0.1:9"}))
            .await
            .unwrap()
            .status(),
        204
    );
    let calls: Value = client
        .get(format!("{base}/_fake/calls?token={token}"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(calls, json!(["getme", "sendmessage", "getme"]));

    for (path, body) in [
        ("/_fake/bots", json!({"nom": "x"})),
        (
            "/_fake/updates",
            json!({"token": "1:unknown", "chat_id": 1, "first_name": "A", "text": "t"}),
        ),
        ("/_fake/fail_next", json!({"method": "getMe"})),
        ("/_fake/down", json!("yes")),
        ("/_fake/route_webhooks_to", json!({})),
    ] {
        let response = post(path, body).await.unwrap();
        assert_eq!(response.status(), 400, "{path}");
        assert!(
            response.json::<Value>().await.unwrap()["error"]
                .as_str()
                .unwrap()
                .starts_with("expected")
        );
    }

    let pid = child.id().unwrap().to_string();
    assert!(std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let status =
        tokio::time::timeout(Duration::from_secs(10), child.wait()).await.unwrap().unwrap();
    assert!(status.success(), "{status:?}");
}

/// Waits (up to 10 s) until `condition` holds.
async fn wait_until(condition: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !condition() {
        assert!(Instant::now() < deadline, "timed out waiting");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

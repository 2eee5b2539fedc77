//! Conversations against the fake OpenAI-compatible provider: answers stream
//! in pieces, instructions join in edge order, functions pause and resume,
//! the tool loop is bounded, credits are charged once per reply, and nobody
//! reaches another user's conversations.

mod common;

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::canvas::Canvas;
use common::{TestApp, for_each_backend};
use dastyar_core::NodeKind;
use dastyar_fakes::openai::{FakeOpenAi, Reply, ToolCall};
use dastyar_server::store::credits::{self, Entry, Reason};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// The app again, pointed at `fake`.
async fn with_provider(app: TestApp, fake: &FakeOpenAi) -> TestApp {
    let mut config = (*app.state.config).clone();
    config.providers.llm.base_url = Some(fake.base_url.clone());
    TestApp::open(config, app.backend).await
}

/// A user with a project and a settled assistant in it.
struct Scene {
    token: String,
    user_id: i64,
    project: i64,
    assistant: i64,
}

async fn scene(app: &TestApp, email: &str) -> Scene {
    let (token, user_id) = app.register(email).await;
    let project = app.create_project(&token, "پروژه").await;
    let assistant = Canvas::new(app, user_id, project).assistant().await;
    Scene { token, user_id, project, assistant }
}

async fn start(app: &TestApp, s: &Scene) -> i64 {
    let path = format!("/api/playground/assistants/{}/conversations", s.assistant);
    let response = app.post(&path, Some(&s.token), json!({})).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    response.json()["id"].as_i64().unwrap()
}

/// A server-sent event: its name and data.
#[derive(Debug, Clone)]
struct Sse {
    name: String,
    data: Value,
}

fn parse_events(text: &str) -> Vec<Sse> {
    text.split("\n\n")
        .filter_map(|block| {
            let mut name = None;
            let mut data = String::new();
            for line in block.lines() {
                if let Some(n) = line.strip_prefix("event:") {
                    name = Some(n.trim().to_owned());
                } else if let Some(d) = line.strip_prefix("data:") {
                    data.push_str(d.trim_start());
                }
            }
            Some(Sse { name: name?, data: serde_json::from_str(&data).ok()? })
        })
        .collect()
}

fn request(path: &str, token: &str, body: Value, key: Option<&str>) -> Request<Body> {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.body(Body::from(body.to_string())).unwrap()
}

/// Says `text` and reads the whole streamed answer.
async fn say(
    app: &TestApp,
    token: &str,
    conversation: i64,
    text: &str,
    key: Option<&str>,
) -> Vec<Sse> {
    let path = format!("/api/playground/conversations/{conversation}/messages");
    let response = app.send(request(&path, token, json!({"content": text}), key)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    parse_events(&response.text())
}

fn named<'a>(events: &'a [Sse], name: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e.name == name).map(|e| &e.data).collect()
}

fn text_of(events: &[Sse]) -> String {
    named(events, "delta").iter().map(|d| d["text"].as_str().unwrap()).collect()
}

fn done(events: &[Sse]) -> Value {
    let done = named(events, "done");
    assert_eq!(done.len(), 1, "one done event: {events:?}");
    assert_eq!(events.last().unwrap().name, "done", "done comes last");
    done[0].clone()
}

async fn balance(app: &TestApp, token: &str) -> i64 {
    let response = app.get("/api/subscription/current", Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let json = response.json();
    json["credit_balance"].as_i64().unwrap_or_else(|| panic!("no credit_balance in {json}"))
}

#[tokio::test]
async fn an_answer_streams_in_pieces_before_the_model_has_finished() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let s = scene(&app, "owner@example.com").await;
        let conversation = start(&app, &s).await;
        fake.push(Reply::GatedText {
            text: "سلام! چطور می‌توانم کمکتان کنم؟".into(),
            pause_after_words: 2,
        });

        let path = format!("/api/playground/conversations/{conversation}/messages");
        let response = app
            .router
            .clone()
            .oneshot(request(&path, &s.token, json!({"content": "سلام"}), None))
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(
            response.headers()[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("text/event-stream")
        );
        let mut body = response.into_body();
        let mut seen = String::new();
        // The first words arrive while the model is held mid-answer.
        while named(&parse_events(&seen), "delta").len() < 2 {
            let frame = tokio::time::timeout(Duration::from_secs(10), body.frame())
                .await
                .expect("the first words arrive before the model finishes")
                .expect("more frames")
                .unwrap();
            if let Ok(data) = frame.into_data() {
                seen.push_str(std::str::from_utf8(&data).unwrap());
            }
        }
        assert!(named(&parse_events(&seen), "done").is_empty(), "not done while held");
        fake.release();
        let rest = body.collect().await.unwrap().to_bytes();
        seen.push_str(std::str::from_utf8(&rest).unwrap());
        let events = parse_events(&seen);
        assert_eq!(text_of(&events), "سلام! چطور می‌توانم کمکتان کنم؟");
        assert!(named(&events, "delta").len() > 2);
        let done = done(&events);
        assert_eq!(done["status"], "completed");
        assert!(done["credits"].as_i64().unwrap() >= 1);

        // The conversation keeps both turns, titled by the first words.
        let read =
            app.get(&format!("/api/playground/conversations/{conversation}"), Some(&s.token)).await;
        let read = read.json();
        assert_eq!(read["title"], "سلام");
        let roles: Vec<&str> = read["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["role"].as_str().unwrap())
            .collect();
        assert_eq!(roles, ["user", "assistant"]);
    })
    .await;
}

#[tokio::test]
async fn instructions_join_the_assistants_own_in_edge_order() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let s = scene(&app, "owner@example.com").await;
        let canvas = Canvas::new(&app, s.user_id, s.project);
        let second = canvas.node(NodeKind::Instruction, json!({"content": "دوم: مؤدب باش."})).await;
        let first =
            canvas.node(NodeKind::Instruction, json!({"content": "اول: فارسی پاسخ بده."})).await;
        // Drawn first-then-second, whatever their ids.
        app.connect(
            &s.token,
            s.project,
            (NodeKind::Assistant, s.assistant),
            (NodeKind::Instruction, first),
        )
        .await;
        app.connect(
            &s.token,
            s.project,
            (NodeKind::Assistant, s.assistant),
            (NodeKind::Instruction, second),
        )
        .await;
        let conversation = start(&app, &s).await;

        let events = say(&app, &s.token, conversation, "سلام", None).await;
        assert_eq!(text_of(&events), "پاسخ: سلام");
        let sent = &fake.chat_requests()[0];
        assert_eq!(sent["messages"][0]["role"], "system");
        assert_eq!(
            sent["messages"][0]["content"],
            "You are a helpful assistant.\n\nاول: فارسی پاسخ بده.\n\nدوم: مؤدب باش."
        );
        assert_eq!(sent["messages"][1], json!({"role": "user", "content": "سلام"}));
        assert_eq!(sent["stream"], true);
    })
    .await;
}

#[tokio::test]
async fn a_function_call_pauses_until_the_caller_posts_its_result() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let s = scene(&app, "owner@example.com").await;
        let function = Canvas::new(&app, s.user_id, s.project).function().await;
        app.connect(
            &s.token,
            s.project,
            (NodeKind::Function, function),
            (NodeKind::Assistant, s.assistant),
        )
        .await;
        let conversation = start(&app, &s).await;
        fake.push(Reply::ToolCalls(vec![ToolCall {
            name: "get_weather".into(),
            arguments: r#"{"city":"تهران"}"#.into(),
        }]));

        let events = say(&app, &s.token, conversation, "هوای تهران؟", None).await;
        let calls = named(&events, "tool_call");
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0]["name"], "get_weather");
        assert_eq!(calls[0]["kind"], "function");
        let awaiting = named(&events, "awaiting_function");
        let call_id = awaiting[0]["calls"][0]["id"].as_str().unwrap().to_owned();
        assert_eq!(awaiting[0]["calls"][0]["arguments"], r#"{"city":"تهران"}"#);
        assert_eq!(done(&events)["status"], "awaiting_function");
        // The tool offered to the model was the function's schema.
        let tools = &fake.chat_requests()[0]["tools"];
        assert_eq!(tools[0]["function"]["name"], "get_weather");
        assert_eq!(tools[0]["function"]["parameters"]["required"], json!(["city"]));

        // Reading the conversation shows the call waiting.
        let read =
            app.get(&format!("/api/playground/conversations/{conversation}"), Some(&s.token)).await;
        assert_eq!(read.json()["pending_calls"][0]["id"], call_id.as_str());

        // A result for a call that is not waiting is refused.
        let path = format!("/api/playground/conversations/{conversation}/tool-results");
        app.post(&path, Some(&s.token), json!({"tool_call_id": "call_x", "output": "?"}))
            .await
            .assert_error(409, "tool_call_not_pending");

        let response = app
            .post(
                &path,
                Some(&s.token),
                json!({"tool_call_id": call_id, "output": "۲۵ درجه، آفتابی"}),
            )
            .await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        let events = parse_events(&response.text());
        assert_eq!(text_of(&events), "نتیجهٔ ابزار: ۲۵ درجه، آفتابی");
        assert_eq!(done(&events)["status"], "completed");
        let resumed = &fake.chat_requests()[1]["messages"];
        let last = &resumed[resumed.as_array().unwrap().len() - 1];
        assert_eq!(
            last,
            &json!({"role": "tool", "tool_call_id": call_id, "content": "۲۵ درجه، آفتابی"})
        );
    })
    .await;
}

#[tokio::test]
async fn the_tool_loop_stops_after_its_bound_with_a_persian_message() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let s = scene(&app, "owner@example.com").await;
        let conversation = start(&app, &s).await;
        for _ in 0..20 {
            fake.push(Reply::ToolCalls(vec![ToolCall {
                name: "nothing".into(),
                arguments: "{}".into(),
            }]));
        }
        let events = say(&app, &s.token, conversation, "حلقه", None).await;
        assert_eq!(named(&events, "tool_call").len(), dastyar_server::runtime::turn::MAX_STEPS);
        assert!(named(&events, "tool_result").iter().all(|r| r["ok"] == false));
        let errors = named(&events, "error");
        assert_eq!(errors[0]["code"], "tool_loop_limit");
        assert!(errors[0]["message"].as_str().unwrap().contains("ابزار"));
        assert_eq!(done(&events)["status"], "tool_limit");
        assert_eq!(fake.chat_requests().len(), dastyar_server::runtime::turn::MAX_STEPS);
    })
    .await;
}

#[tokio::test]
async fn a_retried_message_is_answered_and_charged_once() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let s = scene(&app, "owner@example.com").await;
        let conversation = start(&app, &s).await;
        let before = balance(&app, &s.token).await;

        let first = say(&app, &s.token, conversation, "سلام", Some("attempt-1")).await;
        let charged = done(&first)["credits"].as_i64().unwrap();
        assert!(charged >= 1);
        assert_eq!(done(&first)["balance"], before - charged);
        let again = say(&app, &s.token, conversation, "سلام", Some("attempt-1")).await;
        assert_eq!(text_of(&again), text_of(&first));
        assert_eq!(done(&again)["credits"], 0);
        assert_eq!(fake.chat_requests().len(), 1, "the model was asked once");
        assert_eq!(balance(&app, &s.token).await, before - charged);
        let read =
            app.get(&format!("/api/playground/conversations/{conversation}"), Some(&s.token)).await;
        assert_eq!(read.json()["messages"].as_array().unwrap().len(), 2);

        // A provider that fails leaves the message to be answered by the retry.
        fake.fail_next(3, 503);
        let path = format!("/api/playground/conversations/{conversation}/messages");
        let failed = app
            .send(request(&path, &s.token, json!({"content": "دوباره"}), Some("attempt-2")))
            .await;
        failed.assert_error(424, "llm_refused");
        let retried = say(&app, &s.token, conversation, "دوباره", Some("attempt-2")).await;
        assert_eq!(text_of(&retried), "پاسخ: دوباره");
        let read =
            app.get(&format!("/api/playground/conversations/{conversation}"), Some(&s.token)).await;
        assert_eq!(read.json()["messages"].as_array().unwrap().len(), 4);
    })
    .await;
}

#[tokio::test]
async fn at_zero_credits_a_reply_is_refused_with_402() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let s = scene(&app, "owner@example.com").await;
        let conversation = start(&app, &s).await;
        let left = balance(&app, &s.token).await;
        let spend = Entry {
            user_id: s.user_id,
            amount: -left,
            reason: Reason::Usage,
            key: "usage:test",
            payment_id: None,
        };
        credits::append(app.state.db.pool(), &spend).await.unwrap();

        let path = format!("/api/playground/conversations/{conversation}/messages");
        let refused = app.send(request(&path, &s.token, json!({"content": "سلام"}), None)).await;
        let details = refused.assert_error(402, "insufficient_credits");
        assert_eq!(details["upgrade_url"], "/subscription");
        assert!(fake.chat_requests().is_empty(), "the model was not asked");
    })
    .await;
}

#[tokio::test]
async fn without_a_provider_chat_says_what_to_configure() {
    for_each_backend(|app| async move {
        let s = scene(&app, "owner@example.com").await;
        let conversation = start(&app, &s).await;
        let path = format!("/api/playground/conversations/{conversation}/messages");
        let response = app.send(request(&path, &s.token, json!({"content": "سلام"}), None)).await;
        response.assert_error(424, "llm_not_configured");
        let message = response.json()["error"]["message"].as_str().unwrap().to_owned();
        assert!(message.contains("DASTYAR_LLM_BASE_URL") && message.contains("11434"), "{message}");
        app.get("/api/playground/models", Some(&s.token))
            .await
            .assert_error(424, "llm_not_configured");
    })
    .await;
}

#[tokio::test]
async fn messages_are_checked() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let s = scene(&app, "owner@example.com").await;
        let conversation = start(&app, &s).await;
        let path = format!("/api/playground/conversations/{conversation}/messages");
        app.post(&path, Some(&s.token), json!({"content": "   "}))
            .await
            .assert_invalid("content", "message_empty");
        let long = "ا".repeat(8_001);
        app.post(&path, Some(&s.token), json!({"content": long}))
            .await
            .assert_invalid("content", "message_too_long");
        let bad_key =
            app.send(request(&path, &s.token, json!({"content": "x"}), Some("کلید"))).await;
        assert_eq!(bad_key.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(fake.chat_requests().is_empty());
    })
    .await;
}

#[tokio::test]
async fn another_users_assistant_and_conversation_answer_404_everywhere() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let owner = scene(&app, "owner@example.com").await;
        let conversation = start(&app, &owner).await;
        let (other, _) = app.register("other@example.com").await;
        let other = other.as_str();
        let assistant = owner.assistant;
        for path in [
            format!("/api/playground/assistants/{assistant}/conversations"),
            format!("/api/playground/conversations/{conversation}"),
        ] {
            app.get(&path, Some(other)).await.assert_error(404, "not_found");
        }
        app.post(
            &format!("/api/playground/assistants/{assistant}/conversations"),
            Some(other),
            json!({}),
        )
        .await
        .assert_error(404, "not_found");
        app.post(
            &format!("/api/playground/conversations/{conversation}/messages"),
            Some(other),
            json!({"content": "سلام"}),
        )
        .await
        .assert_error(404, "not_found");
        app.post(
            &format!("/api/playground/conversations/{conversation}/tool-results"),
            Some(other),
            json!({"tool_call_id": "call_0", "output": "x"}),
        )
        .await
        .assert_error(404, "not_found");
        app.delete(&format!("/api/playground/conversations/{conversation}"), Some(other))
            .await
            .assert_error(404, "not_found");
        // Still there for its owner, then gone.
        let mine = format!("/api/playground/conversations/{conversation}");
        assert_eq!(app.get(&mine, Some(&owner.token)).await.status, StatusCode::OK);
        assert_eq!(app.delete(&mine, Some(&owner.token)).await.status, StatusCode::NO_CONTENT);
        app.get(&mine, Some(&owner.token)).await.assert_error(404, "not_found");
        assert!(fake.chat_requests().is_empty());
    })
    .await;
}

#[tokio::test]
async fn models_are_listed_from_the_provider() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let (token, _) = app.register("owner@example.com").await;
        let response = app.get("/api/playground/models", Some(&token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        let json = response.json();
        let ids: Vec<&str> =
            json["models"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap()).collect();
        assert!(ids.contains(&"gpt-4.1-nano") && ids.contains(&"gpt-4o"), "{ids:?}");
        assert_eq!(json["default_assistant_model"], "gpt-4.1-nano");
        // Listed again within the minute: from the cache.
        app.get("/api/playground/models", Some(&token)).await;
        assert_eq!(fake.models_calls(), 1);
    })
    .await;
}

#[tokio::test]
async fn generate_function_json_drafts_a_checked_definition() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let (token, _) = app.register("owner@example.com").await;
        let before = balance(&app, &token).await;
        let definition = json!({"name": "get_order", "description": "وضعیت سفارش",
            "parameters": {"type": "object", "properties": {"order_id": {"type": "string", "description": "شماره"}}, "required": ["order_id"]}});
        fake.push(Reply::Text(format!("```json\n{definition}\n```")));
        let body = json!({"user_message": "تابعی برای وضعیت سفارش", "current_json": {"name": "old"}});
        let response = app.post("/api/playground/generate-function-json", Some(&token), body.clone()).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert_eq!(response.json()["generated_json"], definition);
        let sent = &fake.chat_requests()[0];
        assert!(sent["messages"][1]["content"].as_str().unwrap().contains("\"old\""));
        assert!(balance(&app, &token).await < before, "drafting spends credits");

        fake.push(Reply::Text("متأسفم، نمی‌دانم.".into()));
        app.post("/api/playground/generate-function-json", Some(&token), body)
            .await
            .assert_error(424, "function_json_invalid");
        app.post("/api/playground/generate-function-json", Some(&token), json!({"user_message": " "}))
            .await
            .assert_invalid("user_message", "field_required");
    })
    .await;
}

#[tokio::test]
async fn one_answer_at_a_time_in_a_conversation() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(app, &fake).await;
        let s = scene(&app, "owner@example.com").await;
        let conversation = start(&app, &s).await;
        fake.push(Reply::GatedText { text: "یک دو سه".into(), pause_after_words: 1 });
        let path = format!("/api/playground/conversations/{conversation}/messages");
        let held = app
            .router
            .clone()
            .oneshot(request(&path, &s.token, json!({"content": "اول"}), None))
            .await
            .unwrap();
        assert_eq!(held.status(), StatusCode::OK);

        // While the first answer is written, a second message waits its turn.
        let second = app.send(request(&path, &s.token, json!({"content": "دوم"}), None)).await;
        second.assert_error(409, "conversation_busy");
        fake.release();
        let rest = held.into_body().collect().await.unwrap().to_bytes();
        assert_eq!(done(&parse_events(std::str::from_utf8(&rest).unwrap()))["status"], "completed");
        // Free again; the refused message was not kept.
        let events = say(&app, &s.token, conversation, "دوم", None).await;
        assert_eq!(text_of(&events), "پاسخ: دوم");
        let read =
            app.get(&format!("/api/playground/conversations/{conversation}"), Some(&s.token)).await;
        let contents: Vec<String> = read.json()["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["content"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(contents, ["اول", "یک دو سه", "دوم", "پاسخ: دوم"]);
    })
    .await;
}

#[tokio::test]
async fn messages_said_together_are_stored_in_one_commit_each_as_if_alone() {
    use dastyar_server::store::conversations::{self as store, Said, Saying};
    for_each_backend(|app| async move {
        let s = scene(&app, "batch@example.com").await;
        let (first, second, third) =
            (start(&app, &s).await, start(&app, &s).await, start(&app, &s).await);
        let db = &app.state.db;
        let saying = |conversation_id, content: &str, key: Option<&str>| Saying {
            conversation_id,
            content: content.to_owned(),
            client_key: key.map(str::to_owned),
        };
        let lease = Duration::from_secs(600);
        // One stored with a key, then freed: its key is used from now on.
        let said = store::claim_and_say_all(db, lease, &[saying(second, "پیش", Some("k1"))])
            .await
            .unwrap();
        assert!(matches!(said[..], [Said::Stored(_)]), "{said:?}");
        store::release(db, second, None).await.unwrap();
        // One answered elsewhere meanwhile.
        assert!(store::claim(db, third, lease).await.unwrap());

        let said = store::claim_and_say_all(
            db,
            lease,
            &[
                saying(first, "یک", None),
                // The same conversation again: the first claimed it.
                saying(first, "دو", None),
                // A key used already: nothing stored, and the claim undone.
                saying(second, "سه", Some("k1")),
                saying(third, "چهار", None),
            ],
        )
        .await
        .unwrap();
        assert!(
            matches!(said[..], [Said::Stored(_), Said::Busy, Said::Duplicate, Said::Busy]),
            "{said:?}"
        );
        let contents = |rows: Vec<store::MessageRow>| -> Vec<String> {
            rows.into_iter().map(|r| r.content).collect()
        };
        assert_eq!(contents(store::messages(db, first).await.unwrap()), ["یک"]);
        assert_eq!(contents(store::messages(db, second).await.unwrap()), ["پیش"]);
        assert!(store::messages(db, third).await.unwrap().is_empty());
        // The first is held for its answer; the second is free.
        assert!(!store::claim(db, first, lease).await.unwrap());
        assert!(store::claim(db, second, lease).await.unwrap());
    })
    .await;
}

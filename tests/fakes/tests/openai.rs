//! The OpenAI-compatible fake over real HTTP: it must speak the protocol the
//! server's client reads, including its errors, or the server's tests prove
//! nothing.

use std::time::Duration;

use dastyar_fakes::openai::{FakeOpenAi, FakeOpenAiConfig, Reply, ToolCall};
use eventsource_stream::Eventsource;
use futures_util::StreamExt;
use serde_json::{Value, json};

fn chat(stream: bool, content: &str) -> Value {
    json!({"model": "gpt-4.1-nano", "stream": stream, "stream_options": {"include_usage": true},
           "messages": [{"role": "user", "content": content}]})
}

/// The data of every event of a streamed answer, `[DONE]` last.
async fn events(url: &str, body: &Value) -> Vec<String> {
    let response = reqwest::Client::new().post(url).json(body).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    response.bytes_stream().eventsource().map(|e| e.unwrap().data).collect().await
}

fn chunks(events: &[String]) -> Vec<Value> {
    events.iter().filter(|d| *d != "[DONE]").map(|d| serde_json::from_str(d).unwrap()).collect()
}

#[tokio::test]
async fn models_and_errors_speak_the_protocol() {
    let fake = FakeOpenAi::start_with(FakeOpenAiConfig {
        api_key: Some("k".into()),
        ..FakeOpenAiConfig::default()
    })
    .await;
    let client = reqwest::Client::new();
    let list: Value = client
        .get(format!("{}/models", fake.base_url))
        .bearer_auth("k")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(list["object"], "list");
    assert!(list["data"].as_array().unwrap().iter().any(|m| m["id"] == "gpt-4o"));
    let unknown =
        client.get(format!("{}/models/nope", fake.base_url)).bearer_auth("k").send().await.unwrap();
    assert_eq!(unknown.status(), 404);
    assert_eq!(unknown.json::<Value>().await.unwrap()["error"]["code"], "model_not_found");
    let unauthorised = client.get(format!("{}/models", fake.base_url)).send().await.unwrap();
    assert_eq!(unauthorised.status(), 401);
    assert_eq!(unauthorised.json::<Value>().await.unwrap()["error"]["code"], "invalid_api_key");
    let url = format!("{}/chat/completions", fake.base_url);
    let no_messages = client
        .post(&url)
        .bearer_auth("k")
        .json(&json!({"model": "gpt-4o", "messages": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(no_messages.status(), 400);
    let bad_model = client
        .post(&url)
        .bearer_auth("k")
        .json(&json!({"model": "x", "messages": [{"role": "user", "content": "a"}]}))
        .send()
        .await
        .unwrap();
    assert_eq!(bad_model.status(), 404);
    assert_eq!(fake.authorizations().last().unwrap().as_deref(), Some("Bearer k"));
}

#[tokio::test]
async fn a_stream_brings_words_then_the_finish_usage_and_done() {
    let fake = FakeOpenAi::start().await;
    let url = format!("{}/chat/completions", fake.base_url);
    let streamed = events(&url, &chat(true, "سلام دنیا")).await;
    assert_eq!(streamed.last().unwrap(), "[DONE]");
    let chunks = chunks(&streamed);
    assert_eq!(chunks[0]["choices"][0]["delta"]["role"], "assistant");
    let text: String =
        chunks.iter().filter_map(|c| c["choices"][0]["delta"]["content"].as_str()).collect();
    assert_eq!(text, "پاسخ: سلام دنیا");
    let pieces = chunks
        .iter()
        .filter(|c| c["choices"][0]["delta"]["content"].as_str().is_some_and(|t| !t.is_empty()))
        .count();
    assert_eq!(pieces, 3);
    let finish = chunks.iter().find_map(|c| c["choices"][0]["finish_reason"].as_str()).unwrap();
    assert_eq!(finish, "stop");
    let usage = chunks.last().unwrap();
    assert_eq!(usage["choices"], json!([]));
    assert_eq!(usage["usage"]["completion_tokens"], 3);

    // Without include_usage, no usage chunk.
    let plain =
        json!({"model": "gpt-4o", "stream": true, "messages": [{"role": "user", "content": "x"}]});
    let without = events(&url, &plain).await;
    assert!(self::chunks(&without).iter().all(|c| c.get("usage").is_none()));
}

#[tokio::test]
async fn parallel_tool_calls_arrive_in_fragments_that_join_by_index() {
    let fake = FakeOpenAi::start().await;
    fake.push(Reply::ToolCalls(vec![
        ToolCall { name: "weather".into(), arguments: r#"{"city":"تهران"}"#.into() },
        ToolCall { name: "time".into(), arguments: r#"{"zone":"Asia/Tehran"}"#.into() },
    ]));
    let url = format!("{}/chat/completions", fake.base_url);
    let chunks = chunks(&events(&url, &chat(true, "هوا و ساعت")).await);
    let mut calls: Vec<(String, String, String)> = vec![Default::default(); 2];
    let mut fragments = 0;
    for chunk in &chunks {
        for fragment in chunk["choices"][0]["delta"]["tool_calls"].as_array().into_iter().flatten()
        {
            fragments += 1;
            let call = &mut calls[fragment["index"].as_u64().unwrap() as usize];
            if let Some(id) = fragment["id"].as_str() {
                call.0 = id.to_owned();
            }
            if let Some(name) = fragment["function"]["name"].as_str() {
                call.1 = name.to_owned();
            }
            call.2.push_str(fragment["function"]["arguments"].as_str().unwrap_or_default());
        }
    }
    assert_eq!(fragments, 6, "an opening and two pieces of arguments a call");
    assert_eq!((calls[0].1.as_str(), calls[0].2.as_str()), ("weather", r#"{"city":"تهران"}"#));
    assert_eq!((calls[1].1.as_str(), calls[1].2.as_str()), ("time", r#"{"zone":"Asia/Tehran"}"#));
    assert_ne!(calls[0].0, calls[1].0);
    let finish = chunks.iter().find_map(|c| c["choices"][0]["finish_reason"].as_str()).unwrap();
    assert_eq!(finish, "tool_calls");
}

#[tokio::test]
async fn a_gated_answer_waits_for_its_release() {
    let fake = FakeOpenAi::start().await;
    fake.push(Reply::GatedText { text: "یک دو سه چهار".into(), pause_after_words: 2 });
    let url = format!("{}/chat/completions", fake.base_url);
    let response = reqwest::Client::new().post(&url).json(&chat(true, "x")).send().await.unwrap();
    let mut stream = response.bytes_stream().eventsource();
    let mut words = 0;
    while words < 2 {
        let event = stream.next().await.unwrap().unwrap();
        let chunk: Value = serde_json::from_str(&event.data).unwrap();
        if chunk["choices"][0]["delta"]["content"].as_str().is_some_and(|t| !t.is_empty()) {
            words += 1;
        }
    }
    assert!(tokio::time::timeout(Duration::from_millis(200), stream.next()).await.is_err(), "held");
    fake.release();
    let rest: Vec<String> = stream.map(|e| e.unwrap().data).collect().await;
    assert_eq!(rest.last().unwrap(), "[DONE]");
}

#[tokio::test]
async fn failures_can_be_injected_and_whole_answers_are_served() {
    let fake = FakeOpenAi::start().await;
    let client = reqwest::Client::new();
    let url = format!("{}/chat/completions", fake.base_url);
    fake.fail_next(2, 429);
    for _ in 0..2 {
        let refused = client.post(&url).json(&chat(false, "x")).send().await.unwrap();
        assert_eq!(refused.status(), 429);
        assert_eq!(refused.headers()["retry-after"], "0");
    }
    let whole: Value =
        client.post(&url).json(&chat(false, "سلام")).send().await.unwrap().json().await.unwrap();
    assert_eq!(whole["object"], "chat.completion");
    assert_eq!(whole["choices"][0]["message"]["content"], "پاسخ: سلام");
    assert_eq!(whole["choices"][0]["finish_reason"], "stop");
    fake.set_down(true);
    let down = client.post(&url).json(&chat(false, "x")).send().await.unwrap();
    assert_eq!(down.status(), 502);
    assert!(down.text().await.unwrap().contains("<html>"));
    assert_eq!(fake.chat_requests().len(), 4);
}

#[tokio::test]
async fn the_default_answers_follow_the_conversation() {
    let fake = FakeOpenAi::start().await;
    let client = reqwest::Client::new();
    let url = format!("{}/chat/completions", fake.base_url);
    let tools = json!([{"type": "function", "function": {"name": "lookup", "parameters": {"type": "object", "properties": {"id": {"type": "integer"}}}}}]);
    let calling = json!({"model": "gpt-4o", "tools": tools, "messages": [{"role": "user", "content": "lookup id=7"}]});
    let answer: Value =
        client.post(&url).json(&calling).send().await.unwrap().json().await.unwrap();
    let call = &answer["choices"][0]["message"]["tool_calls"][0];
    assert_eq!(call["function"]["name"], "lookup");
    assert_eq!(call["function"]["arguments"], r#"{"id":7}"#);
    let after = json!({"model": "gpt-4o", "messages": [
        {"role": "user", "content": "lookup id=7"},
        {"role": "assistant", "content": null, "tool_calls": [call]},
        {"role": "tool", "tool_call_id": call["id"], "content": "یافت شد"}]});
    let answer: Value = client.post(&url).json(&after).send().await.unwrap().json().await.unwrap();
    assert_eq!(answer["choices"][0]["message"]["content"], "نتیجهٔ ابزار: یافت شد");
}

#[tokio::test]
async fn the_control_api_scripts_the_fake_over_http() {
    let fake = FakeOpenAi::start().await;
    let root = fake.base_url.trim_end_matches("/v1").to_owned();
    let client = reqwest::Client::new();
    let pushed = client
        .post(format!("{root}/_fake/replies"))
        .json(&json!([{"text": "اول"}, {"tool_calls": [{"name": "f", "arguments": {"a": 1}}]}, {"error": {"status": 500, "message": "boom"}}]))
        .send()
        .await
        .unwrap();
    assert_eq!(pushed.status(), 204);
    let url = format!("{}/chat/completions", fake.base_url);
    let first: Value =
        client.post(&url).json(&chat(false, "x")).send().await.unwrap().json().await.unwrap();
    assert_eq!(first["choices"][0]["message"]["content"], "اول");
    let second: Value =
        client.post(&url).json(&chat(false, "x")).send().await.unwrap().json().await.unwrap();
    assert_eq!(
        second["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"],
        r#"{"a":1}"#
    );
    assert_eq!(client.post(&url).json(&chat(false, "x")).send().await.unwrap().status(), 500);
    let seen: Vec<Value> =
        client.get(format!("{root}/_fake/requests")).send().await.unwrap().json().await.unwrap();
    assert_eq!(seen.len(), 3);
    client.post(format!("{root}/_fake/reset")).send().await.unwrap();
    assert!(fake.chat_requests().is_empty());
    let bad = client
        .post(format!("{root}/_fake/replies"))
        .json(&json!([{"what": 1}]))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), 400);
}

#[tokio::test]
async fn the_binary_prints_where_its_fakes_listen() {
    use tokio::io::AsyncBufReadExt;
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_dastyar-fakes"))
        .arg("--word-delay-ms")
        .arg("1")
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
    let openai = urls["openai"].as_str().unwrap();
    let models: Value =
        reqwest::get(format!("{openai}/models")).await.unwrap().json().await.unwrap();
    assert!(!models["data"].as_array().unwrap().is_empty());
    assert!(urls["zarinpal"].as_str().unwrap().starts_with("http://127.0.0.1:"));

    // SIGTERM stops it cleanly.
    let pid = child.id().unwrap().to_string();
    let killed = std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(killed.success());
    let status =
        tokio::time::timeout(Duration::from_secs(10), child.wait()).await.unwrap().unwrap();
    assert!(status.success(), "{status:?}");
}

#[tokio::test]
async fn the_binary_refuses_an_unknown_flag() {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_dastyar-fakes"))
        .arg("--port")
        .arg("1")
        .output()
        .await
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown flag --port"));
}

async fn post(url: &str, body: &Value) -> reqwest::Response {
    reqwest::Client::new().post(url).json(body).send().await.unwrap()
}

#[tokio::test]
async fn one_model_is_served_and_bad_requests_are_400() {
    let fake = FakeOpenAi::start_with(FakeOpenAiConfig {
        models: vec!["local-model".into()],
        ..FakeOpenAiConfig::default()
    })
    .await;
    let one: Value = reqwest::get(format!("{}/models/local-model", fake.base_url))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        one,
        json!({"id": "local-model", "object": "model", "created": 1_700_000_000, "owned_by": "dastyar-fake"})
    );
    let url = format!("{}/chat/completions", fake.base_url);
    let client = reqwest::Client::new();
    let not_json = client.post(&url).body("{not json").send().await.unwrap();
    assert_eq!(not_json.status(), 400);
    let envelope: Value = not_json.json().await.unwrap();
    assert_eq!(envelope["error"]["type"], "invalid_request_error");
    assert_eq!(envelope["error"]["param"], Value::Null);
    assert!(envelope["error"]["message"].as_str().unwrap().contains("JSON"));
    let no_model = post(&url, &json!({"messages": [{"role": "user", "content": "a"}]})).await;
    assert_eq!(no_model.status(), 400);
    let no_messages = post(&url, &json!({"model": "local-model"})).await;
    assert_eq!(no_messages.status(), 400);
    let unknown =
        post(&url, &json!({"model": "gpt-4o", "messages": [{"role": "user", "content": "a"}]}))
            .await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(
        unknown.json::<Value>().await.unwrap()["error"]["message"],
        "The model `gpt-4o` does not exist or you do not have access to it."
    );
    // Every body is kept, the unreadable one as its text.
    let seen = fake.chat_requests();
    assert_eq!(seen.len(), 4);
    assert_eq!(seen[0], json!("{not json"));
    // A path OpenAI does not serve.
    let elsewhere = client.post(format!("{}/completions", fake.base_url)).send().await.unwrap();
    assert_eq!(elsewhere.status(), 404);
    assert_eq!(
        elsewhere.json::<Value>().await.unwrap()["error"]["message"],
        "Invalid URL (POST /v1/completions)"
    );
}

#[tokio::test]
async fn a_wrong_key_is_refused_on_chat_and_the_right_one_answers() {
    let fake = FakeOpenAi::start_with(FakeOpenAiConfig {
        api_key: Some("sk-right".into()),
        ..FakeOpenAiConfig::default()
    })
    .await;
    let url = format!("{}/chat/completions", fake.base_url);
    let client = reqwest::Client::new();
    let wrong =
        client.post(&url).bearer_auth("sk-wrong").json(&chat(false, "x")).send().await.unwrap();
    assert_eq!(wrong.status(), 401);
    let envelope: Value = wrong.json().await.unwrap();
    assert_eq!(envelope["error"]["code"], "invalid_api_key");
    let right =
        client.post(&url).bearer_auth("sk-right").json(&chat(false, "x")).send().await.unwrap();
    assert_eq!(right.status(), 200);
    assert_eq!(
        fake.authorizations(),
        [Some("Bearer sk-wrong".to_owned()), Some("Bearer sk-right".to_owned())]
    );
}

#[tokio::test]
async fn whole_answers_carry_tool_calls_and_deterministic_usage() {
    let fake = FakeOpenAi::start().await;
    let url = format!("{}/chat/completions", fake.base_url);
    // "سلام" is 8 bytes: 2 tokens, and 3 for the message.
    let text: Value = post(&url, &chat(false, "سلام")).await.json().await.unwrap();
    assert!(text["id"].as_str().unwrap().starts_with("chatcmpl-"));
    assert_eq!(text["model"], "gpt-4.1-nano");
    assert_eq!(text["choices"][0]["message"]["role"], "assistant");
    assert_eq!(
        text["usage"],
        json!({"prompt_tokens": 5, "completion_tokens": 2, "total_tokens": 7})
    );

    fake.push(Reply::ToolCalls(vec![
        ToolCall { name: "a".into(), arguments: r#"{"x":1}"#.into() },
        ToolCall { name: "b".into(), arguments: "{not json".into() },
    ]));
    let calls: Value = post(&url, &chat(false, "x")).await.json().await.unwrap();
    let choice = &calls["choices"][0];
    assert_eq!(choice["finish_reason"], "tool_calls");
    assert_eq!(choice["message"]["content"], Value::Null);
    let made = choice["message"]["tool_calls"].as_array().unwrap();
    assert_eq!(made.len(), 2);
    assert_eq!(made[0]["type"], "function");
    assert_eq!(made[0]["function"], json!({"name": "a", "arguments": r#"{"x":1}"#}));
    assert_eq!(made[1]["function"]["arguments"], "{not json", "sent as scripted");
    assert_ne!(made[0]["id"], made[1]["id"]);
    // 7 + 9 bytes of arguments: 4 tokens.
    assert_eq!(calls["usage"]["completion_tokens"], 4);
}

#[tokio::test]
async fn a_scripted_error_comes_before_any_event_of_a_stream() {
    let fake = FakeOpenAi::start().await;
    fake.push(Reply::Error { status: 429, message: "slow down".into() });
    let url = format!("{}/chat/completions", fake.base_url);
    let refused = post(&url, &chat(true, "x")).await;
    assert_eq!(refused.status(), 429);
    assert_eq!(refused.headers()["retry-after"], "0");
    assert_eq!(refused.headers()["content-type"], "application/json");
    let envelope: Value = refused.json().await.unwrap();
    assert_eq!(
        envelope["error"],
        json!({"message": "slow down", "type": "rate_limit_exceeded", "param": null, "code": "rate_limit_exceeded"})
    );
    // The queue moved on: the next answer is the default.
    let streamed = events(&url, &chat(true, "بعدی")).await;
    assert_eq!(streamed.last().unwrap(), "[DONE]");
}

#[tokio::test]
async fn words_are_sent_as_they_are_written() {
    let fake = FakeOpenAi::start_with(FakeOpenAiConfig {
        word_delay: Duration::from_millis(80),
        ..FakeOpenAiConfig::default()
    })
    .await;
    fake.push(Reply::Text("یک دو سه چهار پنج".into()));
    let url = format!("{}/chat/completions", fake.base_url);
    let started = std::time::Instant::now();
    let mut stream = post(&url, &chat(true, "x")).await.bytes_stream().eventsource();
    let mut first_word = None;
    while let Some(event) = stream.next().await {
        let data = event.unwrap().data;
        if first_word.is_none() && data.contains(r#""content":"یک"#) {
            first_word = Some(started.elapsed());
        }
    }
    let (first_word, all) = (first_word.unwrap(), started.elapsed());
    assert!(all >= Duration::from_millis(400), "five words, 80 ms each: {all:?}");
    assert!(first_word + Duration::from_millis(240) <= all, "{first_word:?} of {all:?}");
}

#[tokio::test]
async fn a_release_made_before_the_pause_is_kept() {
    let fake = FakeOpenAi::start().await;
    let url = format!("{}/chat/completions", fake.base_url);
    fake.push(Reply::GatedText { text: "الف ب".into(), pause_after_words: 1 });
    fake.push(Reply::GatedText { text: "ج د".into(), pause_after_words: 1 });
    fake.release();
    fake.release();
    for _ in 0..2 {
        let streamed =
            tokio::time::timeout(Duration::from_secs(5), events(&url, &chat(true, "x"))).await;
        assert_eq!(streamed.expect("released").last().unwrap(), "[DONE]");
    }
}

#[tokio::test]
async fn a_pause_past_the_last_word_holds_the_finish_and_whole_answers_wait_too() {
    let fake = FakeOpenAi::start().await;
    let url = format!("{}/chat/completions", fake.base_url);
    fake.push(Reply::GatedText { text: "همه".into(), pause_after_words: 5 });
    let mut stream = post(&url, &chat(true, "x")).await.bytes_stream().eventsource();
    let mut text = String::new();
    while text != "همه" {
        let chunk: Value =
            serde_json::from_str(&stream.next().await.unwrap().unwrap().data).unwrap();
        text.push_str(chunk["choices"][0]["delta"]["content"].as_str().unwrap_or_default());
    }
    assert!(tokio::time::timeout(Duration::from_millis(200), stream.next()).await.is_err(), "held");
    fake.release();
    let rest: Vec<String> = stream.map(|e| e.unwrap().data).collect().await;
    assert_eq!(rest.last().unwrap(), "[DONE]");

    fake.push(Reply::GatedText { text: "کامل".into(), pause_after_words: 0 });
    let whole = tokio::spawn(post_owned(url, chat(false, "x")));
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!whole.is_finished(), "held");
    fake.release();
    let answer: Value = whole.await.unwrap().json().await.unwrap();
    assert_eq!(answer["choices"][0]["message"]["content"], "کامل");
}

async fn post_owned(url: String, body: Value) -> reqwest::Response {
    post(&url, &body).await
}

#[tokio::test]
async fn failures_cover_every_v1_route_and_down_answers_html() {
    let fake = FakeOpenAi::start().await;
    let models = format!("{}/models", fake.base_url);
    fake.fail_next(1, 503);
    let refused = reqwest::get(&models).await.unwrap();
    assert_eq!(refused.status(), 503);
    assert_eq!(refused.json::<Value>().await.unwrap()["error"]["type"], "server_error");
    assert_eq!(reqwest::get(&models).await.unwrap().status(), 200);
    fake.set_down(true);
    let down = reqwest::get(&models).await.unwrap();
    assert_eq!(down.status(), 502);
    assert_eq!(down.headers()["content-type"], "text/html");
    fake.set_down(false);
    assert_eq!(reqwest::get(&models).await.unwrap().status(), 200);
    assert_eq!(fake.models_calls(), 2, "only the calls that listed");
}

#[tokio::test]
async fn the_default_reads_typed_arguments_and_content_parts() {
    let fake = FakeOpenAi::start().await;
    let url = format!("{}/chat/completions", fake.base_url);
    let tools = json!([
        {"type": "function", "function": {"name": "weather", "parameters": {"type": "object", "properties": {
            "city": {"type": "string"}, "days": {"type": "integer"}, "metric": {"type": "boolean"},
            "unit": {"type": "string", "enum": ["c", "f"]}}}}},
        {"type": "function", "function": {"name": "time", "parameters": {"type": "object", "properties": {}}}}
    ]);
    let asking = json!({"model": "gpt-4o", "tools": tools, "messages": [
        {"role": "system", "content": "کوتاه"},
        {"role": "user", "content": "weather city=تهران days=3 metric=false"}]});
    let answer: Value = post(&url, &asking).await.json().await.unwrap();
    let call = &answer["choices"][0]["message"]["tool_calls"][0]["function"];
    assert_eq!(call["name"], "weather");
    let arguments: Value = serde_json::from_str(call["arguments"].as_str().unwrap()).unwrap();
    assert_eq!(arguments, json!({"city": "تهران", "days": 3, "metric": false, "unit": "c"}));

    // Without a named tool, and with content in parts: an echo of the text.
    let parts = json!({"model": "gpt-4o", "tools": tools, "messages": [
        {"role": "user", "content": [{"type": "text", "text": "سلام "}, {"type": "text", "text": "دوست"}]}]});
    let answer: Value = post(&url, &parts).await.json().await.unwrap();
    assert_eq!(answer["choices"][0]["message"]["content"], "پاسخ: سلام دوست");
}

#[tokio::test]
async fn the_control_api_gates_delays_and_fails() {
    let fake = FakeOpenAi::start().await;
    let root = fake.base_url.trim_end_matches("/v1").to_owned();
    let control = |path: &str| format!("{root}/_fake/{path}");
    let url = format!("{}/chat/completions", fake.base_url);
    let client = reqwest::Client::new();

    let gated = json!([{"gated_text": "یک دو سه", "pause_after_words": 1}]);
    assert_eq!(post(&control("replies"), &gated).await.status(), 204);
    let mut stream = post(&url, &chat(true, "x")).await.bytes_stream().eventsource();
    stream.next().await.unwrap().unwrap(); // the role
    stream.next().await.unwrap().unwrap(); // the first word
    assert!(tokio::time::timeout(Duration::from_millis(200), stream.next()).await.is_err(), "held");
    assert_eq!(client.post(control("release")).send().await.unwrap().status(), 204);
    let rest: Vec<String> = stream.map(|e| e.unwrap().data).collect().await;
    assert_eq!(rest.last().unwrap(), "[DONE]");

    assert_eq!(post(&control("config"), &json!({"word_delay_ms": 60})).await.status(), 204);
    let started = std::time::Instant::now();
    events(&url, &chat(true, "یک دو")).await;
    assert!(started.elapsed() >= Duration::from_millis(180), "three words, 60 ms each");
    assert_eq!(post(&control("config"), &json!({"word_delay_ms": "fast"})).await.status(), 400);

    assert_eq!(
        post(&control("fail_next"), &json!({"count": 1, "status": 500})).await.status(),
        204
    );
    assert_eq!(post(&url, &chat(false, "x")).await.status(), 500);
    assert_eq!(post(&url, &chat(false, "x")).await.status(), 200);
    assert_eq!(
        post(&control("fail_next"), &json!({"count": 1, "status": 200})).await.status(),
        400
    );

    assert_eq!(post(&control("config"), &json!({"down": true})).await.status(), 204);
    assert_eq!(post(&url, &chat(false, "x")).await.status(), 502);
    // A reset ends the outage and forgets what was queued and seen.
    post(&control("replies"), &json!([{"text": "فراموش‌شده"}])).await;
    assert_eq!(client.post(control("reset")).send().await.unwrap().status(), 204);
    let answer: Value = post(&url, &chat(false, "تازه")).await.json().await.unwrap();
    assert_eq!(answer["choices"][0]["message"]["content"], "پاسخ: تازه");
    let seen: Vec<Value> =
        client.get(control("requests")).send().await.unwrap().json().await.unwrap();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0]["messages"][0]["content"], "تازه");
}

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
    child.kill().await.unwrap();
}

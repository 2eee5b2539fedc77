//! A streamed answer: `data: <chunk>` events sent over the socket as they
//! are made (a task writes them into a channel the body reads): the role at
//! once, then one word at a time after the configured delay, tool calls in
//! fragments, the finish, the usage when asked for, and `[DONE]`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::Shared;
use super::answer::Answer;

pub fn respond(
    answer: Answer,
    include_usage: bool,
    word_delay: Duration,
    shared: Arc<Shared>,
) -> Response {
    let (sender, receiver) = mpsc::channel::<Bytes>(16);
    tokio::spawn(async move {
        // A reader that went away ends the task at its next send.
        let _ = write(&answer, include_usage, word_delay, &shared, &sender).await;
    });
    let body = futures_util::stream::unfold(receiver, |mut receiver| async move {
        receiver.recv().await.map(|bytes| (Ok::<_, Infallible>(bytes), receiver))
    });
    (
        [(header::CONTENT_TYPE, "text/event-stream"), (header::CACHE_CONTROL, "no-cache")],
        Body::from_stream(body),
    )
        .into_response()
}

async fn write(
    answer: &Answer,
    include_usage: bool,
    word_delay: Duration,
    shared: &Shared,
    sender: &mpsc::Sender<Bytes>,
) -> Result<(), mpsc::error::SendError<Bytes>> {
    let send = |data: String| sender.send(Bytes::from(format!("data: {data}\n\n")));
    // Each word and fragment comes after a pause, as a model writes.
    let pace = || async move {
        if !word_delay.is_zero() {
            tokio::time::sleep(word_delay).await;
        }
    };
    sender.send(role_chunk(answer)).await?;
    let words = answer.words();
    for (n, word) in words.iter().enumerate() {
        if answer.pause_after_words == Some(n) && !held(shared, sender).await {
            return Ok(());
        }
        pace().await;
        send(chunk(answer, json!({"content": word}), Value::Null)).await?;
    }
    // A pause at or past the last word holds the finish.
    if answer.pause_after_words.is_some_and(|pause| pause >= words.len())
        && !held(shared, sender).await
    {
        return Ok(());
    }
    // Each call opens with its id and name; its arguments follow in two
    // pieces, the calls interleaved, as OpenAI streams parallel calls.
    for (index, call) in answer.calls.iter().enumerate() {
        let opening = json!({"tool_calls": [{"index": index, "id": answer.call_id(index), "type": "function",
                                              "function": {"name": call.name, "arguments": ""}}]});
        pace().await;
        send(chunk(answer, opening, Value::Null)).await?;
    }
    for half in 0..2 {
        for (index, call) in answer.calls.iter().enumerate() {
            let piece = halves(&call.arguments)[half];
            let fragment =
                json!({"tool_calls": [{"index": index, "function": {"arguments": piece}}]});
            pace().await;
            send(chunk(answer, fragment, Value::Null)).await?;
        }
    }
    send(chunk(answer, json!({}), json!(answer.finish_reason()))).await?;
    if include_usage {
        let usage = json!({"id": answer.id, "object": "chat.completion.chunk", "created": 1_700_000_000,
                           "model": answer.model, "choices": [], "usage": answer.usage()});
        send(usage.to_string()).await?;
    }
    sender.send(Bytes::from_static(b"data: [DONE]\n\n")).await
}

/// Waits at the gate; false when the reader went away meanwhile (the
/// release is then left for another answer).
async fn held(shared: &Shared, sender: &mpsc::Sender<Bytes>) -> bool {
    tokio::select! {
        () = shared.gate.pass() => true,
        () = sender.closed() => false,
    }
}

/// The first event, at once: the role, with empty content.
fn role_chunk(answer: &Answer) -> Bytes {
    let delta = json!({"role": "assistant", "content": ""});
    Bytes::from(format!("data: {}\n\n", chunk(answer, delta, Value::Null)))
}

/// A call's arguments in two pieces, cut at a character boundary.
fn halves(arguments: &str) -> [&str; 2] {
    let middle = arguments.chars().count() / 2;
    let at = arguments.char_indices().nth(middle).map_or(arguments.len(), |(at, _)| at);
    [&arguments[..at], &arguments[at..]]
}

fn chunk(answer: &Answer, delta: Value, finish_reason: Value) -> String {
    json!({
        "id": answer.id, "object": "chat.completion.chunk", "created": 1_700_000_000, "model": answer.model,
        "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish_reason}],
    })
    .to_string()
}

//! The OpenAI-compatible client: models, whole answers and streamed ones,
//! with timeouts and retries with backoff on 429, 5xx and lost connections.
//! A stream is retried only before its first byte: once text has reached a
//! person, trying again would say it twice.

use std::time::Duration;

use reqwest::header::{HeaderMap, RETRY_AFTER};
use reqwest::{RequestBuilder, Response};
use serde::de::DeserializeOwned;

use super::error::LlmError;
use super::protocol::{
    ChatCompletion, ChatRequest, EmbeddingList, EmbeddingRequest, ModelEntry, ModelList,
    StreamOptions,
};
use super::stream::ChatStream;

/// How many times a failed call is tried in all, and the first pause.
const ATTEMPTS: u32 = 3;
const FIRST_BACKOFF: Duration = Duration::from_millis(250);
/// The longest pause a `Retry-After` may ask of a person waiting for an answer.
const MAX_BACKOFF: Duration = Duration::from_secs(5);
/// Connecting is quick or not at all.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A provider at `base_url` (ending in `/v1`).
#[derive(Debug, Clone)]
pub struct OpenAiClient {
    base_url: String,
    api_key: Option<String>,
    http: reqwest::Client,
    /// For the first byte, and between two pieces of a stream.
    timeout: Duration,
}

impl OpenAiClient {
    pub fn new(base_url: String, api_key: Option<String>, timeout: Duration) -> OpenAiClient {
        let http = reqwest::Client::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .pool_idle_timeout(Duration::from_secs(90))
            .build()
            .expect("a client without custom TLS builds");
        OpenAiClient { base_url, api_key, http, timeout }
    }

    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The models the provider serves.
    pub async fn models(&self) -> Result<Vec<ModelEntry>, LlmError> {
        let list: ModelList = self.json(|| self.http.get(self.url("/models"))).await?;
        Ok(list.data)
    }

    /// Whether the provider serves `model`. Gateways that do not answer
    /// `GET /models/{id}` are asked for the whole list instead.
    pub async fn has_model(&self, model: &str) -> Result<bool, LlmError> {
        let one =
            self.json::<ModelEntry>(|| self.http.get(self.url(&format!("/models/{model}")))).await;
        match one {
            Ok(entry) => Ok(entry.id == model || entry.id.is_empty()),
            Err(LlmError::UnknownModel(_)) | Err(LlmError::Refused { status: 404 | 405, .. }) => {
                Ok(self.models().await?.iter().any(|m| m.id == model))
            }
            Err(error) => Err(error),
        }
    }

    /// A whole answer.
    pub async fn chat(&self, request: &ChatRequest) -> Result<ChatCompletion, LlmError> {
        let body = ChatRequest { stream: false, stream_options: None, ..request.clone() };
        self.json(|| self.http.post(self.url("/chat/completions")).json(&body)).await
    }

    /// A streamed answer, once the provider has accepted the request.
    pub async fn chat_stream(&self, request: &ChatRequest) -> Result<ChatStream, LlmError> {
        let body = ChatRequest {
            stream: true,
            stream_options: Some(StreamOptions { include_usage: true }),
            ..request.clone()
        };
        let response = self
            .send(|| {
                self.http
                    .post(self.url("/chat/completions"))
                    .header(reqwest::header::ACCEPT, "text/event-stream")
                    .json(&body)
            })
            .await?;
        Ok(ChatStream::new(response, self.timeout))
    }

    /// One vector per text, in the texts' order, all of one length.
    pub async fn embeddings(
        &self,
        model: &str,
        texts: &[String],
    ) -> Result<Vec<Vec<f32>>, LlmError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let body = EmbeddingRequest { model, input: texts, encoding_format: "float" };
        let list: EmbeddingList =
            self.json(|| self.http.post(self.url("/embeddings")).json(&body)).await?;
        in_input_order(list, texts.len())
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// Sends and reads a JSON answer, retrying what is worth retrying.
    async fn json<T: DeserializeOwned>(
        &self,
        request: impl Fn() -> RequestBuilder,
    ) -> Result<T, LlmError> {
        let response = self.send(&request).await?;
        let body = tokio::time::timeout(self.timeout, response.bytes())
            .await
            .map_err(|_| LlmError::Timeout)?
            .map_err(|e| LlmError::from_transport(&e))?;
        serde_json::from_slice(&body).map_err(|e| {
            LlmError::Malformed(format!(
                "{e}: {}",
                String::from_utf8_lossy(&body[..body.len().min(200)])
            ))
        })
    }

    /// Sends until a success status or a failure not worth retrying; the
    /// response with its body unread.
    async fn send(&self, request: impl Fn() -> RequestBuilder) -> Result<Response, LlmError> {
        let mut backoff = FIRST_BACKOFF;
        let mut attempt = 1;
        loop {
            let error = match self.send_once(&request).await {
                Ok(response) => return Ok(response),
                Err(error) => error,
            };
            if attempt >= ATTEMPTS || !error.is_retryable() {
                return Err(error);
            }
            let pause = match &error {
                LlmError::RateLimited { retry_after: Some(seconds) } => {
                    Duration::from_secs(*seconds).min(MAX_BACKOFF)
                }
                _ => backoff,
            };
            tracing::info!(%error, attempt, ?pause, "the model provider failed; trying again");
            tokio::time::sleep(pause).await;
            backoff = (backoff * 2).min(MAX_BACKOFF);
            attempt += 1;
        }
    }

    async fn send_once(&self, request: impl Fn() -> RequestBuilder) -> Result<Response, LlmError> {
        let mut builder = request();
        if let Some(key) = &self.api_key {
            builder = builder.bearer_auth(key);
        }
        let response = tokio::time::timeout(self.timeout, builder.send())
            .await
            .map_err(|_| LlmError::Timeout)?
            .map_err(|e| LlmError::from_transport(&e))?;
        let status = response.status();
        if status.is_success() {
            return Ok(response);
        }
        let retry_after = retry_after(response.headers());
        // The body says why, even on errors; a slow one is not waited for long.
        let body =
            tokio::time::timeout(self.timeout, response.text()).await.ok().and_then(Result::ok);
        Err(LlmError::from_status(status.as_u16(), body.as_deref().unwrap_or(""), retry_after))
    }
}

/// The vectors of an embeddings answer by their `index`, or why the answer
/// is not one vector per input, each as long as the others and not empty.
fn in_input_order(list: EmbeddingList, inputs: usize) -> Result<Vec<Vec<f32>>, LlmError> {
    let malformed = |why: &str| Err(LlmError::Malformed(format!("embeddings: {why}")));
    if list.data.len() != inputs {
        return malformed(&format!("{} vectors for {inputs} inputs", list.data.len()));
    }
    let mut vectors: Vec<Option<Vec<f32>>> = vec![None; inputs];
    for entry in list.data {
        match vectors.get_mut(entry.index) {
            Some(slot @ None) => *slot = Some(entry.embedding),
            _ => return malformed(&format!("index {} out of place", entry.index)),
        }
    }
    let vectors: Vec<Vec<f32>> = vectors.into_iter().flatten().collect();
    let dimensions = vectors[0].len();
    if dimensions == 0 || vectors.iter().any(|v| v.len() != dimensions) {
        return malformed("vectors of different or no length");
    }
    Ok(vectors)
}

/// `Retry-After` in seconds (the date form is rare from APIs and ignored).
fn retry_after(headers: &HeaderMap) -> Option<u64> {
    headers.get(RETRY_AFTER)?.to_str().ok()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::providers::llm::protocol::EmbeddingEntry;

    fn list(entries: &[(usize, &[f32])]) -> EmbeddingList {
        let data = entries
            .iter()
            .map(|(index, v)| EmbeddingEntry { index: *index, embedding: v.to_vec() })
            .collect();
        EmbeddingList { data }
    }

    #[test]
    fn vectors_come_back_in_the_inputs_order() {
        let vectors = in_input_order(list(&[(1, &[0.0, 1.0]), (0, &[1.0, 0.0])]), 2).unwrap();
        assert_eq!(vectors, vec![vec![1.0, 0.0], vec![0.0, 1.0]]);
    }

    #[test]
    fn an_answer_that_is_not_one_vector_per_input_is_malformed() {
        let cases = [
            (list(&[(0, &[1.0])]), 2),
            (list(&[(0, &[1.0]), (0, &[1.0])]), 2),
            (list(&[(0, &[1.0]), (5, &[1.0])]), 2),
            (list(&[(0, &[1.0]), (1, &[1.0, 2.0])]), 2),
            (list(&[(0, &[])]), 1),
        ];
        for (answer, inputs) in cases {
            let error = in_input_order(answer.clone(), inputs).unwrap_err();
            assert!(matches!(error, LlmError::Malformed(_)), "{answer:?}: {error:?}");
        }
    }
}

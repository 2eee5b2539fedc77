//! `POST /v1/embeddings`: a vector for each input, as floats or (what
//! OpenAI's SDKs ask for by default) base64 of little-endian `f32`s, with
//! OpenAI's checks and errors.
//!
//! The vectors are deterministic and carry meaning of a sort, so a test can
//! show vector search finding what exact-term search misses. Each text is
//! folded the way a real model is indifferent to (case, Arabic ي ى ك for
//! Persian ی ک, half-spaces and other zero-width characters, punctuation,
//! diacritics, kashida, Persian and Arabic digits, runs of blanks), then its
//! overlapping character bigrams and trigrams are hashed into the model's
//! dimensions, each adding ±1 by a sign bit (feature hashing, seeded by the
//! model's id so two models differ). Why letter sequences and not words:
//! texts that share most of them (a misspelt word, a missing half-space, a
//! plural) come out close, as with a real model, while unrelated texts share
//! few and come out near orthogonal.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};

use super::{Shared, error, error_with};

/// An embedding model the fake serves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbeddingModel {
    /// The name a request gives as `model`.
    pub id: String,
    /// The length of its vectors (a request's `dimensions` may shorten them).
    pub dimensions: usize,
}

impl EmbeddingModel {
    pub fn new(id: impl Into<String>, dimensions: usize) -> EmbeddingModel {
        EmbeddingModel { id: id.into(), dimensions }
    }
}

/// OpenAI's limit on the inputs of one request.
const MAX_INPUTS: usize = 2048;
/// OpenAI's limit on the tokens of one input.
const MAX_TOKENS: u64 = 8192;
const INVALID_INPUT: &str = "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.";

/// One input: text, or token ids (embedded as the text of the ids).
enum Input {
    Text(String),
    Tokens(Vec<u64>),
}

impl Input {
    /// As the chat's counts: ceil(bytes / 4), at least 1; or the ids given.
    fn tokens(&self) -> u64 {
        match self {
            Input::Text(text) => (text.len() as u64).div_ceil(4).max(1),
            Input::Tokens(ids) => ids.len() as u64,
        }
    }

    fn text(&self) -> String {
        match self {
            Input::Text(text) => text.clone(),
            Input::Tokens(ids) => ids.iter().map(u64::to_string).collect::<Vec<_>>().join(" "),
        }
    }
}

pub(super) async fn embeddings(
    State(shared): State<Arc<Shared>>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let request: Option<Value> = serde_json::from_slice(&body).ok();
    let recorded = request
        .clone()
        .unwrap_or_else(|| Value::String(String::from_utf8_lossy(&body).into_owned()));
    shared.lock().embedding_requests.push(recorded);
    if let Some(refused) = shared.refuse(&headers) {
        return refused;
    }
    let Some(request) = request.filter(Value::is_object) else {
        return error(400, "We could not parse the JSON body of your request.");
    };
    let Some(id) = request.get("model").and_then(Value::as_str) else {
        return error(400, "you must provide a model parameter");
    };
    let Some(model) = shared.embedding_model(id) else {
        if shared.config.models.iter().any(|m| m == id) {
            let message = "You are not allowed to generate embeddings from this model";
            return error_with(403, message, "invalid_request_error", None);
        }
        return error(
            404,
            &format!("The model `{id}` does not exist or you do not have access to it."),
        );
    };
    let Some(inputs) = inputs(request.get("input")) else {
        return error_with(400, INVALID_INPUT, "invalid_request_error", None);
    };
    let base64 = match request.get("encoding_format") {
        None | Some(Value::Null) => false,
        Some(format) if format == "float" => false,
        Some(format) if format == "base64" => true,
        Some(other) => {
            let other = other.as_str().map_or_else(|| other.to_string(), |s| format!("'{s}'"));
            let message = format!("{other} is not one of ['float', 'base64'] - 'encoding_format'");
            return error(400, &message);
        }
    };
    let size = match request.get("dimensions") {
        None | Some(Value::Null) => model.dimensions,
        Some(asked) => match asked.as_u64().and_then(|d| usize::try_from(d).ok()) {
            Some(d) if (1..=model.dimensions).contains(&d) => d,
            _ => {
                let message = format!(
                    "Invalid value for 'dimensions' = {asked}. It must be an integer from 1 to {} for `{id}`.",
                    model.dimensions
                );
                return error(400, &message);
            }
        },
    };
    if let Some(long) = inputs.iter().map(Input::tokens).find(|t| *t > MAX_TOKENS) {
        let message = format!(
            "This model's maximum context length is {MAX_TOKENS} tokens, however you requested \
             {long} tokens ({long} in your prompt; 0 for the completion). Please reduce your \
             prompt; or completion length."
        );
        return error_with(400, &message, "invalid_request_error", None);
    }
    let data: Vec<Value> = inputs
        .iter()
        .enumerate()
        .map(|(index, input)| {
            let vector = shorten(embed(model, &input.text()), size);
            let embedding = if base64 { json!(encode(&vector)) } else { json!(vector) };
            json!({"object": "embedding", "index": index, "embedding": embedding})
        })
        .collect();
    let tokens: u64 = inputs.iter().map(Input::tokens).sum();
    axum::Json(json!({
        "object": "list", "data": data, "model": id,
        "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
    }))
    .into_response()
}

/// `input` as OpenAI takes it: a string, an array of strings, an array of
/// token ids or an array of those (not strings and ids mixed); `None` when
/// empty, too many or none of these.
fn inputs(input: Option<&Value>) -> Option<Vec<Input>> {
    match input? {
        Value::String(text) if !text.is_empty() => Some(vec![Input::Text(text.clone())]),
        Value::Array(items) if items.is_empty() || items.len() > MAX_INPUTS => None,
        Value::Array(items) if items.iter().all(Value::is_number) => {
            Some(vec![Input::Tokens(ids(items)?)])
        }
        Value::Array(items)
            if items.iter().all(Value::is_string) || items.iter().all(Value::is_array) =>
        {
            items
                .iter()
                .map(|item| match item {
                    Value::String(text) if !text.is_empty() => Some(Input::Text(text.clone())),
                    Value::Array(tokens) => Some(Input::Tokens(ids(tokens)?)),
                    _ => None,
                })
                .collect()
        }
        _ => None,
    }
}

/// Token ids, at least one.
fn ids(items: &[Value]) -> Option<Vec<u64>> {
    let ids = items.iter().map(Value::as_u64).collect::<Option<Vec<u64>>>()?;
    (!ids.is_empty()).then_some(ids)
}

/// `model`'s whole vector for `text`, of unit length (see the module's comment).
pub fn embed(model: &EmbeddingModel, text: &str) -> Vec<f32> {
    let seed = fnv1a(FNV_OFFSET, model.id.as_bytes());
    // 0xFF is never in UTF-8, so no id and n-gram run together as another pair would.
    let seed = fnv1a(seed, &[0xFF]);
    let padded: Vec<char> = format!(" {} ", fold(text)).chars().collect();
    let mut vector = vec![0f32; model.dimensions];
    if padded.len() > 2 {
        for n in [2, 3] {
            for gram in padded.windows(n) {
                let gram: String = gram.iter().collect();
                let hash = mix(fnv1a(seed, gram.as_bytes()));
                let axis = (hash % model.dimensions as u64) as usize;
                vector[axis] += if hash >> 63 == 0 { 1.0 } else { -1.0 };
            }
        }
    }
    normalise(vector)
}

/// What a real model is indifferent to, folded away: case, Arabic letters
/// for their Persian forms, digits to ASCII, diacritics and kashida dropped,
/// anything neither letter nor digit (zero-width characters, punctuation,
/// blanks) to one space.
fn fold(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        let c = match c {
            '\u{064A}' | '\u{0649}' => 'ی',
            '\u{0643}' => 'ک',
            '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{0640}' => continue,
            '۰'..='۹' => char::from(b'0' + (c as u32 - '۰' as u32) as u8),
            '٠'..='٩' => char::from(b'0' + (c as u32 - '٠' as u32) as u8),
            c if c.is_alphanumeric() => c,
            _ => ' ',
        };
        if c == ' ' && (folded.is_empty() || folded.ends_with(' ')) {
            continue;
        }
        folded.push(c);
    }
    folded.truncate(folded.trim_end().len());
    folded
}

/// The first `size` values, of unit length again, as text-embedding-3 shortens.
fn shorten(mut vector: Vec<f32>, size: usize) -> Vec<f32> {
    vector.truncate(size);
    normalise(vector)
}

/// Of unit length; a vector of zeros (nothing to hash) becomes the first axis.
fn normalise(mut vector: Vec<f32>) -> Vec<f32> {
    let norm = vector.iter().map(|v| v * v).sum::<f32>().sqrt();
    if norm == 0.0 {
        vector[0] = 1.0;
    } else {
        vector.iter_mut().for_each(|v| *v /= norm);
    }
    vector
}

fn encode(vector: &[f32]) -> String {
    let bytes: Vec<u8> = vector.iter().flat_map(|v| v.to_le_bytes()).collect();
    STANDARD.encode(bytes)
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for byte in bytes {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// MurmurHash3's finaliser: FNV's low and high bits alone are poorly mixed,
/// and the axis and sign are taken from them.
fn mix(mut hash: u64) -> u64 {
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xff51_afd7_ed55_8ccd);
    hash ^= hash >> 33;
    hash = hash.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    hash ^ (hash >> 33)
}

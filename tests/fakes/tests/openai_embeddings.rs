//! The OpenAI fake's `POST /v1/embeddings` over real HTTP: the server's
//! hybrid knowledge search is tested against it, so its vectors must be
//! shaped as OpenAI's, decode from base64 as the SDKs read them, and keep
//! similar texts closer than unrelated ones.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use dastyar_fakes::openai::{EmbeddingModel, FakeOpenAi, FakeOpenAiConfig, embed};
use serde_json::{Value, json};

const MODEL: &str = "text-embedding-3-small";
const INVALID_INPUT: &str = "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.";

async fn post(fake: &FakeOpenAi, body: &Value) -> reqwest::Response {
    let url = format!("{}/embeddings", fake.base_url);
    reqwest::Client::new().post(url).json(body).send().await.unwrap()
}

/// The answer to a request that must succeed.
async fn answer(fake: &FakeOpenAi, body: Value) -> Value {
    let response = post(fake, &body).await;
    assert_eq!(response.status(), 200, "{body}");
    response.json().await.unwrap()
}

/// The vectors of `texts`, in the order given.
async fn vectors(fake: &FakeOpenAi, model: &str, texts: &[&str]) -> Vec<Vec<f32>> {
    let answer = answer(fake, json!({"model": model, "input": texts})).await;
    answer["data"].as_array().unwrap().iter().map(floats).collect()
}

async fn vector(fake: &FakeOpenAi, text: &str) -> Vec<f32> {
    vectors(fake, MODEL, &[text]).await.remove(0)
}

fn floats(item: &Value) -> Vec<f32> {
    item["embedding"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap() as f32).collect()
}

fn norm(v: &[f32]) -> f32 {
    v.iter().map(|x| x * x).sum::<f32>().sqrt()
}

fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum::<f32>() / (norm(a) * norm(b))
}

/// Asserts an error's status and OpenAI envelope, and gives its message.
async fn refused(response: reqwest::Response, status: u16, code: Value) -> String {
    assert_eq!(response.status(), status);
    let envelope: Value = response.json().await.unwrap();
    let error = &envelope["error"];
    assert_eq!(error["type"], "invalid_request_error", "{envelope}");
    assert_eq!(error["param"], Value::Null);
    assert_eq!(error["code"], code, "{envelope}");
    error["message"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_string_and_an_array_answer_unit_vectors_in_order() {
    let fake = FakeOpenAi::start().await;
    let one = answer(&fake, json!({"model": MODEL, "input": "سلام دنیا"})).await;
    assert_eq!(one["object"], "list");
    assert_eq!(one["model"], MODEL);
    assert_eq!(one["data"].as_array().unwrap().len(), 1);
    assert_eq!(one["data"][0]["object"], "embedding");
    assert_eq!(one["data"][0]["index"], 0);
    let alone = floats(&one["data"][0]);
    assert_eq!(alone.len(), 256);
    assert!((norm(&alone) - 1.0).abs() < 1e-5);
    // "سلام دنیا" is 17 bytes: ceil(17 / 4).
    assert_eq!(one["usage"], json!({"prompt_tokens": 5, "total_tokens": 5}));

    let texts = ["کتاب", "سلام دنیا", "hello world"];
    let many = answer(&fake, json!({"model": MODEL, "input": texts})).await;
    let data = many["data"].as_array().unwrap();
    let indexes: Vec<u64> = data.iter().map(|d| d["index"].as_u64().unwrap()).collect();
    assert_eq!(indexes, [0, 1, 2]);
    let all: Vec<Vec<f32>> = data.iter().map(floats).collect();
    assert_eq!(all[1], alone, "each vector is the one of the input at its index");
    assert_ne!(all[0], all[1]);
    assert!(all.iter().all(|v| v.len() == 256 && (norm(v) - 1.0).abs() < 1e-5));
    assert_eq!(many["usage"]["prompt_tokens"], 2 + 5 + 3);

    // The other default model has its own size, and its own vectors.
    let nomic = vectors(&fake, "nomic-embed-text", &["سلام دنیا"]).await.remove(0);
    assert_eq!(nomic.len(), 128);
    assert_ne!(nomic[..], alone[..128]);
}

#[tokio::test]
async fn token_ids_are_taken_as_openai_takes_them() {
    let fake = FakeOpenAi::start().await;
    let one = answer(&fake, json!({"model": MODEL, "input": [15339, 1917]})).await;
    assert_eq!(one["data"].as_array().unwrap().len(), 1);
    assert_eq!(one["usage"]["prompt_tokens"], 2);
    let many = answer(&fake, json!({"model": MODEL, "input": [[15339, 1917], [15339]]})).await;
    assert_eq!(many["data"].as_array().unwrap().len(), 2);
    assert_eq!(many["data"][0]["embedding"], one["data"][0]["embedding"]);
    assert_eq!(many["usage"]["prompt_tokens"], 3);
}

#[tokio::test]
async fn base64_is_the_same_floats_little_endian() {
    let fake = FakeOpenAi::start().await;
    let texts = ["دستیار هوشمند", "پایگاه دانش"];
    let floats = vectors(&fake, MODEL, &texts).await;
    let encoded =
        answer(&fake, json!({"model": MODEL, "input": texts, "encoding_format": "base64"})).await;
    for (item, expected) in encoded["data"].as_array().unwrap().iter().zip(&floats) {
        let bytes = STANDARD.decode(item["embedding"].as_str().unwrap()).unwrap();
        let decoded: Vec<f32> =
            bytes.chunks(4).map(|b| f32::from_le_bytes(b.try_into().unwrap())).collect();
        assert_eq!(&decoded, expected);
    }
    let float = json!({"model": MODEL, "input": texts, "encoding_format": "float"});
    assert_eq!(answer(&fake, float).await["data"][1]["embedding"], json!(floats[1]));
}

#[tokio::test]
async fn the_same_text_always_has_the_same_vector() {
    let text = "ساعت کاری فروشگاه از ۹ صبح تا ۵ عصر است";
    let first = vector(&FakeOpenAi::start().await, text).await;
    let fake = FakeOpenAi::start().await;
    assert_eq!(vector(&fake, text).await, first);
    assert_eq!(vector(&fake, text).await, first);
    let model = EmbeddingModel::new(MODEL, 256);
    assert_eq!(embed(&model, text), first, "the library gives what the route gives");
}

#[tokio::test]
async fn a_misspelt_or_unspaced_variant_is_closer_than_an_unrelated_sentence() {
    let fake = FakeOpenAi::start().await;
    let original = "می‌خواهم کتاب‌های تاریخی را به کتابخانه برگردانم";
    // Half-spaces missing, تاریخی misspelt, کتابخانه as spoken.
    let variant = "میخواهم کتابهای تاریحی را به کتابخونه برگردانم";
    let unrelated = "قیمت بلیت هواپیما برای سفر به شیراز چقدر است";
    let v = vectors(&fake, MODEL, &[original, variant, unrelated]).await;
    let close = cosine(&v[0], &v[1]);
    let far = cosine(&v[0], &v[2]);
    assert!(close > 0.6, "variant {close}");
    assert!(far < 0.3, "unrelated {far}");

    // What exact terms miss, the vectors find: no word of the query is in
    // the passage about books as written, yet it is the nearest.
    let query = "کتابهای تاریخی کتابخانه";
    let passages = [
        "برای امانت کتاب‌های تاریخیِ کتاب‌خانه، کارت عضویت لازم است.",
        "پرواز تهران به شیراز هر روز ساعت هشت صبح است.",
        "برای بازگرداندن وجه، شمارهٔ سفارش را بفرستید.",
    ];
    assert!(!passages[0].contains("کتابهای") && !passages[0].contains("کتابخانه"));
    let q = vector(&fake, query).await;
    let p = vectors(&fake, MODEL, &passages).await;
    let scores: Vec<f32> = p.iter().map(|p| cosine(&q, p)).collect();
    assert!(scores[0] > scores[1] && scores[0] > scores[2], "{scores:?}");
}

#[tokio::test]
async fn arabic_letters_half_spaces_diacritics_and_case_are_folded() {
    let fake = FakeOpenAi::start().await;
    let v = vectors(
        &fake,
        MODEL,
        &[
            "کتاب‌های یک کودک",
            "كتاب‌هاي يك كودك",
            "کتاب های یک کودک",
            "کِتابِ‌های یک کودک!",
            "کتـــاب‌های  یک\tکودک",
            "Hello WORLD ۱۲۳",
            "hello world 123",
            "کتاب‌ها",
        ],
    )
    .await;
    assert_eq!(v[1], v[0], "Arabic ي and ك are Persian ی and ک");
    assert_eq!(v[2], v[0], "a half-space is a space");
    assert_eq!(v[3], v[0], "diacritics and punctuation are dropped");
    assert_eq!(v[4], v[0], "kashida is dropped and blanks are one space");
    assert_eq!(v[5], v[6], "case and Persian digits");
    assert_ne!(v[7], v[0]);
}

#[tokio::test]
async fn diacritics_and_punctuation_do_not_change_a_vector() {
    let fake = FakeOpenAi::start().await;
    let v = vectors(&fake, MODEL, &["کِتابِ خوب", "کتاب خوب!", "کتاب خوب", "!؟،", "..."]).await;
    assert_eq!(v[0], v[2]);
    assert_eq!(v[1], v[2]);
    // Nothing left to hash: still a unit vector, on a fixed axis.
    assert_eq!(v[3], v[4]);
    assert_eq!(v[3][0], 1.0);
    assert_eq!(norm(&v[3]), 1.0);
}

#[tokio::test]
async fn dimensions_shortens_and_renormalises() {
    let fake = FakeOpenAi::start().await;
    let text = "پشتیبانی مشتریان";
    let full = vector(&fake, text).await;
    let short = answer(&fake, json!({"model": MODEL, "input": text, "dimensions": 64})).await;
    let short = floats(&short["data"][0]);
    assert_eq!(short.len(), 64);
    assert!((norm(&short) - 1.0).abs() < 1e-5);
    let prefix = norm(&full[..64]);
    for (s, f) in short.iter().zip(&full) {
        assert!((s - f / prefix).abs() < 1e-5, "the first values, scaled back to unit length");
    }
    let whole = answer(&fake, json!({"model": MODEL, "input": text, "dimensions": 256})).await;
    assert_eq!(floats(&whole["data"][0]), full);
    for bad in [json!(0), json!(257), json!(-1), json!("64"), json!(1.5)] {
        let response =
            post(&fake, &json!({"model": MODEL, "input": text, "dimensions": bad})).await;
        let message = refused(response, 400, json!("invalid_request")).await;
        assert!(message.contains("'dimensions'"), "{message}");
    }
}

#[tokio::test]
async fn bad_requests_are_refused_as_openai_refuses_them() {
    let fake = FakeOpenAi::start().await;
    let url = format!("{}/embeddings", fake.base_url);
    let not_json = reqwest::Client::new().post(&url).body("{not json").send().await.unwrap();
    let message = refused(not_json, 400, json!("invalid_request")).await;
    assert!(message.contains("JSON"));

    let no_model = post(&fake, &json!({"input": "a"})).await;
    refused(no_model, 400, json!("invalid_request")).await;
    let unknown = post(&fake, &json!({"model": "x", "input": "a"})).await;
    assert_eq!(
        refused(unknown, 404, json!("model_not_found")).await,
        "The model `x` does not exist or you do not have access to it."
    );
    let chat_model = post(&fake, &json!({"model": "gpt-4o", "input": "a"})).await;
    assert_eq!(
        refused(chat_model, 403, Value::Null).await,
        "You are not allowed to generate embeddings from this model"
    );

    let too_many = vec!["a"; 2049];
    let invalid = [
        json!(""),
        json!([]),
        json!(["a", ""]),
        json!(too_many),
        json!(["a", [1, 2]]),
        json!([[]]),
        json!([-1]),
        json!(5),
        Value::Null,
    ];
    for input in invalid {
        let response = post(&fake, &json!({"model": MODEL, "input": input})).await;
        assert_eq!(refused(response, 400, Value::Null).await, INVALID_INPUT, "{input}");
    }
    let no_input = post(&fake, &json!({"model": MODEL})).await;
    assert_eq!(refused(no_input, 400, Value::Null).await, INVALID_INPUT);
    assert_eq!(
        answer(&fake, json!({"model": MODEL, "input": vec!["a"; 2048]})).await["data"][2047]["index"],
        2047
    );

    let format = json!({"model": MODEL, "input": "a", "encoding_format": "hex"});
    assert_eq!(
        refused(post(&fake, &format).await, 400, json!("invalid_request")).await,
        "'hex' is not one of ['float', 'base64'] - 'encoding_format'"
    );
    // 8193 tokens of 4 bytes each, one over the limit.
    let long = "abcd".repeat(8193);
    let response = post(&fake, &json!({"model": MODEL, "input": ["a", long]})).await;
    let message = refused(response, 400, Value::Null).await;
    assert!(message.starts_with("This model's maximum context length is 8192 tokens"), "{message}");
    assert!(message.contains("8193 tokens"), "{message}");
    answer(&fake, json!({"model": MODEL, "input": "abcd".repeat(8192)})).await;
}

#[tokio::test]
async fn the_models_list_and_a_configured_model_set() {
    let fake = FakeOpenAi::start_with(FakeOpenAiConfig {
        embedding_models: vec![EmbeddingModel::new("local-embed", 32)],
        ..FakeOpenAiConfig::default()
    })
    .await;
    let list: Value =
        reqwest::get(format!("{}/models", fake.base_url)).await.unwrap().json().await.unwrap();
    let ids: Vec<&str> =
        list["data"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&"local-embed") && ids.contains(&"gpt-4o"), "{ids:?}");
    assert!(!ids.contains(&MODEL));
    let one = reqwest::get(format!("{}/models/local-embed", fake.base_url)).await.unwrap();
    assert_eq!(one.status(), 200);
    assert_eq!(vectors(&fake, "local-embed", &["یک"]).await[0].len(), 32);
    let gone = post(&fake, &json!({"model": MODEL, "input": "a"})).await;
    refused(gone, 404, json!("model_not_found")).await;

    let defaults = FakeOpenAi::start().await;
    let list: Value =
        reqwest::get(format!("{}/models", defaults.base_url)).await.unwrap().json().await.unwrap();
    let ids: Vec<&str> =
        list["data"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap()).collect();
    assert!(ids.contains(&MODEL) && ids.contains(&"nomic-embed-text"), "{ids:?}");
}

#[tokio::test]
async fn the_key_is_required_when_configured() {
    let fake = FakeOpenAi::start_with(FakeOpenAiConfig {
        api_key: Some("sk-right".into()),
        ..FakeOpenAiConfig::default()
    })
    .await;
    let url = format!("{}/embeddings", fake.base_url);
    let body = json!({"model": MODEL, "input": "a"});
    let client = reqwest::Client::new();
    let none = client.post(&url).json(&body).send().await.unwrap();
    refused(none, 401, json!("invalid_api_key")).await;
    let wrong = client.post(&url).bearer_auth("sk-wrong").json(&body).send().await.unwrap();
    refused(wrong, 401, json!("invalid_api_key")).await;
    let right = client.post(&url).bearer_auth("sk-right").json(&body).send().await.unwrap();
    assert_eq!(right.status(), 200);
    assert_eq!(fake.authorizations().last().unwrap().as_deref(), Some("Bearer sk-right"));
}

#[tokio::test]
async fn failures_and_outages_apply_and_every_body_is_recorded() {
    let fake = FakeOpenAi::start().await;
    let body = json!({"model": MODEL, "input": "a"});
    fake.fail_next(1, 429);
    let limited = post(&fake, &body).await;
    assert_eq!(limited.headers()["retry-after"], "0");
    let limited: Value = limited.json().await.unwrap();
    assert_eq!(limited["error"]["code"], "rate_limit_exceeded");
    assert_eq!(post(&fake, &body).await.status(), 200);
    fake.set_down(true);
    assert_eq!(post(&fake, &body).await.status(), 502);
    fake.set_down(false);

    let recorded = fake.embedding_requests();
    assert_eq!(recorded, vec![body.clone(); 3], "failed calls are recorded too");
    assert!(fake.chat_requests().is_empty());
    let over_http: Value = reqwest::get(fake.base_url.replace("/v1", "/_fake/embedding_requests"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(over_http, json!(recorded));
    fake.reset();
    assert!(fake.embedding_requests().is_empty());
}

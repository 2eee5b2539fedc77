//! Hybrid knowledge search against the OpenAI fake's `/v1/embeddings`:
//! chunks get vectors after indexing, a search fuses BM25's ranking with
//! the vectors' and so finds what no exact term does, a provider that fails
//! leaves search to BM25 and is tried again later, and a change of model
//! embeds again without mixing two models' vectors.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::upload::upload;
use common::{TestApp, for_each_backend, matches_template};
use dastyar_core::{MessageCode, NodeKind};
use dastyar_fakes::openai::FakeOpenAi;
use dastyar_server::jobs::run_until_idle;
use dastyar_server::knowledge::embedder::{self, Embedded};
use dastyar_server::knowledge::search::lexical_search;
use dastyar_server::store::knowledge::Scope;
use dastyar_server::store::knowledge_vectors;
use serde_json::{Value, json};

const SHIPPING: &str = "ارسال سفارش‌ها\n\nسفارش‌های تهران ظرف ۲ روز کاری و شهرستان‌ها ظرف ۵ روز کاری می‌رسند. \
     هزینهٔ ارسال برای خریدهای بالای ۵۰۰ هزار تومان رایگان است.";
const WARRANTY: &str = "گارانتی کالاها\n\nهمهٔ لپ‌تاپ‌ها ۱۸ ماه گارانتی دارند و گوشی‌ها ۱۲ ماه. \
     برای استفاده از گارانتی، فاکتور خرید را همراه داشته باشید.";
const RETURNS: &str = "بازگشت کالا\n\nتا هفت روز پس از تحویل می‌توانید کالای سالم را پس بدهید. \
     مبلغ ظرف سه روز به حساب شما برمی‌گردد.";

/// "Warranty" misspelt as people type it in a hurry: no term of it is in
/// any file, so BM25 alone finds nothing.
const MISSPELT: &str = "گرانتی لبتاب";

const MODEL: &str = "text-embedding-3-small";
const OTHER_MODEL: &str = "nomic-embed-text";

/// The app again on the same database, with the fake as its provider and
/// `model` (if any) as its embedding model.
async fn with_provider(app: &TestApp, fake: &FakeOpenAi, model: Option<&str>) -> TestApp {
    let mut config = (*app.state.config).clone();
    config.providers.llm.base_url = Some(fake.base_url.clone());
    config.providers.llm.embedding_model = model.map(str::to_owned);
    TestApp::open(config, app.backend).await
}

/// A file DB holding the three files, read and indexed: its id.
async fn three_files(app: &TestApp, email: &str) -> (String, i64) {
    let (token, user) = app.register(email).await;
    let project = app.create_project(&token, "دانش").await;
    let filedb = Canvas::new(app, user, project).node(NodeKind::Filedb, json!({})).await;
    for (name, text) in
        [("ارسال.txt", SHIPPING), ("گارانتی.txt", WARRANTY), ("بازگشت.txt", RETURNS)]
    {
        upload(app, &token, filedb, name, text.as_bytes()).await;
    }
    run_until_idle(&app.state).await.unwrap();
    (token, filedb)
}

async fn find(app: &TestApp, token: &str, node: i64, query: &str) -> Vec<Value> {
    let path = format!("/api/knowledge/{node}/search");
    let response = app.post(&path, Some(token), json!({"query": query})).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json().as_array().cloned().unwrap()
}

fn names(passages: &[Value]) -> Vec<&str> {
    passages.iter().map(|p| p["name"].as_str().unwrap()).collect()
}

/// Each document's vector state, by name, as the panels read it.
async fn vector_states(app: &TestApp, token: &str, node: i64) -> Vec<(String, Value, Value)> {
    let status = app.get(&format!("/api/knowledge/{node}"), Some(token)).await;
    assert_eq!(status.status, StatusCode::OK, "{}", status.text());
    let mut states: Vec<(String, Value, Value)> = status.json()["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let error = d.get("vectors_error").cloned().unwrap_or(Value::Null);
            let state = d.get("vectors").cloned().unwrap_or(Value::Null);
            (d["name"].as_str().unwrap().to_owned(), state, error)
        })
        .collect();
    states.sort_by(|a, b| a.0.cmp(&b.0));
    states
}

/// How many of the scope's documents are searchable by `model`'s vectors.
async fn embedded(app: &TestApp, node: i64, model: &str) -> usize {
    let scope = Scope { sources: vec![node], company_id: None };
    knowledge_vectors::embedded_documents(&app.state.db, &scope, model).await.unwrap().len()
}

#[tokio::test]
async fn chunks_get_vectors_and_a_misspelt_question_finds_its_file() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(&app, &fake, Some(MODEL)).await;
        let (token, filedb) = three_files(&app, "hybrid@example.com").await;
        assert_eq!(embedded(&app, filedb, MODEL).await, 0, "indexed, not embedded yet");
        let before = find(&app, &token, filedb, "گارانتی لپ‌تاپ").await;
        assert_eq!(names(&before)[0], "گارانتی.txt", "BM25 serves while vectors are made");

        let pending = vector_states(&app, &token, filedb).await;
        assert!(pending.iter().all(|(_, state, _)| *state == "pending"), "{pending:?}");
        let ended = embedder::run_until_idle(&app.state).await.unwrap();
        assert_eq!(ended.len(), 3, "{ended:?}");
        assert!(ended.iter().all(|e| matches!(e, Embedded::Done { chunks: 1.., .. })), "{ended:?}");
        let ready = vector_states(&app, &token, filedb).await;
        assert!(ready.iter().all(|(_, state, e)| *state == "ready" && e.is_null()), "{ready:?}");
        assert_eq!(embedded(&app, filedb, MODEL).await, 3);
        let requests = fake.embedding_requests();
        assert_eq!(requests.len(), 3, "one call per document of one chunk: {requests:?}");
        for request in &requests {
            assert_eq!(request["model"], MODEL);
            assert_eq!(request["encoding_format"], "float");
            assert!(request["input"].as_array().is_some_and(|i| !i.is_empty()), "{request}");
        }

        let scope = Scope { sources: vec![filedb], company_id: None };
        let lexical = lexical_search(&app.state.db, &scope, MISSPELT, 5).await.unwrap();
        assert!(lexical.is_empty(), "no term of the misspelt question is in a file: {lexical:?}");
        let found = find(&app, &token, filedb, MISSPELT).await;
        assert_eq!(names(&found)[0], "گارانتی.txt", "{found:?}");
        assert!(found[0]["text"].as_str().unwrap().contains("۱۸ ماه گارانتی"));
        let query = fake.embedding_requests().pop().unwrap();
        assert_eq!(query["input"], json!([MISSPELT]), "the question is embedded as typed");

        // A question spelt right: both rankings agree on its file.
        let found = find(&app, &token, filedb, "هزینه ارسال سفارش").await;
        assert_eq!(names(&found)[0], "ارسال.txt");
        assert!(embedder::run_once(&app.state).await.unwrap().is_none(), "nothing left");
    })
    .await;
}

#[tokio::test]
async fn a_provider_that_fails_leaves_search_to_bm25_and_is_tried_again() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(&app, &fake, Some(MODEL)).await;
        let (token, filedb) = three_files(&app, "failing@example.com").await;

        // Every attempt the client makes for the first document fails.
        fake.fail_next(3, 503);
        let first = embedder::run_once(&app.state).await.unwrap();
        let Some(Embedded::Failed { document_id, error }) = first else {
            panic!("the provider failed: {first:?}")
        };
        assert!(matches_template(&error, MessageCode::LlmRefused.persian()), "{error}");
        let (attempts, stored): (i64, Option<String>) = sqlx::query_as(
            "SELECT embedding_attempts, embedding_error FROM knowledge_documents WHERE id = $1",
        )
        .bind(document_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
        assert_eq!((attempts, stored.as_deref()), (1, Some(error.as_str())));
        let states = vector_states(&app, &token, filedb).await;
        let failed: Vec<_> = states.iter().filter(|(_, state, _)| *state == "failed").collect();
        assert_eq!(failed.len(), 1, "{states:?}");
        assert_eq!(failed[0].2, json!(error), "the panel says why");

        // The others go on; the failed one waits out its pause.
        let rest = embedder::run_until_idle(&app.state).await.unwrap();
        assert_eq!(rest.len(), 2, "{rest:?}");
        assert!(
            rest.iter()
                .all(|e| !matches!(e, Embedded::Done { document_id: d, .. } if *d == document_id))
        );
        assert_eq!(embedded(&app, filedb, MODEL).await, 2);

        // While the provider is down, search still answers, by BM25.
        fake.set_down(true);
        let found = find(&app, &token, filedb, "هزینه ارسال").await;
        assert_eq!(names(&found)[0], "ارسال.txt");
        fake.set_down(false);

        // A restart makes it due at once; then it is embedded.
        knowledge_vectors::all_due_now(&app.state.db).await.unwrap();
        let again = embedder::run_until_idle(&app.state).await.unwrap();
        assert_eq!(again, vec![Embedded::Done { document_id, chunks: 1 }]);
        assert_eq!(embedded(&app, filedb, MODEL).await, 3);
        let (attempts, stored): (i64, Option<String>) = sqlx::query_as(
            "SELECT embedding_attempts, embedding_error FROM knowledge_documents WHERE id = $1",
        )
        .bind(document_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
        assert_eq!((attempts, stored), (0, None), "a success forgets the failure");
    })
    .await;
}

#[tokio::test]
async fn another_model_embeds_everything_again_and_a_new_read_needs_new_vectors() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let first = with_provider(&app, &fake, Some(MODEL)).await;
        let (token, filedb) = three_files(&first, "models@example.com").await;
        embedder::run_until_idle(&first.state).await.unwrap();
        assert_eq!(embedded(&first, filedb, MODEL).await, 3);

        let second = with_provider(&app, &fake, Some(OTHER_MODEL)).await;
        assert_eq!(embedded(&second, filedb, OTHER_MODEL).await, 0);
        let calls = fake.embedding_requests().len();
        let found = find(&second, &token, filedb, "هزینه ارسال").await;
        assert_eq!(names(&found)[0], "ارسال.txt", "BM25 alone until the new vectors are made");
        assert_eq!(fake.embedding_requests().len(), calls, "nothing to compare a query with");

        let ended = embedder::run_until_idle(&second.state).await.unwrap();
        assert_eq!(ended.len(), 3, "{ended:?}");
        assert_eq!(embedded(&second, filedb, OTHER_MODEL).await, 3);
        assert_eq!(embedded(&second, filedb, MODEL).await, 0, "one model's vectors at a time");
        let lengths: Vec<(i64,)> =
            sqlx::query_as("SELECT COUNT(*) FROM knowledge_chunks WHERE embedding_model = $1")
                .bind(OTHER_MODEL)
                .fetch_all(second.state.db.pool())
                .await
                .unwrap();
        assert_eq!(lengths, vec![(3,)]);
        let found = find(&second, &token, filedb, MISSPELT).await;
        assert_eq!(names(&found)[0], "گارانتی.txt", "{found:?}");

        // Reading the files again makes new chunks, without vectors until embedded.
        let path = format!("/api/knowledge/{filedb}/reindex");
        let response = second.post(&path, Some(&token), json!({})).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        run_until_idle(&second.state).await.unwrap();
        assert_eq!(embedded(&second, filedb, OTHER_MODEL).await, 0);
        assert_eq!(embedder::run_until_idle(&second.state).await.unwrap().len(), 3);
        assert_eq!(embedded(&second, filedb, OTHER_MODEL).await, 3);
    })
    .await;
}

#[tokio::test]
async fn without_an_embedding_model_nothing_is_embedded() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_provider(&app, &fake, None).await;
        let (token, filedb) = three_files(&app, "plain@example.com").await;
        assert!(embedder::run_until_idle(&app.state).await.unwrap().is_empty());
        assert!(find(&app, &token, filedb, MISSPELT).await.is_empty(), "BM25 alone");
        assert_eq!(names(&find(&app, &token, filedb, "گارانتی").await), ["گارانتی.txt"]);
        assert!(fake.embedding_requests().is_empty());
        let states = vector_states(&app, &token, filedb).await;
        assert!(states.iter().all(|(_, state, _)| state.is_null()), "no model, no vector state");
    })
    .await;
}

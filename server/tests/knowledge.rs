//! Knowledge end to end: files uploaded are read by the job queue, indexed,
//! and found by a search typed the way people type; a vector store searches
//! what is joined to it; removals follow; an assistant searches through its
//! `file_search` tool and its answer cites the files.

mod common;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::canvas::Canvas;
use common::upload::{form, post_form, upload, upload_as};
use common::{TestApp, for_each_backend};
use dastyar_core::NodeKind;
use dastyar_fakes::openai::{FakeOpenAi, Reply, ToolCall};
use dastyar_server::jobs::run_until_idle;
use dastyar_server::knowledge::search::lexical_search;
use dastyar_server::store::frames;
use dastyar_server::store::knowledge::Scope;
use serde_json::{Value, json};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/knowledge");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{FIXTURES}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Written with Persian ی and ک, half-spaces and Persian digits, as a
/// careful writer would.
const SHIPPING: &str = "ارسال سفارش‌ها\n\nسفارش‌های تهران ظرف ۲ روز کاری و شهرستان‌ها ظرف ۵ روز کاری می‌رسند. \
     هزینهٔ ارسال برای خریدهای بالای ۵۰۰ هزار تومان رایگان است.";
const WARRANTY: &str = "گارانتی کالاها\n\nهمهٔ لپ‌تاپ‌ها ۱۸ ماه گارانتی دارند و گوشی‌ها ۱۲ ماه. \
     برای استفاده از گارانتی، فاکتور خرید را همراه داشته باشید.";

async fn status(app: &TestApp, token: &str, node: i64) -> Value {
    let response = app.get(&format!("/api/knowledge/{node}"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
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

/// The document of `name` in a status answer.
fn document<'a>(status: &'a Value, name: &str) -> &'a Value {
    status["documents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == name)
        .unwrap_or_else(|| panic!("no document {name} in {status}"))
}

#[tokio::test]
async fn uploads_are_read_in_a_job_and_found_however_the_question_is_spelt() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("knowledge@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "دانش").await;
        let filedb = Canvas::new(&app, user, project).node(NodeKind::Filedb, json!({})).await;

        upload(&app, token, filedb, "ارسال.txt", SHIPPING.as_bytes()).await;
        upload(&app, token, filedb, "گارانتی.md", WARRANTY.as_bytes()).await;
        upload_as(&app, token, filedb, "راهنما.pdf", "application/pdf", &fixture("persian.pdf"))
            .await;
        upload_as(&app, token, filedb, "دو صفحه.pdf", "application/pdf", &fixture("two-pages.pdf"))
            .await;
        upload_as(&app, token, filedb, "قیمت‌ها.csv", "text/csv", &fixture("products.csv")).await;
        upload_as(&app, token, filedb, "اسکن.pdf", "application/pdf", &fixture("scanned.pdf"))
            .await;
        upload_as(&app, token, filedb, "قفل.pdf", "application/pdf", &fixture("encrypted.pdf"))
            .await;
        upload_as(&app, token, filedb, "عکس.png", "image/png", &fixture("image.png")).await;

        // Queued, not read yet: every file is processing.
        let before = status(&app, token, filedb).await;
        assert_eq!(before["processing"], 8, "{before}");
        assert_eq!(before["ready"], 0);

        run_until_idle(&app.state).await.unwrap();
        let after = status(&app, token, filedb).await;
        assert_eq!(
            (after["ready"].as_i64(), after["failed"].as_i64()),
            (Some(5), Some(3)),
            "{after}"
        );
        let shipping = document(&after, "ارسال.txt");
        assert_eq!(shipping["state"], "ready");
        assert_eq!(shipping["progress"], 100);
        assert!(shipping["chunks"].as_i64().unwrap() >= 1, "{shipping}");
        assert_eq!(document(&after, "دو صفحه.pdf")["sections"], 2, "two pages read");

        // Each failure says in Persian what is wrong and names the file.
        let scanned = document(&after, "اسکن.pdf");
        assert_eq!(scanned["state"], "failed");
        let message = scanned["error"].as_str().unwrap();
        assert!(message.contains("اسکن.pdf") && message.contains("متنی پیدا نشد"), "{message}");
        let locked = document(&after, "قفل.pdf")["error"].as_str().unwrap().to_owned();
        assert!(locked.contains("رمزگذاری"), "{locked}");
        let image = document(&after, "عکس.png")["error"].as_str().unwrap().to_owned();
        assert!(image.contains("قالب"), "{image}");

        // Arabic ي and ك, Latin digits and no half-space still find the file.
        let found = find(&app, token, filedb, "هزينه ارسال سفارشها 2 روز").await;
        assert_eq!(names(&found).first(), Some(&"ارسال.txt"), "{found:?}");
        assert_eq!(found[0]["from"], json!({"kind": "whole"}));
        assert!(found[0]["text"].as_str().unwrap().contains("۵۰۰ هزار تومان"));
        let found = find(&app, token, filedb, "گارانتي لپتاپ چند ماهه").await;
        assert_eq!(names(&found).first(), Some(&"گارانتی.md"), "{found:?}");

        // A sheet's passage cites its rows; a PDF's its page.
        let rows = find(&app, token, filedb, "چاي سبز ارگانيك").await;
        let row = rows.iter().find(|p| p["name"] == "قیمت‌ها.csv").expect("the sheet is found");
        assert_eq!(row["from"], json!({"kind": "row", "sheet": "", "row": 2}), "{row}");
        // two-pages.pdf's second page says «صفحه دوم: فهرست قیمت‌ها».
        let pages = find(&app, token, filedb, "فهرست قيمتها").await;
        let page = pages.iter().find(|p| p["name"] == "دو صفحه.pdf").expect("the PDF is found");
        assert_eq!(page["to"], json!({"kind": "page", "page": 2}), "{page}");

        // Nothing in common: no passage, not an error.
        assert!(find(&app, token, filedb, "zzzz qqqq").await.is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_vector_store_is_the_union_of_what_is_joined_to_it_and_removals_follow() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("store@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "دانش").await;
        let canvas = Canvas::new(&app, user, project);
        let store = canvas.vectorstore(None).await;
        let filedb = canvas.node(NodeKind::Filedb, json!({})).await;
        let repository = canvas.node(NodeKind::Filerepository, json!({})).await;
        let loose = canvas.node(NodeKind::Filedb, json!({})).await;
        app.connect(token, project, (NodeKind::Filedb, filedb), (NodeKind::Vectorstore, store))
            .await;
        app.connect(
            token,
            project,
            (NodeKind::Filerepository, repository),
            (NodeKind::Vectorstore, store),
        )
        .await;
        upload(&app, token, filedb, "ارسال.txt", SHIPPING.as_bytes()).await;
        upload(&app, token, repository, "گارانتی.txt", WARRANTY.as_bytes()).await;
        upload(&app, token, loose, "جدا.txt", "ارسال با پیک موتوری".as_bytes()).await;
        run_until_idle(&app.state).await.unwrap();

        let whole = status(&app, token, store).await;
        assert_eq!(whole["ready"], 2, "the store has its two sources' files: {whole}");
        assert_eq!(names(&find(&app, token, store, "گارانتی").await), ["گارانتی.txt"]);
        assert_eq!(
            names(&find(&app, token, store, "ارسال").await),
            ["ارسال.txt"],
            "not the loose file"
        );

        // A file removed takes its passages with it.
        let path = format!("/api/filedb/file/1?node_id={filedb}");
        assert_eq!(app.delete(&path, Some(token)).await.status, StatusCode::OK);
        assert!(find(&app, token, store, "ارسال").await.is_empty());
        assert_eq!(status(&app, token, store).await["documents"].as_array().unwrap().len(), 1);

        // A file dropped from the list by an ordinary edit goes too.
        let path = format!("/api/filerepositories/{repository}");
        let edited = app.patch(&path, Some(token), json!({"files": []})).await;
        assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
        assert!(find(&app, token, store, "گارانتی").await.is_empty());

        // A source node deleted takes everything it held.
        let path = format!("/api/filedb/{loose}");
        assert_eq!(app.delete(&path, Some(token)).await.status, StatusCode::OK);
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM knowledge_chunks")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        assert_eq!(left, 0);
    })
    .await;
}

#[tokio::test]
async fn searches_are_checked_and_only_mine() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("checks@example.com").await;
        let (stranger, _) = app.register("stranger@example.com").await;
        let project = app.create_project(&token, "دانش").await;
        let canvas = Canvas::new(&app, user, project);
        let filedb = canvas.node(NodeKind::Filedb, json!({})).await;
        let assistant = canvas.assistant().await;
        let path = format!("/api/knowledge/{filedb}/search");

        app.post(&path, Some(&token), json!({"query": "  "}))
            .await
            .assert_invalid("query", "knowledge_query_empty");
        app.post(&path, Some(&token), json!({"query": "ا".repeat(1001)}))
            .await
            .assert_invalid("query", "knowledge_query_too_long");
        app.post(&path, Some(&token), json!({"query": "ارسال", "limit": 0}))
            .await
            .assert_invalid("limit", "knowledge_limit_invalid");
        app.post(&path, Some(&token), json!({"query": 3})).await.assert_error(422, "invalid_input");
        app.post(&path, Some(&stranger), json!({"query": "ارسال"}))
            .await
            .assert_error(404, "not_found");
        app.get(&format!("/api/knowledge/{filedb}"), Some(&stranger))
            .await
            .assert_error(404, "not_found");
        app.get(&format!("/api/knowledge/{assistant}"), Some(&token))
            .await
            .assert_error(404, "not_found");
        app.get(&format!("/api/knowledge/{filedb}"), None)
            .await
            .assert_error(401, "unauthenticated");
    })
    .await;
}

#[tokio::test]
async fn a_failed_file_is_read_again_on_reindex() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("reindex@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "دانش").await;
        let filedb = Canvas::new(&app, user, project).node(NodeKind::Filedb, json!({})).await;
        let mut broken = fixture("persian.pdf");
        broken.truncate(broken.len() / 3);
        upload_as(&app, token, filedb, "نیمه.pdf", "application/pdf", &broken).await;
        run_until_idle(&app.state).await.unwrap();
        let failed = status(&app, token, filedb).await;
        let error = document(&failed, "نیمه.pdf")["error"].as_str().unwrap().to_owned();
        assert!(error.contains("خراب") && error.contains("PDF"), "{error}");

        // The bytes mended where they lie (as a restore would), then read again.
        let stored = app.state.config.data_dir.join(format!("files/{filedb}/1"));
        std::fs::write(&stored, fixture("persian.pdf")).unwrap();
        let path = format!("/api/knowledge/{filedb}/reindex");
        let queued = app.post(&path, Some(token), json!({})).await;
        assert_eq!(queued.status, StatusCode::OK, "{}", queued.text());
        assert_eq!(queued.json()["processing"], 1);
        run_until_idle(&app.state).await.unwrap();
        let ready = status(&app, token, filedb).await;
        assert_eq!(document(&ready, "نیمه.pdf")["state"], "ready", "{ready}");
        assert!(document(&ready, "نیمه.pdf").get("error").is_none());
    })
    .await;
}

#[tokio::test]
async fn a_company_reads_the_shared_files_and_its_own_only() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("companies@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "دانش").await;
        let filedb = Canvas::new(&app, user, project).node(NodeKind::Filedb, json!({})).await;
        let first = frames::company_named(&app.state.db, user, "الف").await.unwrap().id;
        let second = frames::company_named(&app.state.db, user, "ب").await.unwrap().id;
        let id = filedb.to_string();
        for (name, company, text) in [
            ("مشترک.txt", None, "ساعت کاری دفتر مرکزی ۹ تا ۱۷"),
            ("الف.txt", Some(first), "ساعت کاری شعبهٔ الف ۸ تا ۱۶"),
            ("ب.txt", Some(second), "ساعت کاری شعبهٔ ب ۱۰ تا ۱۸"),
        ] {
            let company = company.map(|c: i64| c.to_string()).unwrap_or_default();
            let mut parts = vec![
                ("file", Some((name, "text/plain")), text.as_bytes()),
                ("node_id", None, id.as_bytes()),
            ];
            if !company.is_empty() {
                parts.push(("company_id", None, company.as_bytes()));
            }
            let response = post_form(&app, "/api/filedb/upload", token, form(&parts)).await;
            assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        }
        run_until_idle(&app.state).await.unwrap();

        let seen = |company: Option<i64>| {
            let scope = Scope { sources: vec![filedb], company_id: company };
            let db = app.state.db.clone();
            async move {
                let mut names: Vec<String> = lexical_search(&db, &scope, "ساعت کاری", 10)
                    .await
                    .unwrap()
                    .into_iter()
                    .map(|p| p.source.name)
                    .collect();
                names.sort();
                names
            }
        };
        assert_eq!(seen(None).await, ["الف.txt", "ب.txt", "مشترک.txt"], "the owner sees all");
        assert_eq!(seen(Some(first)).await, ["الف.txt", "مشترک.txt"]);
        assert_eq!(seen(Some(second)).await, ["ب.txt", "مشترک.txt"]);

        // A file given to the other company by an edit follows at once.
        let data = Canvas::new(&app, user, project).data(filedb).await;
        let mut files = data["files"].as_array().unwrap().clone();
        for file in &mut files {
            if file["name"] == "الف.txt" {
                file["company_id"] = json!(second);
            }
        }
        let edited =
            app.patch(&format!("/api/filedb/{filedb}"), Some(token), json!({"files": files})).await;
        assert_eq!(edited.status, StatusCode::OK, "{}", edited.text());
        assert_eq!(seen(Some(first)).await, ["مشترک.txt"]);
    })
    .await;
}

/// The test frame's streamed events, by name.
async fn say(app: &TestApp, token: &str, conversation: i64, text: &str) -> Vec<(String, Value)> {
    let request = Request::builder()
        .method(Method::POST)
        .uri(format!("/api/playground/conversations/{conversation}/messages"))
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(json!({"content": text}).to_string()))
        .unwrap();
    let response = app.send(request).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response
        .text()
        .split("\n\n")
        .filter_map(|block| {
            let name = block.lines().find_map(|l| l.strip_prefix("event:"))?.trim().to_owned();
            let data = block.lines().find_map(|l| l.strip_prefix("data:"))?.trim();
            Some((name, serde_json::from_str(data).ok()?))
        })
        .collect()
}

#[tokio::test]
async fn the_assistant_searches_its_documents_and_its_answer_cites_them() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let mut config = (*app.state.config).clone();
        config.providers.llm.base_url = Some(fake.base_url.clone());
        let app = TestApp::open(config, app.backend).await;
        let (token, user) = app.register("cites@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "دانش").await;
        let canvas = Canvas::new(&app, user, project);
        let assistant = canvas.assistant().await;
        let store = canvas.vectorstore(None).await;
        let filedb = canvas.node(NodeKind::Filedb, json!({})).await;
        app.connect(token, project, (NodeKind::Filedb, filedb), (NodeKind::Vectorstore, store))
            .await;
        app.connect(
            token,
            project,
            (NodeKind::Vectorstore, store),
            (NodeKind::Assistant, assistant),
        )
        .await;
        upload(&app, token, filedb, "ارسال.txt", SHIPPING.as_bytes()).await;
        run_until_idle(&app.state).await.unwrap();

        let path = format!("/api/playground/assistants/{assistant}/conversations");
        let conversation =
            app.post(&path, Some(token), json!({})).await.json()["id"].as_i64().unwrap();
        fake.push(Reply::ToolCalls(vec![ToolCall {
            name: "file_search".into(),
            arguments: r#"{"query":"هزينه ارسال"}"#.into(),
        }]));
        fake.push(Reply::Text("ارسال برای خرید بالای ۵۰۰ هزار تومان رایگان است.".into()));
        let events = say(&app, token, conversation, "هزينه ارسال چقدره؟").await;

        // The model was offered the search first, and was given the passage.
        let offered = &fake.chat_requests()[0]["tools"][0]["function"];
        assert_eq!(offered["name"], "file_search", "{offered}");
        let call = events.iter().find(|(n, _)| n == "tool_call").expect("a tool call").1.clone();
        assert_eq!(call["kind"], "knowledge");
        let result = events.iter().find(|(n, _)| n == "tool_result").expect("its result").1.clone();
        assert_eq!(result["ok"], true);
        let output: Value = serde_json::from_str(result["output"].as_str().unwrap()).unwrap();
        assert_eq!(output["passages"][0]["source"], "ارسال.txt");
        assert!(output["passages"][0]["text"].as_str().unwrap().contains("رایگان"));
        let sent = &fake.chat_requests()[1]["messages"];
        let tool_message = sent.as_array().unwrap().iter().find(|m| m["role"] == "tool").unwrap();
        assert!(tool_message["content"].as_str().unwrap().contains("رایگان"));

        // The answer names its source, streamed and as stored.
        let sources = events.iter().find(|(n, _)| n == "sources").expect("its sources").1.clone();
        assert_eq!(sources["sources"][0]["name"], "ارسال.txt");
        assert_eq!(sources["sources"][0]["node_id"], filedb);
        let stored = app
            .get(&format!("/api/playground/conversations/{conversation}"), Some(token))
            .await
            .json();
        let answer = stored["messages"]
            .as_array()
            .unwrap()
            .iter()
            .rev()
            .find(|m| m["role"] == "assistant")
            .unwrap()
            .clone();
        assert_eq!(answer["sources"][0]["name"], "ارسال.txt", "{answer}");

        // A search that finds nothing tells the model so, in Persian.
        fake.push(Reply::ToolCalls(vec![ToolCall {
            name: "file_search".into(),
            arguments: r#"{"query":"zzzz"}"#.into(),
        }]));
        fake.push(Reply::Text("نمی‌دانم.".into()));
        let events = say(&app, token, conversation, "zzzz؟").await;
        let result = events.iter().find(|(n, _)| n == "tool_result").unwrap().1.clone();
        assert!(result["output"].as_str().unwrap().contains("پیدا نشد"), "{result}");
        assert!(events.iter().all(|(n, _)| n != "sources"), "no sources without passages");
    })
    .await;
}

#[tokio::test]
async fn a_question_the_documents_clearly_answer_brings_their_passages_to_the_first_call() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let mut config = (*app.state.config).clone();
        config.providers.llm.base_url = Some(fake.base_url.clone());
        let app = TestApp::open(config, app.backend).await;
        let (token, user) = app.register("before@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "دانش").await;
        let canvas = Canvas::new(&app, user, project);
        let assistant = canvas.assistant().await;
        let filedb = canvas.node(NodeKind::Filedb, json!({})).await;
        app.connect(token, project, (NodeKind::Filedb, filedb), (NodeKind::Assistant, assistant))
            .await;
        upload(&app, token, filedb, "گارانتی.txt", WARRANTY.as_bytes()).await;
        run_until_idle(&app.state).await.unwrap();
        let path = format!("/api/playground/assistants/{assistant}/conversations");
        let conversation =
            app.post(&path, Some(token), json!({})).await.json()["id"].as_i64().unwrap();

        // Asked plainly: the passage is in the first call, and cited.
        fake.push(Reply::Text("لپ‌تاپ‌ها ۱۸ ماه گارانتی دارند.".into()));
        let events = say(&app, token, conversation, "گارانتي لپتاپ ها چند ماهه").await;
        let system = fake.chat_requests()[0]["messages"][0].clone();
        assert_eq!(system["role"], "system");
        assert!(system["content"].as_str().unwrap().contains("۱۸ ماه گارانتی"), "{system}");
        assert!(events.iter().all(|(n, _)| n != "tool_call"), "no search was needed");
        let sources = events.iter().find(|(n, _)| n == "sources").expect("its sources").1.clone();
        assert_eq!(sources["sources"][0]["name"], "گارانتی.txt");

        // Small talk brings nothing up front.
        fake.push(Reply::Text("سلام!".into()));
        let events = say(&app, token, conversation, "سلام، خوبی؟").await;
        let system = fake.chat_requests()[1]["messages"][0].clone();
        assert!(!system.to_string().contains("گارانتی"), "{system}");
        assert!(events.iter().all(|(n, _)| n != "sources"));
    })
    .await;
}

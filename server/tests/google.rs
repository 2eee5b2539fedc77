//! Google docs and sheets end to end against the Google fake: a node is
//! authorised through OAuth with PKCE, its doc read as text and its sheet
//! as rows, both found by search; an expired access token is refreshed
//! on the way, a revoked authorisation is reported in Persian and sets the
//! node back to pending; the re-sync reads again what changed; a forged or
//! replayed return is refused; without Google settings the answer says
//! what to set; and no client can mark a node authorised itself.

mod common;

use axum::http::StatusCode;
use chrono::{TimeDelta, Utc};
use common::canvas::Canvas;
use common::nodes::{create_node, db_id, patch};
use common::{TestApp, for_each_backend, for_each_backend_with};
use dastyar_core::NodeKind;
use dastyar_fakes::google::{CLIENT_ID, CLIENT_SECRET, FakeGoogle};
use dastyar_server::Config;
use dastyar_server::jobs::run_until_idle;
use dastyar_server::knowledge::google::resync;
use serde_json::{Value, json};

const SHIPPING: &str = "ارسال سفارش‌ها\n\nسفارش‌های تهران ظرف ۲ روز کاری می‌رسند و \
     هزینهٔ ارسال برای خریدهای بالای ۵۰۰ هزار تومان رایگان است.";

fn configure(google: &FakeGoogle) -> impl Fn(&mut Config) + use<> {
    let (auth, token, api) = (google.auth_url(), google.token_url(), google.base_url.clone());
    let sheets = google.sheets_url.clone();
    move |config: &mut Config| {
        let settings = &mut config.providers.google;
        settings.client_id = Some(CLIENT_ID.to_owned());
        settings.client_secret = Some(CLIENT_SECRET.to_owned());
        settings.auth_url = auth.clone();
        settings.token_url = token.clone();
        settings.api_url = api.clone();
        settings.sheets_api_url = sheets.clone();
    }
}

/// The owner clicks "authorise", approves on Google, and comes back: the
/// callback's path and query, as Google redirected the browser.
async fn consent(app: &TestApp, token: &str, node: i64) -> String {
    let response = app.post(&format!("/api/google/{node}/authorize"), Some(token), json!({})).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    let url = response.json()["url"].as_str().unwrap().to_owned();
    let parsed = reqwest::Url::parse(&url).unwrap();
    let query: Vec<(String, String)> = parsed.query_pairs().into_owned().collect();
    let param = |name: &str| query.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    assert_eq!(param("code_challenge_method").as_deref(), Some("S256"), "{url}");
    assert_eq!(param("access_type").as_deref(), Some("offline"), "{url}");
    assert!(param("code_challenge").is_some_and(|c| c.len() == 43), "{url}");
    assert!(param("redirect_uri").unwrap().ends_with("/api/google/callback"), "{url}");
    let client =
        reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let back = client.get(&url).send().await.unwrap();
    assert_eq!(back.status(), reqwest::StatusCode::FOUND);
    let location = back.headers()[reqwest::header::LOCATION].to_str().unwrap();
    let location = reqwest::Url::parse(location).unwrap();
    format!("{}?{}", location.path(), location.query().unwrap_or_default())
}

/// Comes back through the callback: where the browser is sent.
async fn come_back(app: &TestApp, callback: &str) -> String {
    let response = app.get(callback, None).await;
    assert_eq!(response.status, StatusCode::SEE_OTHER, "{}", response.text());
    response.headers["location"].to_str().unwrap().to_owned()
}

async fn status(app: &TestApp, token: &str, node: i64) -> Value {
    let response = app.get(&format!("/api/knowledge/{node}"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()["documents"][0].clone()
}

async fn find(app: &TestApp, token: &str, node: i64, query: &str) -> Vec<Value> {
    let path = format!("/api/knowledge/{node}/search");
    let response = app.post(&path, Some(token), json!({"query": query})).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json().as_array().cloned().unwrap()
}

async fn auth_status(app: &TestApp, user: i64, project: i64, node: i64) -> Value {
    Canvas::new(app, user, project).data(node).await["auth_status"].clone()
}

#[tokio::test]
async fn a_doc_is_authorised_read_and_found_and_its_tokens_are_sealed() {
    let google = FakeGoogle::start().await;
    google.put_doc("doc-ship", "راهنمای ارسال", SHIPPING);
    for_each_backend_with(configure(&google), |app| async move {
        let (token, user) = app.register("google-doc@example.com").await;
        let project = app.create_project(&token, "گوگل").await;
        let canvas = Canvas::new(&app, user, project);
        let node = canvas
            .node(NodeKind::Googledoc, json!({"doc_id": "doc-ship", "doc_name": "راهنمای ارسال"}))
            .await;
        assert_eq!(auth_status(&app, user, project, node).await, "pending");

        let callback = consent(&app, &token, node).await;
        let to = come_back(&app, &callback).await;
        assert_eq!(to, format!("/projects/{project}?google=authorized&node={node}"));
        assert_eq!(auth_status(&app, user, project, node).await, "authorized");

        // The tokens are kept sealed, never as Google gave them.
        let (access, refresh): (String, String) = sqlx::query_as(
            "SELECT access_token, refresh_token FROM google_links WHERE node_id = $1",
        )
        .bind(node)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
        assert!(!access.contains("ya29") && !refresh.contains("1//"), "{access} {refresh}");

        run_until_idle(&app.state).await.unwrap();
        let document = status(&app, &token, node).await;
        assert_eq!(document["state"], "ready", "{document}");
        assert_eq!(document["file_id"], 0);
        let found = find(&app, &token, node, "هزینه ارسال تهران").await;
        assert_eq!(found[0]["name"], "راهنمای ارسال");
        assert_eq!(found[0]["from"], json!({"kind": "whole"}));
        assert!(found[0]["text"].as_str().unwrap().contains("۵۰۰ هزار تومان"));

        // The same return again (a replayed code), or a state never issued.
        app.get(&callback, None).await.assert_error(400, "google_flow_invalid");
        let forged = callback.replace("state=", "state=x");
        app.get(&forged, None).await.assert_error(400, "google_flow_invalid");
        app.get("/api/google/callback?code=abc", None)
            .await
            .assert_error(400, "google_flow_invalid");
    })
    .await;
}

#[tokio::test]
async fn a_refusal_on_the_way_back_from_google_is_told_to_the_canvas_with_its_message_code() {
    let google = FakeGoogle::start().await;
    google.put_doc("doc-no", "راهنما", SHIPPING);
    for_each_backend_with(configure(&google), |app| {
        let google = google.clone();
        async move {
            let (token, user) = app.register("google-declined@example.com").await;
            let project = app.create_project(&token, "گوگل").await;
            let node = Canvas::new(&app, user, project)
                .node(NodeKind::Googledoc, json!({"doc_id": "doc-no", "doc_name": "راهنما"}))
                .await;

            // The owner presses "Cancel" on Google's consent page.
            google.decline_consent(true);
            let callback = consent(&app, &token, node).await;
            google.decline_consent(false);
            assert!(callback.contains("error=access_denied"), "{callback}");
            let to = come_back(&app, &callback).await;
            let canvas = format!("/projects/{project}?google=failed&node={node}");
            assert_eq!(to, format!("{canvas}&error=google_access_denied"));
            assert_eq!(auth_status(&app, user, project, node).await, "pending");
            let documents = app.get(&format!("/api/knowledge/{node}"), Some(&token)).await;
            assert_eq!(documents.json()["documents"], json!([]), "nothing was queued");

            // The flow is used up: the same return again names no node.
            app.get(&callback, None).await.assert_error(400, "google_flow_invalid");

            // A consent page that came back with some other error of Google's.
            let other = consent(&app, &token, node).await;
            let (_, state) = other.split_once("state=").unwrap();
            let other = format!("/api/google/callback?error=admin_policy_enforced&state={state}");
            let to = come_back(&app, &other).await;
            let refused = format!("{canvas}&error=google_refused&reason=admin_policy_enforced");
            assert_eq!(to, refused);

            // Approved, but a flow older than its ten minutes.
            let late = consent(&app, &token, node).await;
            sqlx::query("UPDATE google_flows SET expires_at = $1")
                .bind("2001-01-01T00:00:00.000000Z")
                .execute(app.state.db.pool())
                .await
                .unwrap();
            let to = come_back(&app, &late).await;
            assert_eq!(to, format!("{canvas}&error=google_flow_invalid"));
            assert_eq!(auth_status(&app, user, project, node).await, "pending");
        }
    })
    .await;
}

#[tokio::test]
async fn a_client_google_rejects_sends_the_owner_back_with_google_client_rejected() {
    let google = FakeGoogle::start().await;
    let wrong_secret = {
        let configure = configure(&google);
        move |config: &mut Config| {
            configure(config);
            config.providers.google.client_secret = Some("GOCSPX-not-the-secret".to_owned());
        }
    };
    for_each_backend_with(wrong_secret, |app| async move {
        let (token, user) = app.register("google-rejected@example.com").await;
        let project = app.create_project(&token, "گوگل").await;
        let node = Canvas::new(&app, user, project).googledoc(false).await;
        let to = come_back(&app, &consent(&app, &token, node).await).await;
        assert_eq!(
            to,
            format!("/projects/{project}?google=failed&node={node}&error=google_client_rejected")
        );
        assert_eq!(auth_status(&app, user, project, node).await, "pending");
    })
    .await;
}

#[tokio::test]
async fn a_sheet_is_read_as_rows_with_its_header_and_cited_by_row() {
    let google = FakeGoogle::start().await;
    let prices: &[&[&str]] = &[
        &["کالا", "قیمت", "موجودی"],
        &["لپ‌تاپ", "۴۵ میلیون تومان", "۳"],
        &["گوشی همراه", "۱۸ میلیون تومان", "۱۲"],
    ];
    let branches: &[&[&str]] = &[&["شعبه", "نشانی"], &["مرکزی", "تهران، خیابان ولیعصر"]];
    google.put_spreadsheet("sheet-1", "فهرست قیمت", &[("قیمت‌ها", prices), ("شعبه‌ها", branches)]);
    for_each_backend_with(configure(&google), |app| async move {
        let (token, user) = app.register("google-sheet@example.com").await;
        let project = app.create_project(&token, "گوگل").await;
        let node = Canvas::new(&app, user, project)
            .node(NodeKind::Googlesheet, json!({"sheet_id": "sheet-1", "sheet_name": "فهرست قیمت"}))
            .await;
        let callback = consent(&app, &token, node).await;
        come_back(&app, &callback).await;
        run_until_idle(&app.state).await.unwrap();
        let document = status(&app, &token, node).await;
        assert_eq!(document["state"], "ready", "{document}");
        assert_eq!(document["sections"], 3, "two rows and one branch: {document}");

        // Short rows share a chunk, cited from its first row to its last.
        let found = find(&app, &token, node, "قیمت گوشی همراه").await;
        let row = &found[0];
        assert_eq!(row["from"], json!({"kind": "row", "sheet": "قیمت‌ها", "row": 2}), "{row}");
        assert_eq!(row["to"], json!({"kind": "row", "sheet": "شعبه‌ها", "row": 2}), "{row}");
        let text = row["text"].as_str().unwrap();
        assert!(text.contains("کالا: گوشی همراه | قیمت: ۱۸ میلیون تومان | موجودی: ۱۲"), "{text}");
        assert!(text.contains("شعبه: مرکزی | نشانی: تهران"), "{text}");
    })
    .await;
}

#[tokio::test]
async fn an_expired_token_is_refreshed_and_a_revoked_one_is_reported_in_persian() {
    let google = FakeGoogle::start().await;
    google.put_doc("doc-1", "راهنما", SHIPPING);
    for_each_backend_with(configure(&google), |app| {
        let google = google.clone();
        async move {
            let (token, user) = app.register("google-refresh@example.com").await;
            let project = app.create_project(&token, "گوگل").await;
            let node = Canvas::new(&app, user, project)
                .node(NodeKind::Googledoc, json!({"doc_id": "doc-1", "doc_name": "راهنما"}))
                .await;
            come_back(&app, &consent(&app, &token, node).await).await;
            run_until_idle(&app.state).await.unwrap();

            // An hour later: Google answers 401 to the old token.
            google.expire_access_tokens();
            google.put_doc("doc-1", "راهنما", "گارانتی لپ‌تاپ‌ها ۱۸ ماه است.");
            let refreshes = google.refreshes();
            let sync = app.post(&format!("/api/google/{node}/sync"), Some(&token), json!({})).await;
            assert_eq!(sync.status, StatusCode::OK, "{}", sync.text());
            run_until_idle(&app.state).await.unwrap();
            assert_eq!(status(&app, &token, node).await["state"], "ready");
            assert_eq!(google.refreshes(), refreshes + 1, "one refresh serves the whole read");
            let found = find(&app, &token, node, "گارانتی لپ تاپ").await;
            assert!(found[0]["text"].as_str().unwrap().contains("۱۸ ماه"));

            // The owner revokes the app's access in their Google account.
            google.revoke_all();
            let sync = app.post(&format!("/api/google/{node}/sync"), Some(&token), json!({})).await;
            assert_eq!(sync.status, StatusCode::OK, "{}", sync.text());
            run_until_idle(&app.state).await.unwrap();
            let document = status(&app, &token, node).await;
            assert_eq!(document["state"], "failed", "{document}");
            let error = document["error"].as_str().unwrap();
            assert!(error.contains("«راهنما»") && error.contains("اجازه از گوگل"), "{error}");
            assert_eq!(auth_status(&app, user, project, node).await, "pending");
            let again =
                app.post(&format!("/api/google/{node}/sync"), Some(&token), json!({})).await;
            again.assert_error(409, "google_not_authorized");

            // Authorising again reads it again.
            come_back(&app, &consent(&app, &token, node).await).await;
            run_until_idle(&app.state).await.unwrap();
            assert_eq!(status(&app, &token, node).await["state"], "ready");
        }
    })
    .await;
}

#[tokio::test]
async fn the_resync_reads_again_only_what_changed_on_google() {
    let google = FakeGoogle::start().await;
    google.put_doc("doc-2", "سیاست بازگشت", "کالا تا ۷ روز پس از خرید پس گرفته می‌شود.");
    for_each_backend_with(configure(&google), |app| {
        let google = google.clone();
        async move {
            let (token, user) = app.register("google-resync@example.com").await;
            let project = app.create_project(&token, "گوگل").await;
            let node = Canvas::new(&app, user, project)
                .node(NodeKind::Googledoc, json!({"doc_id": "doc-2"}))
                .await;
            come_back(&app, &consent(&app, &token, node).await).await;
            run_until_idle(&app.state).await.unwrap();

            let later = Utc::now() + resync::SYNC_EVERY + TimeDelta::minutes(1);
            assert_eq!(resync::run_due(&app.state, Utc::now()).await.unwrap(), 0, "not due yet");
            assert_eq!(resync::run_due(&app.state, later).await.unwrap(), 0, "unchanged");

            google.put_doc("doc-2", "سیاست بازگشت", "کالا تا ۱۰ روز پس از خرید پس گرفته می‌شود.");
            let much_later = later + resync::SYNC_EVERY + TimeDelta::minutes(1);
            assert_eq!(resync::run_due(&app.state, much_later).await.unwrap(), 1);
            // The same run again finds nothing due: each run is taken once.
            assert_eq!(resync::run_due(&app.state, much_later).await.unwrap(), 0);
            run_until_idle(&app.state).await.unwrap();
            let found = find(&app, &token, node, "بازگشت کالا چند روز").await;
            assert!(found[0]["text"].as_str().unwrap().contains("۱۰ روز"), "{found:?}");
        }
    })
    .await;
}

#[tokio::test]
async fn without_google_settings_the_answer_says_what_to_configure() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("google-unset@example.com").await;
        let project = app.create_project(&token, "گوگل").await;
        let node = Canvas::new(&app, user, project).googledoc(false).await;

        let setup = app.get("/api/google/status", Some(&token)).await.json();
        assert_eq!(setup["configured"], false);
        assert_eq!(
            setup["missing"],
            json!(["DASTYAR_GOOGLE_CLIENT_ID", "DASTYAR_GOOGLE_CLIENT_SECRET"])
        );
        assert!(setup["redirect_uri"].as_str().unwrap().ends_with("/api/google/callback"));
        let message = setup["message"].as_str().unwrap();
        assert!(message.contains("DASTYAR_GOOGLE_CLIENT_ID") && message.contains("پیکربندی"));

        let path = format!("/api/google/{node}/authorize");
        let refused = app.post(&path, Some(&token), json!({})).await;
        refused.assert_error(409, "google_not_configured");
        let message = refused.json()["error"]["message"].as_str().unwrap().to_owned();
        assert!(message.contains("/api/google/callback"), "{message}");
        app.get("/api/google/status", None).await.assert_error(401, "unauthenticated");
    })
    .await;
}

#[tokio::test]
async fn a_client_cannot_mark_a_node_authorised() {
    let google = FakeGoogle::start().await;
    for_each_backend_with(configure(&google), |app| async move {
        let (token, _) = app.register("google-claim@example.com").await;
        let project = app.create_project(&token, "گوگل").await;
        let created = create_node(
            &app,
            &token,
            "/api/googledocs",
            project,
            "سند",
            json!({"doc_id": "doc-x", "auth_status": "authorized"}),
        )
        .await;
        assert_eq!(created["data"]["auth_status"], "pending", "{created}");
        let id = db_id(&created);
        let item = format!("/api/googledocs/{id}");
        let patched = patch(&app, &item, &token, json!({"auth_status": "authorized"})).await;
        assert_eq!(patched.status, StatusCode::OK, "{}", patched.text());
        assert_eq!(patched.json()["data"]["auth_status"], "pending");
        let sync = app.post(&format!("/api/google/{id}/sync"), Some(&token), json!({})).await;
        sync.assert_error(409, "google_not_authorized");
        // Another user's node is not found.
        let (other, _) = app.register("google-other@example.com").await;
        let path = format!("/api/google/{id}/authorize");
        app.post(&path, Some(&other), json!({})).await.assert_error(404, "not_found");
    })
    .await;
}

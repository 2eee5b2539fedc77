//! The chat widget on both backends: registering a frame (its company, key
//! and script), going live when an assistant is joined, sessions only for
//! the frame's sites (and CORS for them only), the embed page framed by
//! them only, the visitor's chat against the fake model, an offline frame,
//! rate limits, unregistering and merging companies.

mod common;

use axum::http::{Method, StatusCode, header};
use common::canvas::Canvas;
use common::{TestApp, TestResponse, for_each_backend_with};
use dastyar_core::NodeKind;
use dastyar_fakes::openai::FakeOpenAi;
use dastyar_server::Config;
use serde_json::{Value, json};

const SITE: &str = "https://shop.example";

fn configure(model: &FakeOpenAi) -> impl Fn(&mut Config) + use<> {
    let base = model.base_url.clone();
    move |config: &mut Config| config.providers.llm.base_url = Some(base.clone())
}

struct Scene {
    token: String,
    user_id: i64,
    project: i64,
    assistant: i64,
    iframe: i64,
    frame: Value,
}

impl Scene {
    fn key(&self) -> &str {
        self.frame["public_key"].as_str().unwrap()
    }
}

/// A user with an assistant and a registered frame for two sites, not yet joined.
async fn scene(app: &TestApp) -> Scene {
    let (token, user_id) = app.register("site-owner@example.com").await;
    let project = app.create_project(&token, "فروشگاه").await;
    let canvas = Canvas::new(app, user_id, project);
    let assistant = canvas.assistant().await;
    let created = app
        .post(
            "/api/iframe",
            Some(&token),
            json!({"project_id": project, "name": "گفتگوی سایت",
                                                  "position_x": 1, "position_y": 2}),
        )
        .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    let iframe = created.json()["database_id"].as_i64().unwrap();
    let body = json!({"node_id": iframe, "company_name": "فروشگاه نمونه",
                      "authorized_domains": ["https://Shop.example/", "*.shop.example"],
                      "appearance": {"title": "پشتیبانی", "color": "#0EA5E9", "position": "bottom-left"}});
    let registered = app.post("/api/frames/register", Some(&token), body).await;
    assert_eq!(registered.status, StatusCode::OK, "{}", registered.text());
    Scene { token, user_id, project, assistant, iframe, frame: registered.json() }
}

async fn join(app: &TestApp, s: &Scene) {
    app.connect(
        &s.token,
        s.project,
        (NodeKind::Assistant, s.assistant),
        (NodeKind::Iframe, s.iframe),
    )
    .await;
}

async fn session(app: &TestApp, key: &str, origin: Option<&str>) -> TestResponse {
    app.call_from(
        Method::POST,
        &format!("/api/widget/{key}/session"),
        origin,
        None,
        Some(json!({})),
    )
    .await
}

fn allowed_origin(response: &TestResponse) -> Option<&str> {
    response.headers.get(header::ACCESS_CONTROL_ALLOW_ORIGIN).map(|v| v.to_str().unwrap())
}

/// The events of a streamed answer: (name, data).
fn events(text: &str) -> Vec<(String, Value)> {
    text.split("\n\n")
        .filter_map(|block| {
            let name = block.lines().find_map(|l| l.strip_prefix("event: "))?;
            let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
            Some((name.to_owned(), serde_json::from_str(data).unwrap()))
        })
        .collect()
}

#[tokio::test]
async fn registering_gives_a_key_and_a_script_and_joining_an_assistant_makes_it_live() {
    let model = FakeOpenAi::start().await;
    for_each_backend_with(configure(&model), |app| async move {
        let s = scene(&app).await;
        let key = s.key();
        assert!(key.starts_with("fr_") && key.len() > 20, "{key}");
        let script = s.frame["script"].as_str().unwrap();
        assert!(script.contains("/widget/widget.js") && script.contains(key), "{script}");
        assert_eq!(s.frame["authorized_domains"], json!(["shop.example", "*.shop.example"]));
        assert_eq!(s.frame["appearance"]["color"], "#0ea5e9");
        assert_eq!(s.frame["is_active"], false, "no assistant yet");
        let company = s.frame["company_id"].as_i64().unwrap();

        // Registering again keeps the key.
        let again =
            app.post("/api/frames/register", Some(&s.token), json!({"node_id": s.iframe})).await;
        assert_eq!(again.json()["public_key"], key);

        join(&app, &s).await;
        let node = app.get(&format!("/api/iframe/{}", s.iframe), Some(&s.token)).await.json();
        assert_eq!(node["data"]["isActive"], true);
        assert_eq!(node["data"]["assistantId"], s.assistant);
        // The client cannot switch it off or move its key by editing the node.
        let edited = app
            .patch(
                &format!("/api/iframe/{}", s.iframe),
                Some(&s.token),
                json!({"is_active": false, "api_key": "fr_mine"}),
            )
            .await;
        assert_eq!(edited.json()["data"]["isActive"], true, "{}", edited.text());
        assert_eq!(edited.json()["data"]["apiKey"], key);

        let listed = app.get(&format!("/api/frames/company/{company}"), Some(&s.token)).await;
        assert_eq!(listed.status, StatusCode::OK, "{}", listed.text());
        assert_eq!(listed.json()["name"], "فروشگاه نمونه");
        assert_eq!(listed.json()["frames"][0]["public_key"], key);
        let project = app.get(&format!("/api/frames/project/{}", s.project), Some(&s.token)).await;
        assert_eq!(project.json()[0]["script"], script);

        // Nothing of this is anyone else's.
        let (other, _) = app.register("someone-else@example.com").await;
        app.get(&format!("/api/frames/company/{company}"), Some(&other))
            .await
            .assert_error(404, "not_found");
        app.post("/api/frames/register", Some(&other), json!({"node_id": s.iframe}))
            .await
            .assert_error(404, "not_found");

        // Bad input is refused field by field, and nothing saved changes.
        let bad = app
            .post(
                "/api/frames/update-style",
                Some(&s.token),
                json!({"company_id": company, "appearance": {"color": "blue"}}),
            )
            .await;
        bad.assert_invalid("appearance", "frame_color_invalid");
        let empty = app
            .post(
                "/api/frames/update-domains",
                Some(&s.token),
                json!({"company_id": company, "authorized_domains": []}),
            )
            .await;
        empty.assert_invalid("authorized_domains", "frame_domains_required");
        let node = app.get(&format!("/api/iframe/{}", s.iframe), Some(&s.token)).await.json();
        assert_eq!(node["data"]["appearance"]["color"], "#0ea5e9");

        // Unjoined, it goes offline again.
        let edges =
            app.get(&format!("/api/projects/{}/edges", s.project), Some(&s.token)).await.json();
        let edge = edges.as_array().unwrap()[0]["id"]
            .as_str()
            .unwrap()
            .trim_start_matches("edge-")
            .to_owned();
        let deleted = app.delete(&format!("/api/edges/{edge}"), Some(&s.token)).await;
        assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.text());
        let node = app.get(&format!("/api/iframe/{}", s.iframe), Some(&s.token)).await.json();
        assert_eq!(node["data"]["isActive"], false);
        // The document states the look's rules, so a client can check before sending.
        let doc = app.get("/api/openapi.json", None).await.json();
        let look = &doc["components"]["schemas"]["FrameAppearance"]["properties"];
        assert_eq!(
            (look["title"]["maxLength"].as_u64(), look["welcome"]["maxLength"].as_u64()),
            (Some(80), Some(1000))
        );
        assert!(look["color"]["pattern"].as_str().unwrap().contains("[0-9a-fA-F]{6}"), "{look}");
    })
    .await;
}

#[tokio::test]
async fn only_the_frames_sites_get_a_session_and_cors() {
    let model = FakeOpenAi::start().await;
    for_each_backend_with(configure(&model), |app| async move {
        let s = scene(&app).await;
        join(&app, &s).await;
        let key = s.key();

        let listed = session(&app, key, Some(SITE)).await;
        assert_eq!(listed.status, StatusCode::OK, "{}", listed.text());
        assert_eq!(allowed_origin(&listed), Some(SITE));
        assert_eq!(listed.json()["active"], true);
        assert_eq!(listed.json()["appearance"]["title"], "پشتیبانی");
        let sub = session(&app, key, Some("https://blog.shop.example")).await;
        assert_eq!(sub.status, StatusCode::OK, "a subdomain under the wildcard");
        assert_eq!(allowed_origin(&sub), Some("https://blog.shop.example"));

        for stranger in
            [Some("https://copycat.example"), Some("https://shop.example.evil.io"), None]
        {
            let refused = session(&app, key, stranger).await;
            refused.assert_error(403, "frame_origin_refused");
            assert_eq!(allowed_origin(&refused), None, "{stranger:?}: no CORS for it");
        }
        session(&app, "fr_nobodyhasthiskeyatall", Some(SITE)).await.assert_error(404, "not_found");

        // The browser's preflight, for the listed site only.
        let path = format!("/api/widget/{key}/session");
        let ok = app.call_from(Method::OPTIONS, &path, Some(SITE), None, None).await;
        assert_eq!(ok.status, StatusCode::NO_CONTENT);
        assert_eq!(allowed_origin(&ok), Some(SITE));
        assert!(
            ok.headers[header::ACCESS_CONTROL_ALLOW_HEADERS]
                .to_str()
                .unwrap()
                .contains("authorization")
        );
        let no = app
            .call_from(Method::OPTIONS, &path, Some("https://copycat.example"), None, None)
            .await;
        no.assert_error(403, "frame_origin_refused");

        // A visitor id goes on; a malformed one is refused.
        let visitor = listed.json()["visitor"].as_str().unwrap().to_owned();
        let back = app
            .call_from(Method::POST, &path, Some(SITE), None, Some(json!({"visitor": visitor})))
            .await;
        assert_eq!(back.json()["visitor"], visitor.as_str());
        let bad = app
            .call_from(Method::POST, &path, Some(SITE), None, Some(json!({"visitor": "<x>"})))
            .await;
        bad.assert_invalid("visitor", "visitor_invalid");
    })
    .await;
}

#[tokio::test]
async fn the_embed_page_may_be_framed_by_the_frames_sites_only() {
    let model = FakeOpenAi::start().await;
    for_each_backend_with(configure(&model), |app| async move {
        let s = scene(&app).await;
        let page = app.get(&format!("/embed/{}", s.key()), None).await;
        assert_eq!(page.status, StatusCode::OK);
        let policy = page.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(
            policy.contains("frame-ancestors http://shop.example https://shop.example http://*.shop.example https://*.shop.example"),
            "{policy}"
        );
        assert!(page.headers.get(header::X_FRAME_OPTIONS).is_none(), "it is meant to be framed");
        let html = page.text();
        assert!(html.contains("/widget/chat.js") && html.contains(r#"dir="rtl""#));
        assert!(html.contains(r#""active":false"#), "not joined yet: {html}");
        app.get("/embed/fr_nobodyhasthiskeyatall", None).await.assert_error(404, "not_found");
    })
    .await;
}

#[tokio::test]
async fn a_visitor_chats_and_comes_back_to_the_same_conversation() {
    let model = FakeOpenAi::start().await;
    for_each_backend_with(configure(&model), |app| async move {
        let s = scene(&app).await;
        let key = s.key().to_owned();
        // Offline before an assistant is joined: said politely.
        let opened = session(&app, &key, Some(SITE)).await.json();
        assert_eq!(opened["active"], false);
        assert!(opened["offline_message"].as_str().unwrap().contains("آفلاین"));
        let token = opened["token"].as_str().unwrap().to_owned();
        let messages = format!("/api/widget/{key}/messages");
        let offline = app
            .call_from(Method::POST, &messages, None, Some(&token), Some(json!({"content": "سلام"})))
            .await;
        offline.assert_error(409, "frame_inactive");

        join(&app, &s).await;
        let conversation = format!("/api/widget/{key}/conversation");
        let empty = app.call_from(Method::GET, &conversation, None, Some(&token), None).await;
        assert_eq!(empty.json(), json!({"id": null, "messages": []}));

        let answer = app
            .call_from(
                Method::POST,
                &messages,
                None,
                Some(&token),
                Some(json!({"content": "قیمت چند است؟"})),
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
        let events = events(&answer.text());
        let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names.first(), Some(&"started"));
        assert_eq!(names.last(), Some(&"done"));
        let said: String = events
            .iter()
            .filter(|(n, _)| n == "delta")
            .map(|(_, d)| d["text"].as_str().unwrap())
            .collect();
        assert_eq!(said, "پاسخ: قیمت چند است؟");
        assert!(
            !answer.text().contains("balance") && !answer.text().contains("credits"),
            "the builder's credits stay private"
        );

        // The page loads again: the same visitor sees the conversation.
        let again =
            app.call_from(Method::GET, &conversation, None, Some(&token), None).await.json();
        let roles: Vec<&str> = again["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["role"].as_str().unwrap())
            .collect();
        assert_eq!(roles, ["user", "assistant"]);
        // The builder paid for it.
        let balance = app.get("/api/subscription/current", Some(&s.token)).await;
        assert_eq!(balance.status, StatusCode::OK);

        let fresh = app
            .call_from(
                Method::POST,
                &format!("/api/widget/{key}/conversation/new"),
                None,
                Some(&token),
                None,
            )
            .await;
        assert_eq!(fresh.status, StatusCode::CREATED, "{}", fresh.text());
        let after =
            app.call_from(Method::GET, &conversation, None, Some(&token), None).await.json();
        assert_eq!(after["id"], fresh.json()["id"]);
        assert_eq!(after["messages"], json!([]));

        // A token is for its frame only, and a forged one is nothing.
        for bad in ["not-a-token", s.token.as_str()] {
            app.call_from(Method::GET, &conversation, None, Some(bad), None)
                .await
                .assert_error(401, "widget_session_expired");
        }
        app.call_from(Method::GET, &conversation, None, None, None)
            .await
            .assert_error(401, "widget_session_expired");
        let _ = s.user_id;
    })
    .await;
}

#[tokio::test]
async fn a_visitor_who_writes_too_fast_is_told_to_wait() {
    let model = FakeOpenAi::start().await;
    for_each_backend_with(configure(&model), |app| async move {
        let s = scene(&app).await;
        join(&app, &s).await;
        let key = s.key().to_owned();
        let token =
            session(&app, &key, Some(SITE)).await.json()["token"].as_str().unwrap().to_owned();
        let messages = format!("/api/widget/{key}/messages");
        let mut statuses = Vec::new();
        for i in 0..14 {
            let sent = app
                .call_from(
                    Method::POST,
                    &messages,
                    None,
                    Some(&token),
                    Some(json!({"content": format!("پیام {i}")})),
                )
                .await;
            statuses.push(sent);
        }
        assert_eq!(statuses[0].status, StatusCode::OK);
        let refused =
            statuses.iter().find(|r| r.status == StatusCode::TOO_MANY_REQUESTS).expect("a 429");
        assert!(refused.headers.contains_key(header::RETRY_AFTER));
        assert!(refused.json()["error"]["message"].as_str().unwrap().contains("ثانیه"));
        // Another visitor of the same frame is not held back.
        let other =
            session(&app, &key, Some(SITE)).await.json()["token"].as_str().unwrap().to_owned();
        let sent = app
            .call_from(Method::POST, &messages, None, Some(&other), Some(json!({"content": "سلام"})))
            .await;
        assert_eq!(sent.status, StatusCode::OK, "{}", sent.text());
    })
    .await;
}

#[tokio::test]
async fn unregistering_stops_the_key_and_merging_joins_companies() {
    let model = FakeOpenAi::start().await;
    for_each_backend_with(configure(&model), |app| async move {
        let s = scene(&app).await;
        let company = s.frame["company_id"].as_i64().unwrap();
        let frame_id = s.frame["frame_id"].as_i64().unwrap();

        // A second frame for another company, both in one container.
        let canvas = Canvas::new(&app, s.user_id, s.project);
        let container = canvas.container_at(0.0, 0.0).await;
        let second = app
            .post("/api/iframe", Some(&s.token), json!({"project_id": s.project, "name": "دوم",
                  "position_x": 1, "position_y": 2, "container_id": container}))
            .await
            .json()["database_id"].as_i64().unwrap();
        let registered = app.post("/api/frames/register", Some(&s.token),
            json!({"node_id": second, "company_name": "شرکت دوم", "authorized_domains": ["second.example"]})).await.json();
        let other_company = registered["company_id"].as_i64().unwrap();
        assert_ne!(other_company, company);
        let moved = app.patch(&format!("/api/iframe/{}/container", s.iframe), Some(&s.token),
                              json!({"container_id": container, "position_x": 10, "position_y": 10})).await;
        assert_eq!(moved.status, StatusCode::OK, "{}", moved.text());
        let merged = app.post(&format!("/api/containers/{container}/merge-companies"), Some(&s.token),
                              json!({"name": "گروه فروش"})).await;
        assert_eq!(merged.status, StatusCode::OK, "{}", merged.text());
        assert_eq!(merged.json()["id"], company, "the oldest company stays");
        assert_eq!(merged.json()["name"], "گروه فروش");
        assert_eq!(merged.json()["frames"].as_array().unwrap().len(), 2);
        app.get(&format!("/api/frames/company/{other_company}"), Some(&s.token)).await.assert_error(404, "not_found");

        // Unregistered: the key stops working, the node stays.
        let path = format!("/api/playground/frames/{frame_id}");
        let wrong = app.call(Method::DELETE, &path, Some(&s.token), Some(json!({"company_id": other_company}))).await;
        wrong.assert_error(404, "not_found");
        let gone = app.call(Method::DELETE, &path, Some(&s.token), Some(json!({"company_id": company}))).await;
        assert_eq!(gone.status, StatusCode::OK, "{}", gone.text());
        session(&app, s.key(), Some(SITE)).await.assert_error(404, "not_found");
        let node = app.get(&format!("/api/iframe/{}", s.iframe), Some(&s.token)).await.json();
        assert!(node["data"].get("apiKey").is_none() && node["data"].get("script").is_none());
    })
    .await;
}

#[tokio::test]
async fn the_owner_previews_the_real_chat_from_the_canvas_as_a_visitor_of_its_own() {
    let model = FakeOpenAi::start().await;
    for_each_backend_with(configure(&model), |app| async move {
        let s = scene(&app).await;
        join(&app, &s).await;
        let key = s.key().to_owned();
        let ask = |visitor: Option<&str>| json!({"node_id": s.iframe, "visitor": visitor});

        // Only the owner, only for a registered frame of theirs.
        app.post("/api/frames/preview", None, ask(None)).await.assert_error(401, "unauthenticated");
        let (stranger, _) = app.register("stranger@example.com").await;
        assert_eq!(
            app.post("/api/frames/preview", Some(&stranger), ask(None)).await.status,
            StatusCode::NOT_FOUND
        );
        // A site visitor's id cannot be taken over from the canvas.
        let site = session(&app, &key, Some(SITE)).await.json();
        let visitor = site["visitor"].as_str().unwrap();
        app.post("/api/frames/preview", Some(&s.token), ask(Some(visitor)))
            .await
            .assert_error(422, "visitor_invalid");

        let preview = app.post("/api/frames/preview", Some(&s.token), ask(None)).await;
        assert_eq!(preview.status, StatusCode::OK, "{}", preview.text());
        let preview = preview.json();
        let visitor = preview["visitor"].as_str().unwrap().to_owned();
        assert!(visitor.starts_with("preview_"), "{visitor}");
        assert_eq!(preview["active"], true);
        assert_eq!(preview["appearance"]["title"], "پشتیبانی");

        // The chat page's calls work with it, from our own page (no site origin).
        let token = preview["token"].as_str().unwrap();
        let messages = format!("/api/widget/{key}/messages");
        let answer = app
            .call_from(
                Method::POST,
                &messages,
                None,
                Some(token),
                Some(json!({"content": "آزمایش"})),
            )
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
        assert_eq!(events(&answer.text()).last().map(|(n, _)| n.as_str()), Some("done"));

        // The same preview visitor comes back to its conversation; a site page cannot claim it.
        let again =
            app.post("/api/frames/preview", Some(&s.token), ask(Some(&visitor))).await.json();
        assert_eq!(again["visitor"], visitor.as_str());
        let history = app
            .call_from(
                Method::GET,
                &format!("/api/widget/{key}/conversation"),
                None,
                Some(again["token"].as_str().unwrap()),
                None,
            )
            .await
            .json();
        assert_eq!(history["messages"].as_array().unwrap().len(), 2);
        let claimed = app
            .call_from(
                Method::POST,
                &format!("/api/widget/{key}/session"),
                Some(SITE),
                None,
                Some(json!({"visitor": visitor})),
            )
            .await;
        claimed.assert_error(422, "visitor_invalid");

        // An iframe node not registered yet has no preview.
        let other = app
            .post(
                "/api/iframe",
                Some(&s.token),
                json!({"project_id": s.project, "name": "دیگری",
                                                        "position_x": 1, "position_y": 2}),
            )
            .await
            .json()["database_id"]
            .as_i64()
            .unwrap();
        app.post("/api/frames/preview", Some(&s.token), json!({"node_id": other}))
            .await
            .assert_error(409, "frame_not_registered");
    })
    .await;
}

//! WordPress nodes against the WordPress fake: the connection test with each
//! auth type and every way it fails, each in its own Persian message; the
//! site's categories, authors and tags for the pickers, paged; and the
//! errors of those calls, on both backends.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::chat::{say, tool_result};
use common::{TestApp, for_each_backend, for_each_backend_with, matches_template};
use dastyar_core::{MessageCode, NodeKind};
use dastyar_fakes::openai::{FakeOpenAi, Reply, ToolCall};
use dastyar_fakes::wordpress::{FakeWordpress, JwtPlugin, Role, Via};
use dastyar_server::runtime::outbound::OutboundClient;
use serde_json::{Value, json};

/// Tests reach the fake on 127.0.0.1, as a self-hosted site on the same network.
fn loopback(config: &mut dastyar_server::Config) {
    config.allow_private_network = true;
}

/// A signed-in user's project: (token, project).
async fn owner(app: &TestApp, email: &str) -> (String, i64) {
    let (token, _) = app.register(email).await;
    let project = app.create_project(&token, "وبلاگ").await;
    (token, project)
}

/// A WordPress node for `site_url` with `auth_type` and `auth_data`; its id.
async fn node(
    app: &TestApp,
    token: &str,
    project: i64,
    site_url: &str,
    auth_type: &str,
    auth_data: Value,
) -> i64 {
    let body = json!({"project_id": project, "name": "وبلاگ", "position_x": 0, "position_y": 0,
                      "site_url": site_url, "auth_type": auth_type, "auth_data": auth_data});
    let response = app.post("/api/wordpress", Some(token), body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    response.json()["database_id"].as_i64().unwrap()
}

/// A node of another kind at `path`; its id.
async fn node_of_kind(app: &TestApp, token: &str, project: i64, path: &str) -> i64 {
    let body = json!({"project_id": project, "name": "دیگر", "position_x": 0, "position_y": 0});
    let response = app.post(path, Some(token), body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    response.json()["database_id"].as_i64().unwrap()
}

/// A node signed in as the site's admin with a new application password, as shown.
async fn admin_node(app: &TestApp, token: &str, project: i64, site: &FakeWordpress) -> i64 {
    let password = site.application_password(1);
    let auth = json!({"username": "admin", "applicationPassword": password});
    node(app, token, project, &site.base_url, "application_password", auth).await
}

async fn test_connection(app: &TestApp, token: &str, id: i64) -> Value {
    let response =
        app.post(&format!("/api/wordpress/{id}/test-connection"), Some(token), json!({})).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

/// A failed test's details, after checking its code and Persian message.
fn failed(result: &Value, code: MessageCode) -> Value {
    assert_eq!(result["status"], "error", "{result}");
    assert_eq!(result["code"], code.code(), "{result}");
    let message = result["message"].as_str().unwrap();
    assert!(matches_template(message, code.persian()), "{message:?} is not {:?}", code.persian());
    assert!(!message.contains('{'), "{message}");
    result["details"].clone()
}

/// An address nothing listens on.
async fn closed_address() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    format!("http://{addr}")
}

#[tokio::test]
async fn the_connection_test_signs_in_with_each_auth_type() {
    for_each_backend_with(loopback, |app| async move {
        let site = FakeWordpress::start().await;
        let (token, project) = owner(&app, "wp-auth@example.com").await;

        // An application password as WordPress shows it, with its spaces.
        let id = admin_node(&app, &token, project, &site).await;
        let result = test_connection(&app, &token, id).await;
        assert_eq!(
            (result["status"].as_str(), result["code"].as_str()),
            (Some("success"), Some("wordpress_connected")),
            "{result}"
        );
        assert_eq!(
            result["message"],
            MessageCode::WordpressConnected.render(&[("user", "مدیر سایت")])
        );
        assert_eq!(
            result["details"]["user"],
            json!({"id": 1, "name": "مدیر سایت", "username": "admin",
            "roles": ["administrator"], "can_write": true, "can_publish": true})
        );
        assert_eq!(result["details"]["api_root"], "wp_json");
        assert_eq!(result["details"]["site_url"], site.base_url);
        let call = site.requests().pop().unwrap();
        assert_eq!(
            (call.route.as_str(), call.query.clone()),
            ("/wp/v2/users/me", vec![("context".into(), "edit".into())])
        );
        assert!(call.authorization.unwrap().starts_with("Basic "));
        // The password never travels back to the browser.
        let answer = app.get(&format!("/api/wordpress/{id}"), Some(&token)).await.text();
        assert!(!answer.contains(&site.application_password(1)[..9]), "{answer}");

        // Basic: the real password, through the Basic Auth plugin.
        site.set_basic_auth_plugin(true);
        let author = site.add_user("reza", "رضا", Role::Author);
        let basic = node(
            &app,
            &token,
            project,
            &site.base_url,
            "basic",
            json!({"username": "reza", "password": author.password}),
        )
        .await;
        let result = test_connection(&app, &token, basic).await;
        assert_eq!(result["details"]["user"]["name"], "رضا", "{result}");
        assert_eq!(result["details"]["user"]["can_publish"], true);

        // JWT: the plugin's token as Bearer.
        site.set_jwt_plugin(JwtPlugin::On);
        let contributor = site.add_user("ali", "علی", Role::Contributor);
        let jwt = node(
            &app,
            &token,
            project,
            &site.base_url,
            "jwt",
            json!({"jwtToken": site.jwt_token(contributor.id)}),
        )
        .await;
        let result = test_connection(&app, &token, jwt).await;
        assert_eq!(result["details"]["user"]["name"], "علی", "{result}");
        assert_eq!(
            (
                result["details"]["user"]["can_write"].as_bool(),
                result["details"]["user"]["can_publish"].as_bool()
            ),
            (Some(true), Some(false))
        );
        assert!(site.requests().pop().unwrap().authorization.unwrap().starts_with("Bearer "));
    })
    .await;
}

#[tokio::test]
async fn plain_permalinks_are_reached_through_rest_route() {
    for_each_backend_with(loopback, |app| async move {
        let site = FakeWordpress::start().await;
        site.set_pretty_permalinks(false);
        let (token, project) = owner(&app, "wp-plain@example.com").await;
        let id = admin_node(&app, &token, project, &site).await;
        let result = test_connection(&app, &token, id).await;
        assert_eq!(result["status"], "success", "{result}");
        assert_eq!(result["details"]["api_root"], "rest_route");
        assert_eq!(site.requests().iter().map(|r| r.via).collect::<Vec<_>>(), [Via::RestRoute]);
        // The listing's pages, once the way is known, all go through it.
        for n in 0..120 {
            site.add_tag(&format!("برچسب {n:03}"));
        }
        let tags = app.get(&format!("/api/wordpress/{id}/tags"), Some(&token)).await;
        assert_eq!(tags.status, StatusCode::OK, "{}", tags.text());
        assert_eq!(tags.json()["items"].as_array().unwrap().len(), 120);
        let vias: Vec<Via> = site.requests().iter().skip(1).map(|r| r.via).collect();
        assert_eq!(vias, [Via::RestRoute; 2], "one page after the other, straight to ?rest_route=");
    })
    .await;
}

#[tokio::test]
async fn each_failure_has_its_own_persian_message() {
    for_each_backend_with(loopback, |app| async move {
        let site = FakeWordpress::start().await;
        let (token, project) = owner(&app, "wp-fail@example.com").await;
        let id = admin_node(&app, &token, project, &site).await;

        // Wrong application password: the field to fix and what WordPress said.
        let wrong = node(
            &app,
            &token,
            project,
            &site.base_url,
            "application_password",
            json!({"username": "admin", "applicationPassword": "abcd efgh ijkl mnop qrst uvwx"}),
        )
        .await;
        let details = failed(
            &test_connection(&app, &token, wrong).await,
            MessageCode::WordpressCredentialsRejected,
        );
        assert_eq!(details["field"], "authData.applicationPassword");
        assert_eq!(
            details["wordpress"],
            json!({"status": 401, "code": "incorrect_password",
            "message": "The provided password is an invalid application password."})
        );
        let unknown = node(
            &app,
            &token,
            project,
            &site.base_url,
            "application_password",
            json!({"username": "ghost", "applicationPassword": "abcd"}),
        )
        .await;
        let details = failed(
            &test_connection(&app, &token, unknown).await,
            MessageCode::WordpressCredentialsRejected,
        );
        assert_eq!(details["wordpress"]["code"], "invalid_username");

        // The Basic Auth plugin refuses with status 500: still the credentials.
        site.set_basic_auth_plugin(true);
        let basic = node(
            &app,
            &token,
            project,
            &site.base_url,
            "basic",
            json!({"username": "admin", "password": "nope"}),
        )
        .await;
        let details = failed(
            &test_connection(&app, &token, basic).await,
            MessageCode::WordpressCredentialsRejected,
        );
        assert_eq!(
            (details["field"].as_str(), details["wordpress"]["status"].as_u64()),
            (Some("authData.password"), Some(500))
        );
        let result = test_connection(&app, &token, basic).await;
        assert!(
            result["message"].as_str().unwrap().contains("Error: The password you entered"),
            "HTML stripped: {result}"
        );

        // JWT: an expired token, then a plugin without its secret.
        site.set_jwt_plugin(JwtPlugin::On);
        let jwt = node(
            &app,
            &token,
            project,
            &site.base_url,
            "jwt",
            json!({"jwtToken": site.expired_jwt_token(1)}),
        )
        .await;
        let details =
            failed(&test_connection(&app, &token, jwt).await, MessageCode::WordpressJwtRejected);
        assert_eq!(
            (details["field"].as_str(), details["wordpress"]["message"].as_str()),
            (Some("authData.jwtToken"), Some("Expired token"))
        );
        site.set_jwt_plugin(JwtPlugin::WithoutSecret);
        let details = failed(
            &test_connection(&app, &token, jwt).await,
            MessageCode::WordpressJwtNotConfigured,
        );
        assert!(details.get("field").is_none(), "the site's admin fixes it: {details}");
        // No JWT plugin at all: the token is not read.
        site.set_jwt_plugin(JwtPlugin::Off);
        failed(&test_connection(&app, &token, jwt).await, MessageCode::WordpressNotLoggedIn);

        // The host drops the Authorization header.
        site.set_drop_authorization(true);
        let details =
            failed(&test_connection(&app, &token, id).await, MessageCode::WordpressNotLoggedIn);
        assert_eq!(details["wordpress"]["code"], "rest_not_logged_in");
        site.set_drop_authorization(false);

        // A plugin disables the REST API.
        site.set_rest_disabled(true);
        let details =
            failed(&test_connection(&app, &token, id).await, MessageCode::WordpressRestDisabled);
        assert_eq!(details["wordpress"]["code"], "rest_disabled");
        site.set_rest_disabled(false);

        // Another kind of site at the address: both ways tried.
        site.set_not_wordpress(true);
        let before = site.requests().len();
        let details =
            failed(&test_connection(&app, &token, id).await, MessageCode::WordpressNotWordpress);
        assert_eq!(details["field"], "siteUrl");
        assert!(details.get("api_root").is_none());
        assert_eq!(site.requests().len(), before, "an HTML site records no REST request");
        site.set_not_wordpress(false);

        // Any other refusal carries WordPress's own words.
        site.fail_next(
            "/wp/v2/users/me",
            1,
            500,
            "db_error",
            "Error establishing a database connection",
        );
        let result = test_connection(&app, &token, id).await;
        failed(&result, MessageCode::WordpressRefused);
        assert!(
            result["message"]
                .as_str()
                .unwrap()
                .contains("Error establishing a database connection")
        );

        // Nothing listening at the address.
        let gone = node(
            &app,
            &token,
            project,
            &closed_address().await,
            "application_password",
            json!({"username": "admin", "applicationPassword": "abcd"}),
        )
        .await;
        let details =
            failed(&test_connection(&app, &token, gone).await, MessageCode::WordpressUnreachable);
        assert!(details.get("field").is_none());
    })
    .await;
}

#[tokio::test]
async fn a_slow_site_times_out_and_a_private_one_is_refused_unless_allowed() {
    for_each_backend_with(loopback, |app| async move {
        // The same app with calls giving up after half a second.
        let mut state = app.state.clone();
        state.outbound = OutboundClient::with_timeout(true, Duration::from_millis(500));
        let app =
            TestApp { router: dastyar_server::app(state.clone()), state, backend: app.backend };
        let site = FakeWordpress::start().await;
        site.set_delay(Duration::from_secs(2));
        let (token, project) = owner(&app, "wp-slow@example.com").await;
        let id = admin_node(&app, &token, project, &site).await;
        let result = test_connection(&app, &token, id).await;
        failed(&result, MessageCode::WordpressTimeout);
        assert!(result["message"].as_str().unwrap().contains('1'), "the seconds waited: {result}");
        let listing = app.get(&format!("/api/wordpress/{id}/categories"), Some(&token)).await;
        listing.assert_error(424, "wordpress_timeout");
    })
    .await;
    // Without DASTYAR_ALLOW_PRIVATE_NETWORK the fake on 127.0.0.1 is out of bounds.
    for_each_backend(|app| async move {
        let site = FakeWordpress::start().await;
        let (token, project) = owner(&app, "wp-private@example.com").await;
        let id = admin_node(&app, &token, project, &site).await;
        let details =
            failed(&test_connection(&app, &token, id).await, MessageCode::WordpressPrivateAddress);
        assert_eq!(details["field"], "siteUrl");
        assert!(site.requests().is_empty(), "nothing was sent");
        let listing = app.get(&format!("/api/wordpress/{id}/tags"), Some(&token)).await;
        listing.assert_invalid("siteUrl", "wordpress_private_address");
    })
    .await;
}

#[tokio::test]
async fn bad_input_is_refused_before_the_site_is_called() {
    for_each_backend_with(loopback, |app| async move {
        let site = FakeWordpress::start().await;
        let (token, project) = owner(&app, "wp-input@example.com").await;
        let mine = admin_node(&app, &token, project, &site).await;
        for route in ["test-connection", "categories", "authors", "tags"] {
            let call = |id: i64, token: Option<String>| {
                let app = &app;
                async move {
                    let path = format!("/api/wordpress/{id}/{route}");
                    if route == "test-connection" {
                        app.post(&path, token.as_deref(), json!({})).await
                    } else {
                        app.get(&path, token.as_deref()).await
                    }
                }
            };
            call(mine, None).await.assert_error(401, "unauthenticated");
            call(999_999, Some(token.clone())).await.assert_error(404, "not_found");
            // Another user's node, and a node of another kind, are not found either.
            let (other, _) = app.register(&format!("wp-other-{route}@example.com")).await;
            call(mine, Some(other)).await.assert_error(404, "not_found");
            let instruction = node_of_kind(&app, &token, project, "/api/instructions").await;
            call(instruction, Some(token.clone())).await.assert_error(404, "not_found");
        }
        // Incomplete nodes name the first missing field.
        let cases = [
            (
                "",
                "application_password",
                json!({"username": "admin", "applicationPassword": "x"}),
                "siteUrl",
            ),
            (
                site.base_url.as_str(),
                "application_password",
                json!({"username": "admin"}),
                "authData.applicationPassword",
            ),
            (site.base_url.as_str(), "basic", json!({"password": "x"}), "authData.username"),
            (site.base_url.as_str(), "jwt", json!({}), "authData.jwtToken"),
        ];
        for (url, auth_type, auth, field) in cases {
            let id = node(&app, &token, project, url, auth_type, auth).await;
            let response = app
                .post(&format!("/api/wordpress/{id}/test-connection"), Some(&token), json!({}))
                .await;
            response.assert_invalid(field, "wordpress_incomplete");
            app.get(&format!("/api/wordpress/{id}/authors"), Some(&token))
                .await
                .assert_invalid(field, "wordpress_incomplete");
        }
        assert!(site.requests().is_empty(), "{:?}", site.requests());
    })
    .await;
}

#[tokio::test]
async fn pickers_list_every_page_of_categories_authors_and_tags() {
    for_each_backend_with(loopback, |app| async move {
        let site = FakeWordpress::start().await;
        for n in 0..150 {
            site.add_category(&format!("دسته {n:03}"), 0);
        }
        let tag = site.add_tag("فناوری &amp; علم");
        site.add_user("reza", "رضا", Role::Author);
        site.add_user("mina", "مینا", Role::Subscriber);
        let (token, project) = owner(&app, "wp-pickers@example.com").await;
        let id = admin_node(&app, &token, project, &site).await;

        let categories = app.get(&format!("/api/wordpress/{id}/categories"), Some(&token)).await;
        assert_eq!(categories.status, StatusCode::OK, "{}", categories.text());
        let categories = categories.json();
        assert_eq!(
            (categories["total"].as_u64(), categories["truncated"].as_bool()),
            (Some(151), Some(false))
        );
        let items = categories["items"].as_array().unwrap();
        assert_eq!(items.len(), 151);
        assert_eq!(items[0], json!({"id": 2, "name": "دسته 000"}));
        assert!(items.iter().any(|c| c["name"] == "دسته‌بندی نشده"));
        let pages: Vec<Vec<(String, String)>> =
            site.requests().into_iter().map(|r| r.query).collect();
        assert_eq!(pages.len(), 2);
        assert!(
            pages[1].contains(&("page".into(), "2".into()))
                && pages[1].contains(&("per_page".into(), "100".into())),
            "{pages:?}"
        );

        let tags = app.get(&format!("/api/wordpress/{id}/tags"), Some(&token)).await.json();
        assert_eq!(
            tags,
            json!({"items": [{"id": tag, "name": "فناوری & علم"}], "total": 1, "truncated": false})
        );

        let authors = app.get(&format!("/api/wordpress/{id}/authors"), Some(&token)).await.json();
        assert_eq!(
            authors["items"],
            json!([{"id": 2, "name": "رضا"}, {"id": 1, "name": "مدیر سایت"}])
        );
        assert_eq!(
            site.requests().last().unwrap().query.iter().find(|(k, _)| k == "who").unwrap().1,
            "authors"
        );

        // A site with more than the pickers read: the first 1,000, and says so.
        for n in 150..1_100 {
            site.add_category(&format!("دسته {n:04}"), 0);
        }
        let many = app.get(&format!("/api/wordpress/{id}/categories"), Some(&token)).await.json();
        assert_eq!(
            (
                many["items"].as_array().unwrap().len(),
                many["total"].as_u64(),
                many["truncated"].as_bool()
            ),
            (1_000, Some(1_101), Some(true))
        );
    })
    .await;
}

#[tokio::test]
async fn listing_errors_are_the_users_to_fix_or_the_sites() {
    for_each_backend_with(loopback, |app| async move {
        let site = FakeWordpress::start().await;
        let (token, project) = owner(&app, "wp-list-errors@example.com").await;
        let id = admin_node(&app, &token, project, &site).await;
        let path = |what: &str| format!("/api/wordpress/{id}/{what}");

        // Credentials the site refuses: a 422 on the credential, WordPress's answer beside it.
        let wrong = node(&app, &token, project, &site.base_url, "application_password",
                         json!({"username": "admin", "applicationPassword": "nope"})).await;
        let response = app.get(&format!("/api/wordpress/{wrong}/categories"), Some(&token)).await;
        response.assert_invalid("authData.applicationPassword", "wordpress_credentials_rejected");
        assert_eq!(response.json()["error"]["details"]["wordpress"]["code"], "incorrect_password");

        // A subscriber may not list authors: the site's refusal, 424.
        let subscriber = site.add_user("mina", "مینا", Role::Subscriber);
        let as_subscriber = node(&app, &token, project, &site.base_url, "application_password",
                                 json!({"username": "mina", "applicationPassword": site.application_password(subscriber.id)})).await;
        let response = app.get(&format!("/api/wordpress/{as_subscriber}/authors"), Some(&token)).await;
        let details = response.assert_error(424, "wordpress_forbidden");
        assert_eq!(details["wordpress"]["code"], "rest_forbidden_who");

        site.set_rest_disabled(true);
        app.get(&path("tags"), Some(&token)).await.assert_error(424, "wordpress_rest_disabled");
        site.set_rest_disabled(false);
        site.set_drop_authorization(true);
        // Categories are public: without the header WordPress still lists
        // them; authors need a signed-in writer.
        assert_eq!(app.get(&path("categories"), Some(&token)).await.status, StatusCode::OK);
        app.get(&path("authors"), Some(&token)).await.assert_error(424, "wordpress_not_logged_in");
        site.set_drop_authorization(false);
        site.set_not_wordpress(true);
        app.get(&path("categories"), Some(&token)).await.assert_invalid("siteUrl", "wordpress_not_wordpress");
        site.set_not_wordpress(false);
        site.fail_next("/wp/v2/tags", 1, 503, "maintenance", "Briefly unavailable for scheduled maintenance.");
        let details = app.get(&path("tags"), Some(&token)).await.assert_error(424, "wordpress_refused");
        assert_eq!(details["wordpress"]["status"], 503);
        let gone = node(&app, &token, project, &closed_address().await, "jwt", json!({"jwtToken": "x.y.z"})).await;
        app.get(&format!("/api/wordpress/{gone}/tags"), Some(&token)).await.assert_error(424, "wordpress_unreachable");
    })
    .await;
}

/// The app with the model at the fake, allowed to reach loopback sites.
async fn with_model(app: &TestApp, fake: &FakeOpenAi) -> TestApp {
    let mut config = (*app.state.config).clone();
    config.providers.llm.base_url = Some(fake.base_url.clone());
    config.allow_private_network = true;
    TestApp::open(config, app.backend).await
}

/// An assistant joined to a WordPress node holding `fields` (its own
/// address and credentials unless given): (token, assistant, site node).
async fn publishing_scene(
    app: &TestApp,
    site: &FakeWordpress,
    email: &str,
    fields: Value,
) -> (String, i64, i64) {
    let (token, user_id) = app.register(email).await;
    let project = app.create_project(&token, "وبلاگ").await;
    let assistant = Canvas::new(app, user_id, project).assistant().await;
    let mut body = json!({"project_id": project, "name": "وبلاگ شرکت", "position_x": 0, "position_y": 0,
        "site_url": site.base_url, "auth_type": "application_password",
        "auth_data": {"username": "admin", "applicationPassword": site.application_password(1)}});
    body.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
    let response = app.post("/api/wordpress", Some(&token), body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
    let node = response.json()["database_id"].as_i64().unwrap();
    app.connect(&token, project, (NodeKind::Assistant, assistant), (NodeKind::Wordpress, node))
        .await;
    (token, assistant, node)
}

#[tokio::test]
async fn an_assistant_publishes_a_post_with_the_nodes_defaults() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_model(&app, &fake).await;
        let site = FakeWordpress::start().await;
        let news = site.add_category("اخبار", 0);
        let other = site.add_category("دیگر", 0);
        let tag = site.add_tag("هوش مصنوعی");
        let author = site.add_user("reza", "رضا", Role::Author);
        let defaults = json!({"post_status": "publish", "post_format": "aside", "default_category": news,
            "categories": [other], "default_tags": [tag], "default_author": author.id,
            "wordpress_categories": [{"id": news, "name": "اخبار"}]});
        let (token, assistant, _) = publishing_scene(&app, &site, "wp-publish@example.com", defaults).await;

        // The assistant's panel lists the tool, described with the node's defaults.
        let view = app.get(&format!("/api/playground/assistants/{assistant}/"), Some(&token)).await.json();
        let tool = &view["abilities"]["tools"][0];
        assert_eq!(tool["name"], "publish_post", "{view}");
        assert!(tool["description"].as_str().unwrap().contains("«اخبار»"), "{tool}");

        fake.push(Reply::ToolCalls(vec![ToolCall {
            name: "publish_post".into(),
            arguments: json!({"title": "هوش مصنوعی در ایران", "content": "بند اول\n\nبند دوم",
                              "excerpt": "خلاصه"}).to_string(),
        }]));
        let stream = say(&app, &token, assistant, "یک نوشته دربارهٔ هوش مصنوعی منتشر کن").await;
        assert!(stream.contains("\"kind\":\"wordpress\""), "{stream}");
        let result = tool_result(&stream);
        assert_eq!(result["ok"], true, "{result}");

        let posts = site.posts();
        assert_eq!(posts.len(), 1);
        let post = &posts[0];
        assert_eq!((post.title.as_str(), post.content.as_str(), post.excerpt.as_str()), ("هوش مصنوعی در ایران", "بند اول\n\nبند دوم", "خلاصه"));
        assert_eq!((post.status.as_str(), post.format.as_str(), post.author), ("publish", "aside", author.id));
        assert_eq!((post.categories.clone(), post.tags.clone()), (vec![news, other], vec![tag]));
        let answer: Value = serde_json::from_str(result["output"].as_str().unwrap()).unwrap();
        assert_eq!(answer, json!({"id": post.id, "status": "publish", "link": post.link, "title": "هوش مصنوعی در ایران"}));
        assert!(post.link.starts_with(&format!("{}/%d9%87", site.base_url)), "a pretty link: {}", post.link);
        // The model read the link, and nothing secret.
        let second = fake.chat_requests()[1]["messages"].to_string();
        assert!(second.contains(&post.link.replace('/', "\\/")) || second.contains(&post.link), "{second}");
        assert!(!second.contains(&site.application_password(1)[..9]));
        let created = site.requests().into_iter().find(|r| r.method == "POST").unwrap();
        assert_eq!(created.route, "/wp/v2/posts");
        assert!(created.authorization.unwrap().starts_with("Basic "));
    })
    .await;
}

#[tokio::test]
async fn a_post_the_site_refuses_is_a_persian_answer_to_the_model() {
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_model(&app, &fake).await;
        let site = FakeWordpress::start().await;
        let contributor = site.add_user("ali", "علی", Role::Contributor);
        let auth = json!({"auth_data": {"username": "ali", "applicationPassword": site.application_password(contributor.id)},
                          "auto_publish": true});
        let (token, assistant, node) = publishing_scene(&app, &site, "wp-refused@example.com", auth).await;
        let call = |arguments: Value| {
            fake.push(Reply::ToolCalls(vec![ToolCall { name: "publish_post".into(), arguments: arguments.to_string() }]));
        };

        // A contributor may not publish: WordPress's refusal, in Persian, to the model.
        call(json!({"title": "عنوان", "content": "متن"}));
        let result = tool_result(&say(&app, &token, assistant, "منتشر کن").await);
        assert_eq!(result["ok"], false, "{result}");
        let output = result["output"].as_str().unwrap();
        assert!(matches_template(output, MessageCode::WordpressForbidden.persian()), "{output}");
        assert!(output.contains("Sorry, you are not allowed to publish posts"), "{output}");

        // Without a title the site is not called.
        let before = site.requests().len();
        call(json!({"content": "متن"}));
        let result = tool_result(&say(&app, &token, assistant, "منتشر کن").await);
        assert_eq!(result["output"], MessageCode::WordpressPostIncomplete.persian());
        assert_eq!(site.requests().len(), before);

        // Credentials the site no longer takes.
        let patch = json!({"auth_data": {"username": "ali", "applicationPassword": "wrong wrong"}});
        assert_eq!(app.patch(&format!("/api/wordpress/{node}"), Some(&token), patch).await.status, StatusCode::OK);
        call(json!({"title": "عنوان", "content": "متن"}));
        let output = tool_result(&say(&app, &token, assistant, "منتشر کن").await)["output"].as_str().unwrap().to_owned();
        assert!(matches_template(&output, MessageCode::WordpressCredentialsRejected.persian()), "{output}");

        // A site that is down.
        site.set_not_wordpress(true);
        call(json!({"title": "عنوان", "content": "متن"}));
        let output = tool_result(&say(&app, &token, assistant, "منتشر کن").await)["output"].as_str().unwrap().to_owned();
        assert!(matches_template(&output, MessageCode::WordpressNotWordpress.persian()), "{output}");
        assert!(site.posts().is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_site_switched_off_or_incomplete_gives_no_tool() {
    for_each_backend_with(loopback, |app| async move {
        let site = FakeWordpress::start().await;
        let (token, assistant, node) =
            publishing_scene(&app, &site, "wp-off@example.com", json!({"is_active": false})).await;
        let view =
            app.get(&format!("/api/playground/assistants/{assistant}/"), Some(&token)).await.json();
        assert_eq!(view["abilities"]["tools"], json!([]), "{view}");
        assert_eq!(
            view["abilities"]["skipped"],
            json!([{"node": format!("wordpress-{node}"), "reason": "wordpress_inactive"}])
        );
        let on = app
            .patch(&format!("/api/wordpress/{node}"), Some(&token), json!({"is_active": true}))
            .await;
        assert_eq!(on.status, StatusCode::OK, "{}", on.text());
        let view =
            app.get(&format!("/api/playground/assistants/{assistant}/"), Some(&token)).await.json();
        assert_eq!(view["abilities"]["tools"][0]["name"], "publish_post", "{view}");
        assert_eq!(view["abilities"]["channels"], json!([]));
    })
    .await;
}

/// A site's old address answering every call with `status` and a
/// `Location` at `target` (the same path and query); it counts the calls.
async fn redirector(
    status: StatusCode,
    target: String,
) -> (String, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let calls = Arc::new(AtomicUsize::new(0));
    let counted = calls.clone();
    let app = axum::Router::new().fallback(move |uri: axum::http::Uri| {
        let (target, counted) = (target.clone(), counted.clone());
        async move {
            counted.fetch_add(1, Ordering::SeqCst);
            let path = uri.path_and_query().map(|p| p.as_str()).unwrap_or("/");
            (status, [(axum::http::header::LOCATION, format!("{target}{path}"))])
        }
    });
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{address}"), calls)
}

#[tokio::test]
async fn a_site_redirecting_to_itself_is_followed_with_its_method_and_credentials() {
    use std::sync::atomic::Ordering;
    for_each_backend(|app| async move {
        let fake = FakeOpenAi::start().await;
        let app = with_model(&app, &fake).await;
        let site = FakeWordpress::start().await;
        // The address typed is the old one (as `http://` before `https://`): a
        // 301, which an HTTP client would follow as a GET without `Authorization`.
        let (old, calls) = redirector(StatusCode::MOVED_PERMANENTLY, site.base_url.clone()).await;
        let fields = json!({"site_url": old, "post_status": "publish"});
        let (token, assistant, node) =
            publishing_scene(&app, &site, "wp-moved@example.com", fields).await;

        let result = test_connection(&app, &token, node).await;
        assert_eq!(result["code"], "wordpress_connected", "{result}");
        let signed_in = site.requests();
        assert!(
            signed_in
                .iter()
                .all(|r| r.authorization.as_deref().is_some_and(|a| a.starts_with("Basic ")))
        );

        fake.push(Reply::ToolCalls(vec![ToolCall {
            name: "publish_post".into(),
            arguments: json!({"title": "نشانی تازه", "content": "متن"}).to_string(),
        }]));
        let stream = say(&app, &token, assistant, "یک نوشته منتشر کن").await;
        assert_eq!(tool_result(&stream)["ok"], true, "{stream}");
        // Created once, by a POST with the credentials, not turned into a listing.
        let posts = site.posts();
        assert_eq!(posts.iter().map(|p| p.title.as_str()).collect::<Vec<_>>(), ["نشانی تازه"]);
        let created: Vec<_> = site.requests().into_iter().filter(|r| r.method == "POST").collect();
        assert_eq!(created.len(), 1);
        assert_eq!(created[0].route, "/wp/v2/posts");
        assert!(created[0].authorization.as_deref().unwrap().starts_with("Basic "));
        assert!(calls.load(Ordering::SeqCst) >= 2, "each call starts at the address typed");

        // A 308 keeps its method too.
        let (old, _) = redirector(StatusCode::PERMANENT_REDIRECT, site.base_url.clone()).await;
        let fields = json!({"site_url": old, "post_status": "publish"});
        let (token, assistant, _) =
            publishing_scene(&app, &site, "wp-moved-308@example.com", fields).await;
        fake.push(Reply::ToolCalls(vec![ToolCall {
            name: "publish_post".into(),
            arguments: json!({"title": "دومی", "content": "متن"}).to_string(),
        }]));
        let stream = say(&app, &token, assistant, "یکی دیگر منتشر کن").await;
        assert_eq!(tool_result(&stream)["ok"], true, "{stream}");
        assert_eq!(site.posts().len(), 2);
    })
    .await;
}

#[tokio::test]
async fn credentials_never_follow_a_redirect_to_another_site() {
    for_each_backend_with(loopback, |app| async move {
        let site = FakeWordpress::start().await;
        // The same fake under another name: another site as far as credentials go.
        let elsewhere = site.base_url.replace("127.0.0.1", "localhost");
        let (old, _) = redirector(StatusCode::FOUND, elsewhere.clone()).await;
        let (token, project) = owner(&app, "wp-elsewhere@example.com").await;
        let auth =
            json!({"username": "admin", "applicationPassword": site.application_password(1)});
        let id = node(&app, &token, project, &old, "application_password", auth).await;

        let result = test_connection(&app, &token, id).await;
        let details = failed(&result, MessageCode::WordpressMoved);
        let message = result["message"].as_str().unwrap();
        let origin = elsewhere.trim_end_matches('/');
        assert!(message.contains(origin) && message.contains(&old), "{message}");
        assert_eq!(details["field"], "siteUrl", "{result}");
        assert!(site.requests().is_empty(), "nothing reached the other site");
    })
    .await;
}

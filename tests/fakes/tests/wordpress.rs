//! The WordPress fake over real HTTP: it must answer as a WordPress site
//! does, errors and modes included, or the server's WordPress tests prove
//! nothing.

use std::time::{Duration, Instant};

use dastyar_fakes::wordpress::{FakeWordpress, JwtPlugin, Role, Via};
use reqwest::header::{AUTHORIZATION, CONTENT_TYPE};
use serde_json::{Value, json};

/// What came back: status, headers, the body as JSON (or `null`) and as text.
struct Answer {
    status: u16,
    headers: reqwest::header::HeaderMap,
    json: Value,
    text: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The WordPress error's code, after checking its shape.
    fn error(&self, status: u16) -> &str {
        assert_eq!(self.status, status, "{}", self.text);
        assert_eq!(self.json["data"]["status"], status, "{}", self.text);
        assert!(self.json["message"].is_string(), "{}", self.text);
        self.json["code"].as_str().unwrap()
    }
}

async fn send(request: reqwest::RequestBuilder) -> Answer {
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    let json = serde_json::from_str(&text).unwrap_or(Value::Null);
    Answer { status, headers, json, text }
}

fn basic(user: &str, password: &str) -> String {
    use base64::Engine;
    format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
    )
}

async fn get(site: &FakeWordpress, route: &str, auth: Option<&str>) -> Answer {
    let mut request = reqwest::Client::new().get(format!("{}/wp-json{route}", site.base_url));
    if let Some(auth) = auth {
        request = request.header(AUTHORIZATION, auth);
    }
    send(request).await
}

async fn post(site: &FakeWordpress, route: &str, auth: Option<&str>, body: Value) -> Answer {
    let mut request =
        reqwest::Client::new().post(format!("{}/wp-json{route}", site.base_url)).json(&body);
    if let Some(auth) = auth {
        request = request.header(AUTHORIZATION, auth);
    }
    send(request).await
}

#[tokio::test]
async fn users_me_signs_in_with_application_passwords_as_shown() {
    let site = FakeWordpress::start().await;
    let admin = site.admin();
    let shown = site.application_password(admin.id);
    assert_eq!(shown.split(' ').count(), 6, "{shown}");
    let me = get(&site, "/wp/v2/users/me?context=edit", Some(&basic("admin", &shown))).await;
    assert_eq!(me.status, 200, "{}", me.text);
    assert_eq!((me.json["id"].as_i64(), me.json["username"].as_str()), (Some(1), Some("admin")));
    assert_eq!(me.json["roles"], json!(["administrator"]));
    assert_eq!(me.json["capabilities"]["publish_posts"], true);
    // Without spaces too; the view context has no user name.
    let view = get(&site, "/wp/v2/users/me", Some(&basic("admin", &shown.replace(' ', "")))).await;
    assert_eq!(view.json["name"], "مدیر سایت");
    assert!(view.json.get("username").is_none());
    // Nobody, a wrong password, an unknown user.
    assert_eq!(get(&site, "/wp/v2/users/me", None).await.error(401), "rest_not_logged_in");
    let wrong = get(&site, "/wp/v2/users/me", Some(&basic("admin", "abcd efgh"))).await;
    assert_eq!(wrong.error(401), "incorrect_password");
    assert_eq!(wrong.json["message"], "The provided password is an invalid application password.");
    let unknown = get(&site, "/wp/v2/users/me", Some(&basic("ghost", &shown))).await;
    assert_eq!(unknown.error(401), "invalid_username");
    // Credentials are checked on public routes too, as WordPress does.
    let categories = get(&site, "/wp/v2/categories", Some(&basic("admin", "nope"))).await;
    assert_eq!(categories.error(401), "incorrect_password");
}

#[tokio::test]
async fn the_basic_auth_plugin_takes_real_passwords_and_fails_without_a_status() {
    let site = FakeWordpress::start().await;
    let admin = site.admin();
    let real = basic("admin", &admin.password);
    assert_eq!(get(&site, "/wp/v2/users/me", Some(&real)).await.error(401), "incorrect_password");
    site.set_basic_auth_plugin(true);
    assert_eq!(get(&site, "/wp/v2/users/me", Some(&real)).await.json["id"], 1);
    let wrong = get(&site, "/wp/v2/users/me", Some(&basic("admin", "nope"))).await;
    assert_eq!(wrong.error(500), "incorrect_password");
    assert!(wrong.json["message"].as_str().unwrap().contains("<strong>admin</strong>"));
}

#[tokio::test]
async fn the_jwt_plugin_issues_and_reads_tokens_on_wp_json() {
    let site = FakeWordpress::start().await;
    let admin = site.admin();
    let token_route = "/jwt-auth/v1/token";
    let credentials = json!({"username": "admin", "password": admin.password});
    assert_eq!(
        post(&site, token_route, None, credentials.clone()).await.error(404),
        "rest_no_route"
    );
    site.set_jwt_plugin(JwtPlugin::On);
    let issued = post(&site, token_route, None, credentials.clone()).await;
    assert_eq!(issued.status, 200, "{}", issued.text);
    assert_eq!(issued.json["user_display_name"], "مدیر سایت");
    let bearer = format!("Bearer {}", issued.json["token"].as_str().unwrap());
    assert_eq!(get(&site, "/wp/v2/users/me", Some(&bearer)).await.json["id"], 1);
    let valid = post(&site, "/jwt-auth/v1/token/validate", Some(&bearer), json!({})).await;
    assert_eq!(valid.json, json!({"code": "jwt_auth_valid_token", "data": {"status": 200}}));
    // The plugin reads the header only where the address says wp-json.
    let by_query = send(
        reqwest::Client::new()
            .get(format!("{}/?rest_route=/wp/v2/users/me", site.base_url))
            .header(AUTHORIZATION, &bearer),
    )
    .await;
    assert_eq!(by_query.error(401), "rest_not_logged_in");
    let expired = format!("Bearer {}", site.expired_jwt_token(1));
    let refused = get(&site, "/wp/v2/users/me", Some(&expired)).await;
    assert_eq!(
        (refused.error(403), refused.json["message"].as_str()),
        ("jwt_auth_invalid_token", Some("Expired token"))
    );
    let wrong =
        post(&site, token_route, None, json!({"username": "admin", "password": "nope"})).await;
    assert_eq!(wrong.error(403), "[jwt_auth] incorrect_password");
    site.set_jwt_plugin(JwtPlugin::WithoutSecret);
    assert_eq!(
        get(&site, "/wp/v2/users/me", Some(&bearer)).await.error(403),
        "jwt_auth_bad_config"
    );
}

#[tokio::test]
async fn without_pretty_permalinks_only_rest_route_reaches_the_api() {
    let site = FakeWordpress::start().await;
    site.set_pretty_permalinks(false);
    let page = get(&site, "/wp/v2/categories", None).await;
    assert_eq!(page.status, 404);
    assert!(page.header("content-type").unwrap().starts_with("text/html"), "{:?}", page.headers);
    assert!(page.text.contains("wp-content"), "WordPress's own 404 page");
    let listed = send(
        reqwest::Client::new()
            .get(format!("{}/?rest_route=/wp/v2/categories&per_page=5", site.base_url)),
    )
    .await;
    assert_eq!(listed.status, 200, "{}", listed.text);
    assert_eq!(listed.json[0]["slug"], "uncategorized");
    assert_eq!(listed.json[0]["link"], format!("{}/?cat=1", site.base_url));
    let recorded = site.requests();
    assert_eq!(recorded.len(), 1, "pages are not REST requests");
    assert_eq!(
        (recorded[0].via, recorded[0].route.as_str()),
        (Via::RestRoute, "/wp/v2/categories")
    );
    assert_eq!(recorded[0].query, [("per_page".to_owned(), "5".to_owned())]);
}

#[tokio::test]
async fn a_disabled_api_an_html_site_and_a_dropped_header() {
    let site = FakeWordpress::start().await;
    let auth = basic("admin", &site.application_password(1));
    site.set_rest_disabled(true);
    assert_eq!(get(&site, "/wp/v2/categories", None).await.error(401), "rest_disabled");
    assert_eq!(get(&site, "/wp/v2/users/me", Some(&auth)).await.error(403), "rest_disabled");
    site.set_rest_disabled(false);

    site.set_drop_authorization(true);
    assert_eq!(get(&site, "/wp/v2/users/me", Some(&auth)).await.error(401), "rest_not_logged_in");
    assert_eq!(site.requests().last().unwrap().authorization, None);
    site.set_drop_authorization(false);

    site.set_not_wordpress(true);
    let api = get(&site, "/wp/v2/users/me", Some(&auth)).await;
    assert_eq!(api.status, 404);
    assert!(api.text.contains("nginx") && !api.text.contains("wp-content"), "{}", api.text);
    let query =
        send(reqwest::Client::new().get(format!("{}/?rest_route=/wp/v2/users/me", site.base_url)))
            .await;
    assert_eq!(query.status, 200);
    assert!(query.header("content-type").unwrap().starts_with("text/html"));
    assert!(query.json.is_null());
}

#[tokio::test]
async fn terms_and_authors_are_paged_with_wordpress_headers() {
    let site = FakeWordpress::start().await;
    for n in 0..150 {
        site.add_category(&format!("دسته {n:03}"), 0);
    }
    let tag = site.add_tag("خبر");
    let first = get(&site, "/wp/v2/categories?per_page=100&_fields=id,name", None).await;
    assert_eq!(
        (first.header("x-wp-total"), first.header("x-wp-totalpages")),
        (Some("151"), Some("2"))
    );
    assert_eq!(first.json.as_array().unwrap().len(), 100);
    assert_eq!(
        first.json[0].as_object().unwrap().len(),
        2,
        "only the fields asked: {}",
        first.json[0]
    );
    let link = first.header("link").unwrap();
    assert!(link.contains("page=2") && link.contains("rel=\"next\""), "{link}");
    let second = get(&site, "/wp/v2/categories?per_page=100&page=2", None).await;
    assert_eq!(second.json.as_array().unwrap().len(), 51);
    assert_eq!(
        get(&site, "/wp/v2/categories?per_page=101", None).await.error(400),
        "rest_invalid_param"
    );
    let tags = get(&site, "/wp/v2/tags", None).await;
    assert_eq!(
        tags.json,
        json!([{
            "id": tag, "count": 0, "description": "", "link": format!("{}/tag/%d8%ae%d8%a8%d8%b1/", site.base_url),
            "name": "خبر", "slug": "%d8%ae%d8%a8%d8%b1", "taxonomy": "post_tag", "meta": [],
            "_links": tags.json[0]["_links"].clone(),
        }])
    );

    let author = site.add_user("reza", "رضا", Role::Author);
    let subscriber = site.add_user("mina", "مینا", Role::Subscriber);
    let as_author = basic("reza", &site.application_password(author.id));
    let authors = get(&site, "/wp/v2/users?who=authors&per_page=100", Some(&as_author)).await;
    let names: Vec<&str> =
        authors.json.as_array().unwrap().iter().map(|u| u["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["رضا", "مدیر سایت"], "writers only, by name");
    assert_eq!(authors.header("x-wp-total"), Some("2"));
    let as_subscriber = basic("mina", &site.application_password(subscriber.id));
    let refused = get(&site, "/wp/v2/users?who=authors", Some(&as_subscriber)).await;
    assert_eq!(refused.error(403), "rest_forbidden_who");
    assert_eq!(get(&site, "/wp/v2/users?who=authors", None).await.error(401), "rest_forbidden_who");
}

#[tokio::test]
async fn posts_are_created_with_the_controllers_checks() {
    let site = FakeWordpress::start().await;
    let admin = basic("admin", &site.application_password(1));
    let news = site.add_category("اخبار", 0);
    let tag = site.add_tag("فناوری");
    let created = post(
        &site,
        "/wp/v2/posts",
        Some(&admin),
        json!({"title": "سلام دنیا", "content": "بند اول\n\nبند دوم", "status": "publish",
               "format": "aside", "categories": [news, 999], "tags": [tag], "author": 1}),
    )
    .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = created.json["id"].as_i64().unwrap();
    assert_eq!(
        created.header("location"),
        Some(format!("{}/wp-json/wp/v2/posts/{id}", site.base_url).as_str())
    );
    assert_eq!(
        created.json["link"],
        format!("{}/%d8%b3%d9%84%d8%a7%d9%85-%d8%af%d9%86%db%8c%d8%a7/", site.base_url)
    );
    assert_eq!(created.json["title"], json!({"rendered": "سلام دنیا", "raw": "سلام دنیا"}));
    assert_eq!(created.json["content"]["rendered"], "<p>بند اول</p>\n<p>بند دوم</p>\n");
    assert_eq!(
        (created.json["categories"].clone(), created.json["tags"].clone()),
        (json!([news]), json!([tag]))
    );
    assert_eq!(created.json["format"], "aside");

    // A draft has no slug yet and links by id; no category means the default one.
    let draft = post(&site, "/wp/v2/posts", Some(&admin), json!({"title": "پیش‌نویس"})).await;
    assert_eq!(
        (draft.json["status"].as_str(), draft.json["slug"].as_str()),
        (Some("draft"), Some(""))
    );
    assert_eq!(draft.json["link"], format!("{}/?p={}", site.base_url, draft.json["id"]));
    assert_eq!(draft.json["categories"], json!([1]));

    let contributor = site.add_user("ali", "علی", Role::Contributor);
    let as_contributor = basic("ali", &site.application_password(contributor.id));
    let publish = json!({"title": "x", "status": "publish"});
    assert_eq!(
        post(&site, "/wp/v2/posts", Some(&as_contributor), publish.clone()).await.error(403),
        "rest_cannot_publish"
    );
    assert_eq!(post(&site, "/wp/v2/posts", None, publish).await.error(401), "rest_cannot_create");
    let others = json!({"title": "x", "author": 1});
    assert_eq!(
        post(&site, "/wp/v2/posts", Some(&as_contributor), others).await.error(403),
        "rest_cannot_edit_others"
    );
    let invalid = post(
        &site,
        "/wp/v2/posts",
        Some(&admin),
        json!({"title": "x", "format": "poem", "status": "live"}),
    )
    .await;
    assert_eq!(invalid.error(400), "rest_invalid_param");
    assert_eq!(
        invalid.json["data"]["params"]["format"],
        "format is not one of standard, aside, chat, gallery, link, image, quote, status, video, audio."
    );
    assert!(invalid.json["data"]["params"]["status"].is_string());
    assert_eq!(
        post(&site, "/wp/v2/posts", Some(&admin), json!({"title": " "})).await.error(400),
        "empty_content"
    );
    let bad_json = send(
        reqwest::Client::new()
            .post(format!("{}/wp-json/wp/v2/posts", site.base_url))
            .header(AUTHORIZATION, &admin)
            .header(CONTENT_TYPE, "application/json")
            .body("{"),
    )
    .await;
    assert_eq!(bad_json.error(400), "rest_invalid_json");

    // Anyone reads what is published; drafts need a writer.
    let listed = get(&site, "/wp/v2/posts", None).await;
    assert_eq!(listed.json.as_array().unwrap().len(), 1);
    assert_eq!(listed.header("x-wp-total"), Some("1"));
    assert_eq!(
        get(&site, "/wp/v2/posts?status=draft", None).await.error(400),
        "rest_invalid_param"
    );
    let drafts = get(&site, "/wp/v2/posts?status=draft&context=edit", Some(&admin)).await;
    assert_eq!(drafts.json[0]["title"]["raw"], "پیش‌نویس");
    assert_eq!(
        get(&site, "/wp/v2/posts?page=9", None).await.error(400),
        "rest_post_invalid_page_number"
    );
    assert_eq!(get(&site, &format!("/wp/v2/posts/{id}"), None).await.json["id"], id);
    assert_eq!(get(&site, "/wp/v2/posts/999", None).await.error(404), "rest_post_invalid_id");
    let stored = site.posts();
    assert_eq!(stored.len(), 2);
    assert_eq!((stored[0].author, stored[0].status.as_str()), (1, "publish"));
}

#[tokio::test]
async fn unknown_routes_scripted_refusals_delays_and_recordings() {
    let site = FakeWordpress::start().await;
    assert_eq!(get(&site, "/wp/v2/nope", None).await.error(404), "rest_no_route");
    assert_eq!(post(&site, "/wp/v2/users/me", None, json!({})).await.error(404), "rest_no_route");
    let index = get(&site, "/", None).await;
    assert!(index.json["namespaces"].as_array().unwrap().contains(&json!("wp/v2")));
    let home = send(reqwest::Client::new().get(format!("{}/", site.base_url))).await;
    assert!(home.header("link").unwrap().contains("rel=\"https://api.w.org/\""));

    site.fail_next("/wp/v2/tags/", 1, 503, "service_unavailable", "Down for maintenance.");
    assert_eq!(get(&site, "/wp/v2/tags", None).await.error(503), "service_unavailable");
    assert_eq!(get(&site, "/wp/v2/tags", None).await.status, 200, "once only");

    site.set_delay(Duration::from_millis(300));
    let started = Instant::now();
    get(&site, "/wp/v2/tags", None).await;
    assert!(started.elapsed() >= Duration::from_millis(300));
    site.set_delay(Duration::ZERO);

    let recorded = site.requests();
    let tags: Vec<u16> =
        recorded.iter().filter(|r| r.route == "/wp/v2/tags").map(|r| r.status).collect();
    assert_eq!(tags, [503, 200, 200]);
    assert_eq!(recorded[1].method, "POST");
    assert_eq!(recorded[1].body, json!({}));
}

#[tokio::test]
async fn the_site_is_scripted_over_http_too() {
    let site = FakeWordpress::start().await;
    let client = reqwest::Client::new();
    let control = |path: &str| format!("{}/_fake/{path}", site.base_url);
    let made = send(
        client
            .post(control("users"))
            .json(&json!({"username": "sara", "name": "سارا", "role": "editor"})),
    )
    .await;
    assert_eq!(made.json["user"]["role"], "editor");
    let auth = basic("sara", made.json["application_password"].as_str().unwrap());
    assert_eq!(get(&site, "/wp/v2/users/me", Some(&auth)).await.json["name"], "سارا");
    let category = send(client.post(control("categories")).json(&json!({"name": "ورزش"}))).await;
    assert!(category.json["id"].as_i64().unwrap() > 1);
    let config = send(
        client
            .post(control("config"))
            .json(&json!({"jwt_plugin": "on", "pretty_permalinks": false})),
    )
    .await;
    assert_eq!(
        (config.json["jwt_plugin"].as_str(), config.json["pretty_permalinks"].as_bool()),
        (Some("on"), Some(false))
    );
    assert_eq!(
        send(client.post(control("config")).json(&json!({"jwt_plugin": 3}))).await.status,
        400
    );
    let fail = json!({"route": "/wp/v2/users/me", "count": 1, "status": 500, "code": "db_error", "message": "x"});
    assert_eq!(send(client.post(control("fail_next")).json(&fail)).await.status, 204);
    let failed = send(
        client
            .get(format!("{}/?rest_route=/wp/v2/users/me", site.base_url))
            .header(AUTHORIZATION, &auth),
    )
    .await;
    assert_eq!(failed.error(500), "db_error");
    let requests = send(client.get(control("requests"))).await;
    assert_eq!(requests.json.as_array().unwrap().len(), 2);
    assert_eq!(send(client.get(control("posts"))).await.json, json!([]));
}

#[tokio::test]
async fn the_binary_serves_a_wordpress_site() {
    use tokio::io::AsyncBufReadExt;
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_dastyar-fakes"))
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
    let base = urls["wordpress"].as_str().unwrap().to_owned();
    let client = reqwest::Client::new();
    let made =
        send(client.post(format!("{base}/_fake/users")).json(&json!({"username": "e2e"}))).await;
    let auth = basic("e2e", made.json["application_password"].as_str().unwrap());
    let me = send(client.get(format!("{base}/wp-json/wp/v2/users/me")).header(AUTHORIZATION, auth))
        .await;
    assert_eq!((me.status, me.json["name"].as_str()), (200, Some("e2e")));
}

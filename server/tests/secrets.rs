//! Secrets at rest: bot tokens, SMS keys, WordPress and API credentials are
//! stored sealed, every answer carries only their mask, a mask sent back
//! keeps the saved value, and what was stored in plain text before is sealed
//! at the next start.

mod common;

use common::nodes::{SMS_API_KEY, create_node, db_id, patch};
use common::{TestApp, for_each_backend};
use dastyar_core::secrets;
use serde_json::{Value, json};

const TOKEN: &str = "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11";
const NEW_TOKEN: &str = "654321:ZYX-new-token-for-the-same-bot-77aa";

/// The stored `data` text of a node, as the database holds it.
async fn stored(app: &TestApp, id: i64) -> String {
    let row: (String,) = sqlx::query_as("SELECT data FROM nodes WHERE id = $1")
        .bind(id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    row.0
}

/// The stored value at `path` in a node's data, opened with the app's key.
async fn opened(app: &TestApp, id: i64, context: &str, path: &[&str]) -> String {
    let mut data: Value = serde_json::from_str(&stored(app, id).await).unwrap();
    let value = secrets::at(&mut data, path).and_then(|v| v.as_str().map(str::to_owned)).unwrap();
    if !value.is_empty() {
        assert!(secrets::is_sealed(&value), "{context} is stored sealed: {value}");
    }
    app.state.secrets.open(&value, context).unwrap()
}

/// A new account with a project and a Telegram node holding [`TOKEN`]:
/// its token, the project and the node as created.
async fn owner_with_bot(app: &TestApp) -> (String, i64, Value) {
    let (token, _) = app.register("owner@example.com").await;
    let project = app.create_project(&token, "پروژه").await;
    let fields = json!({"bot_token": TOKEN, "bot_name": "فروش"});
    let bot = create_node(app, &token, "/api/telegram", project, "ربات", fields).await;
    (token, project, bot)
}

#[tokio::test]
async fn a_bot_token_is_sealed_masked_kept_replaced_and_cleared() {
    for_each_backend(|app| async move {
        let (token, project, bot) = owner_with_bot(&app).await;
        let id = db_id(&bot);
        assert_eq!(bot["data"]["bot_token"], "••••ew11");
        assert!(!stored(&app, id).await.contains("ABC-DEF"), "sealed at rest");
        assert_eq!(opened(&app, id, "telegram.bot_token", &["bot_token"]).await, TOKEN);

        // Every way of reading the node sees the mask only.
        let item = app.get(&format!("/api/telegram/{id}"), Some(&token)).await;
        assert_eq!(item.json()["data"]["bot_token"], "••••ew11");
        let listed = app.get(&format!("/api/projects/{project}/nodes"), Some(&token)).await.text();
        assert!(listed.contains("••••ew11") && !listed.contains("ABC-DEF"), "{listed}");

        // The mask sent back, or no token at all, keeps the saved one.
        let renamed = patch(
            &app,
            &format!("/api/telegram/{id}"),
            &token,
            json!({"bot_name": "پشتیبانی", "bot_token": "••••ew11"}),
        )
        .await;
        assert_eq!(renamed.status, 200, "{}", renamed.text());
        assert_eq!(renamed.json()["data"]["bot_token"], "••••ew11");
        patch(&app, &format!("/api/telegram/{id}"), &token, json!({"bot_username": "shop_bot"}))
            .await;
        assert_eq!(opened(&app, id, "telegram.bot_token", &["bot_token"]).await, TOKEN);

        // A new value replaces it (and is checked as entered); "" clears it.
        let bad = patch(
            &app,
            &format!("/api/telegram/{id}"),
            &token,
            json!({"bot_token": "not a token"}),
        )
        .await;
        bad.assert_invalid("bot_token", "telegram_token_invalid");
        let replaced =
            patch(&app, &format!("/api/telegram/{id}"), &token, json!({"bot_token": NEW_TOKEN}))
                .await;
        assert_eq!(replaced.json()["data"]["bot_token"], "••••77aa");
        assert_eq!(opened(&app, id, "telegram.bot_token", &["bot_token"]).await, NEW_TOKEN);
        let cleared =
            patch(&app, &format!("/api/telegram/{id}"), &token, json!({"bot_token": ""})).await;
        assert_eq!(cleared.json()["data"]["bot_token"], "");
        assert_eq!(opened(&app, id, "telegram.bot_token", &["bot_token"]).await, "");

        // A mask on create stands for nothing saved.
        let pasted = create_node(
            &app,
            &token,
            "/api/telegram",
            project,
            "کپی",
            json!({"bot_token": "••••ew11"}),
        )
        .await;
        assert_eq!(pasted["data"]["bot_token"], "");
    })
    .await;
}

#[tokio::test]
async fn keys_and_credentials_of_every_kind_are_masked() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let project = app.create_project(&token, "پروژه").await;
        let sms = create_node(&app, &token, "/api/sms", project, "پیامک", json!({"api_key": SMS_API_KEY})).await;
        assert_eq!(sms["data"]["apiKey"], format!("••••{}", &SMS_API_KEY[SMS_API_KEY.len() - 4..]));
        assert_eq!(opened(&app, db_id(&sms), "sms.api_key", &["api_key"]).await, SMS_API_KEY);

        let site = create_node(&app, &token, "/api/wordpress", project, "وبلاگ", json!({
            "site_url": "https://blog.example.ir", "auth_type": "basic",
            "auth_data": {"username": "editor", "password": "short-pw1"}})).await;
        // A short password shows no characters at all; the user name is no secret.
        assert_eq!(site["data"]["authData"]["password"], "••••");
        assert_eq!(site["data"]["authData"]["username"], "editor");
        let id = db_id(&site);
        assert_eq!(opened(&app, id, "wordpress.auth_data.password", &["auth_data", "password"]).await, "short-pw1");
        // Changing the user name with the mask sent back keeps the password.
        let edited = patch(&app, &format!("/api/wordpress/{id}"), &token, json!({"auth_data": {"username": "admin", "password": "••••"}})).await;
        assert_eq!(edited.json()["data"]["authData"], json!({"username": "admin", "password": "••••", "applicationPassword": "", "jwtToken": ""}));
        assert_eq!(opened(&app, id, "wordpress.auth_data.password", &["auth_data", "password"]).await, "short-pw1");

        let api = create_node(&app, &token, "/api/apidefinition", project, "API", json!({
            "base_url": "https://api.example.ir", "auth_type": "api_key",
            "auth_data": {"header": "X-Api-Key", "key": "k-0123456789abcdef-XYZW"}})).await;
        assert_eq!(api["data"]["authData"], json!({"header": "X-Api-Key", "key": "••••XYZW"}));
        let text = app.get(&format!("/api/projects/{project}/nodes"), Some(&token)).await.text();
        for secret in [SMS_API_KEY, "short-pw1", "k-0123456789abcdef"] {
            assert!(!text.contains(secret), "{secret} left the server: {text}");
        }
    })
    .await;
}

#[tokio::test]
async fn plain_secrets_from_before_are_sealed_at_start() {
    for_each_backend(|app| async move {
        let (token, user_id) = app.register("owner@example.com").await;
        let project = app.create_project(&token, "پروژه").await;
        // As an older version stored it: in plain text.
        let canvas = common::canvas::Canvas::new(&app, user_id, project);
        let id = canvas.node(dastyar_core::NodeKind::Telegram, json!({"bot_token": TOKEN})).await;
        assert!(stored(&app, id).await.contains(TOKEN));
        // Answers mask it even before the restart seals it.
        let item = app.get(&format!("/api/telegram/{id}"), Some(&token)).await;
        assert_eq!(item.json()["data"]["bot_token"], "••••ew11");

        let app = app.restart().await;
        assert!(!stored(&app, id).await.contains("ABC-DEF"));
        assert_eq!(opened(&app, id, "telegram.bot_token", &["bot_token"]).await, TOKEN);
    })
    .await;
}

#[tokio::test]
async fn a_secret_sealed_with_another_key_asks_to_be_entered_again() {
    for_each_backend(|app| async move {
        let (token, _, bot) = owner_with_bot(&app).await;
        let id = db_id(&bot);
        // The key file is lost and another key is set.
        let mut config = (*app.state.config).clone();
        config.secret_key = Some("ab".repeat(32));
        let app = TestApp::open(config, app.backend).await;
        assert!(format!("{:?}", app.state.secrets).contains(".."), "the key is never printed");
        // Still masked (the hint is stored beside the sealed value) ...
        let item = app.get(&format!("/api/telegram/{id}"), Some(&token)).await;
        assert_eq!(item.json()["data"]["bot_token"], "••••ew11");
        // ... but an edit that keeps it says to enter it again, and loses nothing.
        let before = stored(&app, id).await;
        patch(&app, &format!("/api/telegram/{id}"), &token, json!({"bot_name": "x"}))
            .await
            .assert_invalid("bot_token", "secret_unreadable");
        assert_eq!(stored(&app, id).await, before);
        let entered =
            patch(&app, &format!("/api/telegram/{id}"), &token, json!({"bot_token": NEW_TOKEN}))
                .await;
        assert_eq!(entered.status, 200, "{}", entered.text());
        assert_eq!(opened(&app, id, "telegram.bot_token", &["bot_token"]).await, NEW_TOKEN);
    })
    .await;
}

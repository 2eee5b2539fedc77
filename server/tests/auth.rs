//! Accounts: register, log in, who am I, and every way a token can be wrong.

mod common;

use axum::http::{Method, StatusCode};
use common::{PASSWORD, for_each_backend};
use serde_json::json;

#[tokio::test]
async fn register_login_and_me() {
    for_each_backend(|app| async move {
        let response = app
            .post("/api/auth/register", None, json!({"email": "  Sara@Example.IR ", "password": PASSWORD, "name": "  سارا احمدی "}))
            .await;
        assert_eq!(response.status, StatusCode::CREATED, "{}", response.text());
        let body = response.json();
        let user = body["user"].clone();
        assert_eq!(user["email"], "sara@example.ir");
        assert_eq!(user["name"], "سارا احمدی");
        assert!(user["id"].as_i64().unwrap() > 0);
        assert_eq!(body.as_object().unwrap().len(), 2, "{body}");
        assert_eq!(user.as_object().unwrap().len(), 3, "no password hash leaks: {user}");
        let token = body["token"].as_str().unwrap().to_owned();

        let me = app.get("/api/auth/me", Some(&token)).await;
        assert_eq!(me.status, StatusCode::OK);
        assert_eq!(me.json(), user);

        // Any case logs in.
        let login = app.post("/api/auth/login", None, json!({"email": "SARA@example.ir", "password": PASSWORD})).await;
        assert_eq!(login.status, StatusCode::OK, "{}", login.text());
        let login = login.json();
        assert_eq!(login["user"], user);
        let me = app.get("/api/auth/me", Some(login["token"].as_str().unwrap())).await;
        assert_eq!(me.json(), user);
    })
    .await;
}

#[tokio::test]
async fn wrong_password_or_unknown_email_is_invalid_credentials() {
    for_each_backend(|app| async move {
        app.register("ali@example.com").await;
        app.post(
            "/api/auth/login",
            None,
            json!({"email": "ali@example.com", "password": "wrong123"}),
        )
        .await
        .assert_error(401, "invalid_credentials");
        app.post(
            "/api/auth/login",
            None,
            json!({"email": "nobody@example.com", "password": PASSWORD}),
        )
        .await
        .assert_error(401, "invalid_credentials");
        app.post("/api/auth/login", None, json!({"email": "not an email", "password": PASSWORD}))
            .await
            .assert_error(401, "invalid_credentials");
    })
    .await;
}

#[tokio::test]
async fn duplicate_email_in_any_case_is_taken() {
    for_each_backend(|app| async move {
        app.register("reza@example.com").await;
        for email in ["reza@example.com", "REZA@Example.com", " reza@example.COM "] {
            app.post(
                "/api/auth/register",
                None,
                json!({"email": email, "password": PASSWORD, "name": "رضا"}),
            )
            .await
            .assert_invalid("email", "email_taken");
        }
    })
    .await;
}

#[tokio::test]
async fn register_validates_each_field() {
    for_each_backend(|app| async move {
        let register = |email: &str, password: &str, name: &str| {
            json!({"email": email, "password": password, "name": name})
        };
        let long_email = format!("{}@example.com", "a".repeat(250));
        for email in ["", "no-at-sign", "@example.com", "a@", "a@b@c", "a b@example.com", long_email.as_str()] {
            app.post("/api/auth/register", None, register(email, PASSWORD, "x"))
                .await
                .assert_invalid("email", "email_invalid");
        }
        for password in ["short1", "onlyletters", "1234567890", ""] {
            app.post("/api/auth/register", None, register("a@b.ir", password, "x"))
                .await
                .assert_invalid("password", "password_too_weak");
        }
        let details = app
            .post("/api/auth/register", None, register("a@b.ir", &format!("a1{}", "x".repeat(300)), "x"))
            .await
            .assert_error(422, "invalid_input");
        assert_eq!(details["field"], "password");
        app.post("/api/auth/register", None, register("a@b.ir", PASSWORD, "   "))
            .await
            .assert_invalid("name", "field_required");
        let details = app
            .post("/api/auth/register", None, register("a@b.ir", PASSWORD, &"ن".repeat(101)))
            .await
            .assert_error(422, "invalid_input");
        assert_eq!(details["field"], "name");
        // 100 Persian characters are fine (counted as characters, not bytes).
        let ok = app.post("/api/auth/register", None, register("a@b.ir", PASSWORD, &"ن".repeat(100))).await;
        assert_eq!(ok.status, StatusCode::CREATED, "{}", ok.text());
    })
    .await;
}

#[tokio::test]
async fn bad_bodies_answer_json_errors() {
    for_each_backend(|app| async move {
        let path = "/api/auth/register";
        // Malformed JSON.
        app.raw(Method::POST, path, Some("application/json"), "{\"email\": ")
            .await
            .assert_error(422, "invalid_json");
        app.raw(Method::POST, path, Some("application/json"), "not json")
            .await
            .assert_error(422, "invalid_json");
        // Missing body.
        app.raw(Method::POST, path, Some("application/json"), "")
            .await
            .assert_error(422, "invalid_json");
        app.raw(Method::POST, path, None, "").await.assert_error(422, "invalid_json");
        // Wrong or missing content type.
        let body = json!({"email": "a@b.c", "password": PASSWORD, "name": "x"}).to_string();
        app.raw(Method::POST, path, Some("text/plain"), body.clone())
            .await
            .assert_error(422, "invalid_json");
        app.raw(Method::POST, path, None, body).await.assert_error(422, "invalid_json");
        // Wrong types name the field.
        let details = app
            .post(path, None, json!({"email": 5, "password": PASSWORD, "name": "x"}))
            .await
            .assert_error(422, "invalid_input");
        assert_eq!(details["field"], "email");
        let details =
            app.post(path, None, json!(["a", "b"])).await.assert_error(422, "invalid_input");
        assert!(details.get("field").is_none(), "{details}");
        // Missing fields name the field.
        app.post(path, None, json!({"email": "a@b.c", "password": PASSWORD}))
            .await
            .assert_invalid("name", "field_required");
        // Huge bodies.
        let huge = format!("{{\"email\": \"{}\"}}", "a".repeat(3 * 1024 * 1024));
        app.raw(Method::POST, path, Some("application/json"), huge)
            .await
            .assert_error(413, "too_large");
    })
    .await;
}

#[tokio::test]
async fn tokens_missing_bad_or_expired_are_unauthenticated() {
    for_each_backend(|app| async move {
        let (token, id) = app.register("token@example.com").await;
        app.get("/api/auth/me", None).await.assert_error(401, "unauthenticated");
        app.get("/api/auth/me", Some("garbage")).await.assert_error(401, "unauthenticated");
        app.get("/api/auth/me", Some(&format!("{token}x")))
            .await
            .assert_error(401, "unauthenticated");
        app.get("/api/auth/me", Some(&app.expired_token(id)))
            .await
            .assert_error(401, "unauthenticated");
        // A token signed with another secret.
        let foreign =
            dastyar_server::accounts::token::JwtKeys::new(b"some other server's secret value!")
                .issue(id, 0)
                .unwrap();
        app.get("/api/auth/me", Some(&foreign)).await.assert_error(401, "unauthenticated");
        // A well-signed token for an account that does not exist.
        let ghost = app.state.keys.issue(id + 1000, 0).unwrap();
        app.get("/api/auth/me", Some(&ghost)).await.assert_error(401, "unauthenticated");
        // Not a bearer token.
        let request = axum::http::Request::builder()
            .uri("/api/auth/me")
            .header("authorization", format!("Basic {token}"))
            .body(axum::body::Body::empty())
            .unwrap();
        app.send(request).await.assert_error(401, "unauthenticated");
        // Every project route wants a token too.
        app.get("/api/projects", None).await.assert_error(401, "unauthenticated");
        app.post("/api/playground/projects", None, json!({"name": "x"}))
            .await
            .assert_error(401, "unauthenticated");
        app.get("/api/projects/1", None).await.assert_error(401, "unauthenticated");
        app.delete("/api/projects/1", None).await.assert_error(401, "unauthenticated");
        // The real token still works.
        assert_eq!(app.get("/api/auth/me", Some(&token)).await.status, StatusCode::OK);
    })
    .await;
}

#[tokio::test]
async fn weak_common_and_personal_passwords_and_bare_domains_are_refused() {
    for_each_backend(|app| async move {
        let register = |email: &str, password: &str| {
            app.post(
                "/api/auth/register",
                None,
                json!({"email": email, "password": password, "name": "سارا"}),
            )
        };
        register("a@b", PASSWORD).await.assert_error(422, "email_invalid");
        register("sara@example", PASSWORD).await.assert_error(422, "email_invalid");
        for common in ["password1", "qwerty123", "sara12345"] {
            let details =
                register("sara@example.com", common).await.assert_error(422, "password_common");
            assert_eq!(details["field"], "password");
        }
        let created = register("sara@example.com", PASSWORD).await;
        assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    })
    .await;
}

#[tokio::test]
async fn signing_out_everywhere_ends_every_token() {
    for_each_backend(|app| async move {
        let (first, _) = app.register("sara@example.com").await;
        let second = app
            .post(
                "/api/auth/login",
                None,
                json!({"email": "sara@example.com", "password": PASSWORD}),
            )
            .await
            .json()["token"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(app.get("/api/auth/me", Some(&second)).await.status, StatusCode::OK);
        let (other, _) = app.register("ali@example.com").await;

        let done =
            app.call(Method::POST, "/api/auth/sign-out-everywhere", Some(&first), None).await;
        assert_eq!(done.status, StatusCode::NO_CONTENT, "{}", done.text());
        for token in [&first, &second] {
            app.get("/api/auth/me", Some(token)).await.assert_error(401, "unauthenticated");
        }
        assert_eq!(
            app.get("/api/auth/me", Some(&other)).await.status,
            StatusCode::OK,
            "others stay"
        );
        // Signing in again works, with a token of the new version.
        let again = app
            .post(
                "/api/auth/login",
                None,
                json!({"email": "sara@example.com", "password": PASSWORD}),
            )
            .await;
        let token = again.json()["token"].as_str().unwrap().to_owned();
        assert_eq!(app.get("/api/auth/me", Some(&token)).await.status, StatusCode::OK);
    })
    .await;
}

#[tokio::test]
async fn changing_the_password_signs_out_other_devices() {
    for_each_backend(|app| async move {
        let (old, _) = app.register("sara@example.com").await;
        let app = &app;
        let change = |token: String, current: &str, new: &str| {
            let body = json!({"current_password": current, "new_password": new});
            async move { app.post("/api/auth/password", Some(&token), body).await }
        };
        let wrong = change(old.clone(), "not-it-1402", "Tehran-Shiraz-1403").await;
        let details = wrong.assert_error(422, "invalid_credentials");
        assert_eq!(details["field"], "current_password", "a 422, so the page is not signed out");
        let weak = change(old.clone(), PASSWORD, "password1").await;
        assert_eq!(weak.assert_error(422, "password_common")["field"], "new_password");
        assert_eq!(
            app.get("/api/auth/me", Some(&old)).await.status,
            StatusCode::OK,
            "nothing changed yet"
        );

        let changed = change(old.clone(), PASSWORD, "Tehran-Shiraz-1403").await;
        assert_eq!(changed.status, StatusCode::OK, "{}", changed.text());
        let new = changed.json()["token"].as_str().unwrap().to_owned();
        app.get("/api/auth/me", Some(&old)).await.assert_error(401, "unauthenticated");
        assert_eq!(app.get("/api/auth/me", Some(&new)).await.status, StatusCode::OK);
        app.post(
            "/api/auth/login",
            None,
            json!({"email": "sara@example.com", "password": PASSWORD}),
        )
        .await
        .assert_error(401, "invalid_credentials");
        let login = app
            .post(
                "/api/auth/login",
                None,
                json!({"email": "sara@example.com", "password": "Tehran-Shiraz-1403"}),
            )
            .await;
        assert_eq!(login.status, StatusCode::OK, "{}", login.text());
    })
    .await;
}

//! Rate limits on what anyone can call: sign-ins, sign-ups and payment
//! callbacks per address, and wrong passwords per account, shared by every
//! instance on the database.

mod common;

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Method, Request, StatusCode, header};
use common::{
    Backend, PASSWORD, TestApp, TestEnv, TestResponse, for_each_backend, for_each_backend_with,
    postgres_url,
};
use dastyar_server::accounts::login_throttle::FREE_FAILURES;
use serde_json::{Value, json};

/// A JSON POST as if from `from` (the socket address the accept loop records).
async fn post_from(app: &TestApp, from: &str, path: &str, body: Value) -> TestResponse {
    let mut request = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let peer: SocketAddr = from.parse().unwrap();
    request.extensions_mut().insert(ConnectInfo(peer));
    app.send(request).await
}

async fn login(app: &TestApp, from: &str, email: &str, password: &str) -> TestResponse {
    post_from(app, from, "/api/auth/login", json!({"email": email, "password": password})).await
}

/// The seconds to wait, checked the same in the header and the body.
fn retry_after(response: &TestResponse, code: &str) -> u64 {
    let details = response.assert_error(429, code);
    let header: u64 = response.headers[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
    assert_eq!(details["retry_after"], header, "{details}");
    assert!(header >= 1);
    assert!(response.json()["error"]["message"].as_str().unwrap().contains(&header.to_string()));
    header
}

#[tokio::test]
async fn one_address_gets_its_sign_in_allowance_then_429() {
    for_each_backend_with(
        |config| config.logins_per_minute = 3,
        |app| async move {
            for _ in 0..3 {
                login(&app, "203.0.113.7:5000", "x@example.com", "wrong1234")
                    .await
                    .assert_error(401, "invalid_credentials");
            }
            let refused = login(&app, "203.0.113.7:5001", "y@example.com", "wrong1234").await;
            let wait = retry_after(&refused, "too_many_requests");
            assert!(wait <= 20, "a third of a minute at most: {wait}");
            // Another address has its own allowance.
            login(&app, "198.51.100.1:5000", "x@example.com", "wrong1234")
                .await
                .assert_error(401, "invalid_credentials");
        },
    )
    .await;
}

#[tokio::test]
async fn a_flood_of_payment_callbacks_from_one_address_is_told_to_wait() {
    for_each_backend(|app| async move {
        let callback = |from: &str| {
            let mut request = Request::builder()
                .uri("/api/subscription/zarinpal/callback?Authority=A000000000000000000000000000000001&Status=OK")
                .body(Body::empty())
                .unwrap();
            request.extensions_mut().insert(ConnectInfo(from.parse::<SocketAddr>().unwrap()));
            request
        };
        // A payer's browser comes back and is sent on; a flood is not.
        let mut statuses = Vec::new();
        for _ in 0..40 {
            statuses.push(app.send(callback("203.0.113.7:1")).await);
        }
        assert_eq!(statuses[0].status, StatusCode::SEE_OTHER, "{}", statuses[0].text());
        let refused = statuses.iter().find(|r| r.status == StatusCode::TOO_MANY_REQUESTS);
        let wait = retry_after(refused.expect("a 429 among 40 callbacks"), "too_many_requests");
        assert!((1..=60).contains(&wait), "{wait}");
        // Another address is not held back.
        let other = app.send(callback("192.0.2.7:1")).await;
        assert_eq!(other.status, StatusCode::SEE_OTHER, "{}", other.text());
    })
    .await;
}

#[tokio::test]
async fn webhook_posts_without_the_secret_are_held_back_per_address() {
    for_each_backend(|app| async move {
        let update = json!({"update_id": 1, "message": {"message_id": 1, "date": 0,
                            "chat": {"id": 7, "type": "private"}, "text": "hi"}});
        let mut statuses = Vec::new();
        for _ in 0..40 {
            statuses.push(
                post_from(&app, "203.0.113.9:1", "/api/telegram/webhook/1", update.clone()).await,
            );
        }
        statuses[0].assert_error(403, "telegram_webhook_forbidden");
        let refused = statuses.iter().find(|r| r.status == StatusCode::TOO_MANY_REQUESTS);
        let wait = retry_after(refused.expect("a 429 among 40 posts"), "too_many_requests");
        assert!((1..=60).contains(&wait), "{wait}");
        let other = post_from(&app, "192.0.2.9:1", "/api/telegram/webhook/1", update).await;
        other.assert_error(403, "telegram_webhook_forbidden");
    })
    .await;
}

#[tokio::test]
async fn one_address_registers_only_so_many_accounts() {
    for_each_backend_with(
        |config| config.registrations_per_hour = 2,
        |app| async move {
            for n in 0..2 {
                let body = json!({"email": format!("n{n}@example.com"), "password": PASSWORD, "name": "نام"});
                let created = post_from(&app, "203.0.113.9:1", "/api/auth/register", body).await;
                assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
            }
            let body = json!({"email": "n2@example.com", "password": PASSWORD, "name": "نام"});
            let refused = post_from(&app, "203.0.113.9:1", "/api/auth/register", body.clone()).await;
            let wait = retry_after(&refused, "too_many_requests");
            assert!((1..=1800).contains(&wait), "{wait}");
            // Nothing was created: the address can still sign in to neither.
            login(&app, "192.0.2.1:1", "n2@example.com", PASSWORD)
                .await
                .assert_error(401, "invalid_credentials");
            let elsewhere = post_from(&app, "192.0.2.2:1", "/api/auth/register", body).await;
            assert_eq!(elsewhere.status, StatusCode::CREATED, "{}", elsewhere.text());
        },
    )
    .await;
}

#[tokio::test]
async fn wrong_passwords_lock_the_account_even_for_the_right_one() {
    for_each_backend(|app| async move {
        app.register("sara@example.com").await;
        app.register("ali@example.com").await;
        for n in 0..FREE_FAILURES {
            // From a different address each time: the lock follows the account.
            let from = format!("203.0.113.{n}:1");
            login(&app, &from, "sara@example.com", "wrong1234")
                .await
                .assert_error(401, "invalid_credentials");
        }
        let locked = login(&app, "198.51.100.9:1", "SARA@example.com", PASSWORD).await;
        let wait = retry_after(&locked, "login_locked");
        assert!((1..=30).contains(&wait), "the first lock is 30 s: {wait}");
        // Someone else's account is not touched.
        let other = login(&app, "198.51.100.9:1", "ali@example.com", PASSWORD).await;
        assert_eq!(other.status, StatusCode::OK, "{}", other.text());
        // An address without an account locks the same way (telling nothing).
        for _ in 0..FREE_FAILURES {
            login(&app, "192.0.2.1:1", "nobody@example.com", "wrong1234").await;
        }
        retry_after(&login(&app, "192.0.2.1:1", "nobody@example.com", "x").await, "login_locked");
        // Text that is no address is never counted, whatever its length.
        let junk = "x".repeat(10_000);
        for _ in 0..FREE_FAILURES + 1 {
            login(&app, "192.0.2.3:1", &junk, "wrong1234")
                .await
                .assert_error(401, "invalid_credentials");
        }
        let (rows,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM login_failures WHERE email = $1")
                .bind(&junk)
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
        assert_eq!(rows, 0);

        // Once the lock is over, the right password works and clears the count.
        expire_locks(&app).await;
        let signed_in = login(&app, "198.51.100.9:1", "sara@example.com", PASSWORD).await;
        assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.text());
        for _ in 0..FREE_FAILURES - 1 {
            login(&app, "198.51.100.9:1", "sara@example.com", "wrong1234")
                .await
                .assert_error(401, "invalid_credentials");
        }
        let again = login(&app, "198.51.100.9:1", "sara@example.com", PASSWORD).await;
        assert_eq!(again.status, StatusCode::OK, "counting started again: {}", again.text());
    })
    .await;
}

/// Moves every lock into the past, as waiting it out would.
async fn expire_locks(app: &TestApp) {
    sqlx::query("UPDATE login_failures SET locked_until = '2000-01-01T00:00:00.000000Z'")
        .execute(app.state.db.pool())
        .await
        .unwrap();
}

#[tokio::test]
async fn two_instances_on_one_database_share_the_lock() {
    let mut backends = vec![Backend::Sqlite];
    if postgres_url().is_some() {
        backends.push(Backend::Postgres);
    }
    for backend in backends {
        let env = TestEnv::new(backend).await;
        let first = env.app().await;
        let second = env.app().await;
        first.register("sara@example.com").await;
        for n in 0..FREE_FAILURES {
            let app = if n % 2 == 0 { &first } else { &second };
            login(app, "203.0.113.1:1", "sara@example.com", "wrong1234")
                .await
                .assert_error(401, "invalid_credentials");
        }
        for app in [&first, &second] {
            let locked = login(app, "203.0.113.2:1", "sara@example.com", PASSWORD).await;
            retry_after(&locked, "login_locked");
        }
        drop((first, second));
        env.remove().await;
    }
}

//! Every answer carries the security headers: the web app, API JSON, errors
//! and unknown paths; HSTS only when the public URL is https. The database
//! plays no part, so these run on SQLite only.

mod common;

use axum::http::StatusCode;
use common::{Backend, TestEnv, TestResponse};
use dastyar_server::Config;

fn assert_secured(response: &TestResponse, hsts: bool) {
    let header = |name: &str| {
        response.headers.get(name).map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default()
    };
    let policy = header("content-security-policy");
    for part in
        ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "'wasm-unsafe-eval'"]
    {
        assert!(policy.contains(part), "{part} in {policy:?}");
    }
    assert_eq!(header("x-frame-options"), "DENY");
    assert_eq!(header("x-content-type-options"), "nosniff");
    assert_eq!(header("referrer-policy"), "strict-origin-when-cross-origin");
    assert_eq!(header("strict-transport-security").is_empty(), !hsts, "HSTS only over https");
}

#[tokio::test]
async fn every_answer_is_secured_and_hsts_follows_the_public_url() {
    for (public_url, hsts) in [(None, false), (Some("https://dastyar.example.ir"), true)] {
        let env = TestEnv::new(Backend::Sqlite).await;
        std::fs::create_dir_all(env.dir.join("web")).unwrap();
        std::fs::write(env.dir.join("web/index.html"), "<!doctype html><title>دستیار</title>")
            .unwrap();
        let app = env
            .app_with(&|config: &mut Config| config.public_url = public_url.map(str::to_owned))
            .await;
        let page = app.get("/", None).await;
        assert_eq!(page.status, StatusCode::OK);
        assert_secured(&page, hsts);
        let (token, _) = app.register("sara@example.com").await;
        let json = app.get("/api/auth/me", Some(&token)).await;
        assert_eq!(json.status, StatusCode::OK);
        assert_secured(&json, hsts);
        let unauthenticated = app.get("/api/auth/me", None).await;
        assert_eq!(unauthenticated.status, StatusCode::UNAUTHORIZED);
        assert_secured(&unauthenticated, hsts);
        let missing = app.get("/api/no/such/path", None).await;
        assert_eq!(missing.status, StatusCode::NOT_FOUND);
        assert_secured(&missing, hsts);
        drop(app);
        env.remove().await;
    }
}

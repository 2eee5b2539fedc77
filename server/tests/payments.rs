//! Buying plans and credits: the mock gateway and a local Zarinpal that
//! speaks the real protocol; settlement exactly once (replays, concurrent
//! confirms and callbacks), tampered amounts, other users' payments, the
//! credit ledger, renewals and upgrades, and quotas that follow at once.

mod common;

use std::future::Future;

use axum::http::StatusCode;
use common::nodes::{create_node, post_node};
use common::{TestApp, TestResponse, for_each_backend, for_each_backend_with};
use dastyar_fakes::zarinpal::{FakeZarinpal, MERCHANT_ID};
use dastyar_server::Config;
use dastyar_server::db::timestamp;
use futures_util::future::join_all;
use serde_json::{Value, json};

const ASSISTANTS: &str = "/api/playground/assistants";
const CARD: &str = "6037-9977-1234-5678";
/// The built-in catalogue's starter plan, monthly and yearly, in rials.
const STARTER_MONTHLY: i64 = 2_990_000;
const STARTER_YEARLY: i64 = 29_900_000;
const FREE_CREDITS: i64 = 500;
const STARTER_CREDITS: i64 = 5_000;
const PRO_CREDITS: i64 = 20_000;

async fn start(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    let response = app.post(&format!("/api/subscription/{path}"), Some(token), body).await;
    assert_eq!(response.status, StatusCode::CREATED, "{path}: {}", response.text());
    response.json()
}

async fn buy_plan(app: &TestApp, token: &str, plan: &str, cycle: &str) -> Value {
    start(app, token, "purchase", json!({"plan_key": plan, "billing_cycle": cycle})).await
}

async fn mock_confirm(app: &TestApp, token: &str, which: &str, body: Value) -> TestResponse {
    app.post(&format!("/api/subscription/mock-payment/{which}"), Some(token), body).await
}

/// Pays a mock payment and answers the confirm's answer (asserting 200).
async fn mock_pay(app: &TestApp, token: &str, which: &str, payment_id: i64) -> Value {
    let response =
        mock_confirm(app, token, which, json!({"payment_id": payment_id, "card_number": CARD}))
            .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

async fn current(app: &TestApp, token: &str) -> Value {
    let response = app.get("/api/subscription/current", Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

async fn payment(app: &TestApp, token: &str, id: i64) -> Value {
    let response = app.get(&format!("/api/subscription/payments/{id}"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

async fn history(app: &TestApp, token: &str) -> Value {
    let response = app.get("/api/subscription/history?per_page=100", Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

async fn ledger_entries(app: &TestApp, user_id: i64) -> i64 {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM credit_ledger WHERE user_id = $1")
        .bind(user_id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    n
}

async fn credit_history(app: &TestApp, token: &str, query: &str) -> TestResponse {
    app.get(&format!("/api/subscription/credit-history{query}"), Some(token)).await
}

fn id(value: &Value, field: &str) -> i64 {
    value[field].as_i64().unwrap_or_else(|| panic!("no {field}: {value}"))
}

#[tokio::test]
async fn buying_a_plan_through_the_mock_gateway_lifts_the_limit_at_once() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("buyer@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;
        for i in 0..3 {
            create_node(&app, token, ASSISTANTS, project, &format!("a{i}"), json!({})).await;
        }
        post_node(&app, token, ASSISTANTS, project, "a3", json!({}))
            .await
            .assert_error(403, "node_limit_exceeded");
        assert_eq!(current(&app, token).await["credit_balance"], FREE_CREDITS);

        let started = buy_plan(&app, token, "starter", "monthly").await;
        let payment_id = id(&started, "payment_id");
        assert_eq!(started["gateway"], "mock");
        assert_eq!(started["amount"], STARTER_MONTHLY);
        assert_eq!(
            started["payment_url"],
            format!("/subscription/mock-gateway?payment_id={payment_id}")
        );
        // Nothing changes before the payment settles.
        let before = current(&app, token).await;
        assert_eq!(before["plan"]["key"], "free");
        let pending = payment(&app, token, payment_id).await;
        assert_eq!(pending["status"], "pending");
        assert_eq!(pending["purpose"], "plan");
        assert_eq!(pending["plan_key"], "starter");
        assert_eq!(pending["billing_cycle"], "monthly");
        assert!(pending["description"].as_str().unwrap().contains("پایه"), "{pending}");
        let listed = history(&app, token).await;
        assert_eq!(listed["items"][0]["status"], "pending");
        assert_eq!(listed["items"][0]["id"], started["subscription_id"]);

        let answer = mock_pay(&app, token, "confirm", payment_id).await;
        assert_eq!(answer["newly_settled"], true);
        let paid = &answer["payment"];
        assert_eq!(paid["status"], "paid");
        assert_eq!(paid["card_last_four"], "5678");
        assert_eq!(paid["ref_id"], format!("MOCK-{payment_id}"));
        assert!(paid["settled_at"].is_string());

        let now = current(&app, token).await;
        assert_eq!(now["plan"]["key"], "starter", "{now}");
        let subscription = &now["subscription"];
        assert_eq!(subscription["status"], "active");
        assert_eq!(subscription["payment_id"], payment_id);
        assert_eq!(subscription["amount"], STARTER_MONTHLY);
        let started_at = subscription["started_at"].as_str().unwrap();
        assert_eq!(
            subscription["expires_at"].as_str(),
            timestamp::add_months(started_at, 1).as_deref()
        );
        assert_eq!(now["credit_balance"], FREE_CREDITS + STARTER_CREDITS);
        // The quota follows the plan at once.
        create_node(&app, token, ASSISTANTS, project, "a3", json!({})).await;
        let check = app
            .post("/api/subscription/check-limit", Some(token), json!({"node_type": "assistant"}))
            .await
            .json();
        assert_eq!((check["limit"].as_u64(), check["used"].as_u64()), (Some(10), Some(4)));

        // A replayed confirm grants nothing more.
        let replay = mock_pay(&app, token, "confirm", payment_id).await;
        assert_eq!(replay["newly_settled"], false);
        assert_eq!(replay["payment"]["status"], "paid");
        let again = current(&app, token).await;
        assert_eq!(again["credit_balance"], FREE_CREDITS + STARTER_CREDITS);
        assert_eq!(again["subscription"]["expires_at"], subscription["expires_at"]);
        let listed = history(&app, token).await;
        assert_eq!(listed["total"], 1);
    })
    .await;
}

#[tokio::test]
async fn credits_are_bought_once_per_payment_even_when_confirmed_at_the_same_time() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("credits@example.com").await;
        let token = token.as_str();
        assert_eq!(current(&app, token).await["credit_balance"], FREE_CREDITS);

        let started =
            start(&app, token, "purchase-credits", json!({"package_key": "credits_5000"})).await;
        assert_eq!(started["amount"], 4_490_000);
        assert!(started["subscription_id"].is_null());
        let payment_id = id(&started, "payment_id");
        // Plan payments and credit payments are confirmed by their own calls.
        mock_confirm(&app, token, "confirm", json!({"payment_id": payment_id}))
            .await
            .assert_error(409, "payment_purpose_mismatch");

        let entries_before = ledger_entries(&app, user).await;
        let token_owned = token.to_owned();
        let confirms = (0..8).map(|_| {
            let app = &app;
            let token = token_owned.clone();
            async move {
                mock_confirm(app, &token, "confirm-credits", json!({"payment_id": payment_id}))
                    .await
            }
        });
        let answers = join_all(confirms).await;
        let mut newly = 0;
        for answer in &answers {
            assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
            if answer.json()["newly_settled"] == true {
                newly += 1;
            }
        }
        assert_eq!(newly, 1, "exactly one confirm settles");
        assert_eq!(ledger_entries(&app, user).await, entries_before + 1);
        assert_eq!(current(&app, token).await["credit_balance"], FREE_CREDITS + 5_000);
        let paid = payment(&app, token, payment_id).await;
        assert_eq!(
            (paid["credits"].as_i64(), paid["package_key"].as_str()),
            (Some(5_000), Some("credits_5000"))
        );
        // No card number given: none recorded.
        assert!(paid["card_last_four"].is_null());

        // A custom amount, priced by the catalogue.
        let custom =
            start(&app, token, "purchase-custom-credits", json!({"credit_amount": 250})).await;
        assert_eq!(custom["amount"], 250_000);
        mock_pay(&app, token, "confirm-credits", id(&custom, "payment_id")).await;
        assert_eq!(current(&app, token).await["credit_balance"], FREE_CREDITS + 5_250);
        let paid = payment(&app, token, id(&custom, "payment_id")).await;
        assert!(paid["package_key"].is_null());

        // The ledger is append-only: rows never change.
        let update = sqlx::query("UPDATE credit_ledger SET amount = 1000000 WHERE user_id = $1")
            .bind(user)
            .execute(app.state.db.pool())
            .await;
        assert!(update.is_err(), "the ledger took an update");
        assert_eq!(current(&app, token).await["credit_balance"], FREE_CREDITS + 5_250);
    })
    .await;
}

#[tokio::test]
async fn paid_credit_purchases_are_in_the_credit_history() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("history@example.com").await;
        let token = token.as_str();
        let empty = credit_history(&app, token, "").await;
        assert_eq!(empty.status, StatusCode::OK, "{}", empty.text());
        assert_eq!(
            empty.json(),
            json!({"items": [], "total": 0, "page": 1, "per_page": 10, "pages": 0})
        );

        // A package and a custom amount, paid; a third started and never paid.
        let package =
            start(&app, token, "purchase-credits", json!({"package_key": "credits_1000"})).await;
        mock_pay(&app, token, "confirm-credits", id(&package, "payment_id")).await;
        let custom =
            start(&app, token, "purchase-custom-credits", json!({"credit_amount": 250})).await;
        mock_pay(&app, token, "confirm-credits", id(&custom, "payment_id")).await;
        start(&app, token, "purchase-credits", json!({"package_key": "credits_5000"})).await;
        // A plan's payment is not a credit purchase.
        let plan = buy_plan(&app, token, "starter", "monthly").await;
        mock_pay(&app, token, "confirm", id(&plan, "payment_id")).await;

        let page = credit_history(&app, token, "").await.json();
        assert_eq!(page["total"], 2, "{page}");
        let items = page["items"].as_array().unwrap();
        assert_eq!(items[0]["id"], id(&custom, "payment_id"), "newest first: {page}");
        assert_eq!(
            (items[0]["credits"].as_i64(), items[0]["amount"].as_i64()),
            (Some(250), Some(250_000))
        );
        assert!(items[0]["package_name"].is_null());
        assert_eq!(items[1]["credits"], 1_000);
        assert_eq!(items[1]["package_name"], "بستهٔ ۱٬۰۰۰ اعتباری");
        assert!(items[1]["paid_at"].as_str().is_some_and(|t| !t.is_empty()), "{page}");

        let second = credit_history(&app, token, "?page=2&per_page=1").await.json();
        assert_eq!(
            (second["pages"].as_u64(), second["items"][0]["credits"].as_i64()),
            (Some(2), Some(1_000))
        );
        credit_history(&app, token, "?per_page=0")
            .await
            .assert_invalid("per_page", "per_page_invalid");
        // Nobody else's.
        let (other, _) = app.register("other@example.com").await;
        let theirs = app.get("/api/subscription/credit-history", Some(&other)).await.json();
        assert_eq!(theirs["total"], 0);
        app.get("/api/subscription/credit-history", None)
            .await
            .assert_error(401, "unauthenticated");
    })
    .await;
}

#[tokio::test]
async fn bad_purchases_are_refused_in_persian() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("picky@example.com").await;
        let token = token.as_str();
        let purchase = |body: Value| app.post("/api/subscription/purchase", Some(token), body);
        purchase(json!({"plan_key": "gold", "billing_cycle": "monthly"}))
            .await
            .assert_invalid("plan_key", "plan_unknown");
        purchase(json!({"plan_key": "free", "billing_cycle": "monthly"}))
            .await
            .assert_invalid("plan_key", "plan_free_not_for_sale");
        purchase(json!({"plan_key": "pro", "billing_cycle": "weekly"}))
            .await
            .assert_invalid("billing_cycle", "billing_cycle_invalid");
        purchase(json!({"plan_key": "pro"}))
            .await
            .assert_invalid("billing_cycle", "field_required");
        app.post("/api/subscription/purchase-credits", Some(token), json!({"package_key": "lots"}))
            .await
            .assert_invalid("package_key", "credit_package_unknown");
        for amount in [json!(99), json!(500_001), json!(-5), json!(0)] {
            let response = app
                .post(
                    "/api/subscription/purchase-custom-credits",
                    Some(token),
                    json!({"credit_amount": amount}),
                )
                .await;
            let details = response.assert_error(422, "credit_amount_invalid");
            assert_eq!(details["field"], "credit_amount");
            assert!(response.json()["error"]["message"].as_str().unwrap().contains("500000"));
        }
        app.post(
            "/api/subscription/purchase-custom-credits",
            Some(token),
            json!({"credit_amount": 1.5}),
        )
        .await
        .assert_error(422, "invalid_input");
        let started = buy_plan(&app, token, "pro", "yearly").await;
        let payment_id = id(&started, "payment_id");
        mock_confirm(
            &app,
            token,
            "confirm",
            json!({"payment_id": payment_id, "card_number": "1234"}),
        )
        .await
        .assert_invalid("card_number", "card_number_invalid");
        mock_confirm(&app, token, "confirm", json!({"payment_id": 999_999}))
            .await
            .assert_error(404, "not_found");
        app.get("/api/subscription/payments/999999", Some(token))
            .await
            .assert_error(404, "not_found");
        for path in [
            "purchase",
            "initiate-payment",
            "purchase-credits",
            "purchase-custom-credits",
            "mock-payment/confirm",
            "mock-payment/confirm-credits",
        ] {
            app.post(&format!("/api/subscription/{path}"), None, json!({}))
                .await
                .assert_error(401, "unauthenticated");
        }
    })
    .await;
}

#[tokio::test]
async fn a_tampered_amount_and_another_users_payment_grant_nothing() {
    for_each_backend(|app| async move {
        let (owner, owner_id) = app.register("owner@example.com").await;
        let (other, _) = app.register("other@example.com").await;
        let started = buy_plan(&app, &owner, "pro", "monthly").await;
        let payment_id = id(&started, "payment_id");
        let subscription_id = id(&started, "subscription_id");

        // Someone else can neither see, pay, nor re-start it.
        mock_confirm(&app, &other, "confirm", json!({"payment_id": payment_id}))
            .await
            .assert_error(404, "not_found");
        app.get(&format!("/api/subscription/payments/{payment_id}"), Some(&other))
            .await
            .assert_error(404, "not_found");
        app.post(
            "/api/subscription/initiate-payment",
            Some(&other),
            json!({"subscription_id": subscription_id}),
        )
        .await
        .assert_error(404, "not_found");
        assert_eq!(current(&app, &other).await["plan"]["key"], "free");

        // The page claims a smaller amount was paid: refused, and the payment fails.
        current(&app, &owner).await;
        let entries = ledger_entries(&app, owner_id).await;
        mock_confirm(&app, &owner, "confirm", json!({"payment_id": payment_id, "amount": 1_000}))
            .await
            .assert_error(409, "payment_amount_mismatch");
        let failed = payment(&app, &owner, payment_id).await;
        assert_eq!(failed["status"], "failed");
        assert_eq!(failed["failure_code"], "payment_amount_mismatch");
        assert!(failed["failure_message"].as_str().unwrap().contains("مبلغ"));
        // ...and stays failed: a later confirm cannot pay it.
        mock_confirm(&app, &owner, "confirm", json!({"payment_id": payment_id}))
            .await
            .assert_error(409, "payment_not_pending");
        assert_eq!(current(&app, &owner).await["plan"]["key"], "free");
        assert_eq!(ledger_entries(&app, owner_id).await, entries);

        // The subscription is still waiting: a new payment for it settles it.
        let again =
            start(&app, &owner, "initiate-payment", json!({"subscription_id": subscription_id}))
                .await;
        assert_eq!(again["subscription_id"], subscription_id);
        assert_ne!(again["payment_id"], payment_id);
        mock_pay(&app, &owner, "confirm", id(&again, "payment_id")).await;
        let now = current(&app, &owner).await;
        assert_eq!(now["plan"]["key"], "pro");
        assert_eq!(now["subscription"]["id"], subscription_id);
        app.post(
            "/api/subscription/initiate-payment",
            Some(&owner),
            json!({"subscription_id": subscription_id}),
        )
        .await
        .assert_error(409, "subscription_not_pending");
    })
    .await;
}

#[tokio::test]
async fn a_cancelled_mock_payment_fails_and_grants_nothing() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("cancel@example.com").await;
        let started = buy_plan(&app, &token, "starter", "monthly").await;
        let payment_id = id(&started, "payment_id");
        let answer = mock_confirm(
            &app,
            &token,
            "confirm",
            json!({"payment_id": payment_id, "cancel": true}),
        )
        .await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.text());
        let cancelled = &answer.json()["payment"];
        assert_eq!(cancelled["status"], "failed");
        assert_eq!(cancelled["failure_code"], "payment_cancelled");
        assert_eq!(current(&app, &token).await["plan"]["key"], "free");
        assert_eq!(history(&app, &token).await["items"][0]["status"], "pending");
    })
    .await;
}

#[tokio::test]
async fn renewing_extends_and_another_plan_replaces() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("renew@example.com").await;
        let token = token.as_str();
        let first = buy_plan(&app, token, "starter", "monthly").await;
        mock_pay(&app, token, "confirm", id(&first, "payment_id")).await;
        let first_sub = current(&app, token).await["subscription"].clone();

        // The same plan again: the new period starts when the current one ends.
        let renewal = buy_plan(&app, token, "starter", "yearly").await;
        assert_eq!(renewal["amount"], STARTER_YEARLY);
        mock_pay(&app, token, "confirm", id(&renewal, "payment_id")).await;
        let now = current(&app, token).await;
        assert_eq!(now["subscription"]["id"], first_sub["id"], "the first one is still in force");
        let listed = history(&app, token).await;
        let renewed = listed["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == renewal["subscription_id"])
            .unwrap()
            .clone();
        assert_eq!(renewed["status"], "active");
        assert_eq!(renewed["started_at"], first_sub["expires_at"]);
        assert_eq!(
            renewed["expires_at"].as_str(),
            timestamp::add_months(first_sub["expires_at"].as_str().unwrap(), 12).as_deref()
        );
        // Its credits come when its months come: none yet (and the balance was
        // never read on the free plan, so no free allowance either).
        assert_eq!(now["credit_balance"], STARTER_CREDITS);

        // Another plan: in force now, and both starter periods are cancelled.
        let upgrade = buy_plan(&app, token, "pro", "monthly").await;
        mock_pay(&app, token, "confirm", id(&upgrade, "payment_id")).await;
        let now = current(&app, token).await;
        assert_eq!(now["plan"]["key"], "pro");
        assert_eq!(now["credit_balance"], STARTER_CREDITS + PRO_CREDITS);
        let statuses: Vec<(Value, Value)> = history(&app, token).await["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["plan_key"].clone(), s["status"].clone()))
            .collect();
        assert_eq!(
            statuses,
            vec![
                (json!("pro"), json!("active")),
                (json!("starter"), json!("cancelled")),
                (json!("starter"), json!("cancelled")),
            ]
        );
    })
    .await;
}

#[tokio::test]
async fn two_payments_for_one_subscription_buy_two_periods() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("twotabs@example.com").await;
        let first = buy_plan(&app, &token, "starter", "monthly").await;
        let subscription_id = id(&first, "subscription_id");
        let second =
            start(&app, &token, "initiate-payment", json!({"subscription_id": subscription_id}))
                .await;
        mock_pay(&app, &token, "confirm", id(&first, "payment_id")).await;
        mock_pay(&app, &token, "confirm", id(&second, "payment_id")).await;
        let listed = history(&app, &token).await;
        assert_eq!(listed["total"], 2, "{listed}");
        let items = listed["items"].as_array().unwrap();
        assert!(items.iter().all(|s| s["status"] == "active"), "{listed}");
        let extra = payment(&app, &token, id(&second, "payment_id")).await;
        assert_ne!(
            extra["subscription_id"], subscription_id,
            "the second money bought its own period"
        );
        let newest = &items[0];
        assert_eq!(newest["id"], extra["subscription_id"]);
        assert_eq!(newest["started_at"], items[1]["expires_at"]);
    })
    .await;
}

#[tokio::test]
async fn without_a_gateway_buying_says_what_to_configure() {
    let no_gateway = |config: &mut Config| config.providers.zarinpal.mock_payments = Some(false);
    for_each_backend_with(no_gateway, |app| async move {
        let (token, _) = app.register("nogw@example.com").await;
        app.post(
            "/api/subscription/purchase",
            Some(&token),
            json!({"plan_key": "pro", "billing_cycle": "monthly"}),
        )
        .await
        .assert_error(409, "payment_gateway_not_configured");
        mock_confirm(&app, &token, "confirm", json!({"payment_id": 1}))
            .await
            .assert_error(409, "mock_gateway_disabled");
        // Moving to a paid plan says so before it deletes anything.
        let project = app.create_project(&token, "پروژه").await;
        let node = create_node(&app, &token, ASSISTANTS, project, "a", json!({})).await;
        let body =
            json!({"nodes_to_delete": [common::nodes::db_id(&node)], "target_plan_key": "starter"});
        app.post("/api/subscription/cleanup-nodes", Some(&token), body)
            .await
            .assert_error(409, "payment_gateway_not_configured");
        let nodes = app.get(&format!("/api/projects/{project}/nodes"), Some(&token)).await.json();
        assert_eq!(nodes.as_array().unwrap().len(), 1);
    })
    .await;
}

/// The app configured for the fake Zarinpal (a merchant id: the mock is off).
fn zarinpal_config(fake: &FakeZarinpal) -> impl Fn(&mut Config) + use<> {
    let base_url = fake.base_url.clone();
    move |config: &mut Config| {
        config.providers.zarinpal.api_url = base_url.clone();
        config.providers.zarinpal.merchant_id = Some(MERCHANT_ID.to_owned());
        config.public_url = Some("https://dastyar.example".to_owned());
    }
}

/// Runs `scenario` on each backend against one fake Zarinpal.
async fn on_zarinpal<F, Fut>(scenario: F)
where
    F: Fn(TestApp, FakeZarinpal) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let fake = FakeZarinpal::start().await;
    let configure = zarinpal_config(&fake);
    for_each_backend_with(configure, move |app| scenario(app, fake.clone())).await;
}

/// The authority in a StartPay URL.
fn authority(payment_url: &str) -> String {
    payment_url.rsplit('/').next().unwrap().to_owned()
}

#[tokio::test]
async fn zarinpal_request_redirect_callback_and_verify() {
    on_zarinpal(|app, fake| async move {
        let (token, _) = app.register("zp@example.com").await;
        let token = token.as_str();
        let started = buy_plan(&app, token, "starter", "monthly").await;
        assert_eq!(started["gateway"], "zarinpal");
        let url = started["payment_url"].as_str().unwrap();
        let authority = authority(url);
        assert_eq!(url, format!("{}/pg/StartPay/{authority}", fake.base_url));
        let asked = fake.payment(&authority);
        assert_eq!(asked.amount, STARTER_MONTHLY);
        assert_eq!(
            asked.callback_url,
            "https://dastyar.example/api/subscription/zarinpal/callback"
        );
        assert_eq!(asked.request["currency"], "IRR");
        assert_eq!(asked.request["metadata"]["email"], "zp@example.com");
        assert!(asked.description.contains("پایه"));
        // The mock cannot settle a Zarinpal payment (it is off, too).
        mock_confirm(&app, token, "confirm", json!({"payment_id": started["payment_id"]}))
            .await
            .assert_error(409, "mock_gateway_disabled");

        let callback = fake.visit_start_pay(url, true).await;
        assert!(
            callback.starts_with("/api/subscription/zarinpal/callback?Authority="),
            "{callback}"
        );
        let back = app.get(&callback, None).await;
        let payment_id = id(&started, "payment_id");
        assert_eq!(back.status, StatusCode::SEE_OTHER, "{}", back.text());
        assert_eq!(
            back.headers["location"],
            format!("/subscription/payment-result?payment_id={payment_id}")
        );
        let paid = payment(&app, token, payment_id).await;
        assert_eq!(paid["status"], "paid", "{paid}");
        assert_eq!(paid["card_last_four"], "5995");
        assert_eq!(paid["ref_id"], "201");
        assert_eq!(current(&app, token).await["plan"]["key"], "starter");
        let balance = current(&app, token).await["credit_balance"].clone();

        // A replayed callback: redirected again, nothing granted, not even asked.
        let calls = fake.verify_calls();
        let replay = app.get(&callback, None).await;
        assert_eq!(replay.status, StatusCode::SEE_OTHER);
        assert_eq!(fake.verify_calls(), calls);
        assert_eq!(current(&app, token).await["credit_balance"], balance);
        assert_eq!(history(&app, token).await["total"], 1);

        // An authority we never issued.
        let unknown =
            app.get("/api/subscription/zarinpal/callback?Authority=A999&Status=OK", None).await;
        assert_eq!(unknown.status, StatusCode::SEE_OTHER);
        assert_eq!(unknown.headers["location"], "/subscription/payment-result?status=unknown");
        let bare = app.get("/api/subscription/zarinpal/callback", None).await;
        assert_eq!(bare.headers["location"], "/subscription/payment-result?status=unknown");
    })
    .await;
}

#[tokio::test]
async fn simultaneous_zarinpal_callbacks_grant_once() {
    on_zarinpal(|app, fake| async move {
        let (token, user) = app.register("race@example.com").await;
        let before = current(&app, &token).await["credit_balance"].as_i64().unwrap();
        let started =
            start(&app, &token, "purchase-credits", json!({"package_key": "credits_1000"})).await;
        let callback = fake.visit_start_pay(started["payment_url"].as_str().unwrap(), true).await;
        let entries = ledger_entries(&app, user).await;
        let answers = join_all((0..6).map(|_| app.get(&callback, None))).await;
        for answer in &answers {
            assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.text());
        }
        assert_eq!(ledger_entries(&app, user).await, entries + 1);
        assert_eq!(current(&app, &token).await["credit_balance"], before + 1_000);
    })
    .await;
}

#[tokio::test]
async fn zarinpal_cancelled_tampered_unreachable_and_refused() {
    on_zarinpal(|app, fake| async move {
        let (token, _) = app.register("zpfail@example.com").await;
        let token = token.as_str();

        // Cancelled at the gateway: verify says -51, the payment fails.
        let cancelled = buy_plan(&app, token, "pro", "monthly").await;
        let callback =
            fake.visit_start_pay(cancelled["payment_url"].as_str().unwrap(), false).await;
        assert!(callback.ends_with("Status=NOK"));
        app.get(&callback, None).await;
        let failed = payment(&app, token, id(&cancelled, "payment_id")).await;
        assert_eq!(failed["status"], "failed");
        assert_eq!(failed["failure_code"], "payment_cancelled");
        assert_eq!(current(&app, token).await["plan"]["key"], "free");

        // Paid, but the gateway's amount is not ours: -50, refused.
        let tampered = buy_plan(&app, token, "pro", "monthly").await;
        let url = tampered["payment_url"].as_str().unwrap();
        let callback = fake.visit_start_pay(url, true).await;
        fake.tamper_amount(&authority(url), 10_000);
        app.get(&callback, None).await;
        let failed = payment(&app, token, id(&tampered, "payment_id")).await;
        assert_eq!(failed["status"], "failed");
        assert_eq!(failed["failure_code"], "payment_amount_mismatch");
        assert_eq!(current(&app, token).await["plan"]["key"], "free");

        // The gateway is down when the payer returns: still pending, and
        // verifying again later settles it.
        let later = buy_plan(&app, token, "starter", "monthly").await;
        let payment_id = id(&later, "payment_id");
        let callback = fake.visit_start_pay(later["payment_url"].as_str().unwrap(), true).await;
        fake.set_down(true);
        let back = app.get(&callback, None).await;
        assert_eq!(
            back.headers["location"],
            format!("/subscription/payment-result?payment_id={payment_id}")
        );
        assert_eq!(payment(&app, token, payment_id).await["status"], "pending");
        app.post(
            &format!("/api/subscription/payments/{payment_id}/verify"),
            Some(token),
            json!({}),
        )
        .await
        .assert_error(424, "payment_gateway_unavailable");
        fake.set_down(false);
        let response = app
            .post(
                &format!("/api/subscription/payments/{payment_id}/verify"),
                Some(token),
                json!({}),
            )
            .await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        assert_eq!(response.json()["status"], "paid");
        assert_eq!(current(&app, token).await["plan"]["key"], "starter");

        // Down when asked to start a payment: 424, and the payment is kept as failed.
        fake.set_down(true);
        let response = app
            .post(
                "/api/subscription/purchase-credits",
                Some(token),
                json!({"package_key": "credits_1000"}),
            )
            .await;
        response.assert_error(424, "payment_gateway_unavailable");
        fake.set_down(false);
    })
    .await;
}

#[tokio::test]
async fn zarinpal_refusing_the_merchant_is_reported_with_its_code() {
    let fake = FakeZarinpal::start().await;
    let base_url = fake.base_url.clone();
    let wrong_merchant = move |config: &mut Config| {
        config.providers.zarinpal.api_url = base_url.clone();
        config.providers.zarinpal.merchant_id = Some("00000000-0000-0000-0000-000000000000".into());
        config.providers.zarinpal.mock_payments = Some(true);
    };
    for_each_backend_with(wrong_merchant, |app| async move {
        let (token, _) = app.register("merchant@example.com").await;
        let response = app
            .post(
                "/api/subscription/purchase",
                Some(&token),
                json!({"plan_key": "pro", "billing_cycle": "monthly"}),
            )
            .await;
        response.assert_error(424, "payment_gateway_refused");
        assert!(response.json()["error"]["message"].as_str().unwrap().contains("-10"));
        let listed = history(&app, &token).await;
        assert_eq!(listed["items"][0]["status"], "pending");
        // The mock is on beside Zarinpal, but settles only its own payments.
        let (payment_id,): (i64,) = sqlx::query_as("SELECT MAX(id) FROM payments")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        let failed = payment(&app, &token, payment_id).await;
        assert_eq!(
            (failed["status"].as_str(), failed["gateway"].as_str()),
            (Some("failed"), Some("zarinpal"))
        );
        assert_eq!(failed["failure_code"], "payment_gateway_refused");
        mock_confirm(&app, &token, "confirm", json!({"payment_id": payment_id}))
            .await
            .assert_error(409, "payment_gateway_mismatch");
        // Never started at the gateway: nothing to verify, it stays failed.
        let verified = app
            .post(
                &format!("/api/subscription/payments/{payment_id}/verify"),
                Some(&token),
                json!({}),
            )
            .await;
        assert_eq!(verified.status, StatusCode::OK, "{}", verified.text());
        assert_eq!(verified.json()["status"], "failed");
        assert_eq!(current(&app, &token).await["plan"]["key"], "free");
    })
    .await;
}

#[tokio::test]
async fn the_monthly_allowance_lands_once_a_month() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("monthly@example.com").await;
        for _ in 0..3 {
            assert_eq!(current(&app, &token).await["credit_balance"], FREE_CREDITS);
        }
        assert_eq!(ledger_entries(&app, user).await, 1);
        let month = &timestamp::now()[..7];
        let (key,): (String,) =
            sqlx::query_as("SELECT entry_key FROM credit_ledger WHERE user_id = $1")
                .bind(user)
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
        assert_eq!(key, format!("grant:free:{user}:{month}"));
    })
    .await;
}

//! `/api/subscription`: the plan catalogue and credit packages, the current
//! plan (free until a subscription is in force, and limits that follow it at
//! once), the paged history, the limit check, and the catalogue file.

mod common;

use std::time::{Duration, SystemTime};

use axum::http::StatusCode;
use common::nodes::{create_node, post_node};
use common::{Backend, TestApp, TestEnv, for_each_backend, postgres_url};
use dastyar_server::billing::catalogue::BillingCycle;
use dastyar_server::db::timestamp;
use dastyar_server::store::subscriptions::{self, NewSubscription, SubscriptionStatus};
use dastyar_server::{AppState, StartupError};
use serde_json::{Value, json};

const ASSISTANTS: &str = "/api/playground/assistants";
const DAY: Duration = Duration::from_secs(24 * 3600);

/// Stores a subscription whose period runs from `started_days` to
/// `expires_days` days from now (negative: in the past); answers its id.
async fn subscribe(
    app: &TestApp,
    user_id: i64,
    plan_key: &str,
    status: SubscriptionStatus,
    started_days: i64,
    expires_days: i64,
) -> i64 {
    let at = |days: i64| {
        let now = SystemTime::now();
        let shift = DAY * days.unsigned_abs() as u32;
        timestamp::at(if days < 0 { now - shift } else { now + shift })
    };
    let new = NewSubscription {
        user_id,
        plan_key: plan_key.to_owned(),
        billing_cycle: BillingCycle::Monthly,
        status,
        amount: 6_990_000,
        payment_id: None,
        started_at: at(started_days),
        expires_at: at(expires_days),
    };
    subscriptions::insert(app.state.db.pool(), &new).await.unwrap().id
}

async fn current(app: &TestApp, token: &str, query: &str) -> Value {
    let response = app.get(&format!("/api/subscription/current{query}"), Some(token)).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

async fn check(app: &TestApp, token: &str, node_type: &str) -> Value {
    let response = app
        .post("/api/subscription/check-limit", Some(token), json!({"node_type": node_type}))
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

fn is_persian(text: &Value) -> bool {
    text.as_str().is_some_and(|t| t.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)))
}

#[tokio::test]
async fn the_catalogue_offers_a_free_plan_paid_plans_and_credit_packages() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let response = app.get("/api/subscription/plans", Some(&token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        let plans = response.json();
        let plans = plans.as_array().unwrap();

        let free: Vec<&Value> = plans.iter().filter(|p| p["is_free"] == true).collect();
        assert_eq!(free.len(), 1, "{plans:?}");
        let free = free[0];
        assert_eq!(free["key"], "free");
        assert_eq!(free["prices"], json!({"monthly": 0, "yearly": 0}));
        assert_eq!(
            free["quota"],
            json!({"assistant_nodes": 3, "analyzer_nodes": 1, "vector_store_nodes": 2})
        );
        assert_eq!(free["current"], true);

        let paid: Vec<&Value> = plans.iter().filter(|p| p["is_free"] == false).collect();
        assert!(paid.len() >= 3, "{plans:?}");
        for plan in &paid {
            let monthly = plan["prices"]["monthly"].as_i64().unwrap();
            let yearly = plan["prices"]["yearly"].as_i64().unwrap();
            // Rials: a paid plan costs at least 100,000 rials a month.
            assert!(monthly >= 100_000, "{plan}");
            assert!(yearly > monthly && yearly < 12 * monthly, "{plan}");
            assert_eq!(plan["current"], false);
            assert!(plan["monthly_credits"].as_i64().unwrap() > 0, "{plan}");
            for key in ["assistant_nodes", "analyzer_nodes", "vector_store_nodes"] {
                let quota = &plan["quota"][key];
                assert!(quota.is_null() || quota.as_u64().unwrap() > 0, "{plan}");
            }
            assert!(is_persian(&plan["name"]) && is_persian(&plan["description"]), "{plan}");
            let features = plan["features"].as_array().unwrap();
            assert!(!features.is_empty() && features.iter().all(is_persian), "{plan}");
        }
        let mut keys: Vec<&str> = plans.iter().map(|p| p["key"].as_str().unwrap()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), plans.len());
        assert!(keys.contains(&"pro"));

        let response = app.get("/api/subscription/credit-packages", Some(&token)).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        let offer = response.json();
        let custom = &offer["custom"];
        assert!(custom["price_per_credit"].as_i64().unwrap() > 0, "{offer}");
        assert!(custom["min_credits"].as_i64() <= custom["max_credits"].as_i64(), "{offer}");
        let packages = offer["packages"].as_array().unwrap();
        assert!(!packages.is_empty());
        for package in packages {
            assert!(package["key"].is_string(), "{package}");
            assert!(is_persian(&package["name"]), "{package}");
            assert!(package["credits"].as_i64().unwrap() > 0, "{package}");
            assert!(package["price"].as_i64().unwrap() >= 10_000, "{package}");
        }

        // Nothing here without a token.
        for path in ["plans", "credit-packages", "current", "history"] {
            app.get(&format!("/api/subscription/{path}"), None)
                .await
                .assert_error(401, "unauthenticated");
        }
        app.post("/api/subscription/check-limit", None, json!({"node_type": "assistant"}))
            .await
            .assert_error(401, "unauthenticated");
    })
    .await;
}

#[tokio::test]
async fn a_subscription_in_force_changes_the_plan_and_its_limits_at_once() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("owner@example.com").await;
        let token = token.as_str();
        let (other, _) = app.register("other@example.com").await;
        let project = app.create_project(token, "پروژه").await;

        let answer = current(&app, token, "").await;
        assert_eq!(answer["plan"]["key"], "free");
        assert_eq!(answer["plan"]["current"], true);
        assert_eq!(answer["subscription"], Value::Null);
        assert_eq!(answer["expired_subscription"], Value::Null);

        for name in ["a", "b", "c"] {
            create_node(&app, token, ASSISTANTS, project, name, json!({})).await;
        }
        post_node(&app, token, ASSISTANTS, project, "d", json!({}))
            .await
            .assert_error(403, "node_limit_exceeded");
        assert_eq!(
            check(&app, token, "assistant").await,
            json!({"allowed": false, "limit": 3, "used": 3, "plan_key": "free",
                   "message": check(&app, token, "assistant").await["message"]})
        );

        // A subscription that has not started yet changes nothing.
        subscribe(&app, user, "business", SubscriptionStatus::Active, 2, 32).await;
        // A pending one (awaiting payment) neither.
        subscribe(&app, user, "business", SubscriptionStatus::Pending, -1, 30).await;
        assert_eq!(current(&app, token, "").await["plan"]["key"], "free");

        let starter = subscribe(&app, user, "starter", SubscriptionStatus::Active, -10, 20).await;
        let pro = subscribe(&app, user, "pro", SubscriptionStatus::Active, -1, 29).await;
        let answer = current(&app, token, "").await;
        assert_eq!(answer["plan"]["key"], "pro", "the newest subscription in force wins");
        assert_eq!(answer["plan"]["current"], true);
        let subscription = &answer["subscription"];
        assert_eq!(subscription["id"], pro);
        assert_ne!(subscription["id"], starter);
        assert_eq!(subscription["plan_key"], "pro");
        assert!(is_persian(&subscription["plan_name"]));
        assert_eq!(subscription["status"], "active");
        assert_eq!(subscription["billing_cycle"], "monthly");
        assert_eq!(subscription["amount"], 6_990_000);
        assert_eq!(subscription["payment_id"], Value::Null);

        let plans = app.get("/api/subscription/plans", Some(token)).await.json();
        let marked: Vec<&Value> =
            plans.as_array().unwrap().iter().filter(|p| p["current"] == true).collect();
        assert_eq!(marked.len(), 1);
        assert_eq!(marked[0]["key"], "pro");

        // The limits follow at once: the fourth assistant is welcome now.
        let usage = app.get(&format!("{ASSISTANTS}/node-usage"), Some(token)).await.json();
        assert_eq!(
            usage["node_usage"]["assistant_nodes"],
            json!({"can_create": true, "limit": 30, "used": 3})
        );
        create_node(&app, token, ASSISTANTS, project, "d", json!({})).await;
        assert_eq!(
            check(&app, token, "assistant").await,
            json!({"allowed": true, "limit": 30, "used": 4, "plan_key": "pro"})
        );

        // The other account stays on the free plan and sees none of it.
        let answer = current(&app, &other, "?include_expired=true").await;
        assert_eq!(answer["plan"]["key"], "free");
        assert_eq!(answer["subscription"], Value::Null);
        assert_eq!(answer["expired_subscription"], Value::Null);
        let history = app.get("/api/subscription/history", Some(&other)).await.json();
        assert_eq!(history["total"], 0);
        assert_eq!(history["items"], json!([]));
        assert_eq!(check(&app, &other, "assistant").await["plan_key"], "free");
    })
    .await;
}

#[tokio::test]
async fn an_expired_subscription_falls_back_to_the_free_plan() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;
        let older = subscribe(&app, user, "business", SubscriptionStatus::Active, -90, -60).await;
        let expired = subscribe(&app, user, "pro", SubscriptionStatus::Active, -40, -10).await;
        subscribe(&app, user, "business", SubscriptionStatus::Cancelled, -5, 25).await;

        let answer = current(&app, token, "").await;
        assert_eq!(answer["plan"]["key"], "free");
        assert_eq!(answer["subscription"], Value::Null);
        assert_eq!(answer["expired_subscription"], Value::Null);
        assert_eq!(current(&app, token, "?include_expired=false").await, answer);

        let answer = current(&app, token, "?include_expired=true").await;
        assert_eq!(answer["plan"]["key"], "free");
        assert_eq!(answer["subscription"], Value::Null);
        let last = &answer["expired_subscription"];
        assert_eq!(last["id"], expired);
        assert_ne!(last["id"], older);
        assert_eq!(last["plan_key"], "pro");
        assert_eq!(last["status"], "expired");

        app.get("/api/subscription/current?include_expired=maybe", Some(token))
            .await
            .assert_invalid("include_expired", "flag_invalid");

        // The free plan's limits apply again.
        for name in ["a", "b", "c"] {
            create_node(&app, token, ASSISTANTS, project, name, json!({})).await;
        }
        post_node(&app, token, ASSISTANTS, project, "d", json!({}))
            .await
            .assert_error(403, "node_limit_exceeded");

        // The history shows each with its status as of now.
        let history = app.get("/api/subscription/history", Some(token)).await.json();
        let statuses: Vec<&Value> =
            history["items"].as_array().unwrap().iter().map(|s| &s["status"]).collect();
        assert_eq!(statuses, [&json!("cancelled"), &json!("expired"), &json!("expired")]);
    })
    .await;
}

#[tokio::test]
async fn history_comes_a_page_at_a_time_newest_first() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("owner@example.com").await;
        let token = token.as_str();
        let mut ids = Vec::new();
        for i in 0..25 {
            let plan = ["starter", "pro", "business"][i % 3];
            ids.push(subscribe(&app, user, plan, SubscriptionStatus::Active, -60, -30).await);
        }
        ids.reverse();
        let page = |query: &'static str| {
            let app = &app;
            async move {
                let response =
                    app.get(&format!("/api/subscription/history{query}"), Some(token)).await;
                assert_eq!(response.status, StatusCode::OK, "{query}: {}", response.text());
                response.json()
            }
        };
        let item_ids = |page: &Value| -> Vec<i64> {
            page["items"].as_array().unwrap().iter().map(|s| s["id"].as_i64().unwrap()).collect()
        };

        let first = page("").await;
        assert_eq!(
            (&first["total"], &first["page"], &first["per_page"], &first["pages"]),
            (&json!(25), &json!(1), &json!(10), &json!(3))
        );
        assert_eq!(item_ids(&first), ids[..10]);
        assert_eq!(page("?page=1&per_page=10").await, first);
        assert_eq!(item_ids(&page("?page=2").await), ids[10..20]);
        let third = page("?page=3").await;
        assert_eq!(item_ids(&third), ids[20..]);
        assert_eq!(third["page"], 3);
        let fourth = page("?page=4").await;
        assert_eq!(fourth["items"], json!([]));
        assert_eq!((&fourth["total"], &fourth["pages"]), (&json!(25), &json!(3)));
        let by_seven = page("?per_page=7&page=4").await;
        assert_eq!(item_ids(&by_seven), ids[21..]);
        assert_eq!((&by_seven["per_page"], &by_seven["pages"]), (&json!(7), &json!(4)));
        assert_eq!(item_ids(&page("?per_page=100").await), ids);

        for (query, field, code) in [
            ("?per_page=0", "per_page", "per_page_invalid"),
            ("?per_page=101", "per_page", "per_page_invalid"),
            ("?per_page=ten", "per_page", "per_page_invalid"),
            ("?page=0", "page", "page_invalid"),
            ("?page=-1", "page", "page_invalid"),
            ("?page=abc", "page", "page_invalid"),
            ("?page=", "page", "page_invalid"),
            ("?page=1.5", "page", "page_invalid"),
            // Past what the document says a page number is.
            ("?page=2147483648", "page", "page_invalid"),
        ] {
            app.get(&format!("/api/subscription/history{query}"), Some(token))
                .await
                .assert_invalid(field, code);
        }
    })
    .await;
}

#[tokio::test]
async fn check_limit_answers_for_each_kind() {
    for_each_backend(|app| async move {
        let (token, _) = app.register("owner@example.com").await;
        let token = token.as_str();
        let project = app.create_project(token, "پروژه").await;
        for (kind, limit) in [("assistant", 3), ("analyzer", 1), ("vectorstore", 2)] {
            assert_eq!(
                check(&app, token, kind).await,
                json!({"allowed": true, "limit": limit, "used": 0, "plan_key": "free"}),
                "{kind}"
            );
        }
        for kind in ["telegram", "sms", "container", "filedb"] {
            assert_eq!(
                check(&app, token, kind).await,
                json!({"allowed": true, "limit": null, "used": null, "plan_key": "free"}),
                "{kind}"
            );
        }

        create_node(
            &app,
            token,
            ASSISTANTS,
            project,
            "تحلیل",
            json!({"assistant_type": "conversation_analyzer"}),
        )
        .await;
        let answer = check(&app, token, "analyzer").await;
        assert_eq!((&answer["allowed"], &answer["used"]), (&json!(false), &json!(1)));
        assert!(answer["message"].as_str().unwrap().contains("حداکثر"), "{answer}");
        assert_eq!(check(&app, token, "assistant").await["used"], 0);

        for body in [json!({"node_type": "spaceship"}), json!({"node_type": ""})] {
            app.post("/api/subscription/check-limit", Some(token), body)
                .await
                .assert_invalid("node_type", "node_type_unknown");
        }
        app.post("/api/subscription/check-limit", Some(token), json!({}))
            .await
            .assert_invalid("node_type", "field_required");
    })
    .await;
}

/// The backends to run the catalogue-file scenarios on.
fn backends() -> Vec<Backend> {
    let mut backends = vec![Backend::Sqlite];
    if postgres_url().is_some() {
        backends.push(Backend::Postgres);
    }
    backends
}

#[tokio::test]
async fn an_operator_catalogue_file_replaces_the_builtin_one() {
    for backend in backends() {
        let env = TestEnv::new(backend).await;
        let mut catalogue: Value =
            serde_json::from_str(dastyar_server::billing::catalogue::BUILTIN_CATALOGUE).unwrap();
        catalogue["plans"][0]["quota"]["assistant_nodes"] = json!(1);
        catalogue["plans"].as_array_mut().unwrap().push(json!({
            "key": "team",
            "name": "تیمی",
            "description": "طرحی که اپراتور افزوده است.",
            "prices": {"monthly": 5_000_000, "yearly": 50_000_000},
            "quota": {"assistant_nodes": 5, "analyzer_nodes": 0, "vector_store_nodes": null},
            "storage_mb": 200,
            "monthly_credits": 10_000,
            "features": ["پنج دستیار"]
        }));
        catalogue["credit_packages"] = json!([
            {"key": "mini", "name": "بستهٔ کوچک", "credits": 100, "price": 150_000}
        ]);
        let file = env.dir.join("plans.json");
        std::fs::write(&file, catalogue.to_string()).unwrap();
        let mut config = env.config();
        config.plans_file = Some(file);
        let app = TestApp::open(config, backend).await;

        let (token, user) = app.register("owner@example.com").await;
        let token = token.as_str();
        let plans = app.get("/api/subscription/plans", Some(token)).await.json();
        let team = plans.as_array().unwrap().iter().find(|p| p["key"] == "team").unwrap();
        assert_eq!(team["quota"]["analyzer_nodes"], 0);
        assert_eq!(
            app.get("/api/subscription/credit-packages", Some(token)).await.json()["packages"],
            json!([{"key": "mini", "name": "بستهٔ کوچک", "credits": 100, "price": 150_000}])
        );
        let project = app.create_project(token, "پروژه").await;
        create_node(&app, token, ASSISTANTS, project, "a", json!({})).await;
        post_node(&app, token, ASSISTANTS, project, "b", json!({}))
            .await
            .assert_error(403, "node_limit_exceeded");
        subscribe(&app, user, "team", SubscriptionStatus::Active, -1, 29).await;
        create_node(&app, token, ASSISTANTS, project, "b", json!({})).await;
        assert_eq!(
            check(&app, token, "analyzer").await,
            json!({"allowed": false, "limit": 0, "used": 0, "plan_key": "team",
                   "message": check(&app, token, "analyzer").await["message"]})
        );
        assert_eq!(check(&app, token, "vectorstore").await["limit"], Value::Null);
        drop(app);
        env.remove().await;
    }
}

#[tokio::test]
async fn a_broken_catalogue_file_stops_the_start() {
    let env = TestEnv::new(Backend::Sqlite).await;
    let mut catalogue: Value =
        serde_json::from_str(dastyar_server::billing::catalogue::BUILTIN_CATALOGUE).unwrap();
    catalogue["plans"][1]["key"] = json!("free");
    let file = env.dir.join("duplicate.json");
    std::fs::write(&file, catalogue.to_string()).unwrap();
    let mut config = env.config();
    config.plans_file = Some(file);
    match AppState::open(config).await {
        Err(error @ StartupError::Plans(_)) => {
            let message = error.to_string();
            assert!(message.contains("duplicate.json"), "{message}");
            assert!(message.contains("key \"free\" is used twice"), "{message}");
        }
        other => panic!("the server started with a broken catalogue: {:?}", other.map(|_| ())),
    }
    let mut config = env.config();
    config.plans_file = Some(env.dir.join("missing.json"));
    let error = AppState::open(config).await.map(|_| ()).unwrap_err();
    assert!(error.to_string().contains("missing.json"), "{error}");
    env.remove().await;
}

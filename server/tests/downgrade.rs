//! Moving to a smaller plan: `analyze-downgrade` lists what is over the
//! target's quotas; `cleanup-nodes` deletes exactly the nodes named (only
//! the caller's, with their edges) and then moves: to the free plan at once,
//! to a paid one through its payment. Nothing is deleted when what remains
//! would still be over.

mod common;

use std::time::{Duration, SystemTime};

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::{TestApp, for_each_backend};
use dastyar_server::billing::catalogue::BillingCycle;
use dastyar_server::db::timestamp;
use dastyar_server::store::subscriptions::{self, NewSubscription, SubscriptionStatus};
use serde_json::{Value, json};

const DAY: Duration = Duration::from_secs(24 * 3600);

/// Puts the user on `plan_key` for the coming month, as a settled purchase would.
async fn subscribe(app: &TestApp, user_id: i64, plan_key: &str) {
    let now = SystemTime::now();
    let new = NewSubscription {
        user_id,
        plan_key: plan_key.to_owned(),
        billing_cycle: BillingCycle::Monthly,
        status: SubscriptionStatus::Active,
        amount: 1,
        payment_id: None,
        started_at: timestamp::at(now - DAY),
        expires_at: timestamp::at(now + DAY * 29),
    };
    subscriptions::insert(app.state.db.pool(), &new).await.unwrap();
}

async fn analyze(app: &TestApp, token: &str, target: &str) -> Value {
    let response = app
        .post(
            "/api/subscription/analyze-downgrade",
            Some(token),
            json!({"target_plan_key": target}),
        )
        .await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    response.json()
}

async fn cleanup(app: &TestApp, token: &str, body: Value) -> common::TestResponse {
    app.post("/api/subscription/cleanup-nodes", Some(token), body).await
}

async fn used(app: &TestApp, token: &str, node_type: &str) -> (Value, Value) {
    let answer = app
        .post("/api/subscription/check-limit", Some(token), json!({"node_type": node_type}))
        .await
        .json();
    (answer["used"].clone(), answer["limit"].clone())
}

async fn plan_key(app: &TestApp, token: &str) -> Value {
    app.get("/api/subscription/current", Some(token)).await.json()["plan"]["key"].clone()
}

#[tokio::test]
async fn downgrading_to_free_deletes_exactly_the_chosen_nodes() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("shrink@example.com").await;
        let token = token.as_str();
        subscribe(&app, user, "pro").await;
        let main = app.create_project(token, "پروژهٔ اصلی").await;
        let side = app.create_project(token, "پروژهٔ فرعی").await;
        let (c, d) = (Canvas::new(&app, user, main), Canvas::new(&app, user, side));
        let mut assistants = Vec::new();
        for _ in 0..5 {
            assistants.push(c.assistant().await);
        }
        let analyzers = [d.analyzer().await, d.analyzer().await];
        let store = c.vectorstore(Some("vs_1")).await;
        let function = c.function().await;
        let newest = assistants[4];
        let edge = app
            .post(
                "/api/edges",
                Some(token),
                json!({"project_id": main, "source_type": "vectorstore", "source_id": store,
                       "target_type": "assistant", "target_id": newest, "edge_data": {}}),
            )
            .await;
        assert_eq!(edge.status, StatusCode::CREATED, "{}", edge.text());
        let (other_token, other) = app.register("neighbour@example.com").await;
        let neighbour =
            Canvas::new(&app, other, app.create_project(&other_token, "مال دیگری").await);
        let theirs = neighbour.assistant().await;

        let analysis = analyze(&app, token, "free").await;
        assert_eq!(analysis["current_plan_key"], "pro");
        assert_eq!(analysis["target_plan_name"], "رایگان");
        assert_eq!(analysis["needs_cleanup"], true);
        let kinds = analysis["kinds"].as_array().unwrap();
        let summary: Vec<(Value, Value, Value, Value, usize)> = kinds
            .iter()
            .map(|k| {
                let nodes = k["nodes"].as_array().unwrap().len();
                (
                    k["node_type"].clone(),
                    k["limit"].clone(),
                    k["used"].clone(),
                    k["excess"].clone(),
                    nodes,
                )
            })
            .collect();
        assert_eq!(
            summary,
            vec![
                (json!("assistant"), json!(3), json!(5), json!(2), 5),
                (json!("analyzer"), json!(1), json!(2), json!(1), 2),
                (json!("vectorstore"), json!(2), json!(1), json!(0), 0),
            ]
        );
        let listed = kinds[0]["nodes"].as_array().unwrap();
        let suggested: Vec<i64> = listed
            .iter()
            .filter(|n| n["suggested"] == true)
            .map(|n| n["id"].as_i64().unwrap())
            .collect();
        assert_eq!(suggested, vec![assistants[4], assistants[3]], "the newest are suggested");
        assert_eq!(listed[0]["canvas_id"], format!("assistant-{newest}"));
        assert_eq!(listed[0]["project_name"], "پروژهٔ اصلی");
        assert_eq!(kinds[1]["nodes"][0]["project_name"], "پروژهٔ فرعی");
        assert!(listed.iter().all(|n| n["id"] != theirs), "only the caller's nodes");
        assert_eq!(analyze(&app, token, "starter").await["needs_cleanup"], false);

        // Refusals delete nothing.
        let before = used(&app, token, "assistant").await;
        let body = |ids: Vec<i64>| json!({"nodes_to_delete": ids, "target_plan_key": "free"});
        let short = cleanup(&app, token, body(vec![newest, analyzers[0]])).await;
        let details = short.assert_error(409, "downgrade_still_exceeds");
        assert_eq!(details, json!({"node_type": "assistant", "limit": 3, "remaining": 4}));
        assert!(short.json()["error"]["message"].as_str().unwrap().contains("۴"));
        for ids in [
            vec![assistants[0], assistants[1], analyzers[0], theirs],
            vec![assistants[0], assistants[0], assistants[1], analyzers[0]],
            vec![assistants[0], assistants[1], analyzers[0], function],
            vec![assistants[0], assistants[1], analyzers[0], 9_999_999],
        ] {
            cleanup(&app, token, body(ids))
                .await
                .assert_invalid("nodes_to_delete", "nodes_to_delete_invalid");
        }
        cleanup(&app, token, json!({"nodes_to_delete": [], "target_plan_key": "gold"}))
            .await
            .assert_invalid("target_plan_key", "plan_unknown");
        cleanup(&app, token, json!({"nodes_to_delete": "all", "target_plan_key": "free"}))
            .await
            .assert_error(422, "invalid_input");
        assert_eq!(used(&app, token, "assistant").await, before);
        assert_eq!(plan_key(&app, token).await, "pro");

        // Enough: exactly those go, with their edges, and the plan is free now.
        let chosen = vec![newest, assistants[3], analyzers[1]];
        let response = cleanup(&app, token, body(chosen.clone())).await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        let answer = response.json();
        assert_eq!(answer["deleted"], json!(chosen));
        assert_eq!(answer["plan"]["key"], "free");
        assert!(answer["payment"].is_null() && answer["payment_url"].is_null(), "{answer}");
        assert_eq!(plan_key(&app, token).await, "free");
        assert_eq!(used(&app, token, "assistant").await, (json!(3), json!(3)));
        assert_eq!(used(&app, token, "analyzer").await, (json!(1), json!(1)));
        for id in &chosen {
            assert!(c.find(*id).await.is_none(), "node {id} is still there");
        }
        for id in
            [assistants[0], assistants[1], assistants[2], analyzers[0], store, function, theirs]
        {
            assert!(c.find(id).await.is_some() || id == theirs, "node {id} went too");
        }
        let edges = app.get(&format!("/api/projects/{main}/edges"), Some(token)).await.json();
        assert_eq!(edges, json!([]), "the deleted assistant's edge went with it");
        let history = app.get("/api/subscription/history", Some(token)).await.json();
        assert_eq!(history["items"][0]["status"], "cancelled");
        // The other user's node is untouched.
        assert_eq!(used(&app, &other_token, "assistant").await.0, json!(1));

        cleanup(&app, token, body(vec![])).await.assert_error(409, "already_on_plan");
    })
    .await;
}

#[tokio::test]
async fn downgrading_to_a_smaller_paid_plan_goes_through_its_payment() {
    for_each_backend(|app| async move {
        let (token, user) = app.register("smaller@example.com").await;
        let token = token.as_str();
        subscribe(&app, user, "business").await;
        let project = app.create_project(token, "پروژه").await;
        let c = Canvas::new(&app, user, project);
        let mut assistants = Vec::new();
        for _ in 0..12 {
            assistants.push(c.assistant().await);
        }
        let analysis = analyze(&app, token, "starter").await;
        assert_eq!(analysis["kinds"][0]["excess"], 2);

        // Buying the smaller plan outright is refused until the nodes fit.
        let refused = app
            .post("/api/subscription/purchase", Some(token), json!({"plan_key": "starter", "billing_cycle": "monthly"}))
            .await;
        let details = refused.assert_error(409, "plan_needs_cleanup");
        assert_eq!(details["target_plan_key"], "starter");
        assert_eq!(details["kinds"][0], json!({"node_type": "assistant", "limit": 10, "used": 12, "excess": 2}));
        assert!(refused.json()["error"]["message"].as_str().unwrap().contains("پایه"));

        let chosen = vec![assistants[11], assistants[10]];
        cleanup(&app, token, json!({"nodes_to_delete": chosen, "target_plan_key": "starter", "billing_cycle": "daily"}))
            .await
            .assert_invalid("billing_cycle", "billing_cycle_invalid");
        assert_eq!(used(&app, token, "assistant").await.0, json!(12));

        let response = cleanup(
            &app,
            token,
            json!({"nodes_to_delete": chosen, "target_plan_key": "starter", "billing_cycle": "yearly"}),
        )
        .await;
        assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        let answer = response.json();
        assert_eq!(answer["deleted"], json!(chosen));
        assert_eq!(answer["plan"]["key"], "business", "unchanged until paid");
        let payment = &answer["payment"];
        assert_eq!(payment["amount"], 29_900_000);
        assert_eq!(answer["payment_url"], payment["payment_url"]);
        let paid = app
            .post("/api/subscription/mock-payment/confirm", Some(token), json!({"payment_id": payment["payment_id"]}))
            .await;
        assert_eq!(paid.status, StatusCode::OK, "{}", paid.text());
        assert_eq!(plan_key(&app, token).await, "starter");
        assert_eq!(used(&app, token, "assistant").await, (json!(10), json!(10)));
    })
    .await;
}

#[tokio::test]
async fn downgrade_calls_need_a_token_and_a_known_plan() {
    for_each_backend(|app| async move {
        for path in ["analyze-downgrade", "cleanup-nodes"] {
            app.post(&format!("/api/subscription/{path}"), None, json!({}))
                .await
                .assert_error(401, "unauthenticated");
        }
        let (token, _) = app.register("plain@example.com").await;
        app.post(
            "/api/subscription/analyze-downgrade",
            Some(&token),
            json!({"target_plan_key": "gold"}),
        )
        .await
        .assert_invalid("target_plan_key", "plan_unknown");
        let fits = analyze(&app, &token, "free").await;
        assert_eq!(fits["needs_cleanup"], false);
        assert!(fits["kinds"].as_array().unwrap().iter().all(|k| k["nodes"] == json!([])));
    })
    .await;
}

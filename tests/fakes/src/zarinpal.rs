//! A local Zarinpal v4 that speaks the real protocol (request.json,
//! StartPay, verify.json; the success and error envelopes, codes 100, 101,
//! -9, -10, -50, -51, -54), so the payment flow is tested end to end over
//! HTTP. The payer's visit to StartPay is a GET that marks the payment paid
//! (or cancelled) and redirects to the callback, as the real page does.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{Value, json};

/// The merchant id the fake accepts (36 characters, as Zarinpal's).
pub const MERCHANT_ID: &str = "1344b5d4-0048-11e8-94db-005056a205be";

/// One payment the fake knows.
#[derive(Debug, Clone, PartialEq)]
pub struct FakePayment {
    pub amount: i64,
    pub callback_url: String,
    pub description: String,
    pub request: Value,
    pub paid: bool,
    pub verified: bool,
}

#[derive(Default)]
struct Inner {
    payments: HashMap<String, FakePayment>,
    next: u64,
    verify_calls: usize,
    down: bool,
}

/// The running fake: its base URL and what it has seen.
#[derive(Clone)]
pub struct FakeZarinpal {
    pub base_url: String,
    inner: Arc<Mutex<Inner>>,
}

impl FakeZarinpal {
    pub async fn start() -> FakeZarinpal {
        FakeZarinpal::start_on("127.0.0.1:0".parse().expect("an address")).await
    }

    /// On a given address (the binary's `--zarinpal-port`).
    pub async fn start_on(addr: SocketAddr) -> FakeZarinpal {
        let inner = Arc::new(Mutex::new(Inner::default()));
        let router = Router::new()
            .route("/pg/v4/payment/request.json", post(request))
            .route("/pg/v4/payment/verify.json", post(verify))
            .route("/pg/StartPay/{authority}", get(start_pay))
            .with_state(inner.clone());
        let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
        let addr: SocketAddr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        FakeZarinpal { base_url: format!("http://{addr}"), inner }
    }

    pub fn payment(&self, authority: &str) -> FakePayment {
        self.inner.lock().unwrap().payments[authority].clone()
    }

    pub fn payments(&self) -> usize {
        self.inner.lock().unwrap().payments.len()
    }

    pub fn verify_calls(&self) -> usize {
        self.inner.lock().unwrap().verify_calls
    }

    /// The gateway's record says another amount was paid (a tampered form).
    pub fn tamper_amount(&self, authority: &str, amount: i64) {
        self.inner.lock().unwrap().payments.get_mut(authority).unwrap().amount = amount;
    }

    /// While down, every call answers 502 with an HTML page.
    pub fn set_down(&self, down: bool) {
        self.inner.lock().unwrap().down = down;
    }

    /// The payer pays (or cancels) on StartPay: the fake's redirect back to
    /// the callback, as a path with its query (`/api/...?Authority=..&Status=..`).
    pub async fn visit_start_pay(&self, payment_url: &str, pay: bool) -> String {
        assert!(
            payment_url.starts_with(&format!("{}/pg/StartPay/", self.base_url)),
            "{payment_url}"
        );
        let client =
            reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let outcome = if pay { "paid" } else { "cancel" };
        let response = client.get(format!("{payment_url}?outcome={outcome}")).send().await.unwrap();
        assert_eq!(response.status(), reqwest::StatusCode::FOUND);
        let location = response.headers()[reqwest::header::LOCATION].to_str().unwrap().to_owned();
        let url = reqwest::Url::parse(&location).unwrap();
        format!("{}?{}", url.path(), url.query().unwrap_or_default())
    }
}

fn refused(status: StatusCode, code: i64, message: &str) -> Response {
    (
        status,
        Json(json!({"data": [], "errors": {"code": code, "message": message, "validations": []}})),
    )
        .into_response()
}

fn unavailable() -> Response {
    (StatusCode::BAD_GATEWAY, [(header::CONTENT_TYPE, "text/html")], "<html>502 Bad Gateway</html>")
        .into_response()
}

async fn request(State(inner): State<Arc<Mutex<Inner>>>, Json(body): Json<Value>) -> Response {
    let mut inner = inner.lock().unwrap();
    if inner.down {
        return unavailable();
    }
    if body["merchant_id"] != MERCHANT_ID {
        return refused(
            StatusCode::UNAUTHORIZED,
            -10,
            "Terminal is not valid, please check merchant_id or ip address.",
        );
    }
    let amount = body["amount"].as_i64().unwrap_or_default();
    let callback_url = body["callback_url"].as_str().unwrap_or_default().to_owned();
    let description = body["description"].as_str().unwrap_or_default().to_owned();
    if amount < 1_000 || !callback_url.starts_with("http") || description.is_empty() {
        return refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            -9,
            "The input params invalid, validation error.",
        );
    }
    inner.next += 1;
    let authority = format!("A{:035}", inner.next);
    inner.payments.insert(
        authority.clone(),
        FakePayment {
            amount,
            callback_url,
            description,
            request: body,
            paid: false,
            verified: false,
        },
    );
    Json(json!({
        "data": {"code": 100, "message": "Success", "authority": authority, "fee_type": "Merchant", "fee": 100},
        "errors": []
    }))
    .into_response()
}

async fn start_pay(
    State(inner): State<Arc<Mutex<Inner>>>,
    Path(authority): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let mut inner = inner.lock().unwrap();
    let Some(payment) = inner.payments.get_mut(&authority) else {
        return (StatusCode::NOT_FOUND, "no such payment").into_response();
    };
    let pay = query.get("outcome").is_none_or(|o| o == "paid");
    payment.paid = pay;
    let status = if pay { "OK" } else { "NOK" };
    let location = format!("{}?Authority={authority}&Status={status}", payment.callback_url);
    (StatusCode::FOUND, [(header::LOCATION, location)]).into_response()
}

async fn verify(State(inner): State<Arc<Mutex<Inner>>>, Json(body): Json<Value>) -> Response {
    let mut inner = inner.lock().unwrap();
    inner.verify_calls += 1;
    if inner.down {
        return unavailable();
    }
    if body["merchant_id"] != MERCHANT_ID {
        return refused(StatusCode::UNAUTHORIZED, -10, "Terminal is not valid.");
    }
    let authority = body["authority"].as_str().unwrap_or_default();
    let Some(payment) = inner.payments.get_mut(authority) else {
        return refused(StatusCode::NOT_FOUND, -54, "Invalid authority.");
    };
    if body["amount"].as_i64() != Some(payment.amount) {
        return refused(
            StatusCode::OK,
            -50,
            "Session is not valid, amounts values is not the same.",
        );
    }
    if !payment.paid {
        return refused(
            StatusCode::OK,
            -51,
            "Session is not valid, session is not active paid try.",
        );
    }
    let code = if payment.verified { 101 } else { 100 };
    payment.verified = true;
    Json(json!({
        "data": {"code": code, "message": if code == 100 { "Paid" } else { "Verified" },
                 "card_hash": "1EBE3EBEBE35C7EC0F8D6EE4F2F859107A87822CA179BC9528767EA7B5489B69",
                 "card_pan": "502229******5995", "ref_id": 201, "fee_type": "Merchant", "fee": 0},
        "errors": []
    }))
    .into_response()
}

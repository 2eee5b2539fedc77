//! SMS nodes against the Kavenegar fake (tests/fakes), on both backends:
//! sends from the panel (simple and template), from the assistant (the
//! route and the `send_sms` tool), in bulk; Kavenegar's every refusal as a
//! Persian error in the spec's `{status, message, error}` shape; the
//! history, the last send, delivery, the key test, the templates used; bad
//! input refused before Kavenegar hears of it; and the key never sent back.

mod common;

use axum::http::StatusCode;
use common::canvas::Canvas;
use common::chat::{say, tool_results};
use common::nodes::{create_node, db_id};
use common::{TestApp, TestResponse, for_each_backend_with};
use dastyar_core::secrets::is_mask;
use dastyar_core::{MessageCode, NodeKind};
use dastyar_fakes::kavenegar::{DEFAULT_LINE, FakeAccount, FakeKavenegar, PART_PRICE};
use dastyar_fakes::openai::{FakeOpenAi, Reply, ToolCall};
use dastyar_server::Config;
use serde_json::{Value, json};

/// The outside world of one test: Kavenegar and the model.
#[derive(Clone)]
struct World {
    kavenegar: FakeKavenegar,
    model: FakeOpenAi,
}

impl World {
    async fn start() -> World {
        World { kavenegar: FakeKavenegar::start().await, model: FakeOpenAi::start().await }
    }

    fn configure(&self) -> impl Fn(&mut Config) + use<> {
        let (kavenegar, model) = (self.kavenegar.base_url.clone(), self.model.base_url.clone());
        move |config: &mut Config| {
            config.providers.kavenegar.api_url = kavenegar.clone();
            config.providers.llm.base_url = Some(model.clone());
        }
    }
}

/// A user with a project and an SMS node made through the API (so its key
/// is sealed at rest) on a Kavenegar account of its own.
struct Scene {
    token: String,
    user_id: i64,
    project: i64,
    node: i64,
    account: FakeAccount,
}

const RECEPTOR: &str = "09123456789";

async fn scene(app: &TestApp, kavenegar: &FakeKavenegar, email: &str, fields: Value) -> Scene {
    let (token, user_id) = app.register(email).await;
    let project = app.create_project(&token, "پیامک").await;
    let account = kavenegar.new_account();
    let mut body = json!({"api_key": account.api_key, "receptor": "+98 912 345 6789",
                          "message": "سفارش شما ثبت شد."});
    body.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
    let node = db_id(&create_node(app, &token, "/api/sms", project, "پیامک مشتری", body).await);
    Scene { token, user_id, project, node, account }
}

impl Scene {
    fn path(&self, tail: &str) -> String {
        format!("/api/sms/{}/{tail}", self.node)
    }

    async fn data(&self, app: &TestApp) -> Value {
        let node = app.get(&format!("/api/sms/{}", self.node), Some(&self.token)).await;
        assert_eq!(node.status, StatusCode::OK, "{}", node.text());
        node.json()["data"].clone()
    }
}

/// Asserts the spec's failure shape with this status and code; the error's details.
fn failed(response: &TestResponse, status: u16, code: &str) -> Value {
    let details = response.assert_error(status, code);
    let body = response.json();
    assert_eq!(body["status"], "failed", "{body}");
    assert_eq!(body["message"], body["error"]["message"], "{body}");
    details
}

#[tokio::test]
async fn send_sends_the_nodes_message_and_keeps_it() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let s = scene(&app, &kavenegar, "send@example.com", json!({})).await;
            let response = app.post(&s.path("send"), Some(&s.token), json!({})).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            let answer = response.json();
            assert_eq!(answer["status"], "sent");
            assert_eq!(answer["message"], "پیامک برای ۱ گیرنده فرستاده شد.");
            let send = &answer["send"];
            assert_eq!(
                (send["origin"].clone(), send["method"].clone()),
                (json!("panel"), json!("simple"))
            );
            assert_eq!(send["status"], "sent");
            assert_eq!(send["provider_status"], 200);
            assert_eq!(send["segments"], 1);
            assert_eq!(send["estimated_cost"], 150);
            assert_eq!(send["cost"], PART_PRICE);
            let sent = kavenegar.sent();
            let ours: Vec<_> = sent.iter().filter(|m| m.api_key == s.account.api_key).collect();
            assert_eq!(ours.len(), 1);
            assert_eq!(
                (ours[0].receptor.as_str(), ours[0].message.as_str()),
                (RECEPTOR, "سفارش شما ثبت شد.")
            );
            assert_eq!(ours[0].method, "sms/send");
            assert_eq!(send["entries"][0]["messageid"], ours[0].messageid);
            assert_eq!(send["entries"][0]["receptor"], RECEPTOR);
            assert_eq!(send["entries"][0]["statustext"], "در صف ارسال");

            // The node says how it went.
            let data = s.data(&app).await;
            assert_eq!(data["lastSendStatus"], "sent");
            assert_eq!(data["lastResponseMessage"], answer["message"]);
            assert!(data["lastSendTime"].as_str().unwrap().ends_with('Z'), "{data}");

            // A body replaces the text and receptors for this send only; a
            // 71-character Persian text is two parts to each receptor.
            let long = "س".repeat(71);
            let body = json!({"message": long, "receptor": "09351112233، 9123456789"});
            let response = app.post(&s.path("send"), Some(&s.token), body).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            let send = response.json()["send"].clone();
            assert_eq!(send["entries"].as_array().unwrap().len(), 2);
            assert_eq!(send["segments"], 4);
            assert_eq!(send["estimated_cost"], 600);
            assert_eq!(send["cost"], 4 * PART_PRICE);
            assert_eq!(kavenegar.sent().last().unwrap().message, long);
            assert_eq!(s.data(&app).await["message"], "سفارش شما ثبت شد.", "kept as saved");

            let history = app.get(&s.path("history"), Some(&s.token)).await.json();
            assert_eq!(history["total"], 2);
            assert_eq!(history["sends"][0]["id"], send["id"], "newest first");
            let last = app.get(&s.path("last-status"), Some(&s.token)).await.json();
            assert_eq!(last["status"], "sent");
            assert_eq!(last["send"]["id"], send["id"]);
        }
    })
    .await;
}

#[tokio::test]
async fn template_sends_go_through_verify_lookup_with_both_tokens() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let fields = json!({"send_method": "template", "template": "verify", "token": "4821",
                                "token2": "سیب", "receptor": "09123456789,09351112233"});
            let s = scene(&app, &kavenegar, "template@example.com", fields).await;
            kavenegar.add_template(&s.account.api_key, "verify", "کد شما %token در فروشگاه %token2");
            let response = app.post(&s.path("send"), Some(&s.token), json!({"token": "9090"})).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            let send = response.json()["send"].clone();
            assert_eq!(send["method"], "template");
            assert_eq!(send["template"], "verify");
            assert_eq!(send["entries"][1]["message"], "کد شما 9090 در فروشگاه سیب");
            assert_eq!(send["segments"], 2, "the filled-in texts' parts");
            let ours: Vec<_> =
                kavenegar.sent().into_iter().filter(|m| m.api_key == s.account.api_key).collect();
            assert_eq!(ours.len(), 2, "one lookup per receptor");
            assert!(ours.iter().all(|m| m.method == "verify/lookup" && m.lookup_type.as_deref() == Some("sms")));

            // As a voice call.
            let patched = app.patch(&format!("/api/sms/{}", s.node), Some(&s.token), json!({"sms_type": "call", "token2": "7"})).await;
            assert_eq!(patched.status, StatusCode::OK, "{}", patched.text());
            let response = app.post(&s.path("send"), Some(&s.token), json!({})).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            assert_eq!(kavenegar.sent().last().unwrap().lookup_type.as_deref(), Some("call"));

            // A template Kavenegar does not have: 422 on the template, kept as failed.
            app.patch(&format!("/api/sms/{}", s.node), Some(&s.token), json!({"template": "nope", "sms_type": "sms"})).await;
            let response = app.post(&s.path("send"), Some(&s.token), json!({})).await;
            let details = failed(&response, 422, "kavenegar_template_not_found");
            assert_eq!(details["field"], "template");
            assert_eq!(details["provider_status"], 424);
        }
    })
    .await;
}

/// Every `return.status` of Kavenegar's table 1: the code, the HTTP status
/// and the field it names (none: a 424).
const MAPPINGS: [(u16, &str, Option<&str>); 30] = [
    (400, "kavenegar_params_incomplete", None),
    (401, "kavenegar_account_disabled", None),
    (402, "kavenegar_operation_failed", None),
    (403, "kavenegar_api_key_invalid", Some("apiKey")),
    (404, "kavenegar_method_unknown", None),
    (405, "kavenegar_wrong_http_method", None),
    (406, "kavenegar_required_empty", None),
    (407, "kavenegar_access_denied", None),
    (409, "kavenegar_server_unavailable", None),
    (411, "kavenegar_receptor_invalid", Some("receptor")),
    (412, "kavenegar_sender_invalid", Some("sender")),
    (413, "kavenegar_message_invalid", Some("message")),
    (414, "kavenegar_request_too_large", None),
    (415, "kavenegar_index_too_large", None),
    (416, "kavenegar_ip_mismatch", None),
    (417, "kavenegar_date_invalid", None),
    (418, "kavenegar_credit_insufficient", None),
    (419, "kavenegar_array_length_mismatch", None),
    (420, "kavenegar_links_not_allowed", Some("message")),
    (422, "kavenegar_characters_invalid", Some("message")),
    (424, "kavenegar_template_not_found", Some("template")),
    (426, "kavenegar_advanced_plan_required", None),
    (427, "kavenegar_line_access_required", None),
    (428, "kavenegar_call_impossible", None),
    (429, "kavenegar_ip_restricted", None),
    (431, "kavenegar_token_structure_invalid", Some("token")),
    (432, "kavenegar_token_missing", Some("token")),
    (451, "kavenegar_rate_limited", None),
    (501, "kavenegar_test_account_only", None),
    (607, "kavenegar_tag_invalid", None),
];

#[tokio::test]
async fn every_kavenegar_refusal_is_a_persian_error_and_is_kept() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let s = scene(&app, &kavenegar, "refused@example.com", json!({})).await;
            for (round, http_200) in [false, true].into_iter().enumerate() {
                kavenegar.set_errors_with_http_200(http_200);
                for (status, code, field) in MAPPINGS {
                    kavenegar.fail_next("sms/send", 1, status);
                    let response = app.post(&s.path("send"), Some(&s.token), json!({})).await;
                    let expected = if field.is_some() { 422 } else { 424 };
                    let details = failed(&response, expected, code);
                    assert_eq!(details["field"].as_str(), field, "{status}");
                    assert_eq!(details["provider_status"], status);
                    assert!(details["provider_message"].as_str().is_some_and(|m| !m.is_empty()));
                    assert!(details["send_id"].as_i64().is_some(), "{details}");
                    if round == 0 && status == 418 {
                        let data = s.data(&app).await;
                        assert_eq!(data["lastSendStatus"], "failed");
                        assert_eq!(data["lastResponseMessage"], response.json()["message"]);
                    }
                }
            }
            kavenegar.set_errors_with_http_200(false);
            // A code the table does not have: Kavenegar's own words, with the code.
            kavenegar.fail_next("sms/send", 1, 499);
            let response = app.post(&s.path("send"), Some(&s.token), json!({})).await;
            failed(&response, 424, "kavenegar_refused");
            let message = response.json()["message"].as_str().unwrap().to_owned();
            assert!(message.contains("499") && message.contains("خطای ناشناخته"), "{message}");

            // Every refusal is in the history, failed, with Kavenegar's code.
            let history =
                app.get(&format!("{}?limit=100", s.path("history")), Some(&s.token)).await.json();
            assert_eq!(history["total"], 61);
            let newest = &history["sends"][0];
            assert_eq!(
                (newest["status"].clone(), newest["provider_status"].clone()),
                (json!("failed"), json!(499))
            );
            assert_eq!(newest["entries"][0]["receptor"], RECEPTOR);
            assert!(newest["entries"][0].get("messageid").is_none(), "nothing was taken");
            assert!(kavenegar.sent().iter().all(|m| m.api_key != s.account.api_key));
        }
    })
    .await;
}

#[tokio::test]
async fn a_wrong_key_low_credit_and_an_outage_as_kavenegar_answers_them() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            // A well-formed key Kavenegar never issued.
            let s = scene(
                &app,
                &kavenegar,
                "wrong-key@example.com",
                json!({"api_key": "A1".repeat(24)}),
            )
            .await;
            let response = app.post(&s.path("send"), Some(&s.token), json!({})).await;
            let details = failed(&response, 422, "kavenegar_api_key_invalid");
            assert_eq!(details["field"], "apiKey");
            assert_eq!(details["provider_message"], "کد شناسائی API-Key معتبر نمیباشد");
            let response = app.post(&s.path("test"), Some(&s.token), json!({})).await;
            failed(&response, 422, "kavenegar_api_key_invalid");

            let s = scene(&app, &kavenegar, "low-credit@example.com", json!({})).await;
            kavenegar.update_account(&s.account.api_key, |a| a.credit = PART_PRICE - 1);
            let response = app.post(&s.path("send"), Some(&s.token), json!({})).await;
            failed(&response, 424, "kavenegar_credit_insufficient");
            kavenegar.update_account(&s.account.api_key, |a| a.credit = 1_000_000);
            kavenegar.set_down(true);
            let response = app.post(&s.path("send"), Some(&s.token), json!({})).await;
            let details = failed(&response, 424, "kavenegar_unreachable");
            assert!(details.get("provider_status").is_none(), "{details}");
            let response = app.post(&s.path("test"), Some(&s.token), json!({})).await;
            failed(&response, 424, "kavenegar_unreachable");
            kavenegar.set_down(false);
            let history = app.get(&s.path("history"), Some(&s.token)).await.json();
            assert_eq!(history["sends"][0]["response_message"], response.json()["message"]);
            assert!(history["sends"][0].get("provider_status").is_none());
        }
    })
    .await;
}

#[tokio::test]
async fn bad_input_is_422_on_its_field_before_kavenegar_hears_of_it() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let s = scene(&app, &kavenegar, "input@example.com", json!({})).await;
            let calls = kavenegar.calls().len();
            let send_path = s.path("send");
            let send = |body: Value| app.post(&send_path, Some(&s.token), body);
            failed(&send(json!({"receptor": "0912-345-6789"})).await, 422, "phone_invalid");
            failed(&send(json!({"receptor": "09123456789,,"})).await, 422, "phone_invalid");
            let many: Vec<String> = (0..201).map(|i| format!("0912{i:07}")).collect();
            let details = failed(
                &send(json!({"receptor": many.join(",")})).await,
                422,
                "sms_too_many_receptors",
            );
            assert_eq!(details["field"], "receptor");
            let details = failed(
                &send(json!({"message": "ن".repeat(4001)})).await,
                422,
                "node_message_too_long",
            );
            assert_eq!(details["field"], "message");
            // A body that is no request is refused before the handler, in the usual shape.
            send(json!("not an object")).await.assert_error(422, "invalid_input");

            // A node with no key or message.
            let token = s.token.clone();
            let bare =
                db_id(&create_node(&app, &token, "/api/sms", s.project, "خالی", json!({})).await);
            let response =
                app.post(&format!("/api/sms/{bare}/send"), Some(&token), json!({})).await;
            let details = failed(&response, 422, "field_required");
            assert_eq!(details["field"], "apiKey");
            let fields: Vec<&str> = details["problems"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["field"].as_str().unwrap())
                .collect();
            assert_eq!(fields, ["apiKey", "receptor", "message"]);
            let response =
                app.post(&format!("/api/sms/{bare}/test"), Some(&token), json!({})).await;
            assert_eq!(failed(&response, 422, "field_required")["field"], "apiKey");

            // A template without a token, or with a space in it.
            app.patch(
                &format!("/api/sms/{}", s.node),
                Some(&token),
                json!({"send_method": "template", "template": "verify"}),
            )
            .await;
            failed(&send(json!({})).await, 422, "sms_template_invalid");
            let details = failed(&send(json!({"token": "12 34"})).await, 422, "sms_token_invalid");
            assert_eq!(details["field"], "token");
            assert_eq!(kavenegar.calls().len(), calls, "Kavenegar heard of none of it");
            assert_eq!(app.get(&s.path("history"), Some(&token)).await.json()["total"], 0);
        }
    })
    .await;
}

#[tokio::test]
async fn send_from_assistant_needs_a_joined_assistant_and_keeps_the_nodes_receptor() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let s = scene(&app, &kavenegar, "assistant-route@example.com", json!({})).await;
            let path = s.path("send-from-assistant");
            let response = app.post(&path, Some(&s.token), json!({"message": "سلام"})).await;
            failed(&response, 409, "sms_no_assistant");
            let assistant = Canvas::new(&app, s.user_id, s.project).assistant().await;
            app.connect(
                &s.token,
                s.project,
                (NodeKind::Assistant, assistant),
                (NodeKind::Sms, s.node),
            )
            .await;
            let other = Canvas::new(&app, s.user_id, s.project).assistant().await;
            let response = app
                .post(&path, Some(&s.token), json!({"message": "سلام", "assistant_id": other}))
                .await;
            failed(&response, 409, "sms_no_assistant");

            let response = app
                .post(&path, Some(&s.token), json!({"message": "نوبت شما فردا ساعت ۱۰ است."}))
                .await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            let send = response.json()["send"].clone();
            assert_eq!(
                (send["origin"].clone(), send["assistant_id"].clone()),
                (json!("assistant"), json!(assistant))
            );
            assert_eq!(send["entries"][0]["receptor"], RECEPTOR);
            assert_eq!(kavenegar.sent().last().unwrap().message, "نوبت شما فردا ساعت ۱۰ است.");

            // The node's own number unless it lets the assistant choose.
            let body = json!({"message": "سلام", "receptor": "09351112233"});
            let details = failed(
                &app.post(&path, Some(&s.token), body.clone()).await,
                422,
                "sms_receptor_fixed",
            );
            assert_eq!(details["field"], "receptor");
            app.patch(
                &format!("/api/sms/{}", s.node),
                Some(&s.token),
                json!({"allow_model_receptor": true}),
            )
            .await;
            let response = app.post(&path, Some(&s.token), body).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            assert_eq!(kavenegar.sent().last().unwrap().receptor, "09351112233");
        }
    })
    .await;
}

#[tokio::test]
async fn bulk_sends_one_text_each_and_bulk_status_asks_kavenegar() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let s = scene(&app, &kavenegar, "bulk@example.com", json!({})).await;
            let path = s.path("send-bulk");
            let messages = json!([{"receptor": "09123456789", "message": "سلام علی"},
                                  {"receptor": "+989351112233", "message": "سلام سارا"}]);
            let response = app.post(&path, Some(&s.token), json!({"messages": messages})).await;
            let details = failed(&response, 422, "sms_sender_required");
            assert_eq!(details["field"], "sender");
            let response = app.post(&path, Some(&s.token), json!({"messages": []})).await;
            failed(&response, 422, "sms_bulk_empty");
            let bad = json!([{"receptor": "09123456789", "message": "x"}, {"receptor": "123", "message": " "}]);
            let response = app.post(&path, Some(&s.token), json!({"messages": bad, "sender": DEFAULT_LINE})).await;
            let details = failed(&response, 422, "phone_invalid");
            assert_eq!(details["field"], "messages[1].receptor");
            assert_eq!(details["problems"][1]["field"], "messages[1].message");
            // A line that is not the account's, as Kavenegar judges it.
            let response = app.post(&path, Some(&s.token), json!({"messages": messages, "sender": "30001234"})).await;
            let details = failed(&response, 422, "kavenegar_sender_invalid");
            assert_eq!(details["field"], "sender");
            let failed_id = details["send_id"].as_i64().unwrap();

            // The node's line serves when the body gives none.
            app.patch(&format!("/api/sms/{}", s.node), Some(&s.token), json!({"sender": DEFAULT_LINE})).await;
            let response = app.post(&path, Some(&s.token), json!({"messages": messages})).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            let send = response.json()["send"].clone();
            assert_eq!((send["origin"].clone(), send["method"].clone()), (json!("bulk"), json!("bulk")));
            assert_eq!(send["entries"][1]["receptor"], "09351112233");
            assert_eq!(send["entries"][1]["message"], "سلام سارا");
            let ours: Vec<_> = kavenegar.sent().into_iter().filter(|m| m.api_key == s.account.api_key).collect();
            assert_eq!(ours.len(), 2);
            assert!(ours.iter().all(|m| m.method == "sms/sendarray" && m.sender == DEFAULT_LINE));

            let status_path = s.path(&format!("bulk-status/{}", send["id"]));
            let checked = app.get(&status_path, Some(&s.token)).await.json();
            assert_eq!(checked["entries"][0]["status"], 1);
            kavenegar.deliver(Some(ours[0].messageid), 10);
            kavenegar.deliver(Some(ours[1].messageid), 11);
            let response = app.get(&status_path, Some(&s.token)).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            let checked = response.json();
            assert_eq!(checked["entries"][0]["statustext"], "رسیده به گیرنده");
            assert_eq!(checked["entries"][1]["status"], 11);
            assert!(checked["checked_at"].is_string());
            let kept = app.get(&s.path("history"), Some(&s.token)).await.json();
            assert_eq!(kept["sends"][0]["entries"][0]["status"], 10, "kept on the send");

            let response = app.get(&s.path(&format!("bulk-status/{failed_id}")), Some(&s.token)).await;
            response.assert_error(409, "sms_no_delivery_to_check");
            app.get(&s.path("bulk-status/999999"), Some(&s.token)).await.assert_error(404, "not_found");
            kavenegar.fail_next("sms/status", 1, 409);
            app.get(&status_path, Some(&s.token)).await.assert_error(424, "kavenegar_server_unavailable");
        }
    })
    .await;
}

#[tokio::test]
async fn history_pages_and_clears() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let s = scene(&app, &kavenegar, "history@example.com", json!({})).await;
            let empty = app.get(&s.path("last-status"), Some(&s.token)).await.json();
            assert_eq!(empty, json!({}), "nothing before the first send");
            let mut ids = Vec::new();
            for text in ["یک", "دو", "سه"] {
                let answer = app
                    .post(&s.path("send"), Some(&s.token), json!({"message": text}))
                    .await
                    .json();
                ids.push(answer["send"]["id"].as_i64().unwrap());
            }
            let page =
                app.get(&format!("{}?limit=2", s.path("history")), Some(&s.token)).await.json();
            assert_eq!(page["total"], 3);
            let shown: Vec<i64> = page["sends"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v["id"].as_i64().unwrap())
                .collect();
            assert_eq!(shown, [ids[2], ids[1]]);
            assert_eq!(page["sends"][0]["message"], "سه");
            for bad in ["0", "101", "x"] {
                let response =
                    app.get(&format!("{}?limit={bad}", s.path("history")), Some(&s.token)).await;
                assert_eq!(
                    response.status,
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "{bad}: {}",
                    response.text()
                );
            }
            let cleared = app.delete(&s.path("history"), Some(&s.token)).await;
            assert_eq!(cleared.status, StatusCode::OK, "{}", cleared.text());
            assert_eq!(cleared.json()["deleted"], 3);
            assert_eq!(
                app.get(&s.path("history"), Some(&s.token)).await.json(),
                json!({"sends": [], "total": 0})
            );
            let last = app.get(&s.path("last-status"), Some(&s.token)).await.json();
            assert_eq!(last["status"], "sent", "the node keeps its last send");
            assert!(last.get("send").is_none());
        }
    })
    .await;
}

#[tokio::test]
async fn test_checks_the_key_and_tells_the_credit() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let s = scene(&app, &kavenegar, "test@example.com", json!({})).await;
            kavenegar.update_account(&s.account.api_key, |a| a.credit = 123_400);
            let response = app.post(&s.path("test"), Some(&s.token), json!({})).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
            let answer = response.json();
            assert_eq!(answer["status"], "ok");
            assert_eq!(answer["credit"], 123_400);
            assert_eq!(
                answer["message"],
                "کلید کاوه‌نگار پذیرفته شد. اعتبار باقی‌ماندهٔ حساب: ۱۲۳۴۰۰ ریال."
            );
            assert_eq!(answer["account_type"], "Master");
            assert!(answer["expires_at"].as_str().unwrap().ends_with('Z'));
            assert!(
                kavenegar.sent().iter().all(|m| m.api_key != s.account.api_key),
                "nothing sent"
            );
            kavenegar.update_account(&s.account.api_key, |a| a.disabled = true);
            let response = app.post(&s.path("test"), Some(&s.token), json!({})).await;
            failed(&response, 424, "kavenegar_account_disabled");
        }
    })
    .await;
}

#[tokio::test]
async fn templates_are_those_sent_with_the_key() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let fields = json!({"send_method": "template", "template": "verify", "token": "1"});
            let s = scene(&app, &kavenegar, "templates@example.com", fields).await;
            let key = s.account.api_key.clone();
            let ask = |body: Value| app.post("/api/sms/templates", Some(&s.token), body);
            let none = ask(json!({"api_key": key})).await;
            assert_eq!(none.status, StatusCode::OK, "{}", none.text());
            assert_eq!(none.json()["templates"], json!([]));
            assert!(
                none.json()["note"]
                    .as_str()
                    .unwrap()
                    .contains("کاوه‌نگار فهرست الگوها را از راه API نمی‌دهد")
            );

            kavenegar.add_template(&key, "verify", "کد %token");
            kavenegar.add_template(&key, "welcome", "خوش آمدید %token");
            assert_eq!(
                app.post(&s.path("send"), Some(&s.token), json!({})).await.status,
                StatusCode::OK
            );
            app.patch(
                &format!("/api/sms/{}", s.node),
                Some(&s.token),
                json!({"template": "welcome"}),
            )
            .await;
            assert_eq!(
                app.post(&s.path("send"), Some(&s.token), json!({})).await.status,
                StatusCode::OK
            );
            assert_eq!(
                app.post(&s.path("send"), Some(&s.token), json!({})).await.status,
                StatusCode::OK
            );
            // A refused template is no template of the account.
            app.patch(
                &format!("/api/sms/{}", s.node),
                Some(&s.token),
                json!({"template": "ghost"}),
            )
            .await;
            app.post(&s.path("send"), Some(&s.token), json!({})).await;

            let listed = ask(json!({"api_key": format!(" {key} ")})).await.json();
            let names: Vec<(&str, i64)> = listed["templates"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| (t["name"].as_str().unwrap(), t["sends"].as_i64().unwrap()))
                .collect();
            assert_eq!(names, [("welcome", 2), ("verify", 1)]);
            // The node's saved key, by its mask.
            let mask = s.data(&app).await["apiKey"].as_str().unwrap().to_owned();
            assert!(is_mask(&mask));
            let by_node = ask(json!({"api_key": mask, "node_id": s.node})).await.json();
            assert_eq!(by_node["templates"], listed["templates"]);
            // Another key, another user's: nothing of this history.
            let other = kavenegar.new_account().api_key;
            assert_eq!(ask(json!({"api_key": other})).await.json()["templates"], json!([]));
            ask(json!({"api_key": "short"})).await.assert_invalid("api_key", "sms_api_key_invalid");
            ask(json!({"api_key": mask})).await.assert_invalid("api_key", "sms_api_key_invalid");
            ask(json!({"api_key": "B2".repeat(24)}))
                .await
                .assert_invalid("api_key", "kavenegar_api_key_invalid");
            let (stranger, _) = app.register("stranger-templates@example.com").await;
            let response = app
                .post(
                    "/api/sms/templates",
                    Some(&stranger),
                    json!({"api_key": "", "node_id": s.node}),
                )
                .await;
            response.assert_error(404, "not_found");
        }
    })
    .await;
}

#[tokio::test]
async fn another_users_sms_node_is_not_found_and_the_key_never_goes_back() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let kavenegar = world.kavenegar.clone();
        async move {
            let s = scene(&app, &kavenegar, "owner-sms@example.com", json!({})).await;
            let (stranger, _) = app.register("stranger-sms@example.com").await;
            for tail in ["send", "test", "send-from-assistant", "send-bulk"] {
                let response = app.post(&s.path(tail), Some(&stranger), json!({})).await;
                failed(&response, 404, "not_found");
            }
            for tail in ["history", "last-status", "bulk-status/1"] {
                app.get(&s.path(tail), Some(&stranger)).await.assert_error(404, "not_found");
            }
            app.delete(&s.path("history"), Some(&stranger)).await.assert_error(404, "not_found");
            // Not an SMS node: 404 too.
            let assistant = Canvas::new(&app, s.user_id, s.project).assistant().await;
            let response =
                app.post(&format!("/api/sms/{assistant}/send"), Some(&s.token), json!({})).await;
            failed(&response, 404, "not_found");

            let key = s.account.api_key.clone();
            let answers = [
                app.get(&format!("/api/sms/{}", s.node), Some(&s.token)).await.text(),
                app.post(&s.path("send"), Some(&s.token), json!({})).await.text(),
                app.post(&s.path("test"), Some(&s.token), json!({})).await.text(),
                app.get(&s.path("history"), Some(&s.token)).await.text(),
                app.get(&s.path("last-status"), Some(&s.token)).await.text(),
                app.get(&format!("/api/projects/{}/nodes", s.project), Some(&s.token)).await.text(),
            ];
            for answer in answers {
                assert!(!answer.contains(&key), "the key went back: {answer}");
            }
            let shown = s.data(&app).await["apiKey"].as_str().unwrap().to_owned();
            assert!(is_mask(&shown) && shown.ends_with(&key[key.len() - 4..]), "{shown}");
            // The last-send fields are the server's: an edit cannot set them;
            // the mask sent back keeps the saved key.
            let edit = json!({"last_send_status": "forged", "message": "تازه", "api_key": shown});
            let patched = app.patch(&format!("/api/sms/{}", s.node), Some(&s.token), edit).await;
            assert_eq!(patched.status, StatusCode::OK, "{}", patched.text());
            let data = s.data(&app).await;
            assert_eq!(
                (data["lastSendStatus"].clone(), data["message"].clone()),
                (json!("sent"), json!("تازه"))
            );
            let response = app.post(&s.path("send"), Some(&s.token), json!({})).await;
            assert_eq!(response.status, StatusCode::OK, "{}", response.text());
        }
    })
    .await;
}

#[tokio::test]
async fn the_assistant_sends_with_its_send_sms_tool() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let (kavenegar, model) = (world.kavenegar.clone(), world.model.clone());
        async move {
            let s = scene(&app, &kavenegar, "tool@example.com", json!({})).await;
            let assistant = Canvas::new(&app, s.user_id, s.project).assistant().await;
            app.connect(
                &s.token,
                s.project,
                (NodeKind::Assistant, assistant),
                (NodeKind::Sms, s.node),
            )
            .await;
            let runtime = app
                .get(&format!("/api/playground/assistants/{assistant}/"), Some(&s.token))
                .await
                .json();
            let tool = &runtime["abilities"]["tools"][0];
            assert_eq!(tool["name"], "send_sms");
            assert!(
                tool["parameters"]["properties"].get("receptor").is_none(),
                "the node's number only"
            );

            model.push(Reply::ToolCalls(vec![ToolCall {
                name: "send_sms".into(),
                arguments: r#"{"message":"سفارش ۴۲ ارسال شد."}"#.into(),
            }]));
            let events =
                say(&app, &s.token, assistant, "به مشتری پیامک بده که سفارشش ارسال شد").await;
            let results = tool_results(&events);
            assert_eq!(results.len(), 1, "{events}");
            assert_eq!(results[0]["ok"], true, "{events}");
            let output: Value =
                serde_json::from_str(results[0]["output"].as_str().unwrap()).unwrap();
            assert_eq!(
                (output["status"].clone(), output["sent_to"].clone()),
                (json!("sent"), json!(1))
            );
            let sent =
                kavenegar.sent().into_iter().rfind(|m| m.api_key == s.account.api_key).unwrap();
            assert_eq!(
                (sent.receptor.as_str(), sent.message.as_str()),
                (RECEPTOR, "سفارش ۴۲ ارسال شد.")
            );
            assert!(events.contains("\"kind\":\"sms\""), "{events}");
            let history = app.get(&s.path("history"), Some(&s.token)).await.json();
            assert_eq!(
                (
                    history["sends"][0]["origin"].clone(),
                    history["sends"][0]["assistant_id"].clone()
                ),
                (json!("assistant"), json!(assistant))
            );
            // The model hears the result, and nothing of the key.
            let second = model.chat_requests().last().unwrap()["messages"].to_string();
            assert!(!second.contains(&s.account.api_key));

            // A receptor the node does not let it choose is refused to the model; nothing goes out.
            let before = kavenegar.sent().len();
            model.push(Reply::ToolCalls(vec![ToolCall {
                name: "send_sms".into(),
                arguments: r#"{"message":"سلام","receptor":"09351112233"}"#.into(),
            }]));
            let events = say(&app, &s.token, assistant, "به ۰۹۳۵۱۱۱۲۲۳۳ پیامک بده").await;
            let results = tool_results(&events);
            assert_eq!(results[0]["ok"], false, "{events}");
            assert!(
                results[0]["output"]
                    .as_str()
                    .unwrap()
                    .contains("گیرندهٔ این پیامک را خود گره تعیین می‌کند")
            );
            assert_eq!(kavenegar.sent().len(), before);

            // Kavenegar's refusal reaches the model in Persian.
            kavenegar.update_account(&s.account.api_key, |a| a.credit = 0);
            model.push(Reply::ToolCalls(vec![ToolCall {
                name: "send_sms".into(),
                arguments: r#"{"message":"سلام"}"#.into(),
            }]));
            let events = say(&app, &s.token, assistant, "پیامک بده").await;
            let results = tool_results(&events);
            assert_eq!(results[0]["ok"], false);
            assert!(
                results[0]["output"].as_str().unwrap().contains("اعتبار حساب کاوه‌نگار"),
                "{events}"
            );
        }
    })
    .await;
}

#[tokio::test]
async fn a_node_that_lets_the_model_choose_gets_the_receptor_it_gives() {
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let (kavenegar, model) = (world.kavenegar.clone(), world.model.clone());
        async move {
            let fields = json!({"send_method": "template", "template": "verify", "token": "0",
                                "allow_model_receptor": true});
            let s = scene(&app, &kavenegar, "choose@example.com", fields).await;
            kavenegar.add_template(&s.account.api_key, "verify", "کد ورود شما: %token");
            let assistant = Canvas::new(&app, s.user_id, s.project).assistant().await;
            app.connect(
                &s.token,
                s.project,
                (NodeKind::Assistant, assistant),
                (NodeKind::Sms, s.node),
            )
            .await;
            model.push(Reply::ToolCalls(vec![ToolCall {
                name: "send_sms".into(),
                arguments: r#"{"token":5531,"receptor":"+98 935 111 2233"}"#.into(),
            }]));
            let events = say(&app, &s.token, assistant, "کد ۵۵۳۱ را به ۰۹۳۵۱۱۱۲۲۳۳ بفرست").await;
            assert_eq!(tool_results(&events)[0]["ok"], true, "{events}");
            let sent =
                kavenegar.sent().into_iter().rfind(|m| m.api_key == s.account.api_key).unwrap();
            assert_eq!(
                (sent.receptor.as_str(), sent.message.as_str()),
                ("09351112233", "کد ورود شما: 5531")
            );
        }
    })
    .await;
}

#[tokio::test]
async fn the_model_sends_only_so_many_texts_an_hour_through_one_node() {
    use dastyar_server::runtime::sms_tool::MODEL_SENDS_PER_HOUR;
    let world = World::start().await;
    for_each_backend_with(world.configure(), |app| {
        let (kavenegar, model) = (world.kavenegar.clone(), world.model.clone());
        async move {
            let s = scene(&app, &kavenegar, "hourly@example.com", json!({})).await;
            let assistant = Canvas::new(&app, s.user_id, s.project).assistant().await;
            app.connect(&s.token, s.project, (NodeKind::Assistant, assistant), (NodeKind::Sms, s.node))
                .await;
            // The hour's allowance spent already (one an hour ago and more does not count).
            let now = chrono::Utc::now();
            for minutes in (0..MODEL_SENDS_PER_HOUR).map(|i| i + 1).chain([61]) {
                let at = dastyar_server::db::timestamp::of(now - chrono::TimeDelta::minutes(minutes.min(61)));
                sqlx::query(
                    "INSERT INTO sms_sends (node_id, user_id, origin, method, message, segments,
                         estimated_cost, status, response_message, entries, api_key_hash, created_at)
                     VALUES ($1, $2, 'assistant', 'simple', 'x', 1, 150, 'sent', '', '[]', 'h', $3)",
                )
                .bind(s.node)
                .bind(s.user_id)
                .bind(at)
                .execute(app.state.db.pool())
                .await
                .unwrap();
            }
            let before = kavenegar.sent().len();
            model.push(Reply::ToolCalls(vec![ToolCall {
                name: "send_sms".into(),
                arguments: r#"{"message":"باز هم سلام"}"#.into(),
            }]));
            let events = say(&app, &s.token, assistant, "پیامک بده").await;
            let results = tool_results(&events);
            assert_eq!(results[0]["ok"], false, "{events}");
            let max = dastyar_core::digits::persian_digits(&MODEL_SENDS_PER_HOUR.to_string());
            let said = MessageCode::SmsModelHourlyLimit.render(&[("max", &max)]);
            assert_eq!(results[0]["output"], said);
            assert_eq!(kavenegar.sent().len(), before, "nothing went out");
            // The panel still sends: the limit is on what the model asks.
            let sent = app.post(&s.path("send"), Some(&s.token), json!({})).await;
            assert_eq!(sent.status, StatusCode::OK, "{}", sent.text());
        }
    })
    .await;
}

//! The Kavenegar fake over real HTTP: it must speak Kavenegar's REST API as
//! Kavenegar does, errors included, or the server's SMS tests prove nothing.

use dastyar_fakes::kavenegar::{
    DEFAULT_LINE, FakeKavenegar, OWNER_NUMBER, PART_PRICE, STARTING_CREDIT, status_message,
};
use serde_json::{Value, json};

/// POSTs a form to `{scope}/{method}.json` with `key`: the HTTP status and the envelope.
async fn post(
    fake: &FakeKavenegar,
    key: &str,
    method: &str,
    form: &[(&str, &str)],
) -> (u16, Value) {
    let url = format!("{}/v1/{key}/{method}.json", fake.base_url);
    let body: String = form
        .iter()
        .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
        .collect::<Vec<_>>()
        .join("&");
    let response = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .header("accept", "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The entries of a call that must succeed.
async fn ok(fake: &FakeKavenegar, key: &str, method: &str, form: &[(&str, &str)]) -> Value {
    let (status, body) = post(fake, key, method, form).await;
    assert_eq!((status, &body["return"]["status"]), (200, &json!(200)), "{method}: {body}");
    assert_eq!(body["return"]["message"], "تایید شد");
    body["entries"].clone()
}

/// A call that must be refused with `code`: HTTP status and `return.status`
/// both, Kavenegar's message, no entries.
async fn refused(fake: &FakeKavenegar, key: &str, method: &str, form: &[(&str, &str)], code: u16) {
    let (status, body) = post(fake, key, method, form).await;
    assert_eq!(status, code, "{method} {form:?}: {body}");
    assert_eq!(body["return"]["status"], code, "{body}");
    assert_eq!(body["return"]["message"], status_message(code));
    assert!(body["entries"].is_null(), "{body}");
}

#[tokio::test]
async fn send_answers_one_entry_per_receptor_and_charges_per_part() {
    let fake = FakeKavenegar::start().await;
    let account = fake.new_account();
    assert_eq!(account.api_key.len(), 48);
    let text = "سلام! سفارش شما ثبت شد.";
    let entries = ok(
        &fake,
        &account.api_key,
        "sms/send",
        &[("receptor", "09123456789,+989351112233"), ("message", text)],
    )
    .await;
    let entries = entries.as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0]["receptor"], "09123456789");
    assert_eq!(entries[1]["receptor"], "09351112233");
    assert_eq!(entries[0]["sender"], DEFAULT_LINE);
    assert_eq!(entries[0]["message"], text);
    assert_eq!(
        (entries[0]["status"].clone(), entries[0]["statustext"].clone()),
        (json!(1), json!("در صف ارسال"))
    );
    assert_eq!(entries[0]["cost"], PART_PRICE);
    assert!(entries[1]["messageid"].as_i64() > entries[0]["messageid"].as_i64());
    assert_eq!(fake.account(&account.api_key).unwrap().credit, STARTING_CREDIT - 2 * PART_PRICE);

    // 71 Persian characters are two parts.
    let long = "س".repeat(71);
    let entries =
        ok(&fake, &account.api_key, "sms/send", &[("receptor", "9123456789"), ("message", &long)])
            .await;
    assert_eq!(entries[0]["cost"], 2 * PART_PRICE);
    let sent = fake.sent();
    assert_eq!(sent.len(), 3);
    assert_eq!(sent[2].method, "sms/send");
    assert_eq!(sent[2].message, long);
}

#[tokio::test]
async fn get_with_a_query_works_too_and_other_verbs_are_405() {
    let fake = FakeKavenegar::start().await;
    let key = fake.new_account().api_key;
    let url = format!("{}/v1/{key}/sms/send.json?receptor=09123456789&message=hi", fake.base_url);
    let body: Value = reqwest::get(&url).await.unwrap().json().await.unwrap();
    assert_eq!(body["return"]["status"], 200, "{body}");
    assert_eq!(body["entries"][0]["message"], "hi");
    let response = reqwest::Client::new().put(&url).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 405);
    let calls = fake.calls();
    assert_eq!(
        calls.iter().map(|c| (c.http_method.as_str(), c.status)).collect::<Vec<_>>(),
        [("GET", 200), ("PUT", 405)]
    );
    assert_eq!(
        calls[0].params,
        [
            ("receptor".to_owned(), "09123456789".to_owned()),
            ("message".to_owned(), "hi".to_owned())
        ]
    );
}

#[tokio::test]
async fn keys_accounts_and_methods_are_checked_first() {
    let fake = FakeKavenegar::start().await;
    let key = fake.new_account().api_key;
    let form = [("receptor", "09123456789"), ("message", "hi")];
    refused(&fake, "NOTAKEY", "sms/send", &form, 403).await;
    refused(&fake, &key, "sms/nothing", &form, 404).await;
    refused(&fake, &key, "call/maketts", &form, 404).await;
    fake.update_account(&key, |a| a.disabled = true);
    refused(&fake, &key, "sms/send", &form, 401).await;
    assert!(fake.sent().is_empty());
}

#[tokio::test]
async fn send_refuses_what_kavenegar_refuses() {
    let fake = FakeKavenegar::start().await;
    let account = fake.new_account();
    let key = account.api_key.as_str();
    let send = |form: Vec<(&'static str, String)>, code: u16| {
        let fake = fake.clone();
        let key = key.to_owned();
        async move {
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            refused(&fake, &key, "sms/send", &form, code).await;
        }
    };
    let to = |r: &str| ("receptor", r.to_owned());
    let text = |m: &str| ("message", m.to_owned());
    send(vec![text("hi")], 400).await;
    send(vec![to(""), text("hi")], 406).await;
    send(vec![to("09123456789")], 400).await;
    send(vec![to("09123456789"), text("  ")], 413).await;
    send(vec![to("09123456789"), text(&"a".repeat(901))], 413).await;
    send(vec![to("0812345678"), text("hi")], 411).await;
    send(vec![to("09123456789,x"), text("hi")], 411).await;
    send(vec![to(&vec!["09123456789"; 201].join(",")), text("hi")], 414).await;
    send(vec![to("09123456789"), text("hi"), ("sender", "3000123".into())], 412).await;
    fake.update_account(key, |a| a.links_allowed = false);
    send(vec![to("09123456789"), text("see https://shop.ir")], 420).await;
    fake.update_account(key, |a| a.credit = PART_PRICE - 1);
    send(vec![to("09123456789"), text("hi")], 418).await;
    fake.update_account(key, |a| {
        a.credit = STARTING_CREDIT;
        a.test_account = true;
    });
    send(vec![to("09123456789"), text("hi")], 501).await;
    assert!(fake.sent().is_empty(), "nothing refused was sent or charged");
    assert_eq!(fake.account(key).unwrap().credit, STARTING_CREDIT);
    // A test account reaches its owner, from one of its lines.
    let entries = ok(
        &fake,
        key,
        "sms/send",
        &[("receptor", OWNER_NUMBER), ("message", "hi"), ("sender", DEFAULT_LINE)],
    )
    .await;
    assert_eq!(entries[0]["receptor"], OWNER_NUMBER);
}

#[tokio::test]
async fn sendarray_takes_json_arrays_of_one_length() {
    let fake = FakeKavenegar::start().await;
    let key = fake.new_account().api_key;
    let receptors = json!(["09123456789", "09351112233"]).to_string();
    let messages = json!(["اولی", "دومی"]).to_string();
    let senders = json!([DEFAULT_LINE, DEFAULT_LINE]).to_string();
    let entries = ok(
        &fake,
        &key,
        "sms/sendarray",
        &[("receptor", &receptors), ("message", &messages), ("sender", &senders)],
    )
    .await;
    assert_eq!(entries.as_array().unwrap().len(), 2);
    assert_eq!(
        (entries[1]["receptor"].clone(), entries[1]["message"].clone()),
        (json!("09351112233"), json!("دومی"))
    );
    let one_sender = json!([DEFAULT_LINE]).to_string();
    refused(
        &fake,
        &key,
        "sms/sendarray",
        &[("receptor", &receptors), ("message", &messages), ("sender", &one_sender)],
        419,
    )
    .await;
    refused(&fake, &key, "sms/sendarray", &[("receptor", &receptors), ("message", &messages)], 400)
        .await;
    refused(
        &fake,
        &key,
        "sms/sendarray",
        &[("receptor", "0912"), ("message", &messages), ("sender", &senders)],
        400,
    )
    .await;
    let strangers = json!(["1000", "1000"]).to_string();
    refused(
        &fake,
        &key,
        "sms/sendarray",
        &[("receptor", &receptors), ("message", &messages), ("sender", &strangers)],
        412,
    )
    .await;
    let bad = json!(["09123456789", "0812"]).to_string();
    refused(
        &fake,
        &key,
        "sms/sendarray",
        &[("receptor", &bad), ("message", &messages), ("sender", &senders)],
        411,
    )
    .await;
    assert_eq!(fake.sent().len(), 2, "a refused array sends none of it");
}

#[tokio::test]
async fn lookup_fills_the_accounts_template() {
    let fake = FakeKavenegar::start().await;
    let key = fake.new_account().api_key;
    fake.add_template(&key, "verify", "کد تأیید شما: %token\nفروشگاه %token2");
    let entries = ok(
        &fake,
        &key,
        "verify/lookup",
        &[
            ("receptor", "09123456789"),
            ("template", "verify"),
            ("token", "4821"),
            ("token2", "سیب"),
        ],
    )
    .await;
    assert_eq!(entries[0]["message"], "کد تأیید شما: 4821\nفروشگاه سیب");
    assert_eq!(fake.sent()[0].template.as_deref(), Some("verify"));
    assert_eq!(fake.sent()[0].lookup_type.as_deref(), Some("sms"));
    let base = |extra: &[(&'static str, &'static str)]| {
        let mut form = vec![("receptor", "09123456789"), ("template", "verify"), ("token", "4821")];
        form.extend_from_slice(extra);
        form
    };
    refused(
        &fake,
        &key,
        "verify/lookup",
        &[("receptor", "09123456789"), ("template", "verify")],
        400,
    )
    .await;
    refused(
        &fake,
        &key,
        "verify/lookup",
        &[("receptor", "09123456789"), ("template", "nope"), ("token", "1")],
        424,
    )
    .await;
    refused(&fake, &key, "verify/lookup", &base(&[]), 432).await;
    refused(
        &fake,
        &key,
        "verify/lookup",
        &[("receptor", "09123456789"), ("template", "verify"), ("token", "48 21"), ("token2", "x")],
        431,
    )
    .await;
    refused(&fake, &key, "verify/lookup", &base(&[("token2", "x"), ("type", "call")]), 428).await;
    refused(
        &fake,
        &key,
        "verify/lookup",
        &[
            ("receptor", "09123456789,09351112233"),
            ("template", "verify"),
            ("token", "1"),
            ("token2", "x"),
        ],
        411,
    )
    .await;
    let long = "۱".repeat(101);
    refused(
        &fake,
        &key,
        "verify/lookup",
        &[("receptor", "09123456789"), ("template", "verify"), ("token", &long), ("token2", "x")],
        431,
    )
    .await;
    assert_eq!(fake.sent().len(), 1);
}

#[tokio::test]
async fn status_reports_delivery_and_unknown_ids() {
    let fake = FakeKavenegar::start().await;
    let key = fake.new_account().api_key;
    let entries =
        ok(&fake, &key, "sms/send", &[("receptor", "09123456789,09351112233"), ("message", "hi")])
            .await;
    let first = entries[0]["messageid"].as_i64().unwrap();
    let second = entries[1]["messageid"].as_i64().unwrap();
    fake.deliver(Some(first), 10);
    let ids = format!("{first},{second},42");
    let statuses = ok(&fake, &key, "sms/status", &[("messageid", &ids)]).await;
    assert_eq!(
        statuses,
        json!([
            {"messageid": first, "status": 10, "statustext": "رسیده به گیرنده"},
            {"messageid": second, "status": 1, "statustext": "در صف ارسال"},
            {"messageid": 42, "status": 100, "statustext": "شناسه پیامک نامعتبر است"},
        ])
    );
    // The id repeated, as the Go SDK sends a list.
    let (a, b) = (first.to_string(), second.to_string());
    let statuses = ok(&fake, &key, "sms/status", &[("messageid", &a), ("messageid", &b)]).await;
    assert_eq!(statuses.as_array().unwrap().len(), 2);
    refused(&fake, &key, "sms/status", &[], 400).await;
}

#[tokio::test]
async fn account_info_tells_the_credit_left() {
    let fake = FakeKavenegar::start().await;
    let key = fake.new_account().api_key;
    let info = ok(&fake, &key, "account/info", &[]).await;
    assert_eq!(info["remaincredit"], STARTING_CREDIT);
    assert!(info["expiredate"].as_i64().unwrap() > 1_700_000_000);
    assert_eq!(info["type"], "Master");
}

#[tokio::test]
async fn scripted_failures_http_200_errors_and_outages() {
    let fake = FakeKavenegar::start().await;
    let key = fake.new_account().api_key;
    let form = [("receptor", "09123456789"), ("message", "hi")];
    fake.fail_next("sms/send", 2, 451);
    refused(&fake, &key, "sms/send", &form, 451).await;
    refused(&fake, &key, "sms/send", &form, 451).await;
    ok(&fake, &key, "sms/send", &form).await;
    fake.fail_next("sms/send.json", 1, 607);
    refused(&fake, &key, "sms/send", &form, 607).await;

    fake.set_errors_with_http_200(true);
    let (status, body) = post(&fake, "NOTAKEY", "sms/send", &form).await;
    assert_eq!((status, &body["return"]["status"]), (200, &json!(403)), "{body}");
    fake.set_errors_with_http_200(false);

    fake.set_down(true);
    let url = format!("{}/v1/{key}/sms/send.json", fake.base_url);
    let response = reqwest::Client::new().post(&url).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 502);
    assert!(response.text().await.unwrap().contains("Bad Gateway"));
    fake.set_down(false);
    assert_eq!(fake.sent().len(), 1);
}

#[tokio::test]
async fn a_key_with_slashes_travels_escaped() {
    let fake = FakeKavenegar::start().await;
    let mut account = fake.new_account();
    account.api_key = "Ab1+/=".repeat(8);
    fake.add_account(account.clone());
    let info = ok(&fake, &encode(&account.api_key), "account/info", &[]).await;
    assert_eq!(info["remaincredit"], STARTING_CREDIT);
    assert_eq!(fake.calls()[0].api_key, account.api_key, "recorded decoded");
}

#[tokio::test]
async fn the_control_routes_script_it_over_http() {
    let fake = FakeKavenegar::start().await;
    let http = reqwest::Client::new();
    let control = |path: &str| format!("{}/_fake/{path}", fake.base_url);
    let account: Value = http
        .post(control("accounts"))
        .json(&json!({"test_account": true}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let key = account["api_key"].as_str().unwrap().to_owned();
    assert_eq!(account["test_account"], true);
    let response = http
        .post(control("templates"))
        .json(&json!({"api_key": key, "name": "verify", "text": "کد %token"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 204);
    let entries = ok(
        &fake,
        &key,
        "verify/lookup",
        &[("receptor", OWNER_NUMBER), ("template", "verify"), ("token", "12")],
    )
    .await;
    let id = entries[0]["messageid"].as_i64().unwrap();
    let response = http
        .post(control("deliver"))
        .json(&json!({"messageid": id, "status": 10}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 204);
    let sent: Value = http.get(control("sent")).send().await.unwrap().json().await.unwrap();
    assert_eq!(
        (sent[0]["message"].clone(), sent[0]["status"].clone()),
        (json!("کد 12"), json!(10))
    );
    let response = http
        .post(control("fail_next"))
        .json(&json!({"method": "account/info", "count": 1, "status": 409}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 204);
    refused(&fake, &key, "account/info", &[], 409).await;
    let calls: Value = http.get(control("calls")).send().await.unwrap().json().await.unwrap();
    assert_eq!(calls.as_array().unwrap().len(), 2);
    let response = http.post(control("down")).json(&json!({"down": true})).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 204);
    let response =
        http.post(control("fail_next")).json(&json!({"method": "x"})).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 400);
    let response = http
        .post(control("deliver"))
        .json(&json!({"messageid": 1, "status": 10}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 400, "no such message");
}

//! Per-kind node data against the spec: defaults (§3, §4, §9), the canvas
//! spellings, the backend's snake_case payloads and the round trips between them.

use std::collections::BTreeSet;

use dastyar_core::NodeKind;
use dastyar_core::data::apidefinition::ApiAuthType;
use dastyar_core::data::assistant::{
    ANALYZER_INSTRUCTIONS, AssistantData, AssistantType, DEFAULT_ANALYZER_MODEL,
    DEFAULT_ASSISTANT_INSTRUCTIONS, DEFAULT_ASSISTANT_MODEL, ProviderStatus,
};
use dastyar_core::data::common::NodeBase;
use dastyar_core::data::container::{DEFAULT_CONTAINER_HEIGHT, DEFAULT_CONTAINER_WIDTH};
use dastyar_core::data::function::default_function_parameters;
use dastyar_core::data::google::GoogleAuthStatus;
use dastyar_core::data::iframe::{FrameRecord, FrameTheme};
use dastyar_core::data::request::HttpMethod;
use dastyar_core::data::sms::{SmsSendMethod, SmsType};
use dastyar_core::data::telegram::TelegramRegisterPayload;
use dastyar_core::data::wordpress::{WordpressAuthType, WordpressPostFormat, WordpressPostStatus};
use dastyar_core::data::{CanvasNode, NodeData, NodePayload};
use dastyar_core::geometry::Position;
use dastyar_core::schedule::{IntervalUnit, Schedule, ScheduleType};
use dastyar_core::status::CreationStatus;
use serde_json::{Value, json};

// ---------------------------------------------------------------- helpers

fn keys(value: &Value) -> BTreeSet<String> {
    value.as_object().expect("an object").keys().cloned().collect()
}

fn set(names: &[&str]) -> BTreeSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// The base keys every canvas literal below carries.
fn base_json() -> Value {
    json!({
        "label": "گره",
        "width": 260.0,
        "height": 140.0,
        "creationStatus": "success",
        "status_info": { "subsystems": [
            { "type": "frame", "status": "active", "metadata": { "company_id": 7, "assistant_id": 12 } }
        ] }
    })
}

fn with_base(fields: Value) -> Value {
    let mut merged = base_json();
    merged.as_object_mut().unwrap().extend(fields.as_object().unwrap().clone());
    merged
}

/// Parses a canvas literal for a kind and checks, for that kind:
/// - every key written comes back out with the same value (so no spec key is
///   silently ignored or respelt), and serialised data parses back equal;
/// - the payload has exactly `payload_keys`, all snake_case;
/// - payload -> canvas gives the same data (but for `lost_to_placement`);
/// - payload JSON -> `NodePayload::from_json` -> same payload.
///
/// Returns the data and the payload JSON for kind-specific checks.
fn round_trip(
    kind: NodeKind,
    fields: Value,
    payload_keys: &[&str],
    lost_to_placement: &[&str],
) -> (NodeData, Value) {
    let canvas = with_base(fields);
    let data = NodeData::from_json(kind, canvas.clone()).expect("canvas data parses");
    assert_eq!(data.kind(), kind);

    let out = serde_json::to_value(&data).unwrap();
    assert_eq!(out["type"], kind.as_str());
    for (key, value) in canvas.as_object().unwrap() {
        assert_eq!(&out["data"][key], value, "{kind}: canvas key {key} did not survive");
    }
    assert_eq!(NodeData::from_json(kind, out["data"].clone()).unwrap(), data);
    let tagged: NodeData = serde_json::from_value(out.clone()).unwrap();
    assert_eq!(tagged, data);

    let payload = data.to_payload().expect("persisted kinds have a payload");
    assert_eq!(payload.kind(), kind);
    let payload_json = serde_json::to_value(&payload).unwrap();
    assert_eq!(keys(&payload_json), set(payload_keys), "{kind}: payload keys");
    for key in keys(&payload_json) {
        assert!(!key.chars().any(|c| c.is_ascii_uppercase()), "{kind}: {key} is not snake_case");
    }

    let base = data.base().clone();
    let back = payload.clone().into_node_data(base);
    let mut expected = out["data"].clone();
    for key in lost_to_placement {
        expected.as_object_mut().unwrap().remove(*key);
    }
    assert_eq!(serde_json::to_value(&back).unwrap()["data"], expected, "{kind}: payload -> canvas");
    if lost_to_placement.is_empty() {
        assert_eq!(back, data);
    }

    let reread = NodePayload::from_json(kind, payload_json.clone()).expect("payload parses");
    assert_eq!(reread, payload, "{kind}: payload JSON round trip");
    (data, payload_json)
}

// ---------------------------------------------------------------- defaults

#[test]
fn every_kind_has_a_default_labelled_pending_node() {
    for kind in NodeKind::ALL {
        let data = NodeData::default_for(kind);
        assert_eq!(data.kind(), kind);
        assert_eq!(data.base().label, kind.label());
        assert_eq!(data.base().creation_status, CreationStatus::Pending);
        assert_eq!(data.to_payload().is_some(), kind.is_persisted(), "{kind}");
        // The defaults serialise and read back unchanged.
        let json = serde_json::to_value(&data).unwrap();
        assert_eq!(NodeData::from_json(kind, json["data"].clone()).unwrap(), data, "{kind}");
    }
}

#[test]
fn spec_defaults() {
    let NodeData::Assistant(a) = NodeData::default_for(NodeKind::Assistant) else { panic!() };
    assert_eq!(a.model, "gpt-4.1-nano");
    assert_eq!(a.model, DEFAULT_ASSISTANT_MODEL);
    assert_eq!(a.instructions, "You are a helpful assistant.");
    assert_eq!(a.instructions, DEFAULT_ASSISTANT_INSTRUCTIONS);
    assert_eq!(a.assistant_type, AssistantType::Regular);
    assert!(!a.has_functions);
    assert_eq!(a.assistant_id, None);

    let NodeData::Analyzer(z) = NodeData::default_for(NodeKind::Analyzer) else { panic!() };
    assert_eq!(z.model, "gpt-4o");
    assert_eq!(z.model, DEFAULT_ANALYZER_MODEL);
    assert_eq!(z.instructions, ANALYZER_INSTRUCTIONS);
    assert!(ANALYZER_INSTRUCTIONS.contains("Persian"));
    assert_eq!(z.assistant_type, AssistantType::ConversationAnalyzer);
    assert_eq!(z, AssistantData { base: z.base.clone(), ..AssistantData::analyzer_default() });

    let NodeData::Apidefinition(d) = NodeData::default_for(NodeKind::Apidefinition) else {
        panic!()
    };
    assert_eq!(d.auth_type, ApiAuthType::None);
    assert_eq!(d.auth_data, json!({}));

    let NodeData::Request(r) = NodeData::default_for(NodeKind::Request) else { panic!() };
    assert_eq!(r.method, HttpMethod::Get);
    assert_eq!(r.body, Value::Null);
    assert_eq!(r.response_mapping, json!({}));

    let five_minutes = Schedule {
        schedule_type: ScheduleType::Interval,
        interval_value: Some(5),
        interval_unit: Some(IntervalUnit::Minutes),
        cron_expression: None,
        timezone: "Asia/Tehran".into(),
    };
    let NodeData::Scheduler(s) = NodeData::default_for(NodeKind::Scheduler) else { panic!() };
    assert_eq!(s.schedule, five_minutes);
    assert!(!s.is_active);
    assert_eq!(s.current_runs, 0);
    let NodeData::Trigger(t) = NodeData::default_for(NodeKind::Trigger) else { panic!() };
    assert_eq!(t.schedule, five_minutes);
    assert_eq!(t.context_data, json!({}));
    assert!(!t.is_active);

    let NodeData::Sms(m) = NodeData::default_for(NodeKind::Sms) else { panic!() };
    assert_eq!(m.send_method, SmsSendMethod::Simple);
    assert_eq!(m.sms_type, SmsType::Sms);
    assert_eq!(m.message, "");
    assert_eq!(m.sender, "", "the account's default line");
    assert!(!m.allow_model_receptor, "the node's own receptor");

    let NodeData::Wordpress(w) = NodeData::default_for(NodeKind::Wordpress) else { panic!() };
    assert_eq!(w.auth_type, WordpressAuthType::ApplicationPassword);
    assert_eq!(w.post_status, WordpressPostStatus::Draft);
    assert_eq!(w.post_format, WordpressPostFormat::Standard);
    assert!(w.is_active);
    assert!(!w.auto_publish);

    let NodeData::Iframe(i) = NodeData::default_for(NodeKind::Iframe) else { panic!() };
    assert_eq!(i.style, "default");
    assert!(!i.is_active);

    let NodeData::Container(c) = NodeData::default_for(NodeKind::Container) else { panic!() };
    assert_eq!((c.base.width, c.base.height), (Some(400.0), Some(300.0)));
    assert_eq!((DEFAULT_CONTAINER_WIDTH, DEFAULT_CONTAINER_HEIGHT), (400.0, 300.0));

    let NodeData::Googledoc(g) = NodeData::default_for(NodeKind::Googledoc) else { panic!() };
    assert_eq!(g.auth_status, GoogleAuthStatus::Pending);
    let NodeData::Googlesheet(g) = NodeData::default_for(NodeKind::Googlesheet) else { panic!() };
    assert_eq!(g.auth_status, GoogleAuthStatus::Pending);

    let NodeData::Function(f) = NodeData::default_for(NodeKind::Function) else { panic!() };
    assert_eq!(f.parameters, json!({ "type": "object", "properties": {}, "required": [] }));
    assert_eq!(f.parameters, default_function_parameters());

    let NodeData::Telegram(b) = NodeData::default_for(NodeKind::Telegram) else { panic!() };
    assert_eq!(b.settings, json!({}));
}

#[test]
fn default_enum_spellings() {
    let json = |v: &NodeData| serde_json::to_value(v).unwrap()["data"].clone();
    let a = json(&NodeData::default_for(NodeKind::Assistant));
    assert_eq!(a["assistant_type"], "regular");
    assert_eq!(
        json(&NodeData::default_for(NodeKind::Analyzer))["assistant_type"],
        "conversation_analyzer"
    );
    assert_eq!(json(&NodeData::default_for(NodeKind::Apidefinition))["authType"], "none");
    assert_eq!(json(&NodeData::default_for(NodeKind::Request))["method"], "GET");
    let s = json(&NodeData::default_for(NodeKind::Scheduler));
    assert_eq!(
        (&s["scheduleType"], &s["intervalValue"], &s["intervalUnit"], &s["timezone"]),
        (&json!("interval"), &json!(5), &json!("minutes"), &json!("Asia/Tehran"))
    );
    let m = json(&NodeData::default_for(NodeKind::Sms));
    assert_eq!((&m["sendMethod"], &m["smsType"]), (&json!("simple"), &json!("sms")));
    let w = json(&NodeData::default_for(NodeKind::Wordpress));
    assert_eq!(w["authType"], "application_password");
    assert_eq!(w["postStatus"], "draft");
    assert_eq!(w["postFormat"], "standard");
    assert_eq!(w["isActive"], true);
    assert_eq!(json(&NodeData::default_for(NodeKind::Googledoc))["auth_status"], "pending");
    assert_eq!(json(&NodeData::default_for(NodeKind::Container))["width"], 400.0);
    assert_eq!(a["creationStatus"], "pending");
}

// ---------------------------------------------------------------- kinds

#[test]
fn assistant() {
    let (data, payload) = round_trip(
        NodeKind::Assistant,
        json!({
            "assistant_id": "asst_abc123",
            "model": "gpt-4o-mini",
            "instructions": "به فارسی پاسخ بده.",
            "assistant_type": "regular",
            "hasFunctions": true,
            "vector_store_id": "vs_42",
            "provider_status": "registered"
        }),
        &[
            "instructions",
            "model",
            "assistant_type",
            "async",
            "count",
            "assistant_id",
            "vector_store_id",
            "has_functions",
            "provider_status",
        ],
        &[],
    );
    let NodeData::Assistant(a) = data else { panic!() };
    assert_eq!(a.provider_status, Some(ProviderStatus::Registered));
    assert_eq!(payload["provider_status"], "registered");
    assert!(a.has_functions);
    assert_eq!(a.vector_store_id.as_deref(), Some("vs_42"));
    assert_eq!(payload["async"], false);
    assert_eq!(payload["count"], 1);
    assert_eq!(payload["has_functions"], true);
    assert_eq!(payload["assistant_id"], "asst_abc123");
}

#[test]
fn analyzer() {
    let (_, payload) = round_trip(
        NodeKind::Analyzer,
        json!({
            "assistant_id": "asst_an1",
            "model": "gpt-4o",
            "instructions": ANALYZER_INSTRUCTIONS,
            "assistant_type": "conversation_analyzer",
            "hasFunctions": false,
            "vector_store_id": "vs_9"
        }),
        &[
            "instructions",
            "model",
            "assistant_type",
            "async",
            "count",
            "assistant_id",
            "vector_store_id",
            "has_functions",
        ],
        &[],
    );
    assert_eq!(payload["assistant_type"], "conversation_analyzer");
    // A partial analyzer body takes the analyzer's defaults, not the assistant's.
    let NodePayload::Analyzer(p) = NodePayload::from_json(NodeKind::Analyzer, json!({})).unwrap()
    else {
        panic!()
    };
    assert_eq!(p.model, "gpt-4o");
    assert_eq!(p.assistant_type, AssistantType::ConversationAnalyzer);
    let NodeData::Analyzer(d) = NodeData::from_json(NodeKind::Analyzer, json!({})).unwrap() else {
        panic!()
    };
    assert_eq!(d.instructions, ANALYZER_INSTRUCTIONS);
}

#[test]
fn assistant_create_payload_flags() {
    let p = NodePayload::from_json(
        NodeKind::Assistant,
        json!({ "project_id": 3, "name": "x", "position_x": 1, "position_y": 2,
                "async": true, "count": 1, "user_id": 99 }),
    )
    .unwrap();
    let NodePayload::Assistant(p) = p else { panic!() };
    assert!(p.run_async);
    assert_eq!(p.user_id, Some(99));
    assert_eq!(p.model, DEFAULT_ASSISTANT_MODEL);
    let json = serde_json::to_value(&p).unwrap();
    assert_eq!(json["async"], true);
    assert_eq!(json["user_id"], 99);
    assert!(json.get("project_id").is_none(), "placement is not part of the payload");
}

#[test]
fn vectorstore() {
    let (_, payload) = round_trip(
        NodeKind::Vectorstore,
        json!({ "vector_store_id": "vs_1" }),
        &["vector_store_id"],
        &[],
    );
    assert_eq!(payload["vector_store_id"], "vs_1");
}

#[test]
fn filedb_and_filerepository() {
    let files = json!([
        { "id": 1, "name": "قیمت‌ها.pdf", "size": 20480, "mime_type": "application/pdf",
          "uploaded_at": "2025-01-02T03:04:05Z" },
        { "id": 2, "name": "notes.txt" }
    ]);
    for kind in [NodeKind::Filedb, NodeKind::Filerepository] {
        let (_, payload) = round_trip(kind, json!({ "files": files }), &["files"], &[]);
        assert_eq!(payload["files"], files);
    }
}

#[test]
fn google_doc_and_sheet() {
    let (_, p) = round_trip(
        NodeKind::Googledoc,
        json!({ "doc_id": "1AbC", "doc_name": "قرارداد", "auth_status": "authorized" }),
        &["doc_id", "doc_name", "auth_status"],
        &[],
    );
    assert_eq!(p["auth_status"], "authorized");
    let (_, p) = round_trip(
        NodeKind::Googlesheet,
        json!({ "sheet_id": "9XyZ", "sheet_name": "فروش", "auth_status": "pending" }),
        &["sheet_id", "sheet_name", "auth_status"],
        &[],
    );
    assert_eq!(p["sheet_id"], "9XyZ");
}

#[test]
fn function() {
    let parameters = json!({
        "type": "object",
        "properties": { "city": { "type": "string", "description": "نام شهر" } },
        "required": ["city"]
    });
    let (data, payload) = round_trip(
        NodeKind::Function,
        json!({
            "functionName": "get_weather",
            "functionDescription": "Weather for a city",
            "parameters": parameters,
            "function_id": 31,
            "assistant_id": 12
        }),
        &[
            "name",
            "description",
            "parameters",
            "preserve_parameters",
            "function_id",
            "assistant_id",
        ],
        &[],
    );
    let NodeData::Function(f) = data else { panic!() };
    assert_eq!(f.function_name, "get_weather");
    assert_eq!(f.function_id, Some(31));
    assert_eq!(payload["name"], "get_weather");
    assert_eq!(payload["description"], "Weather for a city");
    assert_eq!(payload["parameters"], parameters);
    assert_eq!(payload["preserve_parameters"], false);
}

#[test]
fn telegram() {
    let (_, payload) = round_trip(
        NodeKind::Telegram,
        json!({
            "bot_token": "123456:ABC-DEF",
            "bot_username": "dastyar_bot",
            "bot_name": "دستیار",
            "database_id": 5,
            "container_id": 8,
            "company_id": 7,
            "settings": { "greeting": "سلام" },
            "webhook_url": "https://example.com/hook"
        }),
        &[
            "bot_token",
            "bot_username",
            "bot_name",
            "database_id",
            "company_id",
            "settings",
            "webhook_url",
        ],
        &["container_id"],
    );
    assert_eq!(payload["settings"]["greeting"], "سلام");
}

#[test]
fn telegram_register_payload() {
    let json = json!({
        "project_id": "14",
        "assistant_id": 12,
        "container_id": 8,
        "bot_token": "123456:ABC-DEF",
        "bot_username": "dastyar_bot",
        "bot_name": "دستیار",
        "name": "ربات",
        "position": { "x": 10.0, "y": 20.0 }
    });
    let p: TelegramRegisterPayload = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(p.project_id, "14");
    assert_eq!(p.position, Position { x: 10.0, y: 20.0 });
    assert_eq!(serde_json::to_value(&p).unwrap(), json);
    // The spec wants a string project id; a number is refused.
    let mut numeric = json.clone();
    numeric["project_id"] = json!(14);
    assert!(serde_json::from_value::<TelegramRegisterPayload>(numeric).is_err());
    let mut missing = json;
    missing.as_object_mut().unwrap().remove("project_id");
    assert!(serde_json::from_value::<TelegramRegisterPayload>(missing).is_err());
}

#[test]
fn apidefinition() {
    let (data, payload) = round_trip(
        NodeKind::Apidefinition,
        json!({
            "baseUrl": "https://api.example.com/v1",
            "authType": "api_key",
            "authData": { "key": "X-Api-Key", "value": "secret" },
            "defaultHeaders": { "Accept": "application/json" },
            "description": "CRM"
        }),
        &["base_url", "auth_type", "auth_data", "default_headers", "description"],
        &[],
    );
    let NodeData::Apidefinition(d) = data else { panic!() };
    assert_eq!(d.auth_type, ApiAuthType::ApiKey);
    assert_eq!(payload["base_url"], "https://api.example.com/v1");
    assert_eq!(payload["auth_type"], "api_key");
    assert_eq!(payload["default_headers"]["Accept"], "application/json");
    for (spelling, auth) in [
        ("none", ApiAuthType::None),
        ("bearer", ApiAuthType::Bearer),
        ("basic", ApiAuthType::Basic),
    ] {
        assert_eq!(serde_json::to_value(auth).unwrap(), spelling);
    }
}

#[test]
fn request() {
    let (data, payload) = round_trip(
        NodeKind::Request,
        json!({
            "method": "POST",
            "endpoint": "/customers",
            "headers": { "X-Trace": "1" },
            "queryParams": { "page": "2" },
            "body": { "name": "علی" },
            "apiDefinitionId": 4,
            "responseMapping": { "id": "$.data.id" }
        }),
        &[
            "api_definition_id",
            "method",
            "endpoint",
            "headers",
            "query_params",
            "body",
            "response_mapping",
        ],
        &[],
    );
    let NodeData::Request(r) = data else { panic!() };
    assert_eq!(r.method, HttpMethod::Post);
    assert_eq!(payload["api_definition_id"], 4);
    assert_eq!(payload["query_params"]["page"], "2");
    assert_eq!(payload["response_mapping"]["id"], "$.data.id");
    for (spelling, method) in [
        ("GET", HttpMethod::Get),
        ("PUT", HttpMethod::Put),
        ("PATCH", HttpMethod::Patch),
        ("DELETE", HttpMethod::Delete),
    ] {
        assert_eq!(serde_json::to_value(method).unwrap(), spelling);
    }
}

const SCHEDULER_PAYLOAD_KEYS: [&str; 9] = [
    "schedule_type",
    "interval_value",
    "interval_unit",
    "cron_expression",
    "timezone",
    "max_runs",
    "is_active",
    "next_run_time",
    "current_runs",
];

#[test]
fn scheduler() {
    let (data, payload) = round_trip(
        NodeKind::Scheduler,
        json!({
            "scheduleType": "cron",
            "intervalValue": 2,
            "intervalUnit": "hours",
            "cronExpression": "0 9 * * *",
            "timezone": "UTC",
            "maxRuns": 10,
            "isActive": true,
            "nextRunTime": "2025-01-02T09:00:00Z",
            "currentRuns": 3
        }),
        &SCHEDULER_PAYLOAD_KEYS,
        &[],
    );
    let NodeData::Scheduler(s) = data else { panic!() };
    assert_eq!(s.schedule.schedule_type, ScheduleType::Cron);
    assert_eq!(s.schedule.cron_expression.as_deref(), Some("0 9 * * *"));
    assert_eq!(payload["schedule_type"], "cron");
    assert_eq!(payload["interval_unit"], "hours");
    assert_eq!(payload["cron_expression"], "0 9 * * *");
    assert_eq!(payload["max_runs"], 10);
    assert_eq!(payload["is_active"], true);
    assert_eq!(payload["current_runs"], 3);
}

#[test]
fn trigger() {
    let (data, payload) = round_trip(
        NodeKind::Trigger,
        json!({
            "scheduleType": "interval",
            "intervalValue": 30,
            "intervalUnit": "seconds",
            "cronExpression": "*/5 * * * *",
            "timezone": "Asia/Tehran",
            "maxRuns": 100,
            "isActive": true,
            "nextRunTime": "2025-01-02T09:00:30Z",
            "currentRuns": 7,
            "messageTemplate": "گزارش روزانهٔ {date} را بفرست",
            "contextData": { "date": "today" },
            "lastRunTime": "2025-01-02T09:00:00Z"
        }),
        &[
            SCHEDULER_PAYLOAD_KEYS.as_slice(),
            &["message_template", "context_data", "last_run_time"],
        ]
        .concat(),
        &[],
    );
    let NodeData::Trigger(t) = data else { panic!() };
    assert_eq!(t.schedule.interval_unit, Some(IntervalUnit::Seconds));
    assert_eq!(t.current_runs, 7);
    assert_eq!(payload["message_template"], "گزارش روزانهٔ {date} را بفرست");
    assert_eq!(payload["context_data"]["date"], "today");
    assert_eq!(payload["schedule_type"], "interval");
    assert_eq!(payload["interval_value"], 30);
    assert_eq!(payload["last_run_time"], "2025-01-02T09:00:00Z");
}

#[test]
fn sms() {
    let (data, payload) = round_trip(
        NodeKind::Sms,
        json!({
            "apiKey": "4F6B2B4D2F5A3D2B6F5A4A4B2B4D2F5A3D2B6F5A4A4B2B4D",
            "sendMethod": "template",
            "receptor": "09121234567",
            "template": "verify",
            "token": "1234",
            "token2": "abcd",
            "smsType": "call",
            "message": "سلام",
            "sender": "10004346",
            "allowModelReceptor": true,
            "lastSendStatus": "sent",
            "lastSendTime": "2025-01-02T03:04:05Z",
            "lastResponseMessage": "ok"
        }),
        &[
            "api_key",
            "send_method",
            "receptor",
            "message",
            "template",
            "token",
            "token2",
            "sms_type",
            "sender",
            "allow_model_receptor",
            "last_send_status",
            "last_send_time",
            "last_response_message",
        ],
        &[],
    );
    let NodeData::Sms(m) = data else { panic!() };
    assert_eq!(m.send_method, SmsSendMethod::Template);
    assert_eq!(m.sms_type, SmsType::Call);
    assert_eq!(payload["send_method"], "template");
    assert_eq!(payload["sms_type"], "call");
    assert_eq!(payload["api_key"], "4F6B2B4D2F5A3D2B6F5A4A4B2B4D2F5A3D2B6F5A4A4B2B4D");
}

#[test]
fn iframe() {
    let (data, payload) = round_trip(
        NodeKind::Iframe,
        json!({
            "companyName": "شرکت نمونه",
            "authorizedDomains": ["example.com", "shop.example.com"],
            "style": "modern",
            "appearance": {"title": "پشتیبانی", "welcome": "سلام!", "color": "#0ea5e9",
                           "position": "bottom-left", "theme": "dark"},
            "isActive": true,
            "frameId": 3,
            "companyId": 7,
            "assistantId": 12,
            "apiKey": "key-1",
            "script": "<script src=\"https://x/frame.js\"></script>",
            "container_id": 8,
            "projectId": 14
        }),
        &[
            "company_name",
            "authorized_domains",
            "style",
            "appearance",
            "is_active",
            "frame_id",
            "company_id",
            "assistant_id",
            "api_key",
            "script",
        ],
        &["container_id", "projectId"],
    );
    let NodeData::Iframe(i) = data else { panic!() };
    assert_eq!(i.container_id, Some(8));
    assert_eq!(i.project_id, Some(14));
    assert_eq!(payload["authorized_domains"][1], "shop.example.com");
    assert_eq!(payload["appearance"]["position"], "bottom-left");
    assert_eq!(i.appearance.theme, FrameTheme::Dark);

    let frame: FrameRecord = serde_json::from_value(json!({ "company_id": 7 })).unwrap();
    assert_eq!(frame.style, "default");
    assert!(frame.authorized_domains.is_empty());
    let frame = FrameRecord {
        company_id: 7,
        authorized_domains: vec!["example.com".into()],
        style: "modern".into(),
    };
    assert_eq!(
        serde_json::to_value(&frame).unwrap(),
        json!({ "company_id": 7, "authorized_domains": ["example.com"], "style": "modern" })
    );
}

#[test]
fn wordpress() {
    let (data, payload) = round_trip(
        NodeKind::Wordpress,
        json!({
            "siteUrl": "https://blog.example.com",
            "authType": "basic",
            "authData": { "username": "admin", "applicationPassword": "", "password": "pw", "jwtToken": "" },
            "postStatus": "future",
            "postFormat": "gallery",
            "postTitle": "عنوان",
            "postContent": "<p>متن</p>",
            "postExcerpt": "خلاصه",
            "slug": "onvan",
            "categories": [1, 2],
            "tags": [5],
            "featuredImage": "https://blog.example.com/a.jpg",
            "authorId": 3,
            "customFields": { "rating": 5, "source": "bot" },
            "publishDate": "2025-02-01T10:00:00Z",
            "defaultCategory": 1,
            "defaultAuthor": 3,
            "defaultTags": [5, 6],
            "autoPublish": true,
            "wordpressCategories": [{ "id": 1, "name": "اخبار" }],
            "wordpressAuthors": [{ "id": 3, "name": "مدیر" }],
            "wordpressTags": [{ "id": 5, "name": "هوش مصنوعی" }],
            "description": "وبلاگ شرکت",
            "isActive": false
        }),
        &[
            "site_url",
            "auth_type",
            "auth_data",
            "post_status",
            "post_format",
            "post_title",
            "post_content",
            "post_excerpt",
            "slug",
            "categories",
            "tags",
            "featured_image",
            "author_id",
            "custom_fields",
            "publish_date",
            "default_category",
            "default_author",
            "default_tags",
            "auto_publish",
            "wordpress_categories",
            "wordpress_authors",
            "wordpress_tags",
            "description",
            "is_active",
        ],
        &[],
    );
    let NodeData::Wordpress(w) = data else { panic!() };
    assert_eq!(w.post_status, WordpressPostStatus::Future);
    assert_eq!(w.post_format, WordpressPostFormat::Gallery);
    assert_eq!(w.auth_data.password, "pw");
    // Inner auth keys stay camelCase in the payload.
    assert_eq!(
        keys(&payload["auth_data"]),
        set(&["username", "applicationPassword", "password", "jwtToken"])
    );
    assert_eq!(payload["site_url"], "https://blog.example.com");
    assert_eq!(payload["wordpress_tags"][0]["name"], "هوش مصنوعی");
    assert_eq!(payload["is_active"], false);
}

#[test]
fn container() {
    let (data, payload) = round_trip(NodeKind::Container, json!({}), &["width", "height"], &[]);
    assert_eq!(payload, json!({ "width": 260.0, "height": 140.0 }));
    assert_eq!(data.base().width, Some(260.0));
    // A stored size wins over the base's; a missing one is the default.
    let NodePayload::Container(p) = NodePayload::from_json(NodeKind::Container, json!({})).unwrap()
    else {
        panic!()
    };
    assert_eq!((p.width, p.height), (400.0, 300.0));
    let back = NodePayload::Container(p).into_node_data(NodeBase::default());
    assert_eq!((back.base().width, back.base().height), (Some(400.0), Some(300.0)));
    let NodeData::Container(c) =
        NodeData::from_json(NodeKind::Container, json!({ "label": "گروه" })).unwrap()
    else {
        panic!()
    };
    assert_eq!((c.base.width, c.base.height), (Some(400.0), Some(300.0)));
}

#[test]
fn instruction() {
    let (_, payload) = round_trip(
        NodeKind::Instruction,
        json!({ "content": "همیشه مودب باش." }),
        &["content"],
        &[],
    );
    assert_eq!(payload["content"], "همیشه مودب باش.");
}

#[test]
fn testframe_is_canvas_only() {
    let data = NodeData::from_json(
        NodeKind::Testframe,
        with_base(json!({ "assistantId": "assistant-12" })),
    )
    .unwrap();
    let NodeData::Testframe(t) = &data else { panic!() };
    assert_eq!(t.assistant_id.as_deref(), Some("assistant-12"));
    assert_eq!(serde_json::to_value(&data).unwrap()["data"]["assistantId"], "assistant-12");
    assert_eq!(data.to_payload(), None);
    assert!(NodePayload::from_json(NodeKind::Testframe, json!({})).is_err());
}

// ---------------------------------------------------------------- canvas nodes

#[test]
fn react_flow_node_parses() {
    let node: CanvasNode = serde_json::from_value(json!({
        "id": "assistant-12",
        "type": "assistant",
        "position": { "x": 1, "y": 2 },
        "selected": true,
        "dragging": false,
        "measured": { "width": 250, "height": 150 },
        "data": {
            "label": "پشتیبان",
            "creationStatus": "success",
            "assistant_id": "asst_1",
            "model": "gpt-4o",
            "hasFunctions": true
        }
    }))
    .unwrap();
    assert_eq!(node.id, "assistant-12");
    assert_eq!(node.kind(), NodeKind::Assistant);
    assert_eq!(node.position, Position { x: 1.0, y: 2.0 });
    assert_eq!(node.parent_id, None);
    let NodeData::Assistant(a) = &node.data else { panic!() };
    assert_eq!(a.base.label, "پشتیبان");
    assert_eq!(a.base.creation_status, CreationStatus::Success);
    assert_eq!(a.model, "gpt-4o");
    assert!(a.has_functions);
    // Missing fields take the assistant's defaults.
    assert_eq!(a.instructions, DEFAULT_ASSISTANT_INSTRUCTIONS);

    let out = serde_json::to_value(&node).unwrap();
    assert_eq!(out["type"], "assistant");
    assert_eq!(out["data"]["model"], "gpt-4o");
    assert!(out.get("parentId").is_none());
    assert!(out.get("selected").is_none());
    assert_eq!(serde_json::from_value::<CanvasNode>(out).unwrap(), node);
}

#[test]
fn react_flow_child_node_and_defaults() {
    let node: CanvasNode = serde_json::from_value(json!({
        "id": "scheduler-3",
        "type": "scheduler",
        "parentId": "container-8",
        "extent": "parent",
        "data": {}
    }))
    .unwrap();
    assert_eq!(node.parent_id.as_deref(), Some("container-8"));
    assert_eq!(node.position, Position::default());
    assert_eq!(node.data, NodeData::default_for(NodeKind::Scheduler));
    assert_eq!(serde_json::to_value(&node).unwrap()["parentId"], "container-8");
}

#[test]
fn unknown_or_missing_type_fails() {
    let unknown =
        json!({ "id": "x-1", "type": "spreadsheet", "position": { "x": 0, "y": 0 }, "data": {} });
    assert!(serde_json::from_value::<CanvasNode>(unknown).is_err());
    let missing = json!({ "id": "x-1", "position": { "x": 0, "y": 0 }, "data": {} });
    assert!(serde_json::from_value::<CanvasNode>(missing).is_err());
    let bad_data = json!({ "id": "request-1", "type": "request", "data": { "method": "FETCH" } });
    assert!(serde_json::from_value::<CanvasNode>(bad_data).is_err());
}

// ---------------------------------------------------------------- payloads

#[test]
fn every_payload_parses_from_an_empty_body_with_defaults() {
    for kind in NodeKind::ALL.into_iter().filter(|k| k.is_persisted()) {
        let payload = NodePayload::from_json(kind, json!({})).unwrap();
        assert_eq!(payload.kind(), kind);
        assert_eq!(Some(payload.clone()), NodeData::default_for(kind).to_payload(), "{kind}");
        let data = payload.into_node_data(NodeBase::for_kind(kind));
        assert_eq!(data, NodeData::default_for(kind), "{kind}");
        // A null body (a row without a payload) is the defaults too.
        assert!(NodePayload::from_json(kind, Value::Null).is_ok());
    }
}

#[test]
fn partial_payloads_keep_spec_defaults() {
    let NodePayload::Scheduler(s) =
        NodePayload::from_json(NodeKind::Scheduler, json!({ "is_active": true })).unwrap()
    else {
        panic!()
    };
    assert!(s.is_active);
    assert_eq!(s.interval_value, Some(5));
    assert_eq!(s.interval_unit, Some(IntervalUnit::Minutes));
    assert_eq!(s.timezone, "Asia/Tehran");

    let NodePayload::Trigger(t) =
        NodePayload::from_json(NodeKind::Trigger, json!({ "message_template": "سلام" })).unwrap()
    else {
        panic!()
    };
    assert_eq!(t.message_template, "سلام");
    assert_eq!(t.scheduler.schedule_type, ScheduleType::Interval);
    assert_eq!(t.scheduler.interval_value, Some(5));

    // An explicit null is kept as "no interval", unlike a missing key.
    let NodePayload::Trigger(t) = NodePayload::from_json(
        NodeKind::Trigger,
        json!({ "schedule_type": "cron", "cron_expression": "0 * * * *", "interval_value": null, "interval_unit": null }),
    )
    .unwrap() else {
        panic!()
    };
    assert_eq!((t.scheduler.interval_value, t.scheduler.interval_unit), (None, None));
    let data =
        NodePayload::Trigger(t.clone()).into_node_data(NodeBase::for_kind(NodeKind::Trigger));
    assert_eq!(data.to_payload(), Some(NodePayload::Trigger(t)));

    let NodePayload::Function(f) =
        NodePayload::from_json(NodeKind::Function, json!({ "name": "f" })).unwrap()
    else {
        panic!()
    };
    assert_eq!(f.parameters, default_function_parameters());
    assert!(!f.preserve_parameters);

    let NodePayload::Wordpress(w) =
        NodePayload::from_json(NodeKind::Wordpress, json!({ "site_url": "https://a.b" })).unwrap()
    else {
        panic!()
    };
    assert!(w.is_active);
    assert_eq!(w.auth_type, WordpressAuthType::ApplicationPassword);

    let NodePayload::Request(r) =
        NodePayload::from_json(NodeKind::Request, json!({ "endpoint": "/x", "method": "DELETE" }))
            .unwrap()
    else {
        panic!()
    };
    assert_eq!(r.method, HttpMethod::Delete);
    assert_eq!(r.api_definition_id, None);
}

#[test]
fn wrong_types_are_errors_not_panics() {
    let cases = [
        (NodeKind::Scheduler, json!({ "interval_value": "abc" })),
        (NodeKind::Trigger, json!({ "interval_unit": "weeks" })),
        (NodeKind::Assistant, json!({ "count": -1 })),
        (NodeKind::Request, json!({ "method": "get" })),
        (NodeKind::Apidefinition, json!({ "auth_type": "oauth" })),
        (NodeKind::Googledoc, json!({ "auth_status": "ok" })),
        (NodeKind::Filedb, json!({ "files": [{ "name": "no id" }, 3] })),
        (NodeKind::Iframe, json!({ "authorized_domains": "example.com" })),
        (NodeKind::Wordpress, json!({ "post_status": "published" })),
        (NodeKind::Sms, json!({ "send_method": "bulk" })),
        (NodeKind::Container, json!({ "width": "wide" })),
        (NodeKind::Instruction, json!([])),
        (NodeKind::Telegram, json!("token")),
    ];
    for (kind, body) in cases {
        assert!(NodePayload::from_json(kind, body.clone()).is_err(), "{kind}: {body}");
    }
    let canvas = [
        (NodeKind::Scheduler, json!({ "intervalValue": "abc" })),
        (NodeKind::Function, json!({ "function_id": "x" })),
        (NodeKind::Sms, json!({ "smsType": "fax" })),
        (NodeKind::Assistant, json!({ "creationStatus": "done" })),
    ];
    for (kind, data) in canvas {
        assert!(NodeData::from_json(kind, data.clone()).is_err(), "{kind}: {data}");
    }
}

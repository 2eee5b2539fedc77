//! The plain-Rust side of every function the wasm package exports.
//!
//! Each `#[wasm_bindgen]` export in `lib.rs` is a thin wrapper around one
//! function here, and [`dispatch`] maps each exported JavaScript name to the
//! same function with JSON arguments. The shared test vectors in
//! `tests/vectors/*.json` run through `dispatch` natively (`wasm/tests/vectors.rs`)
//! and through the real wasm exports in Node (`wasm/test/vectors.test.ts`), so
//! both sides must give exactly the same answers.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use dastyar_core::abilities::{self, Abilities, request_template};
use dastyar_core::connect::{
    self, EdgeData, EdgeKind, Graph, Neighbourhood, Proposal, ToldSiteUrl,
};
use dastyar_core::credits::CustomCredits;
use dastyar_core::data::apidefinition::{self, ApiAuthType, AuthField};
use dastyar_core::data::common::StatusInfo;
use dastyar_core::data::request::RequestPayload;
use dastyar_core::data::sms::SmsData;
use dastyar_core::data::wordpress::{
    self, WordpressAuthData, WordpressAuthField, WordpressAuthType,
};
use dastyar_core::data::{CanvasNode, NodeData, NodePayload};
use dastyar_core::downgrade::{self, QuotaExcess};
use dastyar_core::geometry::{self, Position, Rect, Viewport};
use dastyar_core::ids::{CanvasId, EdgeId};
use dastyar_core::kind::KindInfo;
use dastyar_core::limits::{self, LimitError, NodeCounts, NodeUsage, PlanQuota};
use dastyar_core::schedule::{self, Schedule, TimezoneChoice};
use dastyar_core::sms_billing::{self, SmsEstimate};
use dastyar_core::status::{self, CreationStatus, EdgeFailure, JobPhase, PollStep, RetryAction};
use dastyar_core::text::{normalise, terms};
use dastyar_core::transfer::{TransferEdge, TransferNode};
use dastyar_core::validate::{self, FieldError, sms::SmsConfigView};
use dastyar_core::{MessageCode, NodeKind, context_budget, digits, usage_cost};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::answers::{
    AuthFieldInfo, Checked, ConnectionCheck, Constants, Notice, Prepared, Problem,
};

// ---- Kinds and node data ----

/// Every node kind with its properties, in canvas order.
pub fn kinds() -> Vec<KindInfo> {
    NodeKind::ALL.into_iter().map(NodeKind::info).collect()
}

/// One kind's properties, or `None` when `kind` is not one of the nineteen type strings.
pub fn kind_info(kind: &str) -> Option<KindInfo> {
    kind.parse::<NodeKind>().ok().map(NodeKind::info)
}

/// A new node's `{type, data}` with the spec's defaults.
pub fn default_node_data(kind: NodeKind) -> NodeData {
    NodeData::default_for(kind)
}

/// The snake_case body the server takes for a node's data; `None` for the test frame.
pub fn node_payload(node: NodeData) -> Option<NodePayload> {
    node.to_payload()
}

/// The node data as it would be saved (normalised), with every malformed field.
pub fn prepare_node_data(mut node: NodeData) -> Prepared {
    let problems = validate::node::prepare_node_data(&mut node).err().unwrap_or_default();
    Prepared { data: node, problems: problems.into_iter().map(Problem::from).collect() }
}

// ---- Connections ----

pub fn check_connection(graph: Graph, proposal: Proposal) -> ConnectionCheck {
    connect::check_connection(&graph, &proposal).into()
}

/// `check_connection` on only the proposal's neighbourhood. `site_url_valid`
/// says whether a WordPress target's site address parses, as
/// `normalize_wordpress_url` (the URL module) answered; `None` before it has.
pub fn check_connection_around(
    around: Neighbourhood,
    proposal: Proposal,
    site_url_valid: Option<bool>,
) -> ConnectionCheck {
    connect::check_connection_around(&around, &proposal, &ToldSiteUrl(site_url_valid)).into()
}

pub fn allowed_targets(kind: NodeKind) -> Vec<NodeKind> {
    connect::allowed_targets(kind).to_vec()
}

pub fn allowed_sources(kind: NodeKind) -> Vec<NodeKind> {
    connect::allowed_sources(kind)
}

pub fn edge_kind(source: NodeKind, target: NodeKind) -> Option<EdgeKind> {
    connect::edge_kind(source, target)
}

/// A new pending edge's data; `None` when an id is not a canvas id.
pub fn new_edge_data(kind: EdgeKind, source: &str, target: &str) -> Option<EdgeData> {
    Some(EdgeData::new(kind, CanvasId::parse(source)?, CanvasId::parse(target)?))
}

/// The subsystems running in a container, computed from the graph.
pub fn container_status_info(graph: Graph, container_id: &str) -> StatusInfo {
    connect::container_status_info(&graph, container_id)
}

pub fn disconnect_warning(source: CanvasNode, target: CanvasNode) -> Option<Notice> {
    connect::disconnect_warning(&source, &target).map(Notice::from)
}

pub fn edge_failure(source: NodeKind, target: NodeKind) -> EdgeFailure {
    status::edge_failure(source, target)
}

// ---- The assistant at work ----

/// What an assistant (or analyzer) can do, from the graph around it.
pub fn assistant_abilities(graph: Graph, assistant_id: &str) -> Abilities {
    abilities::abilities(&graph, assistant_id)
}

/// The `{{placeholders}}` a request uses, sorted, each once.
pub fn request_placeholders(payload: RequestPayload) -> Vec<String> {
    request_template::placeholders(&payload)
}

/// The credits a reply costs.
pub fn reply_cost(model: &str, prompt_tokens: u32, completion_tokens: u32) -> i64 {
    usage_cost::reply_cost(model, prompt_tokens, completion_tokens)
}

/// The model's context window in tokens.
pub fn context_window(model: &str) -> u32 {
    context_budget::context_window(model)
}

// ---- Ids ----

pub fn parse_canvas_id(id: &str) -> Option<CanvasId> {
    CanvasId::parse(id)
}

pub fn canvas_id(kind: NodeKind, database_id: i64) -> String {
    CanvasId::saved(kind, database_id).to_string()
}

pub fn temporary_id(kind: NodeKind, now_ms: i64) -> String {
    CanvasId::temporary(kind, now_ms).to_string()
}

pub fn edge_id(
    source_kind: NodeKind,
    source_id: i64,
    target_kind: NodeKind,
    target_id: i64,
    timestamp: i64,
) -> String {
    EdgeId { source_kind, source_id, target_kind, target_id, timestamp }.to_string()
}

pub fn parse_edge_id(id: &str) -> Option<EdgeId> {
    EdgeId::parse(id)
}

// ---- Field validators ----

pub fn normalize_iranian_mobile(input: &str) -> Checked<String> {
    validate::phone::normalize_iranian_mobile(input).into()
}

pub fn normalize_receptors(input: &str) -> Checked<Vec<String>> {
    validate::phone::normalize_receptors(input).into()
}

pub fn validate_sms_api_key(key: &str) -> Checked<()> {
    validate::sms::validate_sms_api_key(key).into()
}

pub fn sms_template_valid(template: &str, token: &str) -> bool {
    validate::sms::sms_template_valid(template, token)
}

/// Everything missing or malformed in an SMS node's configuration.
pub fn sms_config_problems(sms: SmsData) -> Vec<Problem> {
    let view = SmsConfigView {
        api_key: &sms.api_key,
        receptor: &sms.receptor,
        send_method: sms.send_method,
        message: &sms.message,
        template: &sms.template,
        token: &sms.token,
    };
    problems(validate::sms::sms_config_errors(&view))
}

pub fn validate_schedule(schedule: Schedule) -> Checked<()> {
    schedule::validate_schedule(&schedule).into()
}

pub fn validate_trigger_schedule(message_template: &str, schedule: Schedule) -> Checked<()> {
    schedule::validate_trigger_schedule(message_template, &schedule).into()
}

/// The next `count` runs after `after` (RFC 3339), as RFC 3339 UTC times.
pub fn next_runs(schedule: Schedule, after: &str, count: usize) -> Checked<Vec<String>> {
    let Ok(after) = DateTime::parse_from_rfc3339(after) else {
        return Err(FieldError::new("after", MessageCode::InvalidInput)).into();
    };
    schedule::next_runs(&schedule, after.with_timezone(&Utc), count)
        .map(|runs| runs.iter().map(|t| t.to_rfc3339()).collect())
        .into()
}

pub fn timezone_choices() -> Vec<TimezoneChoice> {
    schedule::TIMEZONE_CHOICES.to_vec()
}

pub fn normalize_wordpress_url(url: &str) -> Checked<String> {
    validate::wordpress::normalize_wordpress_url(url).into()
}

pub fn wordpress_auth_problems(
    auth_type: WordpressAuthType,
    auth: WordpressAuthData,
) -> Vec<Problem> {
    problems(validate::wordpress::wordpress_auth_errors(auth_type, &auth))
}

/// A WordPress auth type's credentials, in form order.
pub fn wordpress_auth_fields(
    auth_type: WordpressAuthType,
) -> Vec<AuthFieldInfo<WordpressAuthField>> {
    auth_type
        .fields()
        .iter()
        .map(|&field| AuthFieldInfo { field, secret: field.is_secret() })
        .collect()
}

/// authData with only the auth type's credentials (the others blank).
pub fn wordpress_auth_data_for(
    auth_type: WordpressAuthType,
    auth_data: WordpressAuthData,
) -> WordpressAuthData {
    wordpress::auth_data_for(auth_type, &auth_data)
}

/// An API-definition auth type's credentials, in form order.
pub fn auth_fields(auth_type: ApiAuthType) -> Vec<AuthFieldInfo<AuthField>> {
    auth_type
        .fields()
        .iter()
        .map(|&field| AuthFieldInfo { field, secret: field.is_secret() })
        .collect()
}

pub fn auth_data_for(auth_type: ApiAuthType, auth_data: Value) -> Value {
    Value::Object(apidefinition::auth_data_for(auth_type, &auth_data))
}

pub fn validate_telegram_registration(payload: Value) -> Checked<()> {
    validate::telegram::validate_telegram_registration(&payload).into()
}

pub fn validate_telegram_token(token: &str) -> Checked<()> {
    validate::telegram::validate_telegram_token(token).into()
}

pub fn validate_function_parameters(schema: Value) -> Checked<()> {
    validate::function_schema::validate_function_parameters(&schema).into()
}

pub fn validate_function_name(name: &str) -> Checked<()> {
    validate::function_schema::validate_function_name(name).into()
}

fn problems(errors: Vec<FieldError>) -> Vec<Problem> {
    errors.into_iter().map(Problem::from).collect()
}

// ---- SMS math ----

pub fn estimate_sms(text: &str, premium: bool) -> SmsEstimate {
    sms_billing::estimate_sms(text, premium)
}

// ---- Search text ----

/// Text as the knowledge search indexes and matches it.
pub fn normalize_text(text: &str) -> String {
    normalise::normalise(text)
}

/// The terms a search query looks up.
pub fn search_terms(text: &str) -> Vec<String> {
    terms::query_terms(text)
}

// ---- Geometry ----

pub fn grouping_box(positions: Vec<Position>) -> Option<Rect> {
    geometry::grouping_box(&positions)
}

pub fn absolute_position(container: Position, relative: Position) -> Position {
    geometry::absolute_position(container, relative)
}

pub fn relative_position(container: Position, absolute: Position) -> Position {
    geometry::relative_position(container, absolute)
}

pub fn position_outside_container(container: Rect, relative: Position) -> Position {
    geometry::position_outside_container(container, relative)
}

pub fn viewport_centre(viewport: Viewport, pane_width: f64, pane_height: f64) -> Position {
    geometry::viewport_centre(viewport, pane_width, pane_height)
}

pub fn drop_target(node: Position, containers: Vec<(String, Rect)>) -> Option<String> {
    geometry::drop_target(node, &containers).map(str::to_owned)
}

// ---- States ----

pub fn creation_status_after_success(
    kind: NodeKind,
    attached_to_assistant: bool,
) -> CreationStatus {
    CreationStatus::after_success(kind, attached_to_assistant)
}

pub fn retry_action(kind: NodeKind, canvas_id: &str, status: CreationStatus) -> RetryAction {
    status::retry_action(kind, canvas_id, status)
}

/// What the job poller does after attempt `attempt` saw the job's `status`.
pub fn poll_step(job_status: &str, attempt: u32) -> PollStep {
    status::poll_step(JobPhase::from_status(job_status), attempt)
}

// ---- Plan limits ----

pub fn check_node_limit(kind: NodeKind, usage: NodeUsage) -> Option<LimitError> {
    limits::check_node_limit(kind, &usage).err()
}

/// The limit error when nodes of `kinds` may not all be added, else none.
pub fn check_node_limits(kinds: Vec<NodeKind>, usage: NodeUsage) -> Option<LimitError> {
    limits::check_node_limits(&kinds, &usage).err()
}

pub fn is_limit_failure(http_status: Option<u16>, text: &str) -> bool {
    limits::is_limit_failure(http_status, text)
}

pub fn quota_excess(quota: PlanQuota, counts: NodeCounts) -> Vec<QuotaExcess> {
    downgrade::quota_excess(&quota, &counts)
}

// ---- Messages and constants ----

/// The Persian text of a message with its `{placeholders}` filled.
pub fn message(code: MessageCode, params: BTreeMap<String, String>) -> String {
    code.render(&pairs(&params))
}

/// The English text the spec quotes for a message, if any.
pub fn english_message(code: MessageCode, params: BTreeMap<String, String>) -> Option<String> {
    code.render_english(&pairs(&params))
}

fn pairs(params: &BTreeMap<String, String>) -> Vec<(&str, &str)> {
    params.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}

/// Every code with its Persian text (placeholders unfilled).
pub fn message_catalogue() -> BTreeMap<String, &'static str> {
    MessageCode::ALL.iter().map(|code| (code.code(), code.persian())).collect()
}

pub fn persian_digits(text: &str) -> String {
    digits::persian_digits(text)
}

pub fn ascii_digits(text: &str) -> String {
    digits::ascii_digits(text)
}

// ---- Payments and credits ----

pub fn card_last_four(card_number: &str) -> Checked<String> {
    validate::card::card_last_four(card_number).into()
}

pub fn custom_credit_price(custom: CustomCredits, credits: i64) -> Option<i64> {
    custom.price(credits)
}

pub fn constants() -> Constants {
    Constants::CURRENT
}

/// Calls the function exported to JavaScript as `function` with JSON
/// arguments and answers its result as JSON; `None` when no such function is
/// exported. Panics when the arguments do not fit the function (a broken
/// test vector).
pub fn dispatch(function: &str, args: &[Value]) -> Option<Value> {
    macro_rules! call {
        ($f:expr;) => {{
            assert!(args.is_empty(), "{function} takes no arguments");
            json($f())
        }};
        ($f:expr; $($arg:ident: $ty:ty),+) => {{
            let ($($arg,)+): ($($ty,)+) = parse_args(function, args);
            json(($f)($($arg),+))
        }};
    }
    let result = match function {
        "kinds" => call!(kinds;),
        "kindInfo" => call!(|k: String| kind_info(&k); k: String),
        "defaultNodeData" => call!(default_node_data; k: NodeKind),
        "nodePayload" => call!(node_payload; n: NodeData),
        "prepareNodeData" => call!(prepare_node_data; n: NodeData),
        "checkConnection" => call!(check_connection; g: Graph, p: Proposal),
        "checkConnectionAround" => {
            call!(check_connection_around; n: Neighbourhood, p: Proposal, v: Option<bool>)
        }
        "allowedTargets" => call!(allowed_targets; k: NodeKind),
        "allowedSources" => call!(allowed_sources; k: NodeKind),
        "edgeKind" => call!(edge_kind; s: NodeKind, t: NodeKind),
        "newEdgeData" => {
            call!(|k, s: String, t: String| new_edge_data(k, &s, &t); k: EdgeKind, s: String, t: String)
        }
        "containerStatusInfo" => {
            call!(|g, id: String| container_status_info(g, &id); g: Graph, id: String)
        }
        "assistantAbilities" => {
            call!(|g, id: String| assistant_abilities(g, &id); g: Graph, id: String)
        }
        "requestPlaceholders" => call!(request_placeholders; p: RequestPayload),
        "replyCost" => {
            call!(|m: String, p, c| reply_cost(&m, p, c); m: String, p: u32, c: u32)
        }
        "contextWindow" => call!(|m: String| context_window(&m); m: String),
        "disconnectWarning" => call!(disconnect_warning; s: CanvasNode, t: CanvasNode),
        "edgeFailure" => call!(edge_failure; s: NodeKind, t: NodeKind),
        "parseCanvasId" => call!(|id: String| parse_canvas_id(&id); id: String),
        "canvasId" => call!(canvas_id; k: NodeKind, id: i64),
        "temporaryId" => call!(temporary_id; k: NodeKind, ms: i64),
        "edgeId" => call!(edge_id; sk: NodeKind, si: i64, tk: NodeKind, ti: i64, ts: i64),
        "parseEdgeId" => call!(|id: String| parse_edge_id(&id); id: String),
        "normalizeIranianMobile" => call!(|s: String| normalize_iranian_mobile(&s); s: String),
        "normalizeReceptors" => call!(|s: String| normalize_receptors(&s); s: String),
        "validateSmsApiKey" => call!(|s: String| validate_sms_api_key(&s); s: String),
        "smsTemplateValid" => {
            call!(|a: String, b: String| sms_template_valid(&a, &b); a: String, b: String)
        }
        "smsConfigProblems" => call!(sms_config_problems; s: SmsData),
        "validateSchedule" => call!(validate_schedule; s: Schedule),
        "validateTriggerSchedule" => {
            call!(|m: String, s| validate_trigger_schedule(&m, s); m: String, s: Schedule)
        }
        "nextRuns" => {
            call!(|s, a: String, n| next_runs(s, &a, n); s: Schedule, a: String, n: usize)
        }
        "timezoneChoices" => call!(timezone_choices;),
        "normalizeWordpressUrl" => call!(|s: String| normalize_wordpress_url(&s); s: String),
        "wordpressAuthProblems" => {
            call!(wordpress_auth_problems; t: WordpressAuthType, a: WordpressAuthData)
        }
        "wordpressAuthFields" => call!(wordpress_auth_fields; t: WordpressAuthType),
        "wordpressAuthDataFor" => {
            call!(wordpress_auth_data_for; t: WordpressAuthType, a: WordpressAuthData)
        }
        "authFields" => call!(auth_fields; t: ApiAuthType),
        "authDataFor" => call!(auth_data_for; t: ApiAuthType, a: Value),
        "validateTelegramRegistration" => call!(validate_telegram_registration; v: Value),
        "validateTelegramToken" => call!(|s: String| validate_telegram_token(&s); s: String),
        "validateFunctionParameters" => call!(validate_function_parameters; v: Value),
        "validateFunctionName" => call!(|s: String| validate_function_name(&s); s: String),
        "estimateSms" => call!(|s: String, p| estimate_sms(&s, p); s: String, p: bool),
        "normalizeText" => call!(|s: String| normalize_text(&s); s: String),
        "searchTerms" => call!(|s: String| search_terms(&s); s: String),
        "groupingBox" => call!(grouping_box; p: Vec<Position>),
        "absolutePosition" => call!(absolute_position; c: Position, r: Position),
        "relativePosition" => call!(relative_position; c: Position, a: Position),
        "positionOutsideContainer" => call!(position_outside_container; c: Rect, r: Position),
        "viewportCentre" => call!(viewport_centre; v: Viewport, w: f64, h: f64),
        "dropTarget" => call!(drop_target; n: Position, c: Vec<(String, Rect)>),
        "creationStatusAfterSuccess" => call!(creation_status_after_success; k: NodeKind, a: bool),
        "retryAction" => {
            call!(|k, id: String, s| retry_action(k, &id, s); k: NodeKind, id: String, s: CreationStatus)
        }
        "pollStep" => call!(|s: String, n| poll_step(&s, n); s: String, n: u32),
        "checkNodeLimit" => call!(check_node_limit; k: NodeKind, u: NodeUsage),
        "checkNodeLimits" => call!(check_node_limits; k: Vec<NodeKind>, u: NodeUsage),
        "quotaExcess" => call!(quota_excess; q: PlanQuota, c: NodeCounts),
        "isLimitFailure" => {
            call!(|h, t: String| is_limit_failure(h, &t); h: Option<u16>, t: String)
        }
        "message" => call!(message; c: MessageCode, p: BTreeMap<String, String>),
        "englishMessage" => call!(english_message; c: MessageCode, p: BTreeMap<String, String>),
        "messageCatalogue" => call!(message_catalogue;),
        "persianDigits" => call!(|s: String| persian_digits(&s); s: String),
        "asciiDigits" => call!(|s: String| ascii_digits(&s); s: String),
        "cardLastFour" => call!(|s: String| card_last_four(&s); s: String),
        "customCreditPrice" => call!(custom_credit_price; c: CustomCredits, n: i64),
        "constants" => call!(constants;),
        "parseTransfer" => call!(|t: String| crate::transfer::parse_transfer(&t); t: String),
        "newTransfer" => {
            call!(crate::transfer::new_transfer; n: Option<String>, ns: Vec<TransferNode>, es: Vec<TransferEdge>)
        }
        "stripSecrets" => call!(crate::transfer::strip_secrets; k: NodeKind, d: Value),
        _ => return None,
    };
    Some(result)
}

/// The arguments as a tuple of the function's parameter types (this also checks their number).
fn parse_args<T: DeserializeOwned>(function: &str, args: &[Value]) -> T {
    serde_json::from_value(Value::Array(args.to_vec()))
        .unwrap_or_else(|e| panic!("{function}: arguments {args:?} do not fit: {e}"))
}

fn json<T: Serialize>(value: T) -> Value {
    serde_json::to_value(value).expect("results serialise to JSON")
}

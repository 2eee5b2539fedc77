//! The exports the canvas needs from its first paint: kinds, node data,
//! connections, ids, validators, geometry, limits, messages and transfer.
//! They leave out the time-zone database and Unicode normalisation, which
//! only `lazy` reaches.

use wasm_bindgen::prelude::*;

use crate::{api, from_js, to_js, transfer};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
import type {
  Stripped, Transfer, TransferEdge, TransferNode,
  Abilities, ApiAuthType, AuthField, AuthFieldInfo, CanvasId, CanvasNode, Checked, ConnectionCheck,
  Constants, CreationStatus, CustomCredits, EdgeData, EdgeFailure, EdgeId, EdgeKind, Graph, KindInfo,
  LimitError, MessageCode, Neighbourhood, NodeCounts, NodeData, NodeKind, NodePayload, NodeUsage, Notice,
  PlanQuota, PollStep, Position, Prepared, Problem, Proposal, QuotaExcess, Rect, RequestPayload,
  RetryAction, Schedule, SmsData, SmsEstimate, StatusInfo, TimezoneChoice, Viewport,
  WordpressAuthData, WordpressAuthField, WordpressAuthType,
} from "../types/index.js";
export type * from "../types/index.js";
"#;

/// A token count: a whole JavaScript number from 0 to 2³² − 1; anything else throws.
fn token_count(value: f64) -> Result<u32, JsError> {
    u32::try_from(whole(value)?).map_err(|_| JsError::new(&format!("{value} is not a token count")))
}

/// A whole JavaScript number as an i64; fractions, NaN and out-of-range values throw.
fn whole(value: f64) -> Result<i64, JsError> {
    let fits = value.fract() == 0.0 && value.abs() <= 9_007_199_254_740_991.0;
    if fits {
        Ok(value as i64)
    } else {
        Err(JsError::new(&format!("{value} is not a whole number")))
    }
}

/// Every node kind with its properties.
#[wasm_bindgen(js_name = kinds, unchecked_return_type = "KindInfo[]")]
pub fn kinds() -> Result<JsValue, JsError> {
    to_js(&api::kinds())
}

/// One kind's properties, or null for an unknown type string.
#[wasm_bindgen(js_name = kindInfo, unchecked_return_type = "KindInfo | null")]
pub fn kind_info(kind: &str) -> Result<JsValue, JsError> {
    to_js(&api::kind_info(kind))
}

/// A new node's `{type, data}` with the spec's defaults.
#[wasm_bindgen(js_name = defaultNodeData, unchecked_return_type = "NodeData")]
pub fn default_node_data(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] kind: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::default_node_data(from_js(kind)?))
}

/// The snake_case body the server takes for a node's `{type, data}`; null for the test frame.
#[wasm_bindgen(js_name = nodePayload, unchecked_return_type = "NodePayload | null")]
pub fn node_payload(
    #[wasm_bindgen(unchecked_param_type = "NodeData")] node: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::node_payload(from_js(node)?))
}

/// `checkConnection` on only the proposal's neighbourhood (the ends whole,
/// the edges touching them, the nodes around by id and kind): what a
/// connection drag asks at every pointer move, without reading the whole
/// graph. `siteUrlValid` is whether a WordPress target's site address parses
/// (`normalizeWordpressUrl(...).ok`), undefined while unknown.
#[wasm_bindgen(js_name = checkConnectionAround, unchecked_return_type = "ConnectionCheck")]
pub fn check_connection_around(
    #[wasm_bindgen(unchecked_param_type = "Neighbourhood")] around: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Proposal")] proposal: JsValue,
    site_url_valid: Option<bool>,
) -> Result<JsValue, JsError> {
    to_js(&api::check_connection_around(from_js(around)?, from_js(proposal)?, site_url_valid))
}

/// The kinds a kind may connect to.
#[wasm_bindgen(js_name = allowedTargets, unchecked_return_type = "NodeKind[]")]
pub fn allowed_targets(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] kind: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::allowed_targets(from_js(kind)?))
}

/// The kinds that may connect to a kind (the connection table read backwards).
#[wasm_bindgen(js_name = allowedSources, unchecked_return_type = "NodeKind[]")]
pub fn allowed_sources(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] kind: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::allowed_sources(from_js(kind)?))
}

/// The edge kind of an allowed pair, or null.
#[wasm_bindgen(js_name = edgeKind, unchecked_return_type = "EdgeKind | null")]
pub fn edge_kind(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] source: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] target: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::edge_kind(from_js(source)?, from_js(target)?))
}

/// A new pending edge's data with its flags and related ids; null when an id is not a canvas id.
#[wasm_bindgen(js_name = newEdgeData, unchecked_return_type = "EdgeData | null")]
pub fn new_edge_data(
    #[wasm_bindgen(unchecked_param_type = "EdgeKind")] edge_kind: JsValue,
    source: &str,
    target: &str,
) -> Result<JsValue, JsError> {
    to_js(&api::new_edge_data(from_js(edge_kind)?, source, target))
}

/// The subsystems running in a container (its status_info), computed from the graph.
#[wasm_bindgen(js_name = containerStatusInfo, unchecked_return_type = "StatusInfo")]
pub fn container_status_info(
    #[wasm_bindgen(unchecked_param_type = "Graph")] graph: JsValue,
    container_id: &str,
) -> Result<JsValue, JsError> {
    to_js(&api::container_status_info(from_js(graph)?, container_id))
}

/// The `{{placeholders}}` a request uses (endpoint, query and header values,
/// body strings), sorted, each once.
#[wasm_bindgen(js_name = requestPlaceholders, unchecked_return_type = "string[]")]
pub fn request_placeholders(
    #[wasm_bindgen(unchecked_param_type = "RequestPayload")] payload: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::request_placeholders(from_js(payload)?))
}

/// The credits a reply of the model costs (at least 1).
#[wasm_bindgen(js_name = replyCost, unchecked_return_type = "number")]
pub fn reply_cost(
    model: &str,
    prompt_tokens: f64,
    completion_tokens: f64,
) -> Result<JsValue, JsError> {
    to_js(&api::reply_cost(model, token_count(prompt_tokens)?, token_count(completion_tokens)?))
}

/// The model's context window in tokens (8,192 for a model it does not know).
#[wasm_bindgen(js_name = contextWindow, unchecked_return_type = "number")]
pub fn context_window(model: &str) -> Result<JsValue, JsError> {
    to_js(&api::context_window(model))
}

/// The warning to show before disconnecting these two nodes, or null.
#[wasm_bindgen(js_name = disconnectWarning, unchecked_return_type = "Notice | null")]
pub fn disconnect_warning(
    #[wasm_bindgen(unchecked_param_type = "CanvasNode")] source: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CanvasNode")] target: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::disconnect_warning(from_js(source)?, from_js(target)?))
}

/// What to do with an edge the server refused: mark it or remove it.
#[wasm_bindgen(js_name = edgeFailure, unchecked_return_type = "EdgeFailure")]
pub fn edge_failure(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] source: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] target: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::edge_failure(from_js(source)?, from_js(target)?))
}

/// Parses `type-databaseId` or `type-temp-millis`; null when malformed.
#[wasm_bindgen(js_name = parseCanvasId, unchecked_return_type = "CanvasId | null")]
pub fn parse_canvas_id(id: &str) -> Result<JsValue, JsError> {
    to_js(&api::parse_canvas_id(id))
}

/// `type-databaseId`.
#[wasm_bindgen(js_name = canvasId, unchecked_return_type = "string")]
pub fn canvas_id(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] kind: JsValue,
    database_id: f64,
) -> Result<JsValue, JsError> {
    to_js(&api::canvas_id(from_js(kind)?, whole(database_id)?))
}

/// A temporary id from the creation time in ms.
#[wasm_bindgen(js_name = temporaryId, unchecked_return_type = "string")]
pub fn temporary_id(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] kind: JsValue,
    now_ms: f64,
) -> Result<JsValue, JsError> {
    to_js(&api::temporary_id(from_js(kind)?, whole(now_ms)?))
}

/// `e{sourceType}-{sourceId}-{targetType}-{targetId}-{timestamp}`.
#[wasm_bindgen(js_name = edgeId, unchecked_return_type = "string")]
pub fn edge_id(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] source_kind: JsValue,
    source_id: f64,
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] target_kind: JsValue,
    target_id: f64,
    timestamp: f64,
) -> Result<JsValue, JsError> {
    to_js(&api::edge_id(
        from_js(source_kind)?,
        whole(source_id)?,
        from_js(target_kind)?,
        whole(target_id)?,
        whole(timestamp)?,
    ))
}

/// Parses an edge id; null when malformed.
#[wasm_bindgen(js_name = parseEdgeId, unchecked_return_type = "EdgeId | null")]
pub fn parse_edge_id(id: &str) -> Result<JsValue, JsError> {
    to_js(&api::parse_edge_id(id))
}

/// An Iranian mobile number as `09xxxxxxxxx`.
#[wasm_bindgen(js_name = normalizeIranianMobile, unchecked_return_type = "Checked<string>")]
pub fn normalize_iranian_mobile(input: &str) -> Result<JsValue, JsError> {
    to_js(&api::normalize_iranian_mobile(input))
}

/// A comma-separated list of mobile numbers, each normalised.
#[wasm_bindgen(js_name = normalizeReceptors, unchecked_return_type = "Checked<string[]>")]
pub fn normalize_receptors(input: &str) -> Result<JsValue, JsError> {
    to_js(&api::normalize_receptors(input))
}

/// 40 to 80 of letters, digits, + / =.
#[wasm_bindgen(js_name = validateSmsApiKey, unchecked_return_type = "Checked<null>")]
pub fn validate_sms_api_key(key: &str) -> Result<JsValue, JsError> {
    to_js(&api::validate_sms_api_key(key))
}

/// A template and its token are both present.
#[wasm_bindgen(js_name = smsTemplateValid, unchecked_return_type = "boolean")]
pub fn sms_template_valid(template: &str, token: &str) -> Result<JsValue, JsError> {
    to_js(&api::sms_template_valid(template, token))
}

/// Everything missing or malformed in an SMS node's data; empty when complete.
#[wasm_bindgen(js_name = smsConfigProblems, unchecked_return_type = "Problem[]")]
pub fn sms_config_problems(
    #[wasm_bindgen(unchecked_param_type = "SmsData")] sms: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::sms_config_problems(from_js(sms)?))
}

/// An interval or cron schedule in an IANA timezone.
#[wasm_bindgen(js_name = validateSchedule, unchecked_return_type = "Checked<null>")]
pub fn validate_schedule(
    #[wasm_bindgen(unchecked_param_type = "Schedule")] schedule: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::validate_schedule(from_js(schedule)?))
}

/// A trigger's message template and schedule.
#[wasm_bindgen(js_name = validateTriggerSchedule, unchecked_return_type = "Checked<null>")]
pub fn validate_trigger_schedule(
    message_template: &str,
    #[wasm_bindgen(unchecked_param_type = "Schedule")] schedule: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::validate_trigger_schedule(message_template, from_js(schedule)?))
}

/// The timezones offered in schedule forms.
#[wasm_bindgen(js_name = timezoneChoices, unchecked_return_type = "TimezoneChoice[]")]
pub fn timezone_choices() -> Result<JsValue, JsError> {
    to_js(&api::timezone_choices())
}

/// What the chosen WordPress authentication still lacks; empty when complete.
#[wasm_bindgen(js_name = wordpressAuthProblems, unchecked_return_type = "Problem[]")]
pub fn wordpress_auth_problems(
    #[wasm_bindgen(unchecked_param_type = "WordpressAuthType")] auth_type: JsValue,
    #[wasm_bindgen(unchecked_param_type = "WordpressAuthData")] auth_data: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::wordpress_auth_problems(from_js(auth_type)?, from_js(auth_data)?))
}

/// The credentials an API-definition auth type keeps in authData, in form
/// order, and which of them are secret.
#[wasm_bindgen(js_name = authFields, unchecked_return_type = "AuthFieldInfo<AuthField>[]")]
pub fn auth_fields(
    #[wasm_bindgen(unchecked_param_type = "ApiAuthType")] auth_type: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::auth_fields(from_js(auth_type)?))
}

/// authData reduced to the auth type's string credentials.
#[wasm_bindgen(js_name = authDataFor, unchecked_return_type = "Record<string, string>")]
pub fn auth_data_for(
    #[wasm_bindgen(unchecked_param_type = "ApiAuthType")] auth_type: JsValue,
    auth_data: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::auth_data_for(from_js(auth_type)?, from_js(auth_data)?))
}

/// The credentials a WordPress auth type signs in with, in form order, and
/// which of them are secret.
#[wasm_bindgen(
    js_name = wordpressAuthFields,
    unchecked_return_type = "AuthFieldInfo<WordpressAuthField>[]"
)]
pub fn wordpress_auth_fields(
    #[wasm_bindgen(unchecked_param_type = "WordpressAuthType")] auth_type: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::wordpress_auth_fields(from_js(auth_type)?))
}

/// WordPress authData keeping only the auth type's credentials (the others blank).
#[wasm_bindgen(js_name = wordpressAuthDataFor, unchecked_return_type = "WordpressAuthData")]
pub fn wordpress_auth_data_for(
    #[wasm_bindgen(unchecked_param_type = "WordpressAuthType")] auth_type: JsValue,
    #[wasm_bindgen(unchecked_param_type = "WordpressAuthData")] auth_data: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::wordpress_auth_data_for(from_js(auth_type)?, from_js(auth_data)?))
}

/// A bot registration payload has a non-empty string project_id.
#[wasm_bindgen(js_name = validateTelegramRegistration, unchecked_return_type = "Checked<null>")]
pub fn validate_telegram_registration(
    #[wasm_bindgen(unchecked_param_type = "unknown")] payload: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::validate_telegram_registration(from_js(payload)?))
}

/// A bot token of the form `123456:secret`.
#[wasm_bindgen(js_name = validateTelegramToken, unchecked_return_type = "Checked<null>")]
pub fn validate_telegram_token(token: &str) -> Result<JsValue, JsError> {
    to_js(&api::validate_telegram_token(token))
}

/// An object schema with at least one property.
#[wasm_bindgen(js_name = validateFunctionParameters, unchecked_return_type = "Checked<null>")]
pub fn validate_function_parameters(
    #[wasm_bindgen(unchecked_param_type = "unknown")] schema: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::validate_function_parameters(from_js(schema)?))
}

/// A tool name the model accepts.
#[wasm_bindgen(js_name = validateFunctionName, unchecked_return_type = "Checked<null>")]
pub fn validate_function_name(name: &str) -> Result<JsValue, JsError> {
    to_js(&api::validate_function_name(name))
}

/// Characters, segments and cost of an SMS text.
#[wasm_bindgen(js_name = estimateSms, unchecked_return_type = "SmsEstimate")]
pub fn estimate_sms(text: &str, premium: bool) -> Result<JsValue, JsError> {
    to_js(&api::estimate_sms(text, premium))
}

/// The new container's box around the selected nodes; null for none.
#[wasm_bindgen(js_name = groupingBox, unchecked_return_type = "Rect | null")]
pub fn grouping_box(
    #[wasm_bindgen(unchecked_param_type = "Position[]")] positions: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::grouping_box(from_js(positions)?))
}

/// A child's absolute position.
#[wasm_bindgen(js_name = absolutePosition, unchecked_return_type = "Position")]
pub fn absolute_position(
    #[wasm_bindgen(unchecked_param_type = "Position")] container: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Position")] relative: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::absolute_position(from_js(container)?, from_js(relative)?))
}

/// A position relative to a container.
#[wasm_bindgen(js_name = relativePosition, unchecked_return_type = "Position")]
pub fn relative_position(
    #[wasm_bindgen(unchecked_param_type = "Position")] container: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Position")] absolute: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::relative_position(from_js(container)?, from_js(absolute)?))
}

/// Where a node lands when taken out of a container.
#[wasm_bindgen(js_name = positionOutsideContainer, unchecked_return_type = "Position")]
pub fn position_outside_container(
    #[wasm_bindgen(unchecked_param_type = "Rect")] container: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Position")] relative: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::position_outside_container(from_js(container)?, from_js(relative)?))
}

/// The flow coordinates of the pane's centre.
#[wasm_bindgen(js_name = viewportCentre, unchecked_return_type = "Position")]
pub fn viewport_centre(
    #[wasm_bindgen(unchecked_param_type = "Viewport")] viewport: JsValue,
    pane_width: f64,
    pane_height: f64,
) -> Result<JsValue, JsError> {
    to_js(&api::viewport_centre(from_js(viewport)?, pane_width, pane_height))
}

/// The container a node dropped here falls into, or null.
#[wasm_bindgen(js_name = dropTarget, unchecked_return_type = "string | null")]
pub fn drop_target(
    #[wasm_bindgen(unchecked_param_type = "Position")] node: JsValue,
    #[wasm_bindgen(unchecked_param_type = "[string, Rect][]")] containers: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::drop_target(from_js(node)?, from_js(containers)?))
}

/// success, or pending_assistant for a function on its own.
#[wasm_bindgen(js_name = creationStatusAfterSuccess, unchecked_return_type = "CreationStatus")]
pub fn creation_status_after_success(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] kind: JsValue,
    attached_to_assistant: bool,
) -> Result<JsValue, JsError> {
    to_js(&api::creation_status_after_success(from_js(kind)?, attached_to_assistant))
}

/// Recreate, re-send the update, or not retryable.
#[wasm_bindgen(js_name = retryAction, unchecked_return_type = "RetryAction")]
pub fn retry_action(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] kind: JsValue,
    canvas_id: &str,
    #[wasm_bindgen(unchecked_param_type = "CreationStatus")] status: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::retry_action(from_js(kind)?, canvas_id, from_js(status)?))
}

/// What the job poller does after this attempt.
#[wasm_bindgen(js_name = pollStep, unchecked_return_type = "PollStep")]
pub fn poll_step(job_status: &str, attempt: u32) -> Result<JsValue, JsError> {
    to_js(&api::poll_step(job_status, attempt))
}

/// The limit error when one more node of the kind is not allowed, else null.
#[wasm_bindgen(js_name = checkNodeLimit, unchecked_return_type = "LimitError | null")]
pub fn check_node_limit(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NodeUsage")] usage: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::check_node_limit(from_js(kind)?, from_js(usage)?))
}

/// The limit error when nodes of these kinds may not all be added at once, else null.
#[wasm_bindgen(js_name = checkNodeLimits, unchecked_return_type = "LimitError | null")]
pub fn check_node_limits(
    #[wasm_bindgen(unchecked_param_type = "NodeKind[]")] kinds: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NodeUsage")] usage: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::check_node_limits(from_js(kinds)?, from_js(usage)?))
}

/// Per limited kind, how many nodes are over a plan's quota (0 when it fits).
#[wasm_bindgen(js_name = quotaExcess, unchecked_return_type = "QuotaExcess[]")]
pub fn quota_excess(
    #[wasm_bindgen(unchecked_param_type = "PlanQuota")] quota: JsValue,
    #[wasm_bindgen(unchecked_param_type = "NodeCounts")] counts: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::quota_excess(from_js(quota)?, from_js(counts)?))
}

/// Whether a failed add was a plan limit.
#[wasm_bindgen(js_name = isLimitFailure, unchecked_return_type = "boolean")]
pub fn is_limit_failure(http_status: Option<u16>, text: &str) -> Result<JsValue, JsError> {
    to_js(&api::is_limit_failure(http_status, text))
}

/// A message's Persian text with its placeholders filled.
#[wasm_bindgen(js_name = message, unchecked_return_type = "string")]
pub fn message(
    #[wasm_bindgen(unchecked_param_type = "MessageCode")] code: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, string>")] params: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::message(from_js(code)?, from_js(params)?))
}

/// The English text the spec quotes for a message, or null.
#[wasm_bindgen(js_name = englishMessage, unchecked_return_type = "string | null")]
pub fn english_message(
    #[wasm_bindgen(unchecked_param_type = "MessageCode")] code: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, string>")] params: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&api::english_message(from_js(code)?, from_js(params)?))
}

/// Every message code with its Persian text.
#[wasm_bindgen(js_name = messageCatalogue, unchecked_return_type = "Record<MessageCode, string>")]
pub fn message_catalogue() -> Result<JsValue, JsError> {
    to_js(&api::message_catalogue())
}

/// ASCII digits as Persian digits.
#[wasm_bindgen(js_name = persianDigits, unchecked_return_type = "string")]
pub fn persian_digits(text: &str) -> Result<JsValue, JsError> {
    to_js(&api::persian_digits(text))
}

/// Persian and Arabic-Indic digits as ASCII ones.
#[wasm_bindgen(js_name = asciiDigits, unchecked_return_type = "string")]
pub fn ascii_digits(text: &str) -> Result<JsValue, JsError> {
    to_js(&api::ascii_digits(text))
}

/// A 16-digit card number's last four digits (any digits, spaces and dashes allowed).
#[wasm_bindgen(js_name = cardLastFour, unchecked_return_type = "Checked<string>")]
pub fn card_last_four(card_number: &str) -> Result<JsValue, JsError> {
    to_js(&api::card_last_four(card_number))
}

/// The price in rials of a custom number of credits; null outside the offer's range.
#[wasm_bindgen(js_name = customCreditPrice, unchecked_return_type = "number | null")]
pub fn custom_credit_price(
    #[wasm_bindgen(unchecked_param_type = "CustomCredits")] custom: JsValue,
    credits: f64,
) -> Result<JsValue, JsError> {
    // A fraction or a number past i64 is no amount on offer.
    if credits.fract() != 0.0 || !(i64::MIN as f64..=i64::MAX as f64).contains(&credits) {
        return to_js(&None::<i64>);
    }
    to_js(&api::custom_credit_price(from_js(custom)?, credits as i64))
}

/// The spec's business constants.
#[wasm_bindgen(js_name = constants, unchecked_return_type = "Constants")]
pub fn constants() -> Result<JsValue, JsError> {
    to_js(&api::constants())
}

/// A transfer file's text (an exported project, a copied selection) read and
/// checked: broken JSON, another format, a newer version or parts that do not
/// fit are refused with a Persian message.
#[wasm_bindgen(js_name = parseTransfer, unchecked_return_type = "Checked<Transfer>")]
pub fn parse_transfer(text: &str) -> Result<JsValue, JsError> {
    to_js(&transfer::parse_transfer(text))
}

/// A transfer file of the current version (no name for a fragment), with
/// every secret stripped from the nodes' data and listed in `secretsRemoved`.
#[wasm_bindgen(js_name = newTransfer, unchecked_return_type = "Transfer")]
pub fn new_transfer(
    #[wasm_bindgen(unchecked_param_type = "string | null")] name: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TransferNode[]")] nodes: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TransferEdge[]")] edges: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&transfer::new_transfer(from_js(name)?, from_js(nodes)?, from_js(edges)?))
}

/// A kind's payload data with its secrets emptied, and the fields emptied.
#[wasm_bindgen(js_name = stripSecrets, unchecked_return_type = "Stripped")]
pub fn strip_secrets(
    #[wasm_bindgen(unchecked_param_type = "NodeKind")] kind: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, unknown>")] data: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&transfer::strip_secrets(from_js(kind)?, from_js(data)?))
}

//! Sending through an SMS node: its saved configuration, with what a
//! request overrides for one send, checked by core's rules before anything
//! reaches Kavenegar; then sent, kept in the history, and the node's
//! last-send fields filled in. A send Kavenegar refuses or cannot take is
//! kept too, and answered as its error with the send's id in the details.

use dastyar_core::MessageCode;
use dastyar_core::data::NodePayload;
use dastyar_core::data::sms::{SmsSendMethod, SmsType};
use dastyar_core::sms_billing::{estimate_sms, sms_cost};
use dastyar_core::validate::FieldError;
use dastyar_core::validate::field_sizes::MESSAGE_MAX_CHARS;
use dastyar_core::validate::phone::{normalize_iranian_mobile, normalize_receptors};
use dastyar_core::validate::sms::{
    SmsConfigView, normalize_sms_sender, sms_config_errors, validate_sms_api_key,
    validate_sms_token,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use ts_rs::TS;
use utoipa::ToSchema;

use super::history::{SmsEntry, SmsMethod, SmsOrigin, SmsSendView};
use super::node::{SmsNode, client, key_hash};
use crate::canvas::nodes::rewrite_payload;
use crate::error::ApiError;
use crate::providers::kavenegar::{
    BulkItem, KavenegarError, Lookup, LookupKind, SentMessage, SimpleSend,
};
use crate::state::AppState;
use crate::store::sms::{self as store, NewSend};

/// Most receptors (or bulk messages) one send takes, as Kavenegar does.
pub const MAX_RECEPTORS: usize = 200;

/// `POST /sms/{id}/send`: the saved configuration, with these replacing
/// the saved values for this send only.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, TS)]
#[serde(default)]
#[ts(export, export_to = "api/")]
pub struct SmsSendRequest {
    /// Receptors, comma-separated (Iranian mobiles).
    #[ts(optional)]
    pub receptor: Option<String>,
    /// The text (simple method).
    #[ts(optional)]
    pub message: Option<String>,
    /// The template's tokens (template method).
    #[ts(optional)]
    pub token: Option<String>,
    #[ts(optional)]
    pub token2: Option<String>,
}

/// `POST /sms/{id}/send-from-assistant`: a send by the assistant joined to
/// the node (the first one, unless `assistant_id` names another).
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, TS)]
#[serde(default)]
#[ts(export, export_to = "api/")]
pub struct SmsAssistantSendRequest {
    /// The assistant node's database id.
    #[ts(optional)]
    pub assistant_id: Option<i64>,
    /// Only when the node's `allow_model_receptor` is on.
    #[ts(optional)]
    pub receptor: Option<String>,
    #[ts(optional)]
    pub message: Option<String>,
    #[ts(optional)]
    pub token: Option<String>,
    #[ts(optional)]
    pub token2: Option<String>,
}

/// `POST /sms/{id}/send-bulk`: one text per receptor, in one call.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, TS)]
#[serde(default)]
#[ts(export, export_to = "api/")]
pub struct SmsBulkRequest {
    pub messages: Vec<SmsBulkMessage>,
    /// The Kavenegar line; the node's `sender` when absent.
    #[ts(optional)]
    pub sender: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema, TS)]
#[serde(default)]
#[ts(export, export_to = "api/")]
pub struct SmsBulkMessage {
    pub receptor: String,
    pub message: String,
}

/// A send Kavenegar took.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct SmsSendAnswer {
    /// `sent`.
    pub status: String,
    /// In Persian.
    pub message: String,
    pub send: SmsSendView,
}

/// What one send does, checked.
#[derive(Debug, Clone)]
enum Plan {
    Simple {
        receptors: Vec<String>,
        message: String,
        sender: Option<String>,
    },
    Template {
        receptors: Vec<String>,
        template: String,
        token: String,
        token2: String,
        kind: LookupKind,
    },
    Bulk {
        items: Vec<BulkItem>,
    },
}

impl Plan {
    fn method(&self) -> SmsMethod {
        match self {
            Plan::Simple { .. } => SmsMethod::Simple,
            Plan::Template { .. } => SmsMethod::Template,
            Plan::Bulk { .. } => SmsMethod::Bulk,
        }
    }

    /// Each receptor with the text it is sent (a template's is not known before).
    fn entries(&self) -> Vec<SmsEntry> {
        let entry = |receptor: &str, message: &str| SmsEntry {
            receptor: receptor.to_owned(),
            message: message.to_owned(),
            messageid: None,
            status: None,
            statustext: None,
            cost: None,
        };
        match self {
            Plan::Simple { receptors, message, .. } => {
                receptors.iter().map(|r| entry(r, message)).collect()
            }
            Plan::Template { receptors, .. } => receptors.iter().map(|r| entry(r, "")).collect(),
            Plan::Bulk { items } => items.iter().map(|i| entry(&i.receptor, &i.message)).collect(),
        }
    }
}

/// `POST /sms/{id}/send`.
pub async fn send(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    request: &SmsSendRequest,
) -> Result<SmsSendAnswer, ApiError> {
    let node = SmsNode::load(state, user_id, node_id).await?;
    let plan = plan(&node, request.receptor.as_deref(), request)?;
    deliver(state, user_id, node, plan, SmsOrigin::Panel, None).await
}

/// `POST /sms/{id}/send-from-assistant`, and the `send_sms` tool: the node
/// must be joined to the assistant; the receptor is the node's unless it
/// lets the assistant choose.
pub async fn from_assistant(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    request: &SmsAssistantSendRequest,
) -> Result<SmsSendAnswer, ApiError> {
    let node = SmsNode::load(state, user_id, node_id).await?;
    let assistants = node.assistants(state, user_id).await?;
    let assistant = match request.assistant_id {
        Some(id) => assistants.into_iter().find(|a| *a == id),
        None => assistants.into_iter().next(),
    }
    .ok_or(ApiError::Conflict(MessageCode::SmsNoAssistant))?;
    let receptor = request.receptor.as_deref().filter(|r| !r.trim().is_empty());
    if receptor.is_some() && !node.config.allow_model_receptor {
        return Err(ApiError::invalid("receptor", MessageCode::SmsReceptorFixed));
    }
    let overrides = SmsSendRequest {
        receptor: None,
        message: request.message.clone(),
        token: request.token.clone(),
        token2: request.token2.clone(),
    };
    let plan = plan(&node, receptor, &overrides)?;
    deliver(state, user_id, node, plan, SmsOrigin::Assistant, Some(assistant)).await
}

/// `POST /sms/{id}/send-bulk`: `sms/sendarray` from one line.
pub async fn bulk(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    request: &SmsBulkRequest,
) -> Result<SmsSendAnswer, ApiError> {
    let node = SmsNode::load(state, user_id, node_id).await?;
    let mut problems = Vec::new();
    if let Err(e) = validate_sms_api_key(&node.config.api_key) {
        problems.push(e);
    }
    if request.messages.is_empty() {
        problems.push(FieldError::new("messages", MessageCode::SmsBulkEmpty));
    }
    if request.messages.len() > MAX_RECEPTORS {
        return Err(too_many("messages"));
    }
    let sender = request.sender.as_deref().unwrap_or(&node.config.sender);
    let sender = match normalize_sms_sender(sender) {
        Ok(sender) if sender.is_empty() => {
            problems.push(FieldError::new("sender", MessageCode::SmsSenderRequired));
            sender
        }
        Ok(sender) => sender,
        Err(e) => {
            problems.push(e);
            String::new()
        }
    };
    let mut items = Vec::with_capacity(request.messages.len());
    for (i, item) in request.messages.iter().enumerate() {
        let field = |name: &str| format!("messages[{i}].{name}");
        match normalize_iranian_mobile(&item.receptor) {
            Ok(receptor) => items.push(BulkItem {
                receptor,
                message: item.message.trim().to_owned(),
                sender: sender.clone(),
            }),
            Err(e) => problems.push(FieldError::new(&field("receptor"), e.code)),
        }
        if item.message.trim().is_empty() {
            problems.push(FieldError::new(&field("message"), MessageCode::SmsMessageEmpty));
        } else if item.message.chars().count() > MESSAGE_MAX_CHARS {
            problems.push(FieldError::new(&field("message"), MessageCode::NodeMessageTooLong));
        }
    }
    if !problems.is_empty() {
        return Err(ApiError::Problems(problems));
    }
    deliver(state, user_id, node, Plan::Bulk { items }, SmsOrigin::Bulk, None).await
}

/// The node's configuration with the overrides, checked by core's rules:
/// every problem at once, on the fields the panel shows.
fn plan(
    node: &SmsNode,
    receptor: Option<&str>,
    overrides: &SmsSendRequest,
) -> Result<Plan, ApiError> {
    let config = &node.config;
    let pick = |given: &Option<String>, saved: &str| {
        given.as_deref().filter(|v| !v.trim().is_empty()).unwrap_or(saved).trim().to_owned()
    };
    let receptor = receptor.unwrap_or(&config.receptor).to_owned();
    let message = pick(&overrides.message, &config.message);
    let token = pick(&overrides.token, &config.token);
    let token2 = pick(&overrides.token2, &config.token2);
    let view = SmsConfigView {
        api_key: &config.api_key,
        receptor: &receptor,
        send_method: config.send_method,
        message: &message,
        template: &config.template,
        token: &token,
    };
    let mut problems = sms_config_errors(&view);
    if config.send_method == SmsSendMethod::Template {
        problems.extend(validate_sms_token("token", &token).err());
        problems.extend(validate_sms_token("token2", &token2).err());
    } else if message.chars().count() > MESSAGE_MAX_CHARS {
        problems.push(FieldError::new("message", MessageCode::NodeMessageTooLong));
    }
    let sender = match normalize_sms_sender(&config.sender) {
        Ok(sender) => (!sender.is_empty()).then_some(sender),
        Err(e) => {
            problems.push(e);
            None
        }
    };
    if !problems.is_empty() {
        return Err(ApiError::Problems(problems));
    }
    let receptors = normalize_receptors(&receptor).map_err(|e| ApiError::Problems(vec![e]))?;
    if receptors.len() > MAX_RECEPTORS {
        return Err(too_many("receptor"));
    }
    Ok(match config.send_method {
        SmsSendMethod::Simple => Plan::Simple { receptors, message, sender },
        SmsSendMethod::Template => Plan::Template {
            receptors,
            template: config.template.trim().to_owned(),
            token,
            token2,
            kind: match config.sms_type {
                SmsType::Sms => LookupKind::Sms,
                SmsType::Call => LookupKind::Call,
            },
        },
    })
}

fn too_many(field: &str) -> ApiError {
    ApiError::invalid_with(
        field,
        MessageCode::SmsTooManyReceptors,
        &[("max", &dastyar_core::digits::persian_digits(&MAX_RECEPTORS.to_string()))],
    )
}

/// Sends `plan`, keeps it in the history and on the node; the answer, or
/// Kavenegar's refusal with the kept send's id in its details.
async fn deliver(
    state: &AppState,
    user_id: i64,
    node: SmsNode,
    plan: Plan,
    origin: SmsOrigin,
    assistant_id: Option<i64>,
) -> Result<SmsSendAnswer, ApiError> {
    let key = node.api_key()?.to_owned();
    let kavenegar = client(state);
    let (sent, failure) = match &plan {
        Plan::Simple { receptors, message, sender } => {
            let send = SimpleSend { receptors, message, sender: sender.as_deref() };
            split(kavenegar.send(&key, send).await)
        }
        Plan::Bulk { items } => split(kavenegar.send_array(&key, items).await),
        Plan::Template { receptors, template, token, token2, kind } => {
            // Kavenegar's lookup takes one receptor a call; it stops at the first refusal.
            let mut sent = Vec::new();
            let mut failure = None;
            for receptor in receptors {
                let lookup = Lookup {
                    receptor,
                    template,
                    token,
                    token2: Some(token2.as_str()),
                    kind: *kind,
                };
                match kavenegar.lookup(&key, lookup).await {
                    Ok(messages) => sent.extend(messages),
                    Err(error) => {
                        failure = Some(error);
                        break;
                    }
                }
            }
            (sent, failure)
        }
    };

    let mut entries = plan.entries();
    for (entry, message) in entries.iter_mut().zip(&sent) {
        entry.message = message.message.clone();
        entry.messageid = Some(message.messageid);
        entry.status = Some(message.status);
        entry.statustext = Some(message.statustext.clone());
        entry.cost = Some(message.cost);
    }
    // The parts of what was (or would have been) sent; a template's text is
    // known only once Kavenegar filled it in.
    let segments: u32 = entries.iter().map(|e| estimate_sms(&e.message, false).segments).sum();
    let (status, response_message, provider_status) = match &failure {
        None => {
            let count = dastyar_core::digits::persian_digits(&sent.len().to_string());
            ("sent", MessageCode::SmsSent.render(&[("count", &count)]), Some(200))
        }
        Some(error) => ("failed", error.persian(), error.provider_status().map(i64::from)),
    };
    let entries_json = serde_json::to_string(&entries).map_err(ApiError::internal)?;
    let template = match &plan {
        Plan::Template { template, .. } => Some(template.as_str()),
        _ => None,
    };
    let message = match &plan {
        Plan::Simple { message, .. } => message.as_str(),
        _ => "",
    };
    let row = store::insert(
        &state.db,
        &NewSend {
            node_id: node.row.id,
            user_id,
            origin: origin.as_str(),
            method: plan.method().as_str(),
            message,
            template,
            segments: i64::from(segments),
            estimated_cost: i64::try_from(sms_cost(segments, false)).unwrap_or(i64::MAX),
            cost: sent.iter().map(|m| m.cost).sum(),
            status,
            provider_status,
            response_message: &response_message,
            entries: &entries_json,
            assistant_id,
            api_key_hash: &key_hash(&key),
        },
    )
    .await?;
    record_on_node(state, user_id, node, status, &response_message).await?;
    let send = SmsSendView::of(row)?;
    match failure {
        None => Ok(SmsSendAnswer { status: status.to_owned(), message: response_message, send }),
        Some(error) => Err(with_send_id(error, send.id)),
    }
}

/// What was sent, and the refusal that stopped the rest.
fn split(
    outcome: Result<Vec<SentMessage>, KavenegarError>,
) -> (Vec<SentMessage>, Option<KavenegarError>) {
    match outcome {
        Ok(sent) => (sent, None),
        Err(error) => (Vec::new(), Some(error)),
    }
}

/// Kavenegar's refusal as the answer, naming the send it was kept as.
fn with_send_id(error: KavenegarError, send_id: i64) -> ApiError {
    match error.to_api_error() {
        ApiError::Rendered { status, code, message, mut details } => {
            details.insert("send_id".into(), json!(send_id));
            ApiError::Rendered { status, code, message, details }
        }
        other => other,
    }
}

/// The node's `last_send_status`, `last_send_time` and `last_response_message`.
async fn record_on_node(
    state: &AppState,
    user_id: i64,
    node: SmsNode,
    status: &str,
    message: &str,
) -> Result<(), ApiError> {
    let time = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    rewrite_payload(state, user_id, node.row, |payload| {
        if let NodePayload::Sms(sms) = payload {
            sms.last_send_status = Some(status.to_owned());
            sms.last_send_time = Some(time.clone());
            sms.last_response_message = Some(message.to_owned());
        }
    })
    .await?;
    Ok(())
}

//! Assistants and message analyzers. Both are provider assistants in the same
//! collection, told apart by `assistant_type`, so they share one data shape.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

/// Spec §9: a new assistant's model.
pub const DEFAULT_ASSISTANT_MODEL: &str = "gpt-4.1-nano";
/// Spec §9: a new assistant's instruction.
pub const DEFAULT_ASSISTANT_INSTRUCTIONS: &str = "You are a helpful assistant.";
/// Spec §9: the analyzer's model.
pub const DEFAULT_ANALYZER_MODEL: &str = "gpt-4o";
/// Spec §9: the analyzer's fixed instruction. Written in English (models follow
/// it best) but the analysis itself must come out in Persian for the reader.
pub const ANALYZER_INSTRUCTIONS: &str = "You are a conversation analyst. \
You receive a conversation between a customer and an assistant. Analyse it and report:\n\
1. Intent: what the customer wants.\n\
2. Sentiment: positive, neutral or negative, with a one-line reason.\n\
3. Key points: the facts the customer gave (names, numbers, dates, contact details, products).\n\
4. Open issues: questions or problems left unresolved.\n\
5. Follow-ups: the actions recommended next.\n\
Be concise and factual and never invent details that are not in the conversation. \
Write the whole analysis in Persian (Farsi), whatever language the conversation is in.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum AssistantType {
    #[default]
    Regular,
    ConversationAnalyzer,
}

/// Where an assistant stands with the language-model provider. Unset until
/// the server has tried to register it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum ProviderStatus {
    /// No provider is configured: the assistant exists only in Dastyar and
    /// `assistant_id` stays empty (message `assistant_not_registered`).
    NotConfigured,
    /// A provider is configured but registering failed (it was unreachable,
    /// or does not serve the model); retrying registers it.
    PendingRegistration,
    /// Registered: the provider serves its model; `assistant_id` is its id.
    Registered,
}

/// An assistant's (or analyzer's) canvas data, with the spec's mixed spelling.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct AssistantData {
    #[serde(flatten)]
    pub base: NodeBase,
    /// The provider's id (`asst_...`), known once the server created it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<String>,
    pub model: String,
    pub instructions: String,
    pub assistant_type: AssistantType,
    #[serde(rename = "hasFunctions")]
    pub has_functions: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vector_store_id: Option<String>,
    /// Set by the server: whether the provider knows this assistant.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub provider_status: Option<ProviderStatus>,
}

impl Default for AssistantData {
    fn default() -> Self {
        AssistantData {
            base: NodeBase::for_kind(NodeKind::Assistant),
            assistant_id: None,
            model: DEFAULT_ASSISTANT_MODEL.to_owned(),
            instructions: DEFAULT_ASSISTANT_INSTRUCTIONS.to_owned(),
            assistant_type: AssistantType::Regular,
            has_functions: false,
            vector_store_id: None,
            provider_status: None,
        }
    }
}

impl AssistantData {
    /// A new message analyzer: its own model and fixed Persian-output instruction.
    pub fn analyzer_default() -> Self {
        AssistantData {
            base: NodeBase::for_kind(NodeKind::Analyzer),
            model: DEFAULT_ANALYZER_MODEL.to_owned(),
            instructions: ANALYZER_INSTRUCTIONS.to_owned(),
            assistant_type: AssistantType::ConversationAnalyzer,
            ..AssistantData::default()
        }
    }

    pub fn to_payload(&self) -> AssistantPayload {
        AssistantPayload {
            instructions: self.instructions.clone(),
            model: self.model.clone(),
            assistant_type: self.assistant_type,
            assistant_id: self.assistant_id.clone(),
            vector_store_id: self.vector_store_id.clone(),
            has_functions: self.has_functions,
            provider_status: self.provider_status,
            ..AssistantPayload::default()
        }
    }

    /// `async`, `count` and `user_id` only steer creation and are not kept on the canvas.
    pub fn from_payload(payload: AssistantPayload, base: NodeBase) -> Self {
        AssistantData {
            base,
            assistant_id: payload.assistant_id,
            model: payload.model,
            instructions: payload.instructions,
            assistant_type: payload.assistant_type,
            has_functions: payload.has_functions,
            vector_store_id: payload.vector_store_id,
            provider_status: payload.provider_status,
        }
    }
}

/// What the server stores for an assistant and what create and update send.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct AssistantPayload {
    pub instructions: String,
    pub model: String,
    pub assistant_type: AssistantType,
    /// Create in the background and answer with a job to poll (spec §4).
    #[serde(rename = "async")]
    pub run_async: bool,
    /// How many assistants to create; the canvas always asks for one.
    pub count: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub user_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub vector_store_id: Option<String>,
    pub has_functions: bool,
    /// Set by the server (what a client sends is ignored): whether the provider knows this assistant.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub provider_status: Option<ProviderStatus>,
}

impl Default for AssistantPayload {
    fn default() -> Self {
        AssistantPayload {
            instructions: DEFAULT_ASSISTANT_INSTRUCTIONS.to_owned(),
            model: DEFAULT_ASSISTANT_MODEL.to_owned(),
            assistant_type: AssistantType::Regular,
            run_async: false,
            count: 1,
            user_id: None,
            assistant_id: None,
            vector_store_id: None,
            has_functions: false,
            provider_status: None,
        }
    }
}

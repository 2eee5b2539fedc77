//! Per-kind node data: the canvas shape (spec field names) and the backend
//! payload shape (snake_case), with the spec's defaults.
//!
//! [`NodeData`] is a node's `type` and `data` as the canvas holds them,
//! [`NodePayload`] the kind-specific body the server stores (the kind comes
//! from the route), and [`CanvasNode`] a whole React Flow node.

pub mod apidefinition;
pub mod assistant;
pub mod common;
pub mod container;
pub mod files;
pub mod function;
pub mod google;
pub mod iframe;
pub mod instruction;
pub mod request;
pub mod scheduler;
pub mod sms;
pub mod telegram;
pub mod testframe;
pub mod trigger;
pub mod vectorstore;
pub mod wordpress;

use std::sync::OnceLock;

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::geometry::Position;
use crate::kind::NodeKind;
use apidefinition::{ApiDefinitionData, ApiDefinitionPayload};
use assistant::{AssistantData, AssistantPayload};
use common::NodeBase;
use container::{ContainerData, ContainerPayload};
use files::{FileDbData, FileDbPayload, FileRepositoryData, FileRepositoryPayload};
use function::{FunctionData, FunctionPayload};
use google::{GoogleDocData, GoogleDocPayload, GoogleSheetData, GoogleSheetPayload};
use iframe::{IframeData, IframePayload};
use instruction::{InstructionData, InstructionPayload};
use request::{RequestData, RequestPayload};
use scheduler::{SchedulerData, SchedulerPayload};
use sms::{SmsData, SmsPayload};
use telegram::{TelegramData, TelegramPayload};
use testframe::TestFrameData;
use trigger::{TriggerData, TriggerPayload};
use vectorstore::{VectorStoreData, VectorStorePayload};
use wordpress::{WordpressData, WordpressPayload};

/// A node's `type` and `data`, as React Flow holds them.
///
/// Deserialising goes through [`NodeData::from_json`], so fields missing from
/// `data` take the kind's defaults.
// WordPress data is much larger than the rest; boxing it would only make every
// match clumsier for data that is built a few times per user action.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "type", content = "data", rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum NodeData {
    Assistant(AssistantData),
    Analyzer(AssistantData),
    Vectorstore(VectorStoreData),
    Filedb(FileDbData),
    Filerepository(FileRepositoryData),
    Googledoc(GoogleDocData),
    Googlesheet(GoogleSheetData),
    Function(FunctionData),
    Telegram(TelegramData),
    Apidefinition(ApiDefinitionData),
    Request(RequestData),
    Scheduler(SchedulerData),
    Trigger(TriggerData),
    Sms(SmsData),
    Iframe(IframeData),
    Wordpress(WordpressData),
    Container(ContainerData),
    Testframe(TestFrameData),
    Instruction(InstructionData),
}

impl NodeData {
    pub fn kind(&self) -> NodeKind {
        match self {
            NodeData::Assistant(_) => NodeKind::Assistant,
            NodeData::Analyzer(_) => NodeKind::Analyzer,
            NodeData::Vectorstore(_) => NodeKind::Vectorstore,
            NodeData::Filedb(_) => NodeKind::Filedb,
            NodeData::Filerepository(_) => NodeKind::Filerepository,
            NodeData::Googledoc(_) => NodeKind::Googledoc,
            NodeData::Googlesheet(_) => NodeKind::Googlesheet,
            NodeData::Function(_) => NodeKind::Function,
            NodeData::Telegram(_) => NodeKind::Telegram,
            NodeData::Apidefinition(_) => NodeKind::Apidefinition,
            NodeData::Request(_) => NodeKind::Request,
            NodeData::Scheduler(_) => NodeKind::Scheduler,
            NodeData::Trigger(_) => NodeKind::Trigger,
            NodeData::Sms(_) => NodeKind::Sms,
            NodeData::Iframe(_) => NodeKind::Iframe,
            NodeData::Wordpress(_) => NodeKind::Wordpress,
            NodeData::Container(_) => NodeKind::Container,
            NodeData::Testframe(_) => NodeKind::Testframe,
            NodeData::Instruction(_) => NodeKind::Instruction,
        }
    }

    pub fn base(&self) -> &NodeBase {
        match self {
            NodeData::Assistant(d) | NodeData::Analyzer(d) => &d.base,
            NodeData::Vectorstore(d) => &d.base,
            NodeData::Filedb(d) => &d.base,
            NodeData::Filerepository(d) => &d.base,
            NodeData::Googledoc(d) => &d.base,
            NodeData::Googlesheet(d) => &d.base,
            NodeData::Function(d) => &d.base,
            NodeData::Telegram(d) => &d.base,
            NodeData::Apidefinition(d) => &d.base,
            NodeData::Request(d) => &d.base,
            NodeData::Scheduler(d) => &d.base,
            NodeData::Trigger(d) => &d.base,
            NodeData::Sms(d) => &d.base,
            NodeData::Iframe(d) => &d.base,
            NodeData::Wordpress(d) => &d.base,
            NodeData::Container(d) => &d.base,
            NodeData::Testframe(d) => &d.base,
            NodeData::Instruction(d) => &d.base,
        }
    }

    pub fn base_mut(&mut self) -> &mut NodeBase {
        match self {
            NodeData::Assistant(d) | NodeData::Analyzer(d) => &mut d.base,
            NodeData::Vectorstore(d) => &mut d.base,
            NodeData::Filedb(d) => &mut d.base,
            NodeData::Filerepository(d) => &mut d.base,
            NodeData::Googledoc(d) => &mut d.base,
            NodeData::Googlesheet(d) => &mut d.base,
            NodeData::Function(d) => &mut d.base,
            NodeData::Telegram(d) => &mut d.base,
            NodeData::Apidefinition(d) => &mut d.base,
            NodeData::Request(d) => &mut d.base,
            NodeData::Scheduler(d) => &mut d.base,
            NodeData::Trigger(d) => &mut d.base,
            NodeData::Sms(d) => &mut d.base,
            NodeData::Iframe(d) => &mut d.base,
            NodeData::Wordpress(d) => &mut d.base,
            NodeData::Container(d) => &mut d.base,
            NodeData::Testframe(d) => &mut d.base,
            NodeData::Instruction(d) => &mut d.base,
        }
    }

    /// A new node of the kind: the spec's defaults, labelled with the kind's Persian name.
    pub fn default_for(kind: NodeKind) -> NodeData {
        match kind {
            NodeKind::Assistant => NodeData::Assistant(AssistantData::default()),
            NodeKind::Analyzer => NodeData::Analyzer(AssistantData::analyzer_default()),
            NodeKind::Vectorstore => NodeData::Vectorstore(VectorStoreData::default()),
            NodeKind::Filedb => NodeData::Filedb(FileDbData::default()),
            NodeKind::Filerepository => NodeData::Filerepository(FileRepositoryData::default()),
            NodeKind::Googledoc => NodeData::Googledoc(GoogleDocData::default()),
            NodeKind::Googlesheet => NodeData::Googlesheet(GoogleSheetData::default()),
            NodeKind::Function => NodeData::Function(FunctionData::default()),
            NodeKind::Telegram => NodeData::Telegram(TelegramData::default()),
            NodeKind::Apidefinition => NodeData::Apidefinition(ApiDefinitionData::default()),
            NodeKind::Request => NodeData::Request(RequestData::default()),
            NodeKind::Scheduler => NodeData::Scheduler(SchedulerData::default()),
            NodeKind::Trigger => NodeData::Trigger(TriggerData::default()),
            NodeKind::Sms => NodeData::Sms(SmsData::default()),
            NodeKind::Iframe => NodeData::Iframe(IframeData::default()),
            NodeKind::Wordpress => NodeData::Wordpress(WordpressData::default()),
            NodeKind::Container => NodeData::Container(ContainerData::default()),
            NodeKind::Testframe => NodeData::Testframe(TestFrameData::default()),
            NodeKind::Instruction => NodeData::Instruction(InstructionData::default()),
        }
    }

    /// Reads a node's `data` object for a kind. Missing fields take the kind's
    /// defaults (`default_for`), so partial data parses; wrong types are errors.
    pub fn from_json(kind: NodeKind, data: Value) -> Result<NodeData, serde_json::Error> {
        let data = fill_defaults(cached_defaults(&DATA_DEFAULTS, kind, data_defaults)?, data)?;
        Ok(match kind {
            NodeKind::Assistant => NodeData::Assistant(serde_json::from_value(data)?),
            NodeKind::Analyzer => NodeData::Analyzer(serde_json::from_value(data)?),
            NodeKind::Vectorstore => NodeData::Vectorstore(serde_json::from_value(data)?),
            NodeKind::Filedb => NodeData::Filedb(serde_json::from_value(data)?),
            NodeKind::Filerepository => NodeData::Filerepository(serde_json::from_value(data)?),
            NodeKind::Googledoc => NodeData::Googledoc(serde_json::from_value(data)?),
            NodeKind::Googlesheet => NodeData::Googlesheet(serde_json::from_value(data)?),
            NodeKind::Function => NodeData::Function(serde_json::from_value(data)?),
            NodeKind::Telegram => NodeData::Telegram(serde_json::from_value(data)?),
            NodeKind::Apidefinition => NodeData::Apidefinition(serde_json::from_value(data)?),
            NodeKind::Request => NodeData::Request(serde_json::from_value(data)?),
            NodeKind::Scheduler => NodeData::Scheduler(serde_json::from_value(data)?),
            NodeKind::Trigger => NodeData::Trigger(serde_json::from_value(data)?),
            NodeKind::Sms => NodeData::Sms(serde_json::from_value(data)?),
            NodeKind::Iframe => NodeData::Iframe(serde_json::from_value(data)?),
            NodeKind::Wordpress => NodeData::Wordpress(serde_json::from_value(data)?),
            NodeKind::Container => NodeData::Container(serde_json::from_value(data)?),
            NodeKind::Testframe => NodeData::Testframe(serde_json::from_value(data)?),
            NodeKind::Instruction => NodeData::Instruction(serde_json::from_value(data)?),
        })
    }

    /// The body the server stores; none for the test frame, which is never stored.
    pub fn to_payload(&self) -> Option<NodePayload> {
        Some(match self {
            NodeData::Assistant(d) => NodePayload::Assistant(d.to_payload()),
            NodeData::Analyzer(d) => NodePayload::Analyzer(d.to_payload()),
            NodeData::Vectorstore(d) => NodePayload::Vectorstore(d.to_payload()),
            NodeData::Filedb(d) => NodePayload::Filedb(d.to_payload()),
            NodeData::Filerepository(d) => NodePayload::Filerepository(d.to_payload()),
            NodeData::Googledoc(d) => NodePayload::Googledoc(d.to_payload()),
            NodeData::Googlesheet(d) => NodePayload::Googlesheet(d.to_payload()),
            NodeData::Function(d) => NodePayload::Function(d.to_payload()),
            NodeData::Telegram(d) => NodePayload::Telegram(d.to_payload()),
            NodeData::Apidefinition(d) => NodePayload::Apidefinition(d.to_payload()),
            NodeData::Request(d) => NodePayload::Request(d.to_payload()),
            NodeData::Scheduler(d) => NodePayload::Scheduler(d.to_payload()),
            NodeData::Trigger(d) => NodePayload::Trigger(d.to_payload()),
            NodeData::Sms(d) => NodePayload::Sms(d.to_payload()),
            NodeData::Iframe(d) => NodePayload::Iframe(d.to_payload()),
            NodeData::Wordpress(d) => NodePayload::Wordpress(d.to_payload()),
            NodeData::Container(d) => NodePayload::Container(d.to_payload()),
            NodeData::Instruction(d) => NodePayload::Instruction(d.to_payload()),
            NodeData::Testframe(_) => return None,
        })
    }
}

// By hand rather than derived, so that `data` goes through `from_json` and
// fills gaps with the kind's defaults, as the other readers of node data do.
impl<'de> Deserialize<'de> for NodeData {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Tagged {
            #[serde(rename = "type")]
            kind: NodeKind,
            #[serde(default)]
            data: Value,
        }
        let tagged = Tagged::deserialize(deserializer)?;
        NodeData::from_json(tagged.kind, tagged.data).map_err(D::Error::custom)
    }
}

/// The kind-specific body the server stores and create and update calls send,
/// all snake_case. Untagged: the kind comes from the route, so read one with
/// [`NodePayload::from_json`] (there is no `Deserialize`: untagged shapes that
/// are all-optional would each accept any object).
#[allow(clippy::large_enum_variant)] // as for `NodeData`
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(untagged)]
#[ts(export, export_to = "rules/")]
pub enum NodePayload {
    Assistant(AssistantPayload),
    /// Analyzers are assistants with `assistant_type = conversation_analyzer`.
    Analyzer(AssistantPayload),
    Vectorstore(VectorStorePayload),
    Filedb(FileDbPayload),
    Filerepository(FileRepositoryPayload),
    Googledoc(GoogleDocPayload),
    Googlesheet(GoogleSheetPayload),
    Function(FunctionPayload),
    Telegram(TelegramPayload),
    Apidefinition(ApiDefinitionPayload),
    Request(RequestPayload),
    Scheduler(SchedulerPayload),
    Trigger(TriggerPayload),
    Sms(SmsPayload),
    Iframe(IframePayload),
    Wordpress(WordpressPayload),
    Container(ContainerPayload),
    Instruction(InstructionPayload),
}

impl NodePayload {
    pub fn kind(&self) -> NodeKind {
        match self {
            NodePayload::Assistant(_) => NodeKind::Assistant,
            NodePayload::Analyzer(_) => NodeKind::Analyzer,
            NodePayload::Vectorstore(_) => NodeKind::Vectorstore,
            NodePayload::Filedb(_) => NodeKind::Filedb,
            NodePayload::Filerepository(_) => NodeKind::Filerepository,
            NodePayload::Googledoc(_) => NodeKind::Googledoc,
            NodePayload::Googlesheet(_) => NodeKind::Googlesheet,
            NodePayload::Function(_) => NodeKind::Function,
            NodePayload::Telegram(_) => NodeKind::Telegram,
            NodePayload::Apidefinition(_) => NodeKind::Apidefinition,
            NodePayload::Request(_) => NodeKind::Request,
            NodePayload::Scheduler(_) => NodeKind::Scheduler,
            NodePayload::Trigger(_) => NodeKind::Trigger,
            NodePayload::Sms(_) => NodeKind::Sms,
            NodePayload::Iframe(_) => NodeKind::Iframe,
            NodePayload::Wordpress(_) => NodeKind::Wordpress,
            NodePayload::Container(_) => NodeKind::Container,
            NodePayload::Instruction(_) => NodeKind::Instruction,
        }
    }

    /// Reads a stored or sent body for a kind. Missing fields take the kind's
    /// defaults (an analyzer's are the analyzer's); extra keys such as the
    /// placement are ignored; wrong types are errors. The test frame has none.
    pub fn from_json(kind: NodeKind, value: Value) -> Result<NodePayload, serde_json::Error> {
        if kind == NodeKind::Testframe {
            return Err(serde_json::Error::custom(format!(
                "{kind} nodes are never stored and have no payload"
            )));
        }
        let value =
            fill_defaults(cached_defaults(&PAYLOAD_DEFAULTS, kind, payload_defaults)?, value)?;
        Ok(match kind {
            NodeKind::Assistant => NodePayload::Assistant(serde_json::from_value(value)?),
            NodeKind::Analyzer => NodePayload::Analyzer(serde_json::from_value(value)?),
            NodeKind::Vectorstore => NodePayload::Vectorstore(serde_json::from_value(value)?),
            NodeKind::Filedb => NodePayload::Filedb(serde_json::from_value(value)?),
            NodeKind::Filerepository => NodePayload::Filerepository(serde_json::from_value(value)?),
            NodeKind::Googledoc => NodePayload::Googledoc(serde_json::from_value(value)?),
            NodeKind::Googlesheet => NodePayload::Googlesheet(serde_json::from_value(value)?),
            NodeKind::Function => NodePayload::Function(serde_json::from_value(value)?),
            NodeKind::Telegram => NodePayload::Telegram(serde_json::from_value(value)?),
            NodeKind::Apidefinition => NodePayload::Apidefinition(serde_json::from_value(value)?),
            NodeKind::Request => NodePayload::Request(serde_json::from_value(value)?),
            NodeKind::Scheduler => NodePayload::Scheduler(serde_json::from_value(value)?),
            NodeKind::Trigger => NodePayload::Trigger(serde_json::from_value(value)?),
            NodeKind::Sms => NodePayload::Sms(serde_json::from_value(value)?),
            NodeKind::Iframe => NodePayload::Iframe(serde_json::from_value(value)?),
            NodeKind::Wordpress => NodePayload::Wordpress(serde_json::from_value(value)?),
            NodeKind::Container => NodePayload::Container(serde_json::from_value(value)?),
            NodeKind::Instruction => NodePayload::Instruction(serde_json::from_value(value)?),
            NodeKind::Testframe => unreachable!("answered above"),
        })
    }

    /// The canvas data for a stored body; `base` carries what the payload does not.
    pub fn into_node_data(self, base: NodeBase) -> NodeData {
        match self {
            NodePayload::Assistant(p) => NodeData::Assistant(AssistantData::from_payload(p, base)),
            NodePayload::Analyzer(p) => NodeData::Analyzer(AssistantData::from_payload(p, base)),
            NodePayload::Vectorstore(p) => {
                NodeData::Vectorstore(VectorStoreData::from_payload(p, base))
            }
            NodePayload::Filedb(p) => NodeData::Filedb(FileDbData::from_payload(p, base)),
            NodePayload::Filerepository(p) => {
                NodeData::Filerepository(FileRepositoryData::from_payload(p, base))
            }
            NodePayload::Googledoc(p) => NodeData::Googledoc(GoogleDocData::from_payload(p, base)),
            NodePayload::Googlesheet(p) => {
                NodeData::Googlesheet(GoogleSheetData::from_payload(p, base))
            }
            NodePayload::Function(p) => NodeData::Function(FunctionData::from_payload(p, base)),
            NodePayload::Telegram(p) => NodeData::Telegram(TelegramData::from_payload(p, base)),
            NodePayload::Apidefinition(p) => {
                NodeData::Apidefinition(ApiDefinitionData::from_payload(p, base))
            }
            NodePayload::Request(p) => NodeData::Request(RequestData::from_payload(p, base)),
            NodePayload::Scheduler(p) => NodeData::Scheduler(SchedulerData::from_payload(p, base)),
            NodePayload::Trigger(p) => NodeData::Trigger(TriggerData::from_payload(p, base)),
            NodePayload::Sms(p) => NodeData::Sms(SmsData::from_payload(p, base)),
            NodePayload::Iframe(p) => NodeData::Iframe(IframeData::from_payload(p, base)),
            NodePayload::Wordpress(p) => NodeData::Wordpress(WordpressData::from_payload(p, base)),
            NodePayload::Container(p) => NodeData::Container(ContainerData::from_payload(p, base)),
            NodePayload::Instruction(p) => {
                NodeData::Instruction(InstructionData::from_payload(p, base))
            }
        }
    }
}

/// A whole React Flow node. Keys React Flow adds (`selected`, `measured`,
/// `dragging`, ...) are ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct CanvasNode {
    /// `{type}-{databaseId}`, or a temporary time-based id until the server answers.
    pub id: String,
    #[serde(default)]
    pub position: Position,
    /// The container's canvas id (React Flow 12's name; the spec's older `parentNode`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub parent_id: Option<String>,
    #[serde(flatten)]
    pub data: NodeData,
}

impl CanvasNode {
    pub fn kind(&self) -> NodeKind {
        self.data.kind()
    }
}

/// One lazily built JSON value per kind, indexed by the kind's place in [`NodeKind::ALL`].
type DefaultsCache = [OnceLock<Result<Value, String>>; NodeKind::ALL.len()];

/// Each kind's canvas `data` defaults (`default_for`'s `data`), as JSON.
static DATA_DEFAULTS: DefaultsCache = [const { OnceLock::new() }; NodeKind::ALL.len()];
/// Each stored kind's payload defaults (`default_for(..).to_payload()`), as JSON.
static PAYLOAD_DEFAULTS: DefaultsCache = [const { OnceLock::new() }; NodeKind::ALL.len()];

fn data_defaults(kind: NodeKind) -> Result<Value, serde_json::Error> {
    let mut defaults = serde_json::to_value(NodeData::default_for(kind))?;
    Ok(defaults.get_mut("data").map(Value::take).unwrap_or_default())
}

fn payload_defaults(kind: NodeKind) -> Result<Value, serde_json::Error> {
    match NodeData::default_for(kind).to_payload() {
        Some(defaults) => serde_json::to_value(defaults),
        None => Ok(Value::Null),
    }
}

/// The kind's defaults from `cache`, built with `build` the first time they
/// are asked for: the defaults are constants, and turning them into JSON for
/// every node read was most of the cost of reading one.
fn cached_defaults(
    cache: &DefaultsCache,
    kind: NodeKind,
    build: fn(NodeKind) -> Result<Value, serde_json::Error>,
) -> Result<Value, serde_json::Error> {
    let index = NodeKind::ALL.iter().position(|&k| k == kind).expect("every kind is in ALL");
    cache[index]
        .get_or_init(|| build(kind).map_err(|e| e.to_string()))
        .clone()
        .map_err(serde_json::Error::custom)
}

/// `given` laid over `defaults`, key by key; a missing (null) `given` is the
/// defaults. Anything but an object is refused here, as serde would otherwise
/// read an array as a struct's fields in order.
fn fill_defaults(defaults: Value, given: Value) -> Result<Value, serde_json::Error> {
    match (defaults, given) {
        (Value::Object(mut merged), Value::Object(given)) => {
            merged.extend(given);
            Ok(Value::Object(merged))
        }
        (defaults, Value::Null) => Ok(defaults),
        (_, given) => {
            Err(serde_json::Error::custom(format!("expected a JSON object, found {given}")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn given_keys_win_and_missing_ones_are_filled() {
        let merged =
            fill_defaults(json!({ "a": 1, "b": 2 }), json!({ "b": null, "c": 3 })).unwrap();
        assert_eq!(merged, json!({ "a": 1, "b": null, "c": 3 }));
        assert_eq!(fill_defaults(json!({ "a": 1 }), Value::Null).unwrap(), json!({ "a": 1 }));
        assert!(fill_defaults(json!({ "a": 1 }), json!([1])).is_err());
        assert!(fill_defaults(json!({ "a": 1 }), json!("x")).is_err());
    }
}

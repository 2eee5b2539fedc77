//! What an edge is once allowed: its kind (which decides how it is created and
//! removed), the spec's kind flags, the canvas edge data and the backend record.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::ids::CanvasId;
use crate::kind::NodeKind::{self, *};
use crate::status::ConnectionStatus;

/// The kind of an allowed connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum EdgeKind {
    /// vectorstore → assistant: the assistant searches this store.
    VectorStore,
    /// filedb, googledoc or googlesheet → assistant.
    Knowledge,
    /// filerepository, filedb, googledoc or googlesheet → vectorstore: files feed the store.
    StoreSource,
    /// assistant → instruction.
    Instruction,
    /// function ↔ assistant: a tool the assistant may call.
    Function,
    /// assistant or analyzer → telegram.
    Telegram,
    /// assistant → iframe: the website chat frame.
    Iframe,
    /// apidefinition or request ↔ assistant: API calls the assistant makes.
    Webhook,
    /// apidefinition → request.
    ApiLink,
    /// scheduler → request.
    Schedule,
    /// trigger → assistant.
    Trigger,
    /// assistant → sms.
    Sms,
    /// assistant → wordpress.
    Wordpress,
    /// analyzer ↔ container: the analyzer reads the container's conversations.
    Analyzer,
}

/// The edge kind for an allowed pair; `None` for pairs the table refuses.
pub fn edge_kind(source: NodeKind, target: NodeKind) -> Option<EdgeKind> {
    if !super::table::is_allowed(source, target) {
        return None;
    }
    Some(match (source, target) {
        (Vectorstore, Assistant) => EdgeKind::VectorStore,
        (Filedb | Googledoc | Googlesheet, Assistant) => EdgeKind::Knowledge,
        (_, Vectorstore) => EdgeKind::StoreSource,
        (Assistant, Instruction) => EdgeKind::Instruction,
        (Function, Assistant) | (Assistant, Function) => EdgeKind::Function,
        (Assistant | Analyzer, Telegram) => EdgeKind::Telegram,
        (Assistant, Iframe) => EdgeKind::Iframe,
        (Apidefinition, Request) => EdgeKind::ApiLink,
        (Apidefinition | Request, Assistant) | (Assistant, Apidefinition | Request) => {
            EdgeKind::Webhook
        }
        (Scheduler, Request) => EdgeKind::Schedule,
        (Trigger, Assistant) => EdgeKind::Trigger,
        (Assistant, Sms) => EdgeKind::Sms,
        (Assistant, Wordpress) => EdgeKind::Wordpress,
        (Analyzer, Container) | (Container, Analyzer) => EdgeKind::Analyzer,
        _ => return None,
    })
}

/// The spec's edge kind flags (spec §3 "Edge").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct EdgeFlags {
    #[serde(default)]
    pub is_function_connection: bool,
    #[serde(default)]
    pub is_telegram_connection: bool,
    #[serde(default)]
    pub is_iframe_connection: bool,
    #[serde(default)]
    pub is_webhook_connection: bool,
    #[serde(default, rename = "isWordPressConnection")]
    pub is_wordpress_connection: bool,
    #[serde(default)]
    pub is_trigger_connection: bool,
    #[serde(default, rename = "isSMSConnection")]
    pub is_sms_connection: bool,
}

impl EdgeKind {
    pub fn flags(self) -> EdgeFlags {
        EdgeFlags {
            is_function_connection: self == EdgeKind::Function,
            is_telegram_connection: self == EdgeKind::Telegram,
            is_iframe_connection: self == EdgeKind::Iframe,
            is_webhook_connection: self == EdgeKind::Webhook,
            is_wordpress_connection: self == EdgeKind::Wordpress,
            is_trigger_connection: self == EdgeKind::Trigger,
            is_sms_connection: self == EdgeKind::Sms,
        }
    }
}

/// A canvas edge's `data` (spec §3 "Edge").
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct EdgeData {
    #[serde(default)]
    pub connection_status: ConnectionStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edge_kind: Option<EdgeKind>,
    #[serde(flatten)]
    pub flags: EdgeFlags,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub telegram_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub container_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub analyzer_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub iframe_id: Option<i64>,
    /// The server's id for the edge, once stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub edge_db_id: Option<i64>,
}

impl EdgeData {
    /// The data of a new, pending edge of this kind between these two nodes,
    /// with the related ids filled from the end points' database ids.
    pub fn new(kind: EdgeKind, source: CanvasId, target: CanvasId) -> Self {
        let mut data =
            EdgeData { edge_kind: Some(kind), flags: kind.flags(), ..EdgeData::default() };
        for end in [source, target] {
            let id = end.database_id();
            match end.kind {
                Telegram => data.telegram_id = id,
                Assistant => data.assistant_id = id,
                Container => data.container_id = id,
                Analyzer => data.analyzer_id = id,
                Iframe => data.iframe_id = id,
                _ => {}
            }
        }
        data
    }
}

/// An edge as the backend stores it (spec §3 "Backend edge record");
/// `edge_data` is a JSON string.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct EdgeRecord {
    pub project_id: i64,
    pub source_type: NodeKind,
    pub source_id: i64,
    pub target_type: NodeKind,
    pub target_id: i64,
    #[serde(default)]
    pub edge_data: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_allowed_pair_has_a_kind_and_no_other_does() {
        for s in NodeKind::ALL {
            for t in NodeKind::ALL {
                assert_eq!(
                    edge_kind(s, t).is_some(),
                    super::super::table::is_allowed(s, t),
                    "{s} -> {t}"
                );
            }
        }
    }

    #[test]
    fn kinds_of_the_named_pairs() {
        assert_eq!(edge_kind(Vectorstore, Assistant), Some(EdgeKind::VectorStore));
        assert_eq!(edge_kind(Filedb, Assistant), Some(EdgeKind::Knowledge));
        assert_eq!(edge_kind(Googlesheet, Vectorstore), Some(EdgeKind::StoreSource));
        assert_eq!(edge_kind(Function, Assistant), Some(EdgeKind::Function));
        assert_eq!(edge_kind(Assistant, Function), Some(EdgeKind::Function));
        assert_eq!(edge_kind(Analyzer, Telegram), Some(EdgeKind::Telegram));
        assert_eq!(edge_kind(Apidefinition, Request), Some(EdgeKind::ApiLink));
        assert_eq!(edge_kind(Request, Assistant), Some(EdgeKind::Webhook));
        assert_eq!(edge_kind(Assistant, Apidefinition), Some(EdgeKind::Webhook));
        assert_eq!(edge_kind(Scheduler, Request), Some(EdgeKind::Schedule));
        assert_eq!(edge_kind(Trigger, Assistant), Some(EdgeKind::Trigger));
        assert_eq!(edge_kind(Assistant, Sms), Some(EdgeKind::Sms));
        assert_eq!(edge_kind(Assistant, Wordpress), Some(EdgeKind::Wordpress));
        assert_eq!(edge_kind(Container, Analyzer), Some(EdgeKind::Analyzer));
        assert_eq!(edge_kind(Analyzer, Container), Some(EdgeKind::Analyzer));
        assert_eq!(edge_kind(Assistant, Instruction), Some(EdgeKind::Instruction));
        assert_eq!(edge_kind(Assistant, Iframe), Some(EdgeKind::Iframe));
    }

    #[test]
    fn flags_use_the_spec_spelling() {
        let json = serde_json::to_value(EdgeKind::Sms.flags()).unwrap();
        assert_eq!(json["isSMSConnection"], true);
        assert_eq!(json["isWordPressConnection"], false);
        let keys: Vec<_> = json.as_object().unwrap().keys().cloned().collect();
        let mut expected = vec![
            "isFunctionConnection",
            "isTelegramConnection",
            "isIframeConnection",
            "isWebhookConnection",
            "isWordPressConnection",
            "isTriggerConnection",
            "isSMSConnection",
        ];
        expected.sort();
        assert_eq!(keys, expected);
    }

    #[test]
    fn edge_data_carries_related_ids() {
        let data = EdgeData::new(
            EdgeKind::Telegram,
            CanvasId::saved(Analyzer, 4),
            CanvasId::saved(Telegram, 9),
        );
        assert_eq!((data.analyzer_id, data.telegram_id), (Some(4), Some(9)));
        assert!(data.flags.is_telegram_connection);
        let json = serde_json::to_value(&data).unwrap();
        assert_eq!(json["connectionStatus"], "pending");
        assert_eq!(json["analyzerId"], 4);
        assert_eq!(json["telegramId"], 9);
        let back: EdgeData = serde_json::from_value(json).unwrap();
        assert_eq!(back, data);
    }
}

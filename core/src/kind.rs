//! The nineteen node kinds and what the spec says about each one as a kind:
//! its canvas type string, whether it is stored, plan-limited, positionable or
//! movable into a container, and the API collection that serves it.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use ts_rs::TS;

/// A node kind. Serialised as its canvas type string (`"assistant"`, `"filedb"`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[ts(export, export_to = "rules/")]
pub enum NodeKind {
    Assistant,
    Analyzer,
    Vectorstore,
    Filedb,
    Filerepository,
    Googledoc,
    Googlesheet,
    Function,
    Telegram,
    Apidefinition,
    Request,
    Scheduler,
    Trigger,
    Sms,
    Iframe,
    Wordpress,
    Container,
    Testframe,
    Instruction,
}

/// Everything the rest of the product needs to know about one kind, as plain
/// data (the wasm package hands this table to the canvas as it is).
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct KindInfo {
    pub kind: NodeKind,
    /// The Persian name people read.
    pub label: &'static str,
    /// Stored on the server (every kind but the test frame).
    pub persisted: bool,
    /// Counted against the plan's node quota.
    pub plan_limited: bool,
    /// `PATCH {collection}/{id}/position` exists for it.
    pub positionable: bool,
    /// `PATCH {collection}/{id}/container` exists for it.
    pub movable_into_container: bool,
    /// The API collection (`assistants`, `vectorstores`, ...); none for the test frame.
    pub collection: Option<&'static str>,
}

impl NodeKind {
    pub const ALL: [NodeKind; 19] = [
        NodeKind::Assistant,
        NodeKind::Analyzer,
        NodeKind::Vectorstore,
        NodeKind::Filedb,
        NodeKind::Filerepository,
        NodeKind::Googledoc,
        NodeKind::Googlesheet,
        NodeKind::Function,
        NodeKind::Telegram,
        NodeKind::Apidefinition,
        NodeKind::Request,
        NodeKind::Scheduler,
        NodeKind::Trigger,
        NodeKind::Sms,
        NodeKind::Iframe,
        NodeKind::Wordpress,
        NodeKind::Container,
        NodeKind::Testframe,
        NodeKind::Instruction,
    ];

    /// The canvas type string, also the prefix of canvas ids.
    pub fn as_str(self) -> &'static str {
        match self {
            NodeKind::Assistant => "assistant",
            NodeKind::Analyzer => "analyzer",
            NodeKind::Vectorstore => "vectorstore",
            NodeKind::Filedb => "filedb",
            NodeKind::Filerepository => "filerepository",
            NodeKind::Googledoc => "googledoc",
            NodeKind::Googlesheet => "googlesheet",
            NodeKind::Function => "function",
            NodeKind::Telegram => "telegram",
            NodeKind::Apidefinition => "apidefinition",
            NodeKind::Request => "request",
            NodeKind::Scheduler => "scheduler",
            NodeKind::Trigger => "trigger",
            NodeKind::Sms => "sms",
            NodeKind::Iframe => "iframe",
            NodeKind::Wordpress => "wordpress",
            NodeKind::Container => "container",
            NodeKind::Testframe => "testframe",
            NodeKind::Instruction => "instruction",
        }
    }

    /// The Persian name of the kind, used inside messages such as «افزودن گره «دستیار» ناموفق بود».
    pub fn label(self) -> &'static str {
        match self {
            NodeKind::Assistant => "دستیار",
            NodeKind::Analyzer => "تحلیل‌گر پیام",
            NodeKind::Vectorstore => "پایگاه برداری",
            NodeKind::Filedb => "پایگاه فایل",
            NodeKind::Filerepository => "مخزن فایل",
            NodeKind::Googledoc => "سند گوگل",
            NodeKind::Googlesheet => "برگهٔ گوگل",
            NodeKind::Function => "تابع",
            NodeKind::Telegram => "ربات تلگرام",
            NodeKind::Apidefinition => "تعریف API",
            NodeKind::Request => "درخواست API",
            NodeKind::Scheduler => "زمان‌بند",
            NodeKind::Trigger => "راه‌انداز",
            NodeKind::Sms => "پیامک",
            NodeKind::Iframe => "پنجرهٔ گفتگو",
            NodeKind::Wordpress => "وردپرس",
            NodeKind::Container => "ظرف",
            NodeKind::Testframe => "پنجرهٔ آزمایش",
            NodeKind::Instruction => "دستورالعمل",
        }
    }

    /// Every kind but the test frame is stored on the server.
    pub fn is_persisted(self) -> bool {
        self != NodeKind::Testframe
    }

    /// Plans cap the number of assistants, analyzers and vector stores.
    pub fn is_plan_limited(self) -> bool {
        matches!(self, NodeKind::Assistant | NodeKind::Analyzer | NodeKind::Vectorstore)
    }

    /// The kinds whose position can be saved (spec §7 "Position"; analyzers
    /// live in the assistants collection and share its position call).
    pub fn is_positionable(self) -> bool {
        self != NodeKind::Testframe
    }

    /// The kinds the spec lists for `PATCH /{type}/{id}/container`. Analyzers
    /// must be connected to a container instead; containers do not nest.
    pub fn is_movable_into_container(self) -> bool {
        !matches!(
            self,
            NodeKind::Analyzer | NodeKind::Container | NodeKind::Testframe | NodeKind::Instruction
        )
    }

    /// The API collection name. Analyzers are assistants with
    /// `assistant_type = conversation_analyzer`, so they share the collection.
    pub fn collection(self) -> Option<&'static str> {
        Some(match self {
            NodeKind::Assistant | NodeKind::Analyzer => "assistants",
            NodeKind::Vectorstore => "vectorstores",
            NodeKind::Filedb => "filedb",
            NodeKind::Filerepository => "filerepositories",
            NodeKind::Googledoc => "googledocs",
            NodeKind::Googlesheet => "googlesheets",
            NodeKind::Function => "functions",
            NodeKind::Telegram => "telegram",
            NodeKind::Apidefinition => "apidefinition",
            NodeKind::Request => "request",
            NodeKind::Scheduler => "scheduler",
            NodeKind::Trigger => "trigger",
            NodeKind::Sms => "sms",
            NodeKind::Iframe => "iframe",
            NodeKind::Wordpress => "wordpress",
            NodeKind::Container => "containers",
            NodeKind::Instruction => "instructions",
            NodeKind::Testframe => return None,
        })
    }

    /// The kind served by an API collection; `assistants` answers `Assistant`
    /// (the analyzer is told apart by its `assistant_type`).
    pub fn from_collection(collection: &str) -> Option<NodeKind> {
        NodeKind::ALL.into_iter().find(|k| k.collection() == Some(collection))
    }

    pub fn info(self) -> KindInfo {
        KindInfo {
            kind: self,
            label: self.label(),
            persisted: self.is_persisted(),
            plan_limited: self.is_plan_limited(),
            positionable: self.is_positionable(),
            movable_into_container: self.is_movable_into_container(),
            collection: self.collection(),
        }
    }
}

impl fmt::Display for NodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The type string is not one of the nineteen kinds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownKind(pub String);

impl FromStr for NodeKind {
    type Err = UnknownKind;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        NodeKind::ALL.into_iter().find(|k| k.as_str() == s).ok_or_else(|| UnknownKind(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_strings_round_trip_and_match_serde() {
        for kind in NodeKind::ALL {
            assert_eq!(kind.as_str().parse::<NodeKind>(), Ok(kind));
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
        }
        assert!("Assistant".parse::<NodeKind>().is_err());
        assert!("".parse::<NodeKind>().is_err());
    }

    #[test]
    fn only_the_test_frame_is_transient() {
        let transient: Vec<_> = NodeKind::ALL.into_iter().filter(|k| !k.is_persisted()).collect();
        assert_eq!(transient, [NodeKind::Testframe]);
        assert_eq!(NodeKind::Testframe.collection(), None);
        assert!(!NodeKind::Testframe.is_positionable());
    }

    #[test]
    fn plan_limited_kinds() {
        let limited: Vec<_> = NodeKind::ALL.into_iter().filter(|k| k.is_plan_limited()).collect();
        assert_eq!(limited, [NodeKind::Assistant, NodeKind::Analyzer, NodeKind::Vectorstore]);
    }

    #[test]
    fn position_collections_are_the_specs_list() {
        // Spec §7 "Position", as written.
        let spec = [
            "assistants",
            "vectorstores",
            "instructions",
            "filerepositories",
            "containers",
            "telegram",
            "googledocs",
            "googlesheets",
            "functions",
            "filedb",
            "apidefinition",
            "request",
            "scheduler",
            "iframe",
            "wordpress",
            "trigger",
            "sms",
        ];
        let mut ours: Vec<_> = NodeKind::ALL
            .into_iter()
            .filter(|k| k.is_positionable())
            .filter_map(|k| k.collection())
            .collect();
        ours.sort();
        ours.dedup();
        let mut spec = spec.to_vec();
        spec.sort();
        assert_eq!(ours, spec);
    }

    #[test]
    fn container_collections_are_the_specs_list() {
        // Spec §7 "PATCH /{type}/{id}/container", as written.
        let spec = [
            "assistants",
            "vectorstores",
            "filerepositories",
            "telegram",
            "googledocs",
            "googlesheets",
            "functions",
            "apidefinition",
            "request",
            "scheduler",
            "iframe",
            "filedb",
            "wordpress",
            "trigger",
            "sms",
        ];
        let mut ours: Vec<_> = NodeKind::ALL
            .into_iter()
            .filter(|k| k.is_movable_into_container())
            .filter_map(|k| k.collection())
            .collect();
        ours.sort();
        let mut spec = spec.to_vec();
        spec.sort();
        assert_eq!(ours, spec);
        assert!(!NodeKind::Analyzer.is_movable_into_container());
    }

    #[test]
    fn collections_resolve_back_to_kinds() {
        for kind in NodeKind::ALL {
            if let Some(collection) = kind.collection() {
                let back = NodeKind::from_collection(collection).unwrap();
                let same =
                    back == kind || (kind == NodeKind::Analyzer && back == NodeKind::Assistant);
                assert!(same, "{collection}");
            }
        }
        assert_eq!(NodeKind::from_collection("nope"), None);
    }
}

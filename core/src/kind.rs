//! The nineteen node kinds and what the spec says about each one as a kind:
//! its canvas type string, whether it is stored, plan-limited, positionable or
//! movable into a container (and why not), whether it is a provider assistant,
//! its handles, and the API collection that serves it.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use ts_rs::TS;

use crate::connect;
use crate::messages::MessageCode;

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
    /// The refusal shown when one of its nodes is put in a container; none
    /// when it may go in.
    pub container_refusal: Option<MessageCode>,
    /// A provider assistant (assistants and analyzers): created through a
    /// background job, and what an `assistant_id` names.
    pub assistant_like: bool,
    /// The API collection (`assistants`, `vectorstores`, ...); none for the test frame.
    pub collection: Option<&'static str>,
    /// Where its nodes live under `/api` (`/playground/assistants`, `/vectorstores`, ...); none for the test frame.
    pub api_path: Option<String>,
    /// Something may connect to it: it shows an input handle.
    pub has_input: bool,
    /// It may connect to something: it shows an output handle.
    pub has_output: bool,
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

    /// Why a node of this kind may not be put in a container, or `None` when
    /// it may. Analyzers are connected to a container instead, and say so.
    pub fn container_refusal(self) -> Option<MessageCode> {
        match self {
            NodeKind::Analyzer => Some(MessageCode::AnalyzerInsideContainer),
            _ if !self.is_movable_into_container() => Some(MessageCode::NodeCannotMoveToContainer),
            _ => None,
        }
    }

    /// Assistants and analyzers are both provider assistants: a create
    /// queues a background job that finishes them (`async: true`, then poll
    /// the job), and an `assistant_id` may name either.
    pub fn is_assistant_like(self) -> bool {
        matches!(self, NodeKind::Assistant | NodeKind::Analyzer)
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

    /// Where the kind's nodes live under the API root: `/{collection}`, but
    /// assistants and analyzers under `/playground/assistants` (spec §7).
    /// `None` for the test frame.
    pub fn api_path(self) -> Option<String> {
        match self {
            NodeKind::Assistant | NodeKind::Analyzer => Some("/playground/assistants".to_owned()),
            _ => self.collection().map(|collection| format!("/{collection}")),
        }
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
            container_refusal: self.container_refusal(),
            assistant_like: self.is_assistant_like(),
            collection: self.collection(),
            api_path: self.api_path(),
            has_input: connect::has_input(self),
            has_output: connect::has_output(self),
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
    fn only_movable_kinds_go_into_containers_and_analyzers_say_why() {
        for kind in NodeKind::ALL {
            assert_eq!(
                kind.container_refusal().is_none(),
                kind.is_movable_into_container(),
                "{kind}"
            );
        }
        assert_eq!(
            NodeKind::Analyzer.container_refusal(),
            Some(MessageCode::AnalyzerInsideContainer)
        );
        assert_eq!(
            NodeKind::Instruction.container_refusal(),
            Some(MessageCode::NodeCannotMoveToContainer)
        );
        assert_eq!(
            NodeKind::Container.container_refusal(),
            Some(MessageCode::NodeCannotMoveToContainer)
        );
    }

    #[test]
    fn assistants_and_analyzers_are_assistant_like() {
        let like: Vec<_> = NodeKind::ALL.into_iter().filter(|k| k.is_assistant_like()).collect();
        assert_eq!(like, [NodeKind::Assistant, NodeKind::Analyzer]);
    }

    #[test]
    fn api_paths_are_collections_but_assistants_live_in_the_playground() {
        assert_eq!(NodeKind::Assistant.api_path().as_deref(), Some("/playground/assistants"));
        assert_eq!(NodeKind::Analyzer.api_path().as_deref(), Some("/playground/assistants"));
        assert_eq!(NodeKind::Vectorstore.api_path().as_deref(), Some("/vectorstores"));
        assert_eq!(NodeKind::Testframe.api_path(), None);
        for kind in NodeKind::ALL.into_iter().filter(|k| !k.is_assistant_like()) {
            assert_eq!(kind.api_path(), kind.collection().map(|c| format!("/{c}")), "{kind}");
        }
    }

    #[test]
    fn handles_follow_the_connection_table() {
        for kind in NodeKind::ALL {
            let info = kind.info();
            let targets_something = !connect::allowed_targets(kind).is_empty();
            let targeted = NodeKind::ALL.into_iter().any(|s| connect::is_allowed(s, kind));
            assert_eq!((info.has_output, info.has_input), (targets_something, targeted), "{kind}");
        }
        // The ends of every workflow.
        assert!(!NodeKind::Iframe.info().has_output && NodeKind::Iframe.info().has_input);
        assert!(NodeKind::Trigger.info().has_output && !NodeKind::Trigger.info().has_input);
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

//! The one versioned file format a project travels in: exported to a file and
//! imported as a new project, and (for a selection) copied to the clipboard
//! and pasted into any project. A file holds nodes (kind, label, data in the
//! API's snake_case payload shape, position, parent container), edges between
//! them by the file's own ids, and the secrets left out of it.
//!
//! Secrets never travel: [`Transfer::new`] strips them (core's
//! [`secret_paths`](crate::secrets::secret_paths)) and lists what was removed,
//! so whoever imports knows what to enter again. [`parse`] refuses broken
//! JSON, another format, a newer version, or a file whose parts do not fit
//! together, each with a message code and its Persian text. Whether the
//! nodes and connections are allowed is decided where they are created, by
//! the same rules as every other write.

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use ts_rs::TS;

use crate::data::NodePayload;
use crate::digits::persian_digits;
use crate::geometry::Position;
use crate::kind::NodeKind;
use crate::messages::MessageCode;
use crate::secrets;

/// What a transfer file's `format` says.
pub const FORMAT: &str = "dastyar.project";

/// The version written now, and the newest one read.
pub const VERSION: u32 = 1;

/// The name of a project imported from a file that gives none.
pub const UNNAMED_PROJECT: &str = "پروژهٔ واردشده";

/// A whole project or a fragment of one (no `name`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct Transfer {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] when written; a reader refuses a newer one.
    pub version: u32,
    /// The project's name; absent for a fragment (a copied selection).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub name: Option<String>,
    pub nodes: Vec<TransferNode>,
    #[serde(default)]
    pub edges: Vec<TransferEdge>,
    /// The secrets left out, to enter again after import.
    #[serde(default)]
    pub secrets_removed: Vec<RemovedSecret>,
}

/// A node in a transfer file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct TransferNode {
    /// The node's id within the file (edges and children name it); any
    /// non-blank string, unique in the file.
    pub id: String,
    pub kind: NodeKind,
    pub label: String,
    /// The kind's payload as the API takes it on create (snake_case; a
    /// container's is its width and height). Missing fields take defaults.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub data: Value,
    /// Relative to the parent container when there is one, as on the canvas.
    pub position: Position,
    /// The file id of the container holding the node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub parent: Option<String>,
}

/// A connection between two nodes of the file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct TransferEdge {
    pub source: String,
    pub target: String,
}

/// A secret left out of a file: the node (its file id and label) and the
/// field's path in its payload, dotted (`auth_data.password`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct RemovedSecret {
    pub node: String,
    pub label: String,
    pub field: String,
}

/// Why a file was refused: the code, its Persian message and where
/// (`format`, `version`, a node's or edge's file id, or empty for the whole
/// file).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct TransferError {
    pub code: MessageCode,
    pub message: String,
    pub field: String,
}

impl TransferError {
    /// `code`'s message with `params` filled, about `field`.
    pub fn new(code: MessageCode, field: &str, params: &[(&str, &str)]) -> Self {
        TransferError { code, message: code.render(params), field: field.to_owned() }
    }
}

impl std::fmt::Display for TransferError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({}): {}", self.code.code(), self.field, self.message)
    }
}

impl std::error::Error for TransferError {}

impl Transfer {
    /// A file of the current version with every secret stripped from the
    /// nodes' data and listed in `secrets_removed`.
    pub fn new(
        name: Option<String>,
        mut nodes: Vec<TransferNode>,
        edges: Vec<TransferEdge>,
    ) -> Self {
        let mut secrets_removed = Vec::new();
        for node in &mut nodes {
            for field in strip_secrets(node.kind, &mut node.data) {
                secrets_removed.push(RemovedSecret {
                    node: node.id.clone(),
                    label: node.label.clone(),
                    field,
                });
            }
        }
        Transfer {
            format: FORMAT.to_owned(),
            version: VERSION,
            name,
            nodes,
            edges,
            secrets_removed,
        }
    }

    /// Whether the parts fit together: ids unique and non-blank, kinds that
    /// are stored, data that reads as the kind's payload, parents that are
    /// containers of the file a node of its kind may enter, edges between
    /// nodes of the file, each once.
    pub fn check(&self) -> Result<(), TransferError> {
        let mut kinds: HashMap<&str, NodeKind> = HashMap::new();
        for node in &self.nodes {
            if node.id.trim().is_empty() {
                return Err(TransferError::new(MessageCode::TransferShapeInvalid, "", &[]));
            }
            if kinds.insert(&node.id, node.kind).is_some() {
                let id = node.id.as_str();
                return Err(TransferError::new(
                    MessageCode::TransferNodeIdRepeated,
                    id,
                    &[("id", id)],
                ));
            }
        }
        for node in &self.nodes {
            let (id, label) = (node.id.as_str(), node.label.as_str());
            let kind = node.kind;
            if !kind.is_persisted() {
                return Err(TransferError::new(
                    MessageCode::TransferKindNotStored,
                    id,
                    &[("type", kind.label())],
                ));
            }
            if NodePayload::from_json(kind, node.data.clone()).is_err() {
                return Err(TransferError::new(
                    MessageCode::TransferNodeDataInvalid,
                    id,
                    &[("label", label), ("type", kind.label())],
                ));
            }
            let Some(parent) = node.parent.as_deref() else { continue };
            if kinds.get(parent) != Some(&NodeKind::Container) {
                return Err(TransferError::new(
                    MessageCode::TransferParentInvalid,
                    id,
                    &[("label", label)],
                ));
            }
            if let Some(code) = kind.container_refusal() {
                return Err(TransferError::new(code, id, &[("type", kind.label())]));
            }
        }
        let mut seen = HashSet::new();
        for edge in &self.edges {
            for end in [&edge.source, &edge.target] {
                if !kinds.contains_key(end.as_str()) {
                    return Err(TransferError::new(
                        MessageCode::TransferEdgeEndMissing,
                        end,
                        &[("id", end)],
                    ));
                }
            }
            if !seen.insert(edge) {
                let label = |id: &str| {
                    self.nodes
                        .iter()
                        .find(|n| n.id == id)
                        .map(|n| n.label.clone())
                        .unwrap_or_default()
                };
                let (source, target) = (label(&edge.source), label(&edge.target));
                return Err(TransferError::new(
                    MessageCode::TransferEdgeRepeated,
                    &edge.source,
                    &[("source", &source), ("target", &target)],
                ));
            }
        }
        Ok(())
    }

    /// The containers first, then the rest in file order: a child can only be
    /// created once its container is.
    pub fn nodes_in_creation_order(&self) -> impl Iterator<Item = &TransferNode> {
        let containers = self.nodes.iter().filter(|n| n.kind == NodeKind::Container);
        containers.chain(self.nodes.iter().filter(|n| n.kind != NodeKind::Container))
    }
}

/// Reads a transfer file: JSON, this format, a version no newer than this
/// one, and parts that fit together ([`Transfer::check`]).
pub fn parse(text: &str) -> Result<Transfer, TransferError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|_| TransferError::new(MessageCode::TransferNotJson, "", &[]))?;
    from_value(value)
}

/// [`parse`] for JSON already read.
pub fn from_value(value: Value) -> Result<Transfer, TransferError> {
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(TransferError::new(MessageCode::TransferFormatUnknown, "format", &[]));
    }
    let version = value.get("version").and_then(Value::as_u64).filter(|v| *v >= 1);
    let Some(version) = version else {
        return Err(TransferError::new(MessageCode::TransferShapeInvalid, "version", &[]));
    };
    if version > u64::from(VERSION) {
        let file = persian_digits(&version.to_string());
        let supported = persian_digits(&VERSION.to_string());
        return Err(TransferError::new(
            MessageCode::TransferVersionNewer,
            "version",
            &[("version", &file), ("supported", &supported)],
        ));
    }
    let transfer: Transfer = serde_json::from_value(value)
        .map_err(|_| TransferError::new(MessageCode::TransferShapeInvalid, "", &[]))?;
    transfer.check()?;
    Ok(transfer)
}

/// Empties every secret of a kind's payload `data` that holds one (a value,
/// a sealed value or a mask) and answers the dotted paths emptied.
pub fn strip_secrets(kind: NodeKind, data: &mut Value) -> Vec<String> {
    let mut removed = Vec::new();
    for path in secrets::secret_paths(kind) {
        if let Some(Value::String(secret)) = secrets::at(data, path)
            && !secret.trim().is_empty()
        {
            secret.clear();
            removed.push(path.join("."));
        }
    }
    removed
}

/// Whether a connection refused with `code` waits on something done after an
/// import (a secret entered again, Google authorised, an assistant
/// registered, another connection drawn first) rather than breaking the
/// connection table. Importers draw such connections once they can, and
/// otherwise list them to draw later; any other refusal refuses the file.
pub fn waits_for_setup(code: MessageCode) -> bool {
    use MessageCode::*;
    matches!(
        code,
        GoogleNotAuthorized
            | FunctionIncomplete
            | TelegramCredentialsMissing
            | RequestNeedsApiDefinition
            | WorkflowMissing
            | AnalyzerContainerWithoutChannel
            | AnalyzerNeedsContainerFirst
            | InvalidAssistant
            | AssistantNotReady
            | AssistantNotCreated
            | IframeAssistantNotReady
            | IframeIncomplete
            | WordpressIncomplete
            | TriggerScheduleInvalid
            | SmsIncomplete
    )
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn node(id: &str, kind: NodeKind, data: Value, parent: Option<&str>) -> TransferNode {
        TransferNode {
            id: id.into(),
            kind,
            label: format!("گره {id}"),
            data,
            position: Position { x: 10.0, y: 20.0 },
            parent: parent.map(str::to_owned),
        }
    }

    fn edge(source: &str, target: &str) -> TransferEdge {
        TransferEdge { source: source.into(), target: target.into() }
    }

    fn sample() -> Transfer {
        Transfer::new(
            Some("پروژهٔ فروش".into()),
            vec![
                node("c", NodeKind::Container, json!({"width": 500.0, "height": 300.0}), None),
                node("a", NodeKind::Assistant, json!({"instructions": "سلام"}), Some("c")),
                node(
                    "t",
                    NodeKind::Telegram,
                    json!({"bot_token": "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11", "bot_username": "x_bot"}),
                    None,
                ),
                node("s", NodeKind::Sms, json!({"api_key": "", "receptor": "09121234567"}), None),
            ],
            vec![edge("a", "t")],
        )
    }

    #[test]
    fn new_strips_secrets_and_lists_them() {
        let file = sample();
        let telegram = file.nodes.iter().find(|n| n.id == "t").unwrap();
        assert_eq!(telegram.data["bot_token"], "");
        assert_eq!(telegram.data["bot_username"], "x_bot");
        // The SMS node had no key: nothing to enter again.
        assert_eq!(
            file.secrets_removed,
            [RemovedSecret {
                node: "t".into(), label: "گره t".into(), field: "bot_token".into()
            }]
        );
        assert_eq!((file.format.as_str(), file.version), (FORMAT, VERSION));
    }

    #[test]
    fn strip_names_nested_fields_and_masks() {
        let mut data = json!({"auth_data": {"username": "u", "applicationPassword": "••••ab12", "jwtToken": " "}});
        assert_eq!(
            strip_secrets(NodeKind::Wordpress, &mut data),
            ["auth_data.applicationPassword"]
        );
        assert_eq!(data["auth_data"]["applicationPassword"], "");
        assert_eq!(data["auth_data"]["username"], "u");
        let mut none = json!({"instructions": "x"});
        assert!(strip_secrets(NodeKind::Assistant, &mut none).is_empty());
    }

    #[test]
    fn a_written_file_reads_back_the_same() {
        let file = sample();
        let text = serde_json::to_string(&file).unwrap();
        assert_eq!(parse(&text).unwrap(), file);
        // A fragment has no name, and may have no edges at all.
        let fragment = r#"{"format":"dastyar.project","version":1,"nodes":[]}"#;
        assert_eq!(parse(fragment).unwrap().name, None);
        let order: Vec<&str> = file.nodes_in_creation_order().map(|n| n.id.as_str()).collect();
        assert_eq!(order, ["c", "a", "t", "s"]);
    }

    fn refused(text: &str) -> TransferError {
        parse(text).expect_err(text)
    }

    #[test]
    fn broken_foreign_and_newer_files_are_refused_in_persian() {
        assert_eq!(refused("{not json").code, MessageCode::TransferNotJson);
        assert_eq!(refused(r#"{"nodes":[]}"#).code, MessageCode::TransferFormatUnknown);
        assert_eq!(refused(r#"[1,2]"#).code, MessageCode::TransferFormatUnknown);
        let newer = refused(r#"{"format":"dastyar.project","version":2,"nodes":[]}"#);
        assert_eq!(
            (newer.code, newer.field.as_str()),
            (MessageCode::TransferVersionNewer, "version")
        );
        assert!(newer.message.contains('۲') && !newer.message.contains('{'), "{}", newer.message);
        let no_version = refused(r#"{"format":"dastyar.project","nodes":[]}"#);
        assert_eq!(no_version.code, MessageCode::TransferShapeInvalid);
        let no_nodes = refused(r#"{"format":"dastyar.project","version":1}"#);
        assert_eq!(no_nodes.code, MessageCode::TransferShapeInvalid);
        let bad_kind = refused(
            r#"{"format":"dastyar.project","version":1,"nodes":[{"id":"a","kind":"robot","label":"x","data":{},"position":{"x":0,"y":0}}]}"#,
        );
        assert_eq!(bad_kind.code, MessageCode::TransferShapeInvalid);
        for error in [newer, bad_kind] {
            assert!(error.message.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)));
        }
    }

    fn check(nodes: Vec<TransferNode>, edges: Vec<TransferEdge>) -> Result<(), TransferError> {
        Transfer::new(None, nodes, edges).check()
    }

    #[test]
    fn parts_that_do_not_fit_are_refused() {
        let a = || node("a", NodeKind::Assistant, json!({}), None);
        let f = || node("f", NodeKind::Function, json!({}), None);
        let code = |r: Result<(), TransferError>| r.unwrap_err().code;
        assert_eq!(code(check(vec![a(), a()], vec![])), MessageCode::TransferNodeIdRepeated);
        assert_eq!(
            code(check(vec![a(), node("x", NodeKind::Testframe, json!({}), None)], vec![])),
            MessageCode::TransferKindNotStored
        );
        assert_eq!(
            code(check(vec![node("s", NodeKind::Sms, json!({"send_method": 7}), None)], vec![])),
            MessageCode::TransferNodeDataInvalid
        );
        assert_eq!(
            code(check(vec![a(), node("f", NodeKind::Function, json!({}), Some("a"))], vec![])),
            MessageCode::TransferParentInvalid
        );
        let container = || node("c", NodeKind::Container, json!({}), None);
        assert_eq!(
            code(check(
                vec![container(), node("z", NodeKind::Analyzer, json!({}), Some("c"))],
                vec![]
            )),
            MessageCode::AnalyzerInsideContainer
        );
        assert_eq!(
            code(check(vec![a()], vec![edge("a", "gone")])),
            MessageCode::TransferEdgeEndMissing
        );
        assert_eq!(
            code(check(vec![a(), f()], vec![edge("f", "a"), edge("f", "a")])),
            MessageCode::TransferEdgeRepeated
        );
        assert!(check(vec![a(), f()], vec![edge("f", "a")]).is_ok());
    }

    #[test]
    fn only_refusals_that_setup_can_lift_wait() {
        assert!(waits_for_setup(MessageCode::TelegramCredentialsMissing));
        assert!(waits_for_setup(MessageCode::GoogleNotAuthorized));
        assert!(!waits_for_setup(MessageCode::ConnectionNotAllowed));
        assert!(!waits_for_setup(MessageCode::SameTypeConnection));
        assert!(!waits_for_setup(MessageCode::OneVectorStorePerAssistant));
    }
}

//! Canvas ids: nodes are `type-databaseId` once saved and `type-temp-millis`
//! while their creation is in flight; edges follow
//! `e{sourceType}-{sourceId}-{targetType}-{targetId}-{timestamp}`.

use serde::{Deserialize, Serialize};
use std::fmt;
use ts_rs::TS;

use crate::kind::NodeKind;

/// The marker between the kind and the timestamp of a temporary id. It is not
/// a number, so a temporary id is never mistaken for a saved one.
const TEMP_MARKER: &str = "temp";

/// What the part after the kind says about a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(tag = "state", content = "value", rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub enum NodeRef {
    /// Stored on the server under this database id.
    Saved(i64),
    /// Shown locally while creation is in flight; the value is the creation time in ms.
    Temporary(i64),
}

/// A parsed canvas node id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct CanvasId {
    pub kind: NodeKind,
    pub node: NodeRef,
}

impl CanvasId {
    pub fn saved(kind: NodeKind, database_id: i64) -> Self {
        CanvasId { kind, node: NodeRef::Saved(database_id) }
    }

    /// A temporary id made from the creation time (`now_ms`, milliseconds since the epoch).
    pub fn temporary(kind: NodeKind, now_ms: i64) -> Self {
        CanvasId { kind, node: NodeRef::Temporary(now_ms) }
    }

    /// The database id, when the node is stored.
    pub fn database_id(self) -> Option<i64> {
        match self.node {
            NodeRef::Saved(id) => Some(id),
            NodeRef::Temporary(_) => None,
        }
    }

    /// Parses `assistant-12` or `assistant-temp-1700000000000`. Database ids
    /// are positive; anything else (`assistant-0`, `assistant-x`, `-12`) is refused.
    pub fn parse(id: &str) -> Option<CanvasId> {
        let (kind, rest) = id.split_once('-')?;
        let kind = kind.parse::<NodeKind>().ok()?;
        let node = match rest.strip_prefix(TEMP_MARKER).and_then(|r| r.strip_prefix('-')) {
            Some(millis) => NodeRef::Temporary(parse_positive(millis)?),
            None => NodeRef::Saved(parse_positive(rest)?),
        };
        Some(CanvasId { kind, node })
    }
}

impl fmt::Display for CanvasId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.node {
            NodeRef::Saved(id) => write!(f, "{}-{id}", self.kind),
            NodeRef::Temporary(millis) => write!(f, "{}-{TEMP_MARKER}-{millis}", self.kind),
        }
    }
}

/// Only plain ASCII digits of a positive i64: no sign, no spaces, no leading zeros.
fn parse_positive(digits: &str) -> Option<i64> {
    let plain = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && !(digits.len() > 1 && digits.starts_with('0'));
    if !plain {
        return None;
    }
    digits.parse::<i64>().ok().filter(|&n| n > 0)
}

/// A parsed edge id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct EdgeId {
    pub source_kind: NodeKind,
    pub source_id: i64,
    pub target_kind: NodeKind,
    pub target_id: i64,
    /// When the edge was drawn, in ms since the epoch.
    pub timestamp: i64,
}

impl EdgeId {
    pub fn parse(id: &str) -> Option<EdgeId> {
        let mut parts = id.strip_prefix('e')?.split('-');
        let edge = EdgeId {
            source_kind: parts.next()?.parse().ok()?,
            source_id: parse_positive(parts.next()?)?,
            target_kind: parts.next()?.parse().ok()?,
            target_id: parse_positive(parts.next()?)?,
            timestamp: parse_positive(parts.next()?)?,
        };
        parts.next().is_none().then_some(edge)
    }
}

impl fmt::Display for EdgeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "e{}-{}-{}-{}-{}",
            self.source_kind, self.source_id, self.target_kind, self.target_id, self.timestamp
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_ids_round_trip() {
        for kind in NodeKind::ALL {
            let id = CanvasId::saved(kind, 42);
            let text = id.to_string();
            assert_eq!(text, format!("{}-42", kind.as_str()));
            assert_eq!(CanvasId::parse(&text), Some(id));
            assert_eq!(id.database_id(), Some(42));
        }
    }

    #[test]
    fn temporary_ids_are_never_saved_ids() {
        let id = CanvasId::temporary(NodeKind::Assistant, 1_700_000_000_000);
        assert_eq!(id.to_string(), "assistant-temp-1700000000000");
        let parsed = CanvasId::parse("assistant-temp-1700000000000").unwrap();
        assert_eq!(parsed, id);
        assert_eq!(parsed.database_id(), None);
    }

    #[test]
    fn malformed_ids_are_refused() {
        for bad in [
            "",
            "assistant",
            "assistant-",
            "assistant-0",
            "assistant--3",
            "assistant-+3",
            "assistant-03",
            "assistant-1.5",
            "assistant-12a",
            "assistant- 12",
            "robot-12",
            "Assistant-12",
            "assistant-temp",
            "assistant-temp-",
            "assistant-temp-x",
            "assistant-99999999999999999999",
            "-12",
        ] {
            assert_eq!(CanvasId::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn edge_ids_follow_the_spec_pattern() {
        let edge = EdgeId {
            source_kind: NodeKind::Vectorstore,
            source_id: 3,
            target_kind: NodeKind::Assistant,
            target_id: 12,
            timestamp: 1_700_000_000_000,
        };
        assert_eq!(edge.to_string(), "evectorstore-3-assistant-12-1700000000000");
        assert_eq!(EdgeId::parse(&edge.to_string()), Some(edge));
        for bad in [
            "vectorstore-3-assistant-12-1",
            "evectorstore-3-assistant-12",
            "evectorstore-3-assistant-12-1-9",
            "evectorstore-x-assistant-12-1",
            "erobot-3-assistant-12-1",
        ] {
            assert_eq!(EdgeId::parse(bad), None, "{bad:?}");
        }
    }
}

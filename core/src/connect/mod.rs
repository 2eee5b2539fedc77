//! Whether a connection may be drawn, and what kind of edge it makes.
//!
//! [`check_connection`] is the one entry point: the canvas calls it while a
//! connection is being dragged, the server calls it before storing an edge.

mod container_status;
mod edge;
mod graph;
mod rules;
mod table;
mod warnings;

pub use container_status::{ACTIVE, container_status_info};
pub use edge::{EdgeData, EdgeFlags, EdgeKind, EdgeRecord, edge_kind};
pub use graph::{Graph, GraphEdge, Proposal};
pub use table::{ALLOWED, allowed_sources, allowed_targets, has_input, has_output, is_allowed};
pub use warnings::disconnect_warning;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages::MessageCode;
use graph::GraphIndex;
use rules::{Ctx, RULES};

/// An allowed connection: the edge kind and its flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct Allowed {
    pub edge_kind: EdgeKind,
    pub flags: EdgeFlags,
}

/// A refused connection: the rule's code and its Persian message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Refusal {
    pub code: MessageCode,
    pub message: String,
}

impl Refusal {
    fn new(code: MessageCode, source: &str, target: &str) -> Self {
        Refusal { code, message: code.render(&[("source", source), ("target", target)]) }
    }
}

/// Checks a proposed connection against every rule of spec §5.
pub fn check_connection(graph: &Graph, proposal: &Proposal) -> Result<Allowed, Refusal> {
    let index = GraphIndex::new(graph);
    let (Some(source), Some(target)) = (index.node(&proposal.source), index.node(&proposal.target))
    else {
        return Err(Refusal::new(MessageCode::ConnectionIncomplete, "", ""));
    };
    let ctx = Ctx { graph: &index, source, target };
    let (s, t) = (source.kind(), target.kind());
    for (_, rule) in RULES {
        rule(&ctx).map_err(|code| Refusal::new(code, s.label(), t.label()))?;
    }
    let edge_kind = edge_kind(s, t)
        .ok_or_else(|| Refusal::new(MessageCode::ConnectionNotAllowed, s.label(), t.label()))?;
    Ok(Allowed { edge_kind, flags: edge_kind.flags() })
}

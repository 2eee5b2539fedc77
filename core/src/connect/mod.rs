//! Whether a connection may be drawn, and what kind of edge it makes.
//!
//! [`check_connection`] is the one entry point: the server calls it before
//! storing an edge. The canvas, which checks at every pointer move of a
//! connection drag, hands only the proposal's [`Neighbourhood`] to
//! [`check_connection_around`] (the same rules, reading the same nodes).

mod container_status;
mod edge;
mod graph;
mod rules;
mod site_urls;
mod table;
mod warnings;

pub use container_status::{ACTIVE, container_status_info};
pub use edge::{EdgeData, EdgeFlags, EdgeKind, EdgeRecord, edge_kind};
pub use graph::{Graph, GraphEdge, NearNode, Neighbourhood, Proposal, neighbourhood};
pub use site_urls::{ParsedSiteUrls, SiteUrls, ToldSiteUrl};
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
    check(&GraphIndex::new(graph), proposal, &ParsedSiteUrls)
}

/// [`check_connection`] on only the part of a graph the rules read (see
/// [`neighbourhood`]), with WordPress site addresses judged by `urls`.
pub fn check_connection_around(
    around: &Neighbourhood,
    proposal: &Proposal,
    urls: &dyn SiteUrls,
) -> Result<Allowed, Refusal> {
    check(&GraphIndex::around(around), proposal, urls)
}

fn check(index: &GraphIndex, proposal: &Proposal, urls: &dyn SiteUrls) -> Result<Allowed, Refusal> {
    let (Some(source), Some(target)) =
        (index.whole(&proposal.source), index.whole(&proposal.target))
    else {
        return Err(Refusal::new(MessageCode::ConnectionIncomplete, "", ""));
    };
    let ctx = Ctx { graph: index, source, target, urls };
    let (s, t) = (source.kind(), target.kind());
    for (_, rule) in RULES {
        rule(&ctx).map_err(|code| Refusal::new(code, s.label(), t.label()))?;
    }
    let edge_kind = edge_kind(s, t)
        .ok_or_else(|| Refusal::new(MessageCode::ConnectionNotAllowed, s.label(), t.label()))?;
    Ok(Allowed { edge_kind, flags: edge_kind.flags() })
}

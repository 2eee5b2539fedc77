//! The read-only views of a project's graph that the connection rules look
//! at: the whole [`Graph`] (the canvas hands its React Flow nodes and edges as
//! they are; the server builds the same shape from its tables), or only the
//! [`Neighbourhood`] of a proposal's two ends, which is all the rules read.

use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use ts_rs::TS;

use crate::data::CanvasNode;
use crate::kind::NodeKind;

/// An existing edge: only its end points matter to the rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct GraphEdge {
    #[serde(default)]
    pub id: String,
    pub source: String,
    pub target: String,
}

/// Nodes with their kind and data, and the edges already drawn.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Graph {
    pub nodes: Vec<CanvasNode>,
    #[serde(default)]
    pub edges: Vec<GraphEdge>,
}

/// A connection being drawn: from `source`'s output to `target`'s input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Proposal {
    pub source: String,
    pub target: String,
}

/// A node the rules look at without reading its data: its id, kind and container.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct NearNode {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: NodeKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub parent_id: Option<String>,
}

/// What the connection rules read of a graph around a proposal, so a check
/// need not read the whole graph: the ends whole (the rules read their data);
/// every edge touching an end; and, by id and kind only, the nodes at those
/// edges' other ends and the children of every container among the ends and
/// those nodes (an analyzer's container must hold a channel). No rule reads
/// further: [`neighbourhood`] cuts it from a whole graph, and checks on both
/// agree (core/tests/neighbourhood.rs).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct Neighbourhood {
    /// The proposal's ends that exist (one when both are the same node).
    pub ends: Vec<CanvasNode>,
    /// The other nodes the rules look at, each once and none of the ends.
    #[serde(default)]
    pub near: Vec<NearNode>,
    /// Every edge with an end among `ends`.
    #[serde(default)]
    pub edges: Vec<GraphEdge>,
}

/// The part of `graph` the rules read when checking `proposal` (see [`Neighbourhood`]).
pub fn neighbourhood(graph: &Graph, proposal: &Proposal) -> Neighbourhood {
    let is_end = |id: &str| id == proposal.source || id == proposal.target;
    let edges: Vec<&GraphEdge> =
        graph.edges.iter().filter(|e| is_end(&e.source) || is_end(&e.target)).collect();
    let mut around: HashSet<&str> = edges.iter().flat_map(|e| [&*e.source, &*e.target]).collect();
    around.extend([&*proposal.source, &*proposal.target]);
    let containers: HashSet<&str> = graph
        .nodes
        .iter()
        .filter(|n| n.kind() == NodeKind::Container && around.contains(n.id.as_str()))
        .map(|n| n.id.as_str())
        .collect();
    let edges = edges.into_iter().cloned().collect();
    let mut out = Neighbourhood { edges, ..Neighbourhood::default() };
    let mut taken: HashSet<&str> = HashSet::new();
    for node in &graph.nodes {
        let child = node.parent_id.as_deref().is_some_and(|p| containers.contains(p));
        if !(around.contains(node.id.as_str()) || child) || !taken.insert(&node.id) {
            continue;
        }
        if is_end(&node.id) {
            out.ends.push(node.clone());
        } else {
            out.near.push(NearNode {
                id: node.id.clone(),
                kind: node.kind(),
                parent_id: node.parent_id.clone(),
            });
        }
    }
    out
}

/// A node as the rules see it: its id, kind and container, and its data
/// only when it was handed whole.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seen<'g> {
    pub id: &'g str,
    kind: NodeKind,
    parent_id: Option<&'g str>,
    pub whole: Option<&'g CanvasNode>,
}

impl<'g> Seen<'g> {
    fn of(node: &'g CanvasNode) -> Self {
        Seen {
            id: &node.id,
            kind: node.kind(),
            parent_id: node.parent_id.as_deref(),
            whole: Some(node),
        }
    }

    fn of_ref(node: &'g NearNode) -> Self {
        Seen { id: &node.id, kind: node.kind, parent_id: node.parent_id.as_deref(), whole: None }
    }

    pub fn kind(&self) -> NodeKind {
        self.kind
    }
}

/// Lookups over a [`Graph`] or a [`Neighbourhood`], built once per check.
pub(crate) struct GraphIndex<'g> {
    nodes: Vec<Seen<'g>>,
    by_id: HashMap<&'g str, Seen<'g>>,
    edges: &'g [GraphEdge],
}

impl<'g> GraphIndex<'g> {
    pub fn new(graph: &'g Graph) -> Self {
        Self::of(graph.nodes.iter().map(Seen::of).collect(), &graph.edges)
    }

    pub fn around(n: &'g Neighbourhood) -> Self {
        let nodes = n.near.iter().map(Seen::of_ref).chain(n.ends.iter().map(Seen::of)).collect();
        Self::of(nodes, &n.edges)
    }

    fn of(nodes: Vec<Seen<'g>>, edges: &'g [GraphEdge]) -> Self {
        // A later node of the same id wins, as the whole graph's own order does.
        let by_id = nodes.iter().map(|n| (n.id, *n)).collect();
        GraphIndex { nodes, by_id, edges }
    }

    pub fn node(&self, id: &str) -> Option<Seen<'g>> {
        self.by_id.get(id).copied()
    }

    /// The node `id` with its data, when it was handed whole.
    pub fn whole(&self, id: &str) -> Option<&'g CanvasNode> {
        self.node(id).and_then(|n| n.whole)
    }

    /// Nodes joined to `id` by an edge in either direction.
    pub fn neighbours<'a>(&'a self, id: &'a str) -> impl Iterator<Item = Seen<'g>> + 'a {
        self.edges.iter().filter_map(move |e| {
            let other = if e.source == id {
                &e.target
            } else if e.target == id {
                &e.source
            } else {
                return None;
            };
            self.node(other)
        })
    }

    /// Nodes that `id` has an edge to.
    pub fn targets_of<'a>(&'a self, id: &'a str) -> impl Iterator<Item = Seen<'g>> + 'a {
        self.edges.iter().filter(move |e| e.source == id).filter_map(|e| self.node(&e.target))
    }

    /// Nodes that have an edge to `id`.
    pub fn sources_of<'a>(&'a self, id: &'a str) -> impl Iterator<Item = Seen<'g>> + 'a {
        self.edges.iter().filter(move |e| e.target == id).filter_map(|e| self.node(&e.source))
    }

    pub fn has_edge(&self, source: &str, target: &str) -> bool {
        self.edges.iter().any(|e| e.source == source && e.target == target)
    }

    /// The nodes inside a container.
    pub fn children<'a>(&'a self, container_id: &'a str) -> impl Iterator<Item = Seen<'g>> + 'a {
        self.nodes.iter().copied().filter(move |n| n.parent_id == Some(container_id))
    }
}

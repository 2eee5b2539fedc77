//! The read-only view of a project's graph that the connection rules look at.
//! The canvas hands its React Flow nodes and edges as they are; the server
//! builds the same shape from its tables.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use ts_rs::TS;

use crate::data::CanvasNode;

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

/// Lookups over a [`Graph`], built once per check.
pub(crate) struct GraphIndex<'g> {
    graph: &'g Graph,
    by_id: HashMap<&'g str, &'g CanvasNode>,
}

impl<'g> GraphIndex<'g> {
    pub fn new(graph: &'g Graph) -> Self {
        let by_id = graph.nodes.iter().map(|n| (n.id.as_str(), n)).collect();
        GraphIndex { graph, by_id }
    }

    pub fn node(&self, id: &str) -> Option<&'g CanvasNode> {
        self.by_id.get(id).copied()
    }

    /// Nodes joined to `id` by an edge in either direction.
    pub fn neighbours(&self, id: &'g str) -> impl Iterator<Item = &'g CanvasNode> + '_ {
        self.graph.edges.iter().filter_map(move |e| {
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
    pub fn targets_of(&self, id: &'g str) -> impl Iterator<Item = &'g CanvasNode> + '_ {
        self.graph.edges.iter().filter(move |e| e.source == id).filter_map(|e| self.node(&e.target))
    }

    /// Nodes that have an edge to `id`.
    pub fn sources_of(&self, id: &'g str) -> impl Iterator<Item = &'g CanvasNode> + '_ {
        self.graph.edges.iter().filter(move |e| e.target == id).filter_map(|e| self.node(&e.source))
    }

    pub fn has_edge(&self, source: &str, target: &str) -> bool {
        self.graph.edges.iter().any(|e| e.source == source && e.target == target)
    }

    /// The nodes inside a container.
    pub fn children(&self, container_id: &'g str) -> impl Iterator<Item = &'g CanvasNode> + 'g {
        self.graph.nodes.iter().filter(move |n| n.parent_id.as_deref() == Some(container_id))
    }
}

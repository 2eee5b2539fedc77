//! What a search covers: the documents of the knowledge nodes an assistant
//! is joined to. A vector store is the union of the file databases, file
//! repositories and Google docs and sheets joined to it; the others are
//! their own documents.

use dastyar_core::NodeKind;

use crate::canvas::graph::ProjectGraph;
use crate::store::knowledge::Scope;

/// Kinds whose documents a vector store gathers.
const STORE_SOURCES: [NodeKind; 4] =
    [NodeKind::Filedb, NodeKind::Filerepository, NodeKind::Googledoc, NodeKind::Googlesheet];

/// The source nodes behind knowledge node `node_id`, in edge order, each once.
pub fn sources_of(graph: &ProjectGraph, node_id: i64) -> Vec<i64> {
    let Some(node) = graph.node(node_id) else { return Vec::new() };
    let mut sources = Vec::new();
    if node.kind == NodeKind::Vectorstore.as_str() {
        for (_, neighbour) in graph.neighbours(node_id) {
            let is_source = STORE_SOURCES.iter().any(|k| neighbour.kind == k.as_str());
            if is_source && !sources.contains(&neighbour.id) {
                sources.push(neighbour.id);
            }
        }
    } else if STORE_SOURCES.iter().any(|k| node.kind == k.as_str()) {
        sources.push(node_id);
    }
    sources
}

/// The scope of knowledge nodes `nodes` (vector stores and sources alike),
/// for a conversation of `company_id` (none: the owner, who sees every file).
pub fn scope_of(graph: &ProjectGraph, nodes: &[i64], company_id: Option<i64>) -> Scope {
    let mut sources: Vec<i64> = Vec::new();
    for node in nodes {
        for source in sources_of(graph, *node) {
            if !sources.contains(&source) {
                sources.push(source);
            }
        }
    }
    Scope { sources, company_id }
}

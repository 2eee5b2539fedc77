//! Spec §5: "An API definition with a POST request linked to an assistant
//! requires an existing workflow". Over a project's stored graph:
//!
//! - A request is *linked* to an API definition by an `apidefinition →
//!   request` edge or by its stored `api_definition_id`.
//! - The workflow of an API definition *exists* when at least one of its
//!   linked requests reaches an assistant: directly (a `request ↔ assistant`
//!   edge) or through the definition (the definition itself has an edge with
//!   an assistant). This is what `GET /projects/{id}/check-workflow/{x}` says.
//! - Connecting the definition to an assistant (`apidefinition → assistant`)
//!   is refused with `workflow_missing` when the definition has POST requests
//!   linked to it and none of them is connected to an assistant directly yet
//!   (the edge being drawn cannot count as its own workflow). A definition
//!   with no POST request connects freely.

use dastyar_core::NodeKind;
use dastyar_core::connect::Refusal;
use dastyar_core::data::NodePayload;
use dastyar_core::data::request::HttpMethod;
use dastyar_core::messages::MessageCode;

use crate::canvas::graph::ProjectGraph;
use crate::store::nodes::NodeRow;

/// The requests linked to an API definition, oldest first.
pub fn linked_requests(graph: &ProjectGraph, definition_id: i64) -> Vec<&NodeRow> {
    graph
        .of_kind(NodeKind::Request)
        .filter(|request| {
            let by_edge = graph.edges.iter().any(|e| {
                e.source_id == definition_id
                    && e.source_type == NodeKind::Apidefinition.as_str()
                    && e.target_id == request.id
            });
            by_edge || stored_definition(request) == Some(definition_id)
        })
        .collect()
}

/// The API definition a request names in its data.
pub fn stored_definition(request: &NodeRow) -> Option<i64> {
    match request.payload().ok()? {
        NodePayload::Request(r) => r.api_definition_id,
        _ => None,
    }
}

fn is_post(request: &NodeRow) -> bool {
    matches!(request.payload(), Ok(NodePayload::Request(r)) if r.method == HttpMethod::Post)
}

fn has_assistant(graph: &ProjectGraph, id: i64) -> bool {
    !graph.neighbour_ids(id, NodeKind::Assistant).is_empty()
}

/// Whether the definition's workflow exists (see the module docs).
pub fn exists(graph: &ProjectGraph, definition_id: i64) -> bool {
    let through_definition = has_assistant(graph, definition_id);
    linked_requests(graph, definition_id)
        .iter()
        .any(|request| through_definition || has_assistant(graph, request.id))
}

/// Why `apidefinition → assistant` may not be drawn yet, if it may not.
pub fn connect_refusal(graph: &ProjectGraph, definition_id: i64) -> Option<Refusal> {
    let posts: Vec<_> =
        linked_requests(graph, definition_id).into_iter().filter(|r| is_post(r)).collect();
    let missing = !posts.is_empty() && !posts.iter().any(|r| has_assistant(graph, r.id));
    missing.then(|| Refusal {
        code: MessageCode::WorkflowMissing,
        message: MessageCode::WorkflowMissing.persian().to_owned(),
    })
}

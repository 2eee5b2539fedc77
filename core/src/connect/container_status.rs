//! A container's `status_info`: the subsystems running in it (spec §3
//! "Container"), computed from the graph so that the server's answer and the
//! canvas's connection checks never read a stale copy.
//!
//! - one `frame` subsystem per iframe child whose `isActive` is true;
//! - one `telegram` subsystem per telegram child with a (non-blank) bot token.
//!
//! Each says `status: "active"` and carries `metadata.company_id` (the
//! child's) and `metadata.assistant_id`: the database id of the assistant
//! joined to that iframe or bot by an edge, if any. With several, the
//! oldest edge wins: `Graph::edges` lists edges oldest first.

use crate::data::NodeData;
use crate::data::common::{StatusInfo, Subsystem, SubsystemKind, SubsystemMetadata};
use crate::ids::CanvasId;
use crate::kind::NodeKind;

use super::graph::{Graph, GraphIndex};

/// What a running subsystem reports as its status.
pub const ACTIVE: &str = "active";

/// The subsystems running in container `container_id` (a canvas id,
/// `container-{databaseId}`); none when it holds none or is not in the graph.
pub fn container_status_info(graph: &Graph, container_id: &str) -> StatusInfo {
    let graph = GraphIndex::new(graph);
    let subsystems = graph
        .children(container_id)
        .filter_map(|child| {
            let (kind, company_id) = match &child.whole?.data {
                NodeData::Iframe(frame) if frame.is_active => {
                    (SubsystemKind::Frame, frame.company_id)
                }
                NodeData::Telegram(bot) if !bot.bot_token.trim().is_empty() => {
                    (SubsystemKind::Telegram, bot.company_id)
                }
                _ => return None,
            };
            let assistant_id = graph
                .neighbours(child.id)
                .filter(|n| n.kind() == NodeKind::Assistant)
                .find_map(|n| CanvasId::parse(n.id).and_then(CanvasId::database_id));
            Some(Subsystem {
                kind,
                status: Some(ACTIVE.to_owned()),
                metadata: SubsystemMetadata { company_id, assistant_id },
            })
        })
        .collect();
    StatusInfo { subsystems }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn node(id: &str, parent: Option<&str>, data: Value) -> Value {
        let kind = id.split('-').next().unwrap();
        json!({"id": id, "type": kind, "position": {"x": 0, "y": 0}, "parentId": parent, "data": data})
    }

    fn graph(nodes: Vec<Value>, edges: &[(&str, &str)]) -> Graph {
        let edges: Vec<_> = edges.iter().map(|(s, t)| json!({"source": s, "target": t})).collect();
        serde_json::from_value(json!({"nodes": nodes, "edges": edges})).unwrap()
    }

    fn subsystems(graph: &Graph, container: &str) -> Value {
        serde_json::to_value(container_status_info(graph, container)).unwrap()["subsystems"].clone()
    }

    #[test]
    fn active_frames_and_bots_with_tokens_run() {
        let g = graph(
            vec![
                node("container-1", None, json!({})),
                node("iframe-2", Some("container-1"), json!({"isActive": true, "companyId": 7})),
                node("iframe-3", Some("container-1"), json!({"isActive": false, "companyId": 8})),
                node(
                    "telegram-4",
                    Some("container-1"),
                    json!({"bot_token": "1:a", "company_id": 9}),
                ),
                node("telegram-5", Some("container-1"), json!({"bot_token": "  "})),
                node("sms-6", Some("container-1"), json!({})),
                // Active, but outside the container.
                node("iframe-7", None, json!({"isActive": true})),
            ],
            &[],
        );
        assert_eq!(
            subsystems(&g, "container-1"),
            json!([
                {"type": "frame", "status": "active", "metadata": {"company_id": 7}},
                {"type": "telegram", "status": "active", "metadata": {"company_id": 9}},
            ])
        );
    }

    #[test]
    fn the_assistant_is_the_one_joined_by_the_oldest_edge() {
        let g = graph(
            vec![
                node("container-1", None, json!({})),
                node("iframe-2", Some("container-1"), json!({"isActive": true})),
                node("telegram-3", Some("container-1"), json!({"bot_token": "1:a"})),
                node("assistant-10", None, json!({})),
                node("assistant-11", None, json!({})),
                node("assistant-temp-5", None, json!({})),
                node("analyzer-12", None, json!({})),
            ],
            &[
                // Neither an analyzer nor an assistant not yet stored has a database id to name.
                ("analyzer-12", "telegram-3"),
                ("assistant-temp-5", "telegram-3"),
                ("assistant-11", "iframe-2"),
                ("assistant-10", "iframe-2"),
                ("telegram-3", "assistant-10"),
            ],
        );
        assert_eq!(
            subsystems(&g, "container-1"),
            json!([
                {"type": "frame", "status": "active", "metadata": {"assistant_id": 11}},
                {"type": "telegram", "status": "active", "metadata": {"assistant_id": 10}},
            ])
        );
    }

    #[test]
    fn nothing_runs_in_an_empty_or_unknown_container() {
        let g = graph(vec![node("container-1", None, json!({}))], &[]);
        assert_eq!(subsystems(&g, "container-1"), json!([]));
        assert_eq!(subsystems(&g, "container-2"), json!([]));
    }

    #[test]
    fn a_stored_status_is_not_read() {
        let stale = json!({"status_info": {"subsystems": [{"type": "frame", "status": "active"}]}});
        let g = graph(vec![node("container-1", None, stale)], &[]);
        assert_eq!(subsystems(&g, "container-1"), json!([]));
    }
}

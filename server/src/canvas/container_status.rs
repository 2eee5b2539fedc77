//! A container's `status_info`: the subsystems running in it (spec §3
//! "Container").
//!
//! - one `frame` subsystem per iframe child whose `is_active` is true;
//! - one `telegram` subsystem per telegram child with a (non-blank) bot token.
//!
//! Each says `status: "active"` and carries `metadata.company_id` (the
//! child's) and `metadata.assistant_id`: the database id of the assistant
//! joined to that iframe or bot by an edge (the oldest such edge), if any.

use dastyar_core::NodeKind;
use dastyar_core::data::NodePayload;
use dastyar_core::data::common::{StatusInfo, Subsystem, SubsystemKind, SubsystemMetadata};

use crate::canvas::graph::ProjectGraph;

/// What a running subsystem reports as its status.
pub const ACTIVE: &str = "active";

pub fn status_info(graph: &ProjectGraph, container_id: i64) -> StatusInfo {
    let subsystems = graph
        .children(container_id)
        .filter_map(|child| {
            let (kind, company_id) = match child.payload().ok()? {
                NodePayload::Iframe(frame) if frame.is_active => {
                    (SubsystemKind::Frame, frame.company_id)
                }
                NodePayload::Telegram(bot) if !bot.bot_token.trim().is_empty() => {
                    (SubsystemKind::Telegram, bot.company_id)
                }
                _ => return None,
            };
            let assistant_id = graph.neighbour_ids(child.id, NodeKind::Assistant).first().copied();
            Some(Subsystem {
                kind,
                status: Some(ACTIVE.to_owned()),
                metadata: SubsystemMetadata { company_id, assistant_id },
            })
        })
        .collect();
    StatusInfo { subsystems }
}

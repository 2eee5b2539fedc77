//! What a run does. A scheduler calls the request joined to it, through the
//! same execution as the assistant's request tool (the API definition's
//! base URL and auth). A trigger fills its message template and sends it to
//! its assistant as a turn of the trigger's own conversation; the turn is
//! keyed by the run, so a run taken over after a crash is answered (and
//! charged) once, and the answer goes out through the SMS nodes and to the
//! owners of the bots joined to the assistant.

use chrono::{DateTime, Utc};
use dastyar_core::data::NodePayload;
use dastyar_core::{MessageCode, NodeKind};
use serde_json::{Map, Value, json};

use super::{delivery, message};
use crate::canvas::graph::ProjectGraph;
use crate::channels::answer::{self, Answer, Speaker};
use crate::db::timestamp;
use crate::error::ApiError;
use crate::runtime::request_by_hand;
use crate::state::AppState;
use crate::store::conversations::Channel;
use crate::store::nodes;
use crate::store::schedules::RunRow;

/// How a run ended.
#[derive(Debug, Clone, PartialEq)]
pub struct Ended {
    pub succeeded: bool,
    /// What it did, for the history (JSON).
    pub outcome: Value,
    /// Why it failed, in Persian.
    pub error: Option<String>,
}

impl Ended {
    fn failed(code: MessageCode) -> Ended {
        let error = code.persian().to_owned();
        Ended { succeeded: false, outcome: json!({}), error: Some(error) }
    }
}

/// Runs `run` of its node. A failure of what it calls is an outcome, not an
/// error; only the database failing is.
pub async fn perform(state: &AppState, run: &RunRow) -> Result<Ended, ApiError> {
    perform_with(state, run, None).await
}

/// [`perform`], a trigger sending `message` in place of its template (a test).
pub async fn perform_with(
    state: &AppState,
    run: &RunRow,
    message: Option<&str>,
) -> Result<Ended, ApiError> {
    let Some(node) = nodes::get(state.db.pool(), run.user_id, run.node_id).await? else {
        return Ok(Ended::failed(MessageCode::ScheduleNodeGone));
    };
    let graph = ProjectGraph::load(&state.db, run.user_id, node.project_id).await?;
    match node.payload().map_err(ApiError::internal)? {
        NodePayload::Scheduler(_) => {
            let Some(request) = graph.neighbour_ids(node.id, NodeKind::Request).first().copied()
            else {
                return Ok(Ended::failed(MessageCode::SchedulerNeedsRequest));
            };
            let key = format!("dastyar-run-{}", run.id);
            let outcome =
                request_by_hand::run(state, run.user_id, request, &Map::new(), Some(&key)).await?;
            Ok(Ended {
                succeeded: outcome.ok,
                error: outcome.error.clone(),
                outcome: json!({ "request_id": request, "request": outcome }),
            })
        }
        NodePayload::Trigger(trigger) => {
            let Some(assistant) =
                graph.neighbour_ids(node.id, NodeKind::Assistant).first().copied()
            else {
                return Ok(Ended::failed(MessageCode::TriggerNeedsAssistant));
            };
            let due: DateTime<Utc> = timestamp::parse(&run.due_at).unwrap_or_else(Utc::now);
            let template = message.unwrap_or(&trigger.message_template);
            let text =
                message::render(template, &trigger.context_data, due, &trigger.scheduler.timezone);
            let visitor = format!("trigger-{}", node.id);
            let speaker = Speaker {
                owner_id: run.user_id,
                assistant_node_id: assistant,
                channel: Channel::Trigger,
                visitor: &visitor,
                company_id: None,
                channel_node_id: node.id,
            };
            let key = format!("schedule-run-{}", run.id);
            let said = answer::ask(state, &speaker, &text, &key).await?;
            Ok(match said {
                Answer::Said(answer) => {
                    let delivered = if answer.trim().is_empty() {
                        Vec::new()
                    } else {
                        delivery::deliver(state, run.user_id, &graph, assistant, &answer).await
                    };
                    let error = delivered.iter().find_map(|d| d.error.clone());
                    Ended {
                        succeeded: error.is_none(),
                        outcome: json!({ "assistant_id": assistant, "message": text,
                                         "answer": answer, "deliveries": delivered }),
                        error,
                    }
                }
                Answer::Unavailable(reason) => Ended {
                    succeeded: false,
                    outcome: json!({ "assistant_id": assistant, "message": text, "reason": reason }),
                    error: Some(MessageCode::AssistantUnavailable.persian().to_owned()),
                },
            })
        }
        _ => Ok(Ended::failed(MessageCode::ScheduleNodeGone)),
    }
}

//! The trigger node: on a schedule, sends a message built from a template to
//! the one assistant it is connected to. A scheduler plus the message.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use ts_rs::TS;

use super::common::NodeBase;
use super::scheduler::SchedulerPayload;
use crate::kind::NodeKind;
use crate::schedule::Schedule;

/// The scheduler's fields, flat as on the canvas, plus the message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct TriggerData {
    #[serde(flatten)]
    pub base: NodeBase,
    #[serde(flatten)]
    pub schedule: Schedule,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub max_runs: Option<i64>,
    pub is_active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub next_run_time: Option<String>,
    pub current_runs: i64,
    /// The message sent to the assistant on each run.
    pub message_template: String,
    /// Values the template may refer to; free-form.
    pub context_data: Value,
    /// Server-maintained, RFC 3339.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_run_time: Option<String>,
}

impl Default for TriggerData {
    fn default() -> Self {
        TriggerData {
            base: NodeBase::for_kind(NodeKind::Trigger),
            schedule: Schedule::default(),
            max_runs: None,
            is_active: false,
            next_run_time: None,
            current_runs: 0,
            message_template: String::new(),
            context_data: Value::Object(Map::new()),
            last_run_time: None,
        }
    }
}

impl TriggerData {
    pub fn to_payload(&self) -> TriggerPayload {
        TriggerPayload {
            scheduler: SchedulerPayload::new(
                &self.schedule,
                self.max_runs,
                self.is_active,
                self.next_run_time.clone(),
                self.current_runs,
            ),
            message_template: self.message_template.clone(),
            context_data: self.context_data.clone(),
            last_run_time: self.last_run_time.clone(),
        }
    }

    pub fn from_payload(payload: TriggerPayload, base: NodeBase) -> Self {
        let scheduler = payload.scheduler;
        TriggerData {
            base,
            schedule: scheduler.schedule(),
            max_runs: scheduler.max_runs,
            is_active: scheduler.is_active,
            next_run_time: scheduler.next_run_time,
            current_runs: scheduler.current_runs,
            message_template: payload.message_template,
            context_data: payload.context_data,
            last_run_time: payload.last_run_time,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct TriggerPayload {
    #[serde(flatten)]
    pub scheduler: SchedulerPayload,
    pub message_template: String,
    pub context_data: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub last_run_time: Option<String>,
}

impl Default for TriggerPayload {
    fn default() -> Self {
        TriggerData::default().to_payload()
    }
}

//! Which disconnections deserve a warning first (spec §8: an active iframe, a
//! trigger, or a template SMS).

use crate::data::sms::SmsSendMethod;
use crate::data::{CanvasNode, NodeData};
use crate::messages::MessageCode;

/// The warning to show before removing the edge from `source` to `target`, if any.
pub fn disconnect_warning(source: &CanvasNode, target: &CanvasNode) -> Option<MessageCode> {
    match (&source.data, &target.data) {
        (_, NodeData::Iframe(frame)) if frame.is_active => {
            Some(MessageCode::IframeDisconnectWarning)
        }
        (NodeData::Trigger(_), _) => Some(MessageCode::TriggerDisconnectWarning),
        (_, NodeData::Sms(sms)) if sms.send_method == SmsSendMethod::Template => {
            Some(MessageCode::SmsTemplateDisconnectWarning)
        }
        _ => None,
    }
}

//! The `send_sms` tool: the model's arguments (the text, or the template's
//! tokens, and a receptor where the node lets it choose) sent through the
//! SMS node as `send-from-assistant` sends them, and what the model is told
//! of it: the count and parts sent, or why nothing was, in Persian.

use serde_json::{Map, Value, json};

use chrono::{TimeDelta, Utc};
use dastyar_core::MessageCode;
use dastyar_core::digits::persian_digits;

use crate::db::timestamp;
use crate::error::ApiError;
use crate::sms::history::SmsOrigin;
use crate::sms::send::{self, SmsAssistantSendRequest};
use crate::state::AppState;
use crate::store::sms as store;

/// Texts one SMS node sends an hour for the model (its assistant's and its
/// triggers' sends counted together).
pub const MODEL_SENDS_PER_HOUR: i64 = 30;

/// Sends for assistant `assistant` through SMS node `node`: whether it was
/// sent, and the tool's result for the model.
pub async fn perform(
    state: &AppState,
    user_id: i64,
    assistant: i64,
    node: i64,
    args: &Map<String, Value>,
) -> (bool, String) {
    // Anyone chatting with the assistant (a website visitor) can ask it to
    // send, and every text costs its owner: a node sends so many an hour for
    // the model, then says so.
    let since = timestamp::of(Utc::now() - TimeDelta::hours(1));
    match store::count_since(&state.db, node, SmsOrigin::Assistant.as_str(), &since).await {
        Ok(sent) if sent >= MODEL_SENDS_PER_HOUR => {
            let max = persian_digits(&MODEL_SENDS_PER_HOUR.to_string());
            return (false, MessageCode::SmsModelHourlyLimit.render(&[("max", &max)]));
        }
        Ok(_) => {}
        Err(error) => return (false, refusal(&ApiError::from(error))),
    }
    let request = SmsAssistantSendRequest {
        assistant_id: Some(assistant),
        receptor: text(args, "receptor"),
        message: text(args, "message"),
        token: text(args, "token"),
        token2: text(args, "token2"),
    };
    match send::from_assistant(state, user_id, node, &request).await {
        Ok(answer) => {
            let result = json!({
                "status": "sent",
                "message": answer.message,
                "sent_to": answer.send.entries.len(),
                "segments": answer.send.segments,
            });
            (true, result.to_string())
        }
        Err(error) => (false, refusal(&error)),
    }
}

/// A string argument; a number (a code the model wrote as one) as its digits.
fn text(args: &Map<String, Value>, name: &str) -> Option<String> {
    match args.get(name)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Why nothing was sent, for the model (and a trigger's run history): each
/// problem's text with its field.
pub fn refusal(error: &ApiError) -> String {
    if let ApiError::Problems(problems) = error {
        return problems
            .iter()
            .map(|p| format!("{}: {}", p.field, p.code.persian()))
            .collect::<Vec<_>>()
            .join("\n");
    }
    error.body().error.message
}

#[cfg(test)]
mod tests {
    use super::*;
    use dastyar_core::MessageCode;
    use dastyar_core::validate::FieldError;

    #[test]
    fn arguments_and_refusals_read_as_the_model_needs() {
        let args = json!({"message": "سلام", "token": 4821, "receptor": null});
        let args = args.as_object().unwrap();
        assert_eq!(text(args, "message").as_deref(), Some("سلام"));
        assert_eq!(text(args, "token").as_deref(), Some("4821"));
        assert_eq!(text(args, "receptor"), None);
        let problems = ApiError::Problems(vec![
            FieldError::new("receptor", MessageCode::PhoneInvalid),
            FieldError::new("message", MessageCode::SmsMessageEmpty),
        ]);
        let said = refusal(&problems);
        assert!(
            said.starts_with("receptor: ") && said.contains(MessageCode::SmsMessageEmpty.persian()),
            "{said}"
        );
        let fixed = ApiError::invalid("receptor", MessageCode::SmsReceptorFixed);
        assert_eq!(refusal(&fixed), MessageCode::SmsReceptorFixed.persian());
    }
}

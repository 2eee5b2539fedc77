//! `generate-function-json`: the model writes a function's definition (name,
//! description, parameters as a JSON schema) from what the person asks for,
//! starting from the definition they have so far.

use dastyar_core::MessageCode;
use dastyar_core::data::assistant::DEFAULT_ASSISTANT_MODEL;
use dastyar_core::validate::function_schema::{
    validate_function_name, validate_function_parameters,
};
use serde_json::{Value, json};

use crate::billing::usage;
use crate::error::ApiError;
use crate::providers::llm::{ChatMessage, ChatRequest};
use crate::state::AppState;

/// The instruction the model works under; English, which models follow best,
/// while the descriptions it writes follow the person's language.
const SYSTEM_PROMPT: &str = "You write OpenAI function-calling tool definitions. \
Answer with one JSON object and nothing else: {\"name\": string of letters, digits, _ or - \
(at most 64), \"description\": string, \"parameters\": a JSON Schema with \"type\": \"object\", \
at least one entry in \"properties\" (each with \"type\" and \"description\") and \"required\"}. \
Write the descriptions in the language of the request. When a current definition is given, \
change it as asked and keep what was not asked to change.";

/// The definition the model wrote, checked as a function node's would be.
pub async fn generate(
    state: &AppState,
    user_id: i64,
    idempotency_key: &str,
    user_message: &str,
    current_json: &Value,
) -> Result<Value, ApiError> {
    let client = state.llm.client().map_err(|e| e.to_api_error(""))?;
    usage::require_credits(state, user_id).await?;
    let model = pick_model(state).await.map_err(|e| e.to_api_error(""))?;
    let mut request_text = format!("Request: {user_message}");
    if !current_json.is_null() && current_json != &json!({}) {
        request_text.push_str(&format!("\nCurrent definition: {current_json}"));
    }
    let mut request = ChatRequest::new(
        &model,
        vec![
            ChatMessage::System { content: SYSTEM_PROMPT.to_owned() },
            ChatMessage::User { content: request_text },
        ],
    );
    request.response_format = Some(json!({"type": "json_object"}));
    let answer = client.chat(&request).await.map_err(|e| e.to_api_error(&model))?;
    if let Some(used) = answer.usage {
        usage::charge(
            state,
            user_id,
            &format!("function-json:{user_id}:{idempotency_key}"),
            &model,
            used,
        )
        .await?;
    }
    let text =
        answer.choices.into_iter().next().and_then(|c| c.message.content).unwrap_or_default();
    definition(&text).ok_or_else(|| ApiError::upstream(MessageCode::FunctionJsonInvalid, &[]))
}

/// The assistant default when the provider serves it, else its first model.
async fn pick_model(state: &AppState) -> Result<String, crate::providers::llm::LlmError> {
    let models = state.llm.models().await?;
    Ok(match models.iter().find(|m| m.id == DEFAULT_ASSISTANT_MODEL) {
        Some(m) => m.id.clone(),
        None => models.first().map_or(DEFAULT_ASSISTANT_MODEL.to_owned(), |m| m.id.clone()),
    })
}

/// The definition in the model's answer (bare, or inside a ```json fence),
/// when it is one a function node accepts.
fn definition(text: &str) -> Option<Value> {
    let start = text.find('{')?;
    let end = text.rfind('}')?;
    let value: Value = serde_json::from_str(text.get(start..=end)?).ok()?;
    let name = value.get("name")?.as_str()?;
    validate_function_name(name).ok()?;
    validate_function_parameters(value.get("parameters")?).ok()?;
    Some(json!({
        "name": name,
        "description": value.get("description").and_then(Value::as_str).unwrap_or_default(),
        "parameters": value["parameters"],
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_definition_is_found_in_a_fenced_answer_and_checked() {
        let fenced = "Here:\n```json\n{\"name\":\"get_order\",\"description\":\"سفارش\",\"parameters\":{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"}},\"required\":[\"id\"]}}\n```";
        let found = definition(fenced).unwrap();
        assert_eq!(found["name"], "get_order");
        assert_eq!(found["parameters"]["required"], json!(["id"]));
        assert_eq!(definition("no json here"), None);
        assert_eq!(
            definition(
                "{\"name\":\"سفارش\",\"parameters\":{\"type\":\"object\",\"properties\":{\"a\":{}}}}"
            ),
            None
        );
        assert_eq!(
            definition("{\"name\":\"ok\",\"parameters\":{\"type\":\"object\",\"properties\":{}}}"),
            None
        );
    }
}

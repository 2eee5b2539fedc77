//! One report: the new messages on the analyzer's channels, its model's
//! analysis of them, kept with the range it covered (so no message is
//! reported twice, even when two runs race), paid for in credits like any
//! answer, and sent to the bot's owner.

use dastyar_core::MessageCode;
use dastyar_core::data::assistant::{ANALYZER_INSTRUCTIONS, DEFAULT_ANALYZER_MODEL};
use dastyar_core::digits::persian_digits;
use serde::Serialize;
use ts_rs::TS;
use utoipa::ToSchema;

use super::delivery::{self, Delivery};
use super::scope::{self, Scope};
use super::{schedule, transcript};
use crate::billing::usage;
use crate::error::ApiError;
use crate::providers::llm::{ChatMessage, ChatRequest, LlmError, Usage};
use crate::state::AppState;
use crate::store::analyzers::{self as store, NewReport, ReportRow};

/// Who asked for a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum RequestedBy {
    /// The daily schedule.
    Schedule,
    /// The analyzer's owner, from its panel.
    User,
}

impl RequestedBy {
    /// As stored in `analyzer_reports.requested_by` (the same words it serializes to).
    fn as_str(self) -> &'static str {
        match self {
            RequestedBy::Schedule => "schedule",
            RequestedBy::User => "user",
        }
    }
}

/// Where a report went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "api/")]
pub enum ReportDelivery {
    /// Being sent now.
    Sending,
    /// Sent to the bot's owner.
    Sent,
    /// Kept here only; `delivery_error` says why.
    NotSent,
}

/// A report as the analyzer's panel shows it.
#[derive(Debug, Clone, Serialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct AnalyzerReport {
    pub id: i64,
    pub requested_by: RequestedBy,
    pub conversations: i64,
    pub messages: i64,
    /// The analysis, in Markdown.
    pub content: String,
    pub model: String,
    /// Credits it cost.
    pub credits: i64,
    pub delivery: ReportDelivery,
    /// Why it was not sent, in Persian.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub delivery_error: Option<String>,
    pub created_at: String,
}

impl AnalyzerReport {
    pub fn of(row: ReportRow) -> AnalyzerReport {
        let delivery = match row.delivery.as_str() {
            "sent" => ReportDelivery::Sent,
            "sending" => ReportDelivery::Sending,
            _ => ReportDelivery::NotSent,
        };
        let requested_by = match row.requested_by.as_str() {
            "schedule" => RequestedBy::Schedule,
            _ => RequestedBy::User,
        };
        AnalyzerReport {
            id: row.id,
            requested_by,
            conversations: row.conversations,
            messages: row.messages,
            content: row.content,
            model: row.model,
            credits: row.credits,
            delivery,
            delivery_error: row.delivery_error,
            created_at: row.created_at,
        }
    }
}

/// What a run came to.
#[derive(Debug, Clone)]
pub enum Outcome {
    Reported(AnalyzerReport),
    /// Nothing was said since the last report (or another run just reported it).
    NothingNew,
}

/// Reports on the analyzer `node_id`'s new messages.
pub async fn run(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    by: RequestedBy,
) -> Result<Outcome, ApiError> {
    let scope = scope::of(state, user_id, node_id).await?;
    if !scope.has_container || scope.channel_nodes.is_empty() {
        return Err(ApiError::Conflict(MessageCode::AnalyzerNoContainer));
    }
    let analyzer = schedule::row(state, user_id, node_id).await?;
    let messages = store::messages_since(
        &state.db,
        user_id,
        &scope.channel_nodes,
        analyzer.reported_to,
        transcript::MESSAGES_PER_REPORT,
    )
    .await?;
    let Some(transcript) = transcript::of(&messages) else {
        return Ok(Outcome::NothingNew);
    };
    usage::require_credits(state, user_id).await?;
    let model = setting(&scope.settings.model, DEFAULT_ANALYZER_MODEL);
    let (analysis, spent) = analyse(state, &scope, model, &transcript.text).await?;
    let new = NewReport {
        node_id,
        user_id,
        requested_by: by.as_str(),
        first_message: transcript.first_message,
        last_message: transcript.last_message,
        conversations: transcript.conversations,
        messages: transcript.messages,
        content: &analysis,
        model,
    };
    let Some(row) = store::record(&state.db, &new).await? else {
        return Ok(Outcome::NothingNew);
    };
    let credits =
        usage::charge(state, user_id, &format!("analyzer_report:{}", row.id), model, spent).await?;
    store::set_credits(&state.db, row.id, credits).await?;
    deliver(state, &scope, &row).await?;
    let row = store::report(&state.db, user_id, row.id).await?.ok_or(ApiError::NotFound)?;
    Ok(Outcome::Reported(AnalyzerReport::of(row)))
}

/// Sends a report that was not sent again (after its bot was fixed).
pub async fn send_again(
    state: &AppState,
    user_id: i64,
    node_id: i64,
    report_id: i64,
) -> Result<AnalyzerReport, ApiError> {
    let found = store::report(&state.db, user_id, report_id)
        .await?
        .filter(|r| r.node_id == node_id)
        .ok_or(ApiError::NotFound)?;
    if let Some(row) = store::take_for_sending(&state.db, user_id, found.id).await? {
        let scope = scope::of(state, user_id, node_id).await?;
        deliver(state, &scope, &row).await?;
    }
    let row = store::report(&state.db, user_id, report_id).await?.ok_or(ApiError::NotFound)?;
    Ok(AnalyzerReport::of(row))
}

/// The model's analysis of the transcript, and what it counted.
async fn analyse(
    state: &AppState,
    scope: &Scope,
    model: &str,
    transcript: &str,
) -> Result<(String, Usage), ApiError> {
    let instructions = setting(&scope.settings.instructions, ANALYZER_INSTRUCTIONS);
    let request = ChatRequest::new(
        model,
        vec![
            ChatMessage::System { content: instructions.to_owned() },
            ChatMessage::User { content: transcript.to_owned() },
        ],
    );
    let client = state.llm.client().map_err(|e| e.to_api_error(model))?;
    let answer = client.chat(&request).await.map_err(|e| e.to_api_error(model))?;
    let analysis = answer
        .choices
        .first()
        .and_then(|c| c.message.content.as_deref())
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .ok_or_else(|| LlmError::Malformed("the analysis was empty".into()).to_api_error(model))?
        .to_owned();
    Ok((analysis, answer.usage.unwrap_or_default()))
}

async fn deliver(state: &AppState, scope: &Scope, row: &ReportRow) -> Result<(), ApiError> {
    let heading = MessageCode::AnalyzerReportHeading.render(&[
        ("name", scope.analyzer.name.trim()),
        ("conversations", &persian_digits(&row.conversations.to_string())),
        ("messages", &persian_digits(&row.messages.to_string())),
    ]);
    match delivery::send(state, scope.bot.as_ref(), &heading, &row.content).await {
        Delivery::Sent { chat_id } => {
            store::set_delivery(&state.db, row.id, "sent", None, Some(chat_id)).await?
        }
        Delivery::NotSent(why) => {
            store::set_delivery(&state.db, row.id, "not_sent", Some(why.persian()), None).await?
        }
    }
    Ok(())
}

/// The node's setting, or the analyzer's default when it is blank.
fn setting<'a>(value: &'a str, default: &'a str) -> &'a str {
    if value.trim().is_empty() { default } else { value }
}

#[cfg(test)]
mod tests {
    use super::RequestedBy;

    #[test]
    fn requested_by_is_sent_as_it_is_stored() {
        for by in [RequestedBy::Schedule, RequestedBy::User] {
            assert_eq!(serde_json::to_value(by).unwrap(), by.as_str());
        }
    }
}

//! One turn of a conversation: the model answers, calling the assistant's
//! tools as it needs them, until it answers in words, waits for a function
//! result from the caller, or reaches the step bound.
//!
//! Everything that can be refused is checked before the stream opens (the
//! conversation is the user's, credits remain, a provider is configured and
//! accepts the first call), so those failures are plain HTTP errors. After
//! that the turn runs in a task of its own and reports through events; it
//! finishes even when the caller goes away, so what was answered is stored
//! and charged exactly once.

use dastyar_core::MessageCode;
use dastyar_core::context_budget::estimate_tokens;
use serde_json::{Map, Value};
use tokio::sync::mpsc;

use crate::billing::{credits, usage};
use crate::error::ApiError;
use crate::knowledge::citation::{self, Citation};
use crate::knowledge::search::{self, SEARCH_LIMIT_DEFAULT, coverage};
use crate::providers::llm::{
    ChatRequest, ChatStream, LlmError, OpenAiClient, StreamEvent, ToolCall, Usage,
};
use crate::runtime::assistant_setup::{AssistantSetup, ToolTarget};
use crate::runtime::history;
use crate::runtime::message_writer::LEASE;
use crate::runtime::request_tool;
use crate::runtime::sms_tool;
use crate::runtime::turn_event::{PendingCall, TokenUsage, ToolKind, TurnEvent, TurnStatus};
use crate::runtime::wordpress_tool;
use crate::secrets::node_secrets;
use crate::state::AppState;
use crate::store::conversations::{
    self as store, Channel, ConversationRow, MessageRow, NewMessage, Role, Said, Saying,
};

/// How many model calls one turn may make: each tool round is one.
pub const MAX_STEPS: usize = 8;
/// Events waiting for a slow reader before the turn waits for it.
const EVENT_BUFFER: usize = 256;
/// The title a conversation takes from its first words.
const TITLE_CHARS: usize = 60;
/// Passages looked up before the model is first asked, at most.
const PRE_RETRIEVED: usize = 3;
/// How much of a message's terms the best passage must hold for the
/// message to clearly ask what the documents say: then its passages go to
/// the model with the first call, instead of waiting for it to search.
const CLEARLY_ANSWERED: f64 = 0.6;

/// A turn under way: its events, ending with `Done`.
pub type Events = mpsc::Receiver<TurnEvent>;

/// Where a turn starts from.
pub enum Start {
    /// The person said something; `client_key` names this attempt;
    /// `history` is what was said before.
    Message { text: String, client_key: Option<String>, history: Vec<MessageRow> },
    /// The person's message `user_message_id` was stored but never answered
    /// (the provider failed): it is answered now.
    Resume { user_message_id: i64 },
    /// The caller posted a function's result.
    ToolResult { tool_call_id: String, output: String },
}

/// Opens a turn in `conversation`: claims it, stores what starts it, makes
/// the first model call and hands back the events. The caller has checked
/// ownership and credits.
pub async fn open(
    state: &AppState,
    conversation: &ConversationRow,
    setup: AssistantSetup,
    start: Start,
) -> Result<Events, ApiError> {
    let client = state.llm.client().map_err(|e| e.to_api_error(setup.model()))?.clone();
    // A message claims the conversation as it is stored (see `say`).
    if !matches!(start, Start::Message { .. })
        && !store::claim(&state.db, conversation.id, LEASE).await?
    {
        return Err(ApiError::Conflict(MessageCode::ConversationBusy));
    }
    let mut turn = Turn {
        state: state.clone(),
        client,
        setup,
        conversation_id: conversation.id,
        user_id: conversation.user_id,
        channel: conversation.channel(),
        company_id: conversation.company_id,
        citations: Vec::new(),
        retrieved: None,
        usage: TokenUsage::default(),
        credits: 0,
        last_message_id: None,
        title: None,
        events: None,
    };
    let (user_message_id, first) = match turn.begin(start).await {
        Ok(opened) => opened,
        Err((error, claimed)) => {
            if claimed == Claimed::Yes {
                turn.release().await;
            }
            return Err(error);
        }
    };
    let (sender, receiver) = mpsc::channel(EVENT_BUFFER);
    turn.events = Some(sender);
    turn.emit(TurnEvent::Started { conversation_id: conversation.id, user_message_id }).await;
    match first {
        First::Model(stream) => {
            tokio::spawn(async move { turn.run(stream).await });
        }
        First::StillAwaiting(calls) => {
            turn.emit(TurnEvent::AwaitingFunction { calls }).await;
            turn.finish(TurnStatus::AwaitingFunction).await;
        }
    }
    Ok(receiver)
}

/// Whether a turn that failed to open holds its conversation (and must free it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Claimed {
    Yes,
    No,
}

/// How a turn goes on once what starts it is stored.
enum First {
    /// The model accepted the first call.
    Model(ChatStream),
    /// Other function calls still wait for their results: no model call yet.
    StillAwaiting(Vec<PendingCall>),
}

/// The function calls of the conversation's last answer still waiting for a
/// result; none once the person has spoken since.
pub fn pending_calls(rows: &[MessageRow], setup: &AssistantSetup) -> Vec<PendingCall> {
    let Some(at) = rows.iter().rposition(|r| r.role() != Role::Tool) else { return Vec::new() };
    if rows[at].role() != Role::Assistant {
        return Vec::new();
    }
    let answered: Vec<&str> =
        rows[at + 1..].iter().filter_map(|r| r.tool_call_id.as_deref()).collect();
    history::tool_calls(&rows[at])
        .into_iter()
        .filter(|call| !answered.contains(&call.id.as_str()))
        .filter(|call| {
            setup
                .tool(&call.function.name)
                .and_then(|tool| setup.target(tool))
                .is_some_and(|target| matches!(target, ToolTarget::Function))
        })
        .map(|call| PendingCall {
            id: call.id,
            name: call.function.name,
            arguments: call.function.arguments,
        })
        .collect()
}

struct Turn {
    state: AppState,
    client: OpenAiClient,
    setup: AssistantSetup,
    conversation_id: i64,
    user_id: i64,
    channel: Channel,
    /// The company whose frame or bot it is: its files and the shared ones are searched.
    company_id: Option<i64>,
    /// The passages this turn's searches found, each once, for the answer.
    citations: Vec<Citation>,
    /// Passages found for the person's message before the first call, as
    /// the model reads them after the system prompt.
    retrieved: Option<String>,
    usage: TokenUsage,
    credits: i64,
    last_message_id: Option<i64>,
    title: Option<String>,
    events: Option<mpsc::Sender<TurnEvent>>,
}

/// What one model call came to.
enum Step {
    /// Answered in words: the turn is over.
    Answered,
    /// Tools ran; the model goes on with their results.
    ToolsRan,
    /// Functions wait for the caller.
    Awaiting(Vec<PendingCall>),
}

impl Turn {
    /// The person's message: stored (claiming the conversation) while the
    /// model is already asked, with the message added to the history in
    /// memory, so the first word does not wait for the write to commit. A
    /// conversation found busy, or a key used already, drops the call.
    async fn say(
        &mut self,
        text: String,
        client_key: Option<String>,
        mut rows: Vec<MessageRow>,
    ) -> Result<(Option<i64>, First), (ApiError, Claimed)> {
        self.title = Some(text.chars().take(TITLE_CHARS).collect());
        self.retrieve_for(&text).await;
        let db = &self.state.db;
        rows.push(MessageRow::unsaved(self.conversation_id, Role::User, &text));
        let saying = Saying { conversation_id: self.conversation_id, content: text, client_key };
        let (said, first_call) =
            tokio::join!(self.state.messages.say(db, saying), self.call_model_on(&rows));
        let stored = match said.map_err(|e| (e, Claimed::No))? {
            Said::Stored(id) => id,
            // The same key in a race with itself: the other request answers.
            Said::Busy | Said::Duplicate => {
                return Err((ApiError::Conflict(MessageCode::ConversationBusy), Claimed::No));
            }
        };
        let stream = first_call.map_err(|e| (e.to_api_error(self.setup.model()), Claimed::Yes))?;
        Ok((Some(stored), First::Model(stream)))
    }

    /// Stores what starts the turn and makes the first call; the person's
    /// message id, if the turn answers one. A failure says whether the
    /// conversation was claimed (and must be freed).
    async fn begin(&mut self, start: Start) -> Result<(Option<i64>, First), (ApiError, Claimed)> {
        let claimed = |error: ApiError| (error, Claimed::Yes);
        match start {
            Start::Message { text, client_key, history } => {
                self.say(text, client_key, history).await
            }
            Start::Resume { user_message_id } => {
                let stream = self.first_call().await.map_err(claimed)?;
                Ok((Some(user_message_id), First::Model(stream)))
            }
            Start::ToolResult { tool_call_id, output } => {
                let still = self.store_result(&tool_call_id, &output).await.map_err(claimed)?;
                if !still.is_empty() {
                    return Ok((None, First::StillAwaiting(still)));
                }
                Ok((None, First::Model(self.first_call().await.map_err(claimed)?)))
            }
        }
    }

    /// Stores a function's result; the calls still waiting after it.
    async fn store_result(
        &self,
        tool_call_id: &str,
        output: &str,
    ) -> Result<Vec<PendingCall>, ApiError> {
        let db = &self.state.db;
        let rows = store::messages(db, self.conversation_id).await?;
        let pending = pending_calls(&rows, &self.setup);
        let call = pending
            .iter()
            .find(|c| c.id == tool_call_id)
            .ok_or(ApiError::Conflict(MessageCode::ToolCallNotPending))?;
        let message = NewMessage {
            content: output,
            tool_call_id: Some(&call.id),
            tool_name: Some(&call.name),
            ..NewMessage::default()
        };
        store::append(db.pool(), self.conversation_id, Role::Tool, &message).await?;
        Ok(pending.into_iter().filter(|c| c.id != tool_call_id).collect())
    }

    async fn first_call(&self) -> Result<ChatStream, ApiError> {
        self.call_model().await.map_err(|e| e.to_api_error(self.setup.model()))
    }

    async fn run(mut self, first: ChatStream) {
        let mut stream = Some(first);
        let mut status = TurnStatus::ToolLimit;
        for step in 0..MAX_STEPS {
            let current = match stream.take() {
                Some(s) => s,
                None => match self.call_model().await {
                    Ok(s) => s,
                    Err(error) => {
                        self.fail(&error).await;
                        status = TurnStatus::Failed;
                        break;
                    }
                },
            };
            match self.step(current).await {
                Err(error) => {
                    self.fail(&error).await;
                    status = TurnStatus::Failed;
                    break;
                }
                Ok(Step::Answered) => {
                    status = TurnStatus::Completed;
                    break;
                }
                Ok(Step::Awaiting(calls)) => {
                    self.emit(TurnEvent::AwaitingFunction { calls }).await;
                    status = TurnStatus::AwaitingFunction;
                    break;
                }
                Ok(Step::ToolsRan) if step + 1 == MAX_STEPS => {}
                Ok(Step::ToolsRan) => {
                    if credits::balance(&self.state, self.user_id).await.unwrap_or(0) <= 0 {
                        self.error(MessageCode::InsufficientCredits, &[]).await;
                        status = TurnStatus::OutOfCredits;
                        break;
                    }
                }
            }
        }
        if status == TurnStatus::ToolLimit {
            self.error(MessageCode::ToolLoopLimit, &[("steps", &MAX_STEPS.to_string())]).await;
        }
        self.finish(status).await;
    }

    async fn call_model(&self) -> Result<ChatStream, LlmError> {
        let rows = store::messages(&self.state.db, self.conversation_id)
            .await
            .map_err(|e| LlmError::Unreachable(format!("database: {e}")))?;
        self.call_model_on(&rows).await
    }

    async fn call_model_on(&self, rows: &[MessageRow]) -> Result<ChatStream, LlmError> {
        let tools = self.setup.tool_definitions();
        let system_prompt = match &self.retrieved {
            Some(passages) if self.setup.system_prompt.is_empty() => passages.clone(),
            Some(passages) => format!("{}\n\n{passages}", self.setup.system_prompt),
            None => self.setup.system_prompt.clone(),
        };
        let messages = history::context(&system_prompt, &tools, self.setup.model(), rows);
        let mut request = ChatRequest::new(self.setup.model(), messages);
        request.tools = tools;
        self.client.chat_stream(&request).await
    }

    /// Streams one answer to the caller, stores and charges it, and runs
    /// the tools it called.
    async fn step(&mut self, mut stream: ChatStream) -> Result<Step, LlmError> {
        let mut text = String::new();
        let finished = loop {
            match stream.next().await {
                Some(Ok(StreamEvent::Text(piece))) => {
                    text.push_str(&piece);
                    self.emit(TurnEvent::Delta { text: piece }).await;
                }
                Some(Ok(StreamEvent::Finished(finished))) => break finished,
                Some(Err(error)) => {
                    // What reached the person is kept, so the history matches.
                    if !text.is_empty() {
                        self.store_answer(&text, &[], None).await;
                    }
                    return Err(error);
                }
                None => return Err(LlmError::Unreachable("the stream ended early".into())),
            }
        };
        let calls = finished.tool_calls;
        self.store_answer(&text, &calls, finished.usage).await;
        if calls.is_empty() {
            if !self.citations.is_empty() {
                let sources = self.citations.clone();
                self.emit(TurnEvent::Sources { sources }).await;
            }
            return Ok(Step::Answered);
        }
        let mut pending = Vec::new();
        for call in &calls {
            let tool = self.setup.tool(&call.function.name);
            let target = tool.and_then(|t| self.setup.target(t));
            let kind = ToolKind::of(target.as_ref());
            self.emit(TurnEvent::ToolCall {
                id: call.id.clone(),
                name: call.function.name.clone(),
                kind,
                arguments: call.function.arguments.clone(),
            })
            .await;
            match target {
                // Nobody on a website or in Telegram can post a result: the
                // model hears so at once instead of the person waiting forever.
                Some(ToolTarget::Function) if !self.channel.answers_functions() => {
                    let message = MessageCode::FunctionUnavailableInChannel
                        .render(&[("name", &call.function.name)]);
                    self.tool_result(call, false, &message).await;
                }
                Some(ToolTarget::Function) => pending.push(PendingCall {
                    id: call.id.clone(),
                    name: call.function.name.clone(),
                    arguments: call.function.arguments.clone(),
                }),
                Some(ToolTarget::Request { request, definition }) => {
                    let opened = node_secrets::open_definition(&self.state.secrets, *definition);
                    let (ok, output) = match (arguments(call), opened) {
                        (Ok(args), Ok(definition)) => {
                            let outcome = request_tool::perform(
                                &self.state.outbound,
                                &definition,
                                &request,
                                &args,
                            )
                            .await;
                            (outcome.ok, outcome.output.to_string())
                        }
                        (Err(output), _) => (false, output),
                        (_, Err(_)) => (false, MessageCode::SecretUnreadable.persian().to_owned()),
                    };
                    self.tool_result(call, ok, &output).await;
                }
                Some(ToolTarget::Knowledge { nodes }) => {
                    let (ok, output) = match arguments(call) {
                        Ok(args) => self.search(&nodes, &args).await,
                        Err(output) => (false, output),
                    };
                    self.tool_result(call, ok, &output).await;
                }
                Some(ToolTarget::Wordpress { site }) => {
                    let (ok, output) = match arguments(call) {
                        Ok(args) => wordpress_tool::publish(&self.state, *site, &args).await,
                        Err(output) => (false, output),
                    };
                    self.tool_result(call, ok, &output).await;
                }
                Some(ToolTarget::Sms { node }) => {
                    let (ok, output) = match arguments(call) {
                        Ok(args) => {
                            let assistant = self.setup.node.id;
                            sms_tool::perform(&self.state, self.user_id, assistant, node, &args)
                                .await
                        }
                        Err(output) => (false, output),
                    };
                    self.tool_result(call, ok, &output).await;
                }
                None => {
                    let message = MessageCode::ToolUnknown.render(&[("name", &call.function.name)]);
                    self.tool_result(call, false, &message).await;
                }
            }
        }
        Ok(if pending.is_empty() { Step::ToolsRan } else { Step::Awaiting(pending) })
    }

    /// Stores an answer and charges what it cost (the provider's count, or
    /// core's estimate when it reports none), under the answer's own key.
    async fn store_answer(&mut self, text: &str, calls: &[ToolCall], reported: Option<Usage>) {
        let tool_calls =
            (!calls.is_empty()).then(|| serde_json::to_string(calls).unwrap_or_default());
        // The answer in words carries what the turn's searches found.
        let sources = (calls.is_empty() && !self.citations.is_empty())
            .then(|| serde_json::to_string(&self.citations).unwrap_or_default());
        let used = reported.unwrap_or_else(|| self.estimate(text, calls));
        let message = NewMessage {
            content: text,
            tool_calls,
            sources,
            model: Some(self.setup.model()),
            prompt_tokens: Some(used.prompt_tokens.into()),
            completion_tokens: Some(used.completion_tokens.into()),
            ..NewMessage::default()
        };
        let stored = match store::append(
            self.state.db.pool(),
            self.conversation_id,
            Role::Assistant,
            &message,
        )
        .await
        {
            Ok(Some(row)) => row,
            Ok(None) => return,
            Err(error) => {
                tracing::error!(%error, "an answer could not be stored");
                return;
            }
        };
        self.last_message_id = Some(stored.id);
        self.usage.prompt_tokens += used.prompt_tokens;
        self.usage.completion_tokens += used.completion_tokens;
        let key = format!("reply:{}", stored.id);
        match usage::charge(&self.state, self.user_id, &key, self.setup.model(), used).await {
            Ok(cost) => {
                self.credits += cost;
                if let Err(error) = store::set_credits(&self.state.db, stored.id, cost).await {
                    tracing::error!(%error, "the cost of an answer could not be recorded");
                }
            }
            Err(error) => {
                tracing::error!(%error, message = stored.id, "an answer could not be charged")
            }
        }
    }

    /// What an answer used when the provider did not say: core's estimate.
    fn estimate(&self, text: &str, calls: &[ToolCall]) -> Usage {
        let calls = serde_json::to_string(calls).unwrap_or_default();
        Usage {
            prompt_tokens: estimate_tokens(&self.setup.system_prompt),
            completion_tokens: estimate_tokens(text) + estimate_tokens(&calls),
        }
    }

    /// When the person's message clearly asks what the assistant's documents
    /// say (the best passage holds most of its terms), their passages go to
    /// the model with its first call; otherwise the model searches if it
    /// needs to. A failed search only means no passages up front.
    async fn retrieve_for(&mut self, text: &str) {
        let Some(nodes) = self.setup.knowledge_nodes() else { return };
        let scope = self.setup.knowledge_scope(&nodes, self.company_id);
        let passages = match search::search(&self.state, &scope, text, PRE_RETRIEVED).await {
            Ok(passages) => passages,
            Err(error) => {
                tracing::warn!(%error, "a search before the first call failed");
                return;
            }
        };
        // Any of them, not only the first: fused with vectors, the first
        // may be a near match in meaning that shares few of the words.
        let clear = passages.iter().any(|p| coverage(text, &p.text) >= CLEARLY_ANSWERED);
        if !clear {
            return;
        }
        self.retrieved = Some(format!(
            "Passages from the business's documents that may answer the person's latest message \
             (say which source an answer comes from; search again if they do not answer it):\n{}",
            search::for_model(&passages)
        ));
        citation::add_all(&mut self.citations, passages.iter().map(|p| p.source.clone()));
    }

    /// Searches the assistant's knowledge nodes `nodes` for the call's
    /// `query`: the passages as the model reads them, each with its source.
    async fn search(&mut self, nodes: &[i64], args: &Map<String, Value>) -> (bool, String) {
        let query = args.get("query").and_then(Value::as_str).unwrap_or_default().trim();
        if query.is_empty() {
            return (false, MessageCode::KnowledgeQueryEmpty.persian().to_owned());
        }
        let scope = self.setup.knowledge_scope(nodes, self.company_id);
        let passages = match search::search(&self.state, &scope, query, SEARCH_LIMIT_DEFAULT).await
        {
            Ok(passages) => passages,
            Err(error) => {
                tracing::error!(%error, "a knowledge search failed");
                return (false, MessageCode::InternalError.persian().to_owned());
            }
        };
        if passages.is_empty() {
            return (true, MessageCode::KnowledgeNothingFound.render(&[("query", query)]));
        }
        citation::add_all(&mut self.citations, passages.iter().map(|p| p.source.clone()));
        (true, search::for_model(&passages).to_string())
    }

    async fn tool_result(&mut self, call: &ToolCall, ok: bool, output: &str) {
        let message = NewMessage {
            content: output,
            tool_call_id: Some(&call.id),
            tool_name: Some(&call.function.name),
            ..NewMessage::default()
        };
        if let Err(error) =
            store::append(self.state.db.pool(), self.conversation_id, Role::Tool, &message).await
        {
            tracing::error!(%error, "a tool result could not be stored");
        }
        self.emit(TurnEvent::ToolResult {
            id: call.id.clone(),
            name: call.function.name.clone(),
            ok,
            output: output.to_owned(),
        })
        .await;
    }

    async fn fail(&mut self, error: &LlmError) {
        tracing::warn!(%error, conversation = self.conversation_id, "a turn failed");
        let message = error.persian(self.setup.model());
        self.emit(TurnEvent::Error { code: error.code(), message }).await;
    }

    async fn error(&mut self, code: MessageCode, params: &[(&str, &str)]) {
        self.emit(TurnEvent::Error { code, message: code.render(params) }).await;
    }

    async fn finish(mut self, status: TurnStatus) {
        self.release().await;
        let balance = credits::balance(&self.state, self.user_id).await.unwrap_or_default();
        let done = TurnEvent::Done {
            status,
            message_id: self.last_message_id,
            usage: self.usage,
            credits: self.credits,
            balance,
        };
        self.emit(done).await;
    }

    async fn release(&mut self) {
        if let Err(error) =
            store::release(&self.state.db, self.conversation_id, self.title.as_deref()).await
        {
            tracing::error!(%error, "a conversation could not be released");
        }
    }

    /// Sends an event; a caller that went away does not stop the turn.
    async fn emit(&mut self, event: TurnEvent) {
        if let Some(sender) = &self.events
            && sender.send(event).await.is_err()
        {
            self.events = None;
        }
    }
}

/// A call's arguments as an object, or the text telling the model they were not.
fn arguments(call: &ToolCall) -> Result<Map<String, Value>, String> {
    let text = call.function.arguments.trim();
    if text.is_empty() {
        return Ok(Map::new());
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) => Ok(map),
        _ => Err(MessageCode::RequestArgumentsInvalid.persian().to_owned()),
    }
}

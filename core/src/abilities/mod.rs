//! What an assistant (or analyzer) can do, read from the graph around it:
//! the instructions it is given, the tools it may call, the knowledge it
//! searches, the channels it answers on, and the connected nodes that are
//! left out and why. The runtime builds the model's request from this; the
//! assistant's panel shows it.
//!
//! A neighbour is any node joined to the assistant by an edge, whichever
//! way the edge points (the connection table allows both directions for
//! several pairs). Neighbours are taken in the order of [`Graph::edges`],
//! which is the order the edges were drawn; a node joined by several edges
//! counts once, at its first.
//!
//! - Instruction nodes give their text, in that order; blank ones are left out.
//! - A function node is a tool named by its `functionName`, made a valid tool
//!   name (letters, digits, `_` and `-`, at most 64), with its parameters
//!   schema. The spec's precondition applies: a non-blank name and at least
//!   one parameter property; the schema must also pass
//!   [`validate_function_parameters`] (a missing `type` is taken as `object`).
//! - A request node is a tool when it has an API definition in the graph:
//!   the node `apidefinition-{api_definition_id}`, or else an API definition
//!   joined to it by an edge. It is named by its label when that is a valid
//!   tool name, else `request_{databaseId}`; described by its label, method
//!   and endpoint; and takes one required string per placeholder
//!   ([`request_template::placeholders`]).
//! - An SMS node is the tool [`SEND_SMS`] (`send_sms_{databaseId}` for a
//!   second one): the model gives the text (simple method) or the template's
//!   tokens, and the receptor only when the node allows it. It needs its API
//!   key, its template (template method) and a valid receptor unless the
//!   model may choose one.
//! - A WordPress node is the tool [`wordpress_tool::PUBLISH_POST`]
//!   (`publish_wordpress_{databaseId}` for a second site): the model writes
//!   the title and text, the node gives the rest. It needs its address and
//!   credentials, and to be switched on.
//! - Two tools may not share a name: the first keeps it, later ones are skipped.
//! - Vector stores, file databases, Google docs and sheets are knowledge;
//!   Telegram bots, chat frames and triggers are channels.
//! - An assistant with knowledge has the [`FILE_SEARCH`] tool, first, over
//!   all of it; the name is its own (a function of that name is skipped).

pub mod request_template;
pub mod wordpress_tool;

use std::collections::{HashMap, HashSet};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use ts_rs::TS;

use crate::connect::Graph;
use crate::data::request::{HttpMethod, RequestData};
use crate::data::sms::{SmsData, SmsSendMethod};
use crate::data::{CanvasNode, NodeData};
use crate::ids::{CanvasId, NodeRef};
use crate::kind::NodeKind;
use crate::validate::function_schema::{
    function_is_connectable, validate_function_name, validate_function_parameters,
};
use crate::validate::phone::normalize_receptors;

/// OpenAI's limit on tool names (`^[a-zA-Z0-9_-]{1,64}$`).
const TOOL_NAME_MAX: usize = 64;

/// The tool that searches an assistant's knowledge.
pub const FILE_SEARCH: &str = "file_search";

/// The tool that sends an SMS through a connected SMS node.
pub const SEND_SMS: &str = "send_sms";

/// Everything an assistant can do, from the graph around it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Abilities {
    /// Instruction nodes with text, in edge order.
    pub instructions: Vec<InstructionSource>,
    /// Functions and requests the model may call, in edge order.
    pub tools: Vec<Tool>,
    pub knowledge: Vec<KnowledgeSource>,
    pub channels: Vec<ChannelSource>,
    /// Connected functions and requests that are not tools, with the reason.
    pub skipped: Vec<Skipped>,
}

/// An instruction node's text, given to the assistant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct InstructionSource {
    /// Its canvas id.
    pub node: String,
    /// Its label.
    pub name: String,
    /// Its content, without surrounding blanks.
    pub text: String,
}

/// A tool in the shape the model's API takes (`tools[].function`), and the
/// node behind it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Tool {
    /// A valid tool name, unique among the assistant's tools.
    pub name: String,
    pub description: String,
    /// A JSON Schema object.
    pub parameters: Value,
    pub source: ToolSource,
}

/// The node a tool calls.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case", rename_all_fields = "camelCase")]
#[ts(export, export_to = "rules/")]
pub enum ToolSource {
    /// A function node (its canvas id).
    Function { node: String },
    /// A request node and the API definition node it is sent against (canvas ids).
    Request { node: String, api_definition: String },
    /// The assistant's knowledge nodes, searched together (canvas ids).
    Knowledge { nodes: Vec<String> },
    /// An SMS node (its canvas id): the server sends through its Kavenegar account.
    Sms { node: String },
    /// A WordPress node (its canvas id): the server creates the post on its site.
    Wordpress { node: String },
}

/// A knowledge source connected to the assistant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct KnowledgeSource {
    pub node: String,
    pub kind: NodeKind,
    pub name: String,
}

/// A channel the assistant answers on, or that starts it (a trigger).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct ChannelSource {
    pub node: String,
    pub kind: NodeKind,
    pub name: String,
}

/// A connected node that gives the assistant no tool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Skipped {
    pub node: String,
    pub reason: SkipReason,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum SkipReason {
    /// The function's name is blank.
    FunctionWithoutName,
    /// The function's schema has no parameter property.
    FunctionWithoutParameters,
    /// The function's schema is not an object schema providers accept.
    FunctionInvalidSchema,
    /// The request has no API definition in the graph.
    RequestWithoutApiDefinition,
    /// An earlier tool has the same name.
    DuplicateToolName,
    /// The SMS node lacks its API key, its template (template method), or a
    /// valid receptor while the model may not choose one.
    SmsIncomplete,
    /// The WordPress node lacks its site's address or its credentials.
    WordpressIncomplete,
    /// The WordPress node is switched off (`isActive`).
    WordpressInactive,
}

/// What the assistant (or analyzer) with canvas id `assistant` can do.
/// Empty when it has no neighbours or is not in the graph.
pub fn abilities(graph: &Graph, assistant: &str) -> Abilities {
    let by_id: HashMap<&str, &CanvasNode> =
        graph.nodes.iter().map(|n| (n.id.as_str(), n)).collect();
    let mut seen = HashSet::new();
    let mut names = HashSet::new();
    let mut out = Abilities::default();
    let has_knowledge = neighbours(graph, assistant)
        .any(|other| by_id.get(other).is_some_and(|n| is_knowledge(n.kind())));
    if has_knowledge {
        names.insert(FILE_SEARCH.to_owned());
    }

    for other in neighbours(graph, assistant) {
        let Some(node) = by_id.get(other).copied() else { continue };
        if node.id == assistant || !seen.insert(other) {
            continue;
        }
        let id = || node.id.clone();
        let name = || node.data.base().label.clone();
        let tool = match &node.data {
            NodeData::Instruction(instruction) => {
                let text = instruction.content.trim();
                if !text.is_empty() {
                    out.instructions.push(InstructionSource {
                        node: id(),
                        name: name(),
                        text: text.to_owned(),
                    });
                }
                continue;
            }
            NodeData::Function(function) => function_tool(
                node,
                &function.function_name,
                &function.function_description,
                &function.parameters,
            ),
            NodeData::Request(request) => request_tool(graph, &by_id, node, request),
            NodeData::Sms(sms) => sms_tool(node, sms, &names),
            NodeData::Wordpress(site) => wordpress_tool::wordpress_tool(node, site, &names),
            data => {
                let kind = data.kind();
                if is_knowledge(kind) {
                    out.knowledge.push(KnowledgeSource { node: id(), kind, name: name() });
                } else if is_channel(kind) {
                    out.channels.push(ChannelSource { node: id(), kind, name: name() });
                }
                continue;
            }
        };
        match tool {
            Ok(tool) if names.insert(tool.name.clone()) => out.tools.push(tool),
            Ok(_) => {
                out.skipped.push(Skipped { node: id(), reason: SkipReason::DuplicateToolName })
            }
            Err(reason) => out.skipped.push(Skipped { node: id(), reason }),
        }
    }
    if has_knowledge {
        out.tools.insert(0, file_search_tool(&out.knowledge));
    }
    out
}

/// The tool searching `knowledge`: one query, in the documents' language.
fn file_search_tool(knowledge: &[KnowledgeSource]) -> Tool {
    Tool {
        name: FILE_SEARCH.to_owned(),
        description: "Search the business's own documents (uploaded files, Google Docs and \
                      Sheets) and get the passages closest to the query, each with its source. \
                      Use it whenever the answer may be in them, before answering from memory; \
                      write the query in the documents' language (usually Persian)."
            .to_owned(),
        parameters: json!({
            "type": "object",
            "properties": {
                "query": { "type": "string", "description": "What to look for, in a few words." }
            },
            "required": ["query"]
        }),
        source: ToolSource::Knowledge { nodes: knowledge.iter().map(|k| k.node.clone()).collect() },
    }
}

/// The kinds an assistant searches for answers.
fn is_knowledge(kind: NodeKind) -> bool {
    matches!(
        kind,
        NodeKind::Vectorstore | NodeKind::Filedb | NodeKind::Googledoc | NodeKind::Googlesheet
    )
}

/// The kinds an assistant answers on (or is started by).
fn is_channel(kind: NodeKind) -> bool {
    matches!(kind, NodeKind::Telegram | NodeKind::Iframe | NodeKind::Trigger)
}

/// The ids at the other end of every edge touching `id`, in edge order.
fn neighbours<'g>(graph: &'g Graph, id: &'g str) -> impl Iterator<Item = &'g str> + 'g {
    graph.edges.iter().filter_map(move |e| {
        if e.source == id {
            Some(e.target.as_str())
        } else if e.target == id {
            Some(e.source.as_str())
        } else {
            None
        }
    })
}

fn function_tool(
    node: &CanvasNode,
    function_name: &str,
    description: &str,
    parameters: &Value,
) -> Result<Tool, SkipReason> {
    if function_name.trim().is_empty() {
        return Err(SkipReason::FunctionWithoutName);
    }
    if !function_is_connectable(function_name, parameters) {
        return Err(SkipReason::FunctionWithoutParameters);
    }
    let mut parameters = parameters.clone();
    if let Value::Object(schema) = &mut parameters {
        schema.entry("type").or_insert_with(|| json!("object"));
    }
    if validate_function_parameters(&parameters).is_err() {
        return Err(SkipReason::FunctionInvalidSchema);
    }
    Ok(Tool {
        name: tool_name(function_name).unwrap_or_else(|| fallback_name(node)),
        description: description.trim().to_owned(),
        parameters,
        source: ToolSource::Function { node: node.id.clone() },
    })
}

/// The `send_sms` tool of an SMS node; `taken` holds the names given so far.
fn sms_tool(node: &CanvasNode, sms: &SmsData, taken: &HashSet<String>) -> Result<Tool, SkipReason> {
    let receptor_set = normalize_receptors(&sms.receptor).is_ok();
    let template_set = !sms.template.trim().is_empty();
    let complete = !sms.api_key.trim().is_empty()
        && (receptor_set || sms.allow_model_receptor)
        && (sms.send_method == SmsSendMethod::Simple || template_set);
    if !complete {
        return Err(SkipReason::SmsIncomplete);
    }
    let name = if taken.contains(SEND_SMS) {
        format!("send_{}", fallback_name(node))
    } else {
        SEND_SMS.to_owned()
    };
    let mut properties = Map::new();
    let mut required = Vec::new();
    let what = match sms.send_method {
        SmsSendMethod::Simple => {
            properties.insert(
                "message".into(),
                json!({"type": "string", "description": "The text to send, in the reader's \
                       language (usually Persian). Keep it short: 70 Persian characters fit one SMS."}),
            );
            required.push("message");
            "a text message (SMS)"
        }
        SmsSendMethod::Template => {
            properties.insert(
                "token".into(),
                json!({"type": "string", "description": "The value of the template's first \
                       token (%token), such as a code; no spaces."}),
            );
            properties.insert(
                "token2".into(),
                json!({"type": "string", "description": "The value of the template's second \
                       token (%token2), if it has one; no spaces."}),
            );
            required.push("token");
            "a templated text message (SMS)"
        }
    };
    let to = if sms.allow_model_receptor {
        properties.insert(
            "receptor".into(),
            json!({"type": "string", "description": "The Iranian mobile number to send to \
                   (09xxxxxxxxx). Leave it out to send to the SMS node's own number."}),
        );
        if !receptor_set {
            required.push("receptor");
        }
        "to the Iranian mobile number you give"
    } else {
        "to the number set on the SMS node"
    };
    let label = node.data.base().label.trim();
    let through = if label.is_empty() { String::new() } else { format!(" («{label}»)") };
    Ok(Tool {
        name,
        description: format!(
            "Send {what}{through} through the business's Kavenegar account {to}. Use it only \
             when the user asks for a text message or your instructions say to send one."
        ),
        parameters: json!({"type": "object", "properties": properties, "required": required}),
        source: ToolSource::Sms { node: node.id.clone() },
    })
}

fn request_tool(
    graph: &Graph,
    by_id: &HashMap<&str, &CanvasNode>,
    node: &CanvasNode,
    request: &RequestData,
) -> Result<Tool, SkipReason> {
    let api_definition = api_definition_of(graph, by_id, node, request)
        .ok_or(SkipReason::RequestWithoutApiDefinition)?;
    let label = node.data.base().label.trim();
    let name =
        if validate_function_name(label).is_ok() { label.to_owned() } else { fallback_name(node) };
    let call = format!("{} {}", method_name(request.method), request.endpoint.trim());
    let description = if label.is_empty() { call } else { format!("{label} — {call}") };
    let placeholders = request_template::placeholders(&request.to_payload());
    let properties: Map<String, Value> =
        placeholders.iter().map(|p| (p.clone(), json!({ "type": "string" }))).collect();
    Ok(Tool {
        name,
        description,
        parameters: json!({ "type": "object", "properties": properties, "required": placeholders }),
        source: ToolSource::Request { node: node.id.clone(), api_definition },
    })
}

/// The canvas id of the request's API definition node: the one its
/// `api_definition_id` names when that node is in the graph, else the first
/// API definition joined to it by an edge.
fn api_definition_of(
    graph: &Graph,
    by_id: &HashMap<&str, &CanvasNode>,
    node: &CanvasNode,
    request: &RequestData,
) -> Option<String> {
    let named = request
        .api_definition_id
        .map(|id| CanvasId::saved(NodeKind::Apidefinition, id).to_string())
        .filter(|id| by_id.contains_key(id.as_str()));
    named.or_else(|| {
        neighbours(graph, &node.id)
            .find(|other| by_id.get(other).is_some_and(|n| n.kind() == NodeKind::Apidefinition))
            .map(str::to_owned)
    })
}

fn method_name(method: HttpMethod) -> &'static str {
    match method {
        HttpMethod::Get => "GET",
        HttpMethod::Post => "POST",
        HttpMethod::Put => "PUT",
        HttpMethod::Patch => "PATCH",
        HttpMethod::Delete => "DELETE",
    }
}

/// `wanted` as a valid tool name: as it is when valid, else each run of
/// other characters made one `_` (without one at either end) and cut to 64.
/// `None` when nothing of it is left (a name all in Persian, say).
fn tool_name(wanted: &str) -> Option<String> {
    let wanted = wanted.trim();
    if validate_function_name(wanted).is_ok() {
        return Some(wanted.to_owned());
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let mut name = String::new();
    for word in wanted.split(|c: char| !allowed(c)).filter(|w| !w.is_empty()) {
        if !name.is_empty() {
            name.push('_');
        }
        name.push_str(word);
    }
    name.truncate(TOOL_NAME_MAX);
    name.chars().any(|c| c.is_ascii_alphanumeric()).then_some(name)
}

/// `{kind}_{databaseId}` (`request_7`), or `{kind}_temp_{millis}` for a node
/// not stored yet.
fn fallback_name(node: &CanvasNode) -> String {
    let kind = node.kind();
    match CanvasId::parse(&node.id).map(|id| id.node) {
        Some(NodeRef::Saved(id)) => format!("{kind}_{id}"),
        Some(NodeRef::Temporary(millis)) => format!("{kind}_temp_{millis}"),
        None => tool_name(&node.id).unwrap_or_else(|| kind.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    fn node(id: &str, data: Value) -> Value {
        let kind = id.split('-').next().unwrap();
        json!({"id": id, "type": kind, "position": {"x": 0, "y": 0}, "data": data})
    }

    fn graph(nodes: Vec<Value>, edges: &[(&str, &str)]) -> Graph {
        let edges: Vec<_> = edges.iter().map(|(s, t)| json!({"source": s, "target": t})).collect();
        serde_json::from_value(json!({"nodes": nodes, "edges": edges})).unwrap()
    }

    fn function(id: &str, name: &str, parameters: Value) -> Value {
        node(
            id,
            json!({"label": "تابع", "functionName": name, "functionDescription": " شرح ", "parameters": parameters}),
        )
    }

    fn city() -> Value {
        json!({"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]})
    }

    fn tool_names(abilities: &Abilities) -> Vec<&str> {
        abilities.tools.iter().map(|t| t.name.as_str()).collect()
    }

    fn skipped(abilities: &Abilities) -> Vec<(&str, SkipReason)> {
        abilities.skipped.iter().map(|s| (s.node.as_str(), s.reason)).collect()
    }

    #[test]
    fn everything_around_an_assistant_in_edge_order() {
        let g = graph(
            vec![
                node("assistant-1", json!({})),
                node("instruction-2", json!({"label": "لحن", "content": "  مؤدب باش.\n"})),
                node("instruction-3", json!({"label": "خالی", "content": "   "})),
                node(
                    "instruction-4",
                    json!({"label": "قیمت‌ها", "content": "قیمت‌ها به تومان است."}),
                ),
                function("function-5", "get_weather", city()),
                node("vectorstore-6", json!({"label": "اسناد"})),
                node("googlesheet-7", json!({"label": "برگه"})),
                node("telegram-8", json!({"label": "ربات"})),
                node("trigger-9", json!({"label": "هر روز"})),
                node("iframe-10", json!({"label": "سایت"})),
                node("container-11", json!({})),
                node("scheduler-12", json!({})),
            ],
            &[
                ("assistant-1", "instruction-4"),
                ("instruction-2", "assistant-1"),
                ("assistant-1", "instruction-3"),
                ("function-5", "assistant-1"),
                ("telegram-8", "assistant-1"),
                ("vectorstore-6", "assistant-1"),
                ("googlesheet-7", "assistant-1"),
                ("trigger-9", "assistant-1"),
                ("assistant-1", "iframe-10"),
                ("assistant-1", "container-11"),
                ("scheduler-12", "assistant-1"),
                // Not the assistant's.
                ("instruction-2", "function-5"),
            ],
        );
        let a = abilities(&g, "assistant-1");
        assert_eq!(
            serde_json::to_value(&a.instructions).unwrap(),
            json!([
                {"node": "instruction-4", "name": "قیمت‌ها", "text": "قیمت‌ها به تومان است."},
                {"node": "instruction-2", "name": "لحن", "text": "مؤدب باش."},
            ])
        );
        // The knowledge's search comes first, over all of it.
        assert_eq!(tool_names(&a), ["file_search", "get_weather"]);
        assert_eq!(
            serde_json::to_value(&a.tools[0].source).unwrap(),
            json!({"kind": "knowledge", "nodes": ["vectorstore-6", "googlesheet-7"]})
        );
        assert_eq!(a.tools[0].parameters["required"], json!(["query"]));
        assert_eq!(
            serde_json::to_value(&a.tools[1]).unwrap(),
            json!({
                "name": "get_weather",
                "description": "شرح",
                "parameters": city(),
                "source": {"kind": "function", "node": "function-5"},
            })
        );
        assert_eq!(
            serde_json::to_value(&a.knowledge).unwrap(),
            json!([
                {"node": "vectorstore-6", "kind": "vectorstore", "name": "اسناد"},
                {"node": "googlesheet-7", "kind": "googlesheet", "name": "برگه"},
            ])
        );
        assert_eq!(
            serde_json::to_value(&a.channels).unwrap(),
            json!([
                {"node": "telegram-8", "kind": "telegram", "name": "ربات"},
                {"node": "trigger-9", "kind": "trigger", "name": "هر روز"},
                {"node": "iframe-10", "kind": "iframe", "name": "سایت"},
            ])
        );
        assert!(a.skipped.is_empty());
    }

    #[test]
    fn an_unknown_or_lonely_assistant_can_do_nothing() {
        let g = graph(vec![node("assistant-1", json!({})), node("function-2", json!({}))], &[]);
        assert_eq!(abilities(&g, "assistant-1"), Abilities::default());
        assert_eq!(abilities(&g, "assistant-9"), Abilities::default());
    }

    #[test]
    fn a_node_joined_twice_counts_once_and_missing_ends_are_ignored() {
        let g = graph(
            vec![node("analyzer-1", json!({})), function("function-2", "f", city())],
            &[
                ("function-2", "analyzer-1"),
                ("analyzer-1", "function-2"),
                ("analyzer-1", "function-99"),
                ("analyzer-1", "analyzer-1"),
            ],
        );
        let a = abilities(&g, "analyzer-1");
        assert_eq!(tool_names(&a), ["f"]);
        assert!(a.skipped.is_empty());
    }

    #[test]
    fn functions_need_a_name_and_a_parameter_and_a_valid_schema() {
        let g = graph(
            vec![
                node("assistant-1", json!({})),
                function("function-2", "  ", city()),
                function("function-3", "f", json!({"type": "object", "properties": {}})),
                function("function-4", "g", json!({"properties": {"q": "string"}})),
                function("function-5", "h", json!({"type": "string", "properties": {"q": {}}})),
                // A missing type is taken as an object.
                function("function-6", "i", json!({"properties": {"q": {}}})),
                function("function-7", "j", json!(null)),
            ],
            &[
                ("function-2", "assistant-1"),
                ("function-3", "assistant-1"),
                ("function-4", "assistant-1"),
                ("function-5", "assistant-1"),
                ("function-6", "assistant-1"),
                ("function-7", "assistant-1"),
            ],
        );
        let a = abilities(&g, "assistant-1");
        assert_eq!(
            skipped(&a),
            [
                ("function-2", SkipReason::FunctionWithoutName),
                ("function-3", SkipReason::FunctionWithoutParameters),
                ("function-4", SkipReason::FunctionInvalidSchema),
                ("function-5", SkipReason::FunctionInvalidSchema),
                ("function-7", SkipReason::FunctionWithoutParameters),
            ]
        );
        assert_eq!(tool_names(&a), ["i"]);
        assert_eq!(a.tools[0].parameters, json!({"type": "object", "properties": {"q": {}}}));
    }

    #[test]
    fn function_names_are_made_valid_tool_names() {
        assert_eq!(tool_name("get_weather").as_deref(), Some("get_weather"));
        assert_eq!(tool_name(" get weather ").as_deref(), Some("get_weather"));
        assert_eq!(tool_name("get.weather (v2)").as_deref(), Some("get_weather_v2"));
        assert_eq!(tool_name("آب‌وهوا_today").as_deref(), Some("_today"));
        assert_eq!(tool_name("آب و هوا"), None);
        assert_eq!(tool_name(&"a".repeat(70)).unwrap().len(), 64);
        let g = graph(
            vec![
                node("assistant-1", json!({})),
                function("function-2", "آب و هوا", city()),
                function("function-temp-1700000000000", "قیمت", city()),
                function("function-3", "find order!", city()),
            ],
            &[
                ("function-2", "assistant-1"),
                ("function-temp-1700000000000", "assistant-1"),
                ("function-3", "assistant-1"),
            ],
        );
        assert_eq!(
            tool_names(&abilities(&g, "assistant-1")),
            ["function_2", "function_temp_1700000000000", "find_order"]
        );
    }

    fn orders_request(id: &str, label: &str, api_definition_id: Option<i64>) -> Value {
        node(
            id,
            json!({
                "label": label,
                "method": "GET",
                "endpoint": "/orders/{{order_id}}",
                "queryParams": {"fields": "{{ fields }}"},
                "apiDefinitionId": api_definition_id,
            }),
        )
    }

    #[test]
    fn requests_with_an_api_definition_are_tools() {
        let g = graph(
            vec![
                node("assistant-1", json!({})),
                node("apidefinition-2", json!({"label": "فروشگاه"})),
                node("apidefinition-3", json!({})),
                orders_request("request-4", "سفارش‌ها", Some(2)),
                // Its id names no node here, but an edge joins it to one.
                orders_request("request-5", "get_order", Some(99)),
                orders_request("request-6", "بی‌تعریف", None),
                orders_request("request-7", "get_order", Some(3)),
            ],
            &[
                ("assistant-1", "request-4"),
                ("apidefinition-3", "request-5"),
                ("request-5", "assistant-1"),
                ("request-6", "assistant-1"),
                ("request-7", "assistant-1"),
                // An API definition joined to the assistant is no tool itself.
                ("apidefinition-2", "assistant-1"),
            ],
        );
        let a = abilities(&g, "assistant-1");
        assert_eq!(
            serde_json::to_value(&a.tools).unwrap(),
            json!([
                {
                    "name": "request_4",
                    "description": "سفارش‌ها — GET /orders/{{order_id}}",
                    "parameters": {
                        "type": "object",
                        "properties": {"fields": {"type": "string"}, "order_id": {"type": "string"}},
                        "required": ["fields", "order_id"],
                    },
                    "source": {"kind": "request", "node": "request-4", "apiDefinition": "apidefinition-2"},
                },
                {
                    "name": "get_order",
                    "description": "get_order — GET /orders/{{order_id}}",
                    "parameters": {
                        "type": "object",
                        "properties": {"fields": {"type": "string"}, "order_id": {"type": "string"}},
                        "required": ["fields", "order_id"],
                    },
                    "source": {"kind": "request", "node": "request-5", "apiDefinition": "apidefinition-3"},
                },
            ])
        );
        assert_eq!(
            skipped(&a),
            [
                ("request-6", SkipReason::RequestWithoutApiDefinition),
                ("request-7", SkipReason::DuplicateToolName),
            ]
        );
        assert!(a.knowledge.is_empty() && a.channels.is_empty());
    }

    #[test]
    fn a_request_without_placeholders_or_label() {
        let g = graph(
            vec![
                node("assistant-1", json!({})),
                node("apidefinition-2", json!({})),
                node(
                    "request-temp-5",
                    json!({"label": "", "method": "POST", "endpoint": " /ping ", "apiDefinitionId": 2}),
                ),
            ],
            &[("request-temp-5", "assistant-1")],
        );
        let tool = &abilities(&g, "assistant-1").tools[0];
        assert_eq!(tool.name, "request_temp_5");
        assert_eq!(tool.description, "POST /ping");
        assert_eq!(tool.parameters, json!({"type": "object", "properties": {}, "required": []}));
    }

    #[test]
    fn the_first_of_two_same_named_tools_keeps_the_name() {
        let g = graph(
            vec![
                node("assistant-1", json!({})),
                node("apidefinition-2", json!({})),
                orders_request("request-3", "lookup", Some(2)),
                function("function-4", "lookup", city()),
                function("function-5", "lookup", city()),
            ],
            &[
                ("request-3", "assistant-1"),
                ("function-4", "assistant-1"),
                ("assistant-1", "function-5"),
            ],
        );
        let a = abilities(&g, "assistant-1");
        assert_eq!(tool_names(&a), ["lookup"]);
        assert!(matches!(a.tools[0].source, ToolSource::Request { .. }));
        assert_eq!(
            skipped(&a),
            [
                ("function-4", SkipReason::DuplicateToolName),
                ("function-5", SkipReason::DuplicateToolName)
            ]
        );
    }

    #[test]
    fn knowledge_keeps_the_search_tools_name_and_no_knowledge_offers_none() {
        let g = graph(
            vec![
                node("assistant-1", json!({})),
                function("function-2", "file_search", city()),
                node("filedb-3", json!({"label": "فایل‌ها"})),
            ],
            &[("function-2", "assistant-1"), ("filedb-3", "assistant-1")],
        );
        let a = abilities(&g, "assistant-1");
        assert_eq!(tool_names(&a), ["file_search"]);
        assert_eq!(a.tools[0].source, ToolSource::Knowledge { nodes: vec!["filedb-3".into()] });
        assert_eq!(skipped(&a), [("function-2", SkipReason::DuplicateToolName)]);

        let without = graph(
            vec![node("assistant-1", json!({})), function("function-2", "file_search", city())],
            &[("function-2", "assistant-1")],
        );
        let a = abilities(&without, "assistant-1");
        assert!(matches!(a.tools[0].source, ToolSource::Function { .. }), "{:?}", a.tools);
    }

    fn sms(id: &str, data: Value) -> Value {
        let mut fields = json!({"label": "پیامک", "apiKey": "••••ABCD", "receptor": "09123456789"});
        fields.as_object_mut().unwrap().extend(data.as_object().unwrap().clone());
        node(id, fields)
    }

    #[test]
    fn an_sms_node_is_the_send_sms_tool() {
        let g = graph(
            vec![
                node("assistant-1", json!({})),
                sms("sms-2", json!({"message": "سلام"})),
                sms(
                    "sms-3",
                    json!({"sendMethod": "template", "template": "verify",
                                    "allowModelReceptor": true}),
                ),
            ],
            &[("assistant-1", "sms-2"), ("assistant-1", "sms-3")],
        );
        let a = abilities(&g, "assistant-1");
        assert_eq!(tool_names(&a), ["send_sms", "send_sms_3"]);
        assert!(a.channels.is_empty(), "an SMS node is a tool, not a channel: {:?}", a.channels);
        let simple = &a.tools[0];
        assert_eq!(simple.source, ToolSource::Sms { node: "sms-2".into() });
        assert_eq!(simple.parameters["required"], json!(["message"]));
        assert!(simple.parameters["properties"].get("receptor").is_none(), "the node's number");
        assert!(simple.description.contains("«پیامک»"), "{}", simple.description);
        let template = &a.tools[1];
        assert_eq!(template.parameters["required"], json!(["token"]));
        let properties = template.parameters["properties"].as_object().unwrap();
        let mut names: Vec<&str> = properties.keys().map(String::as_str).collect();
        names.sort_unstable();
        assert_eq!(names, ["receptor", "token", "token2"]);
        assert!(template.description.contains("number you give"), "{}", template.description);
    }

    #[test]
    fn an_sms_node_needs_a_key_a_template_and_a_receptor_the_model_cannot_replace() {
        let g = graph(
            vec![
                node("assistant-1", json!({})),
                sms("sms-2", json!({"apiKey": ""})),
                sms("sms-3", json!({"sendMethod": "template", "template": " "})),
                sms("sms-4", json!({"receptor": "0812"})),
                // The model chooses, so the node needs no number of its own.
                sms("sms-5", json!({"receptor": "", "allowModelReceptor": true})),
            ],
            &[
                ("assistant-1", "sms-2"),
                ("assistant-1", "sms-3"),
                ("assistant-1", "sms-4"),
                ("assistant-1", "sms-5"),
            ],
        );
        let a = abilities(&g, "assistant-1");
        assert_eq!(
            skipped(&a),
            [
                ("sms-2", SkipReason::SmsIncomplete),
                ("sms-3", SkipReason::SmsIncomplete),
                ("sms-4", SkipReason::SmsIncomplete),
            ]
        );
        assert_eq!(tool_names(&a), ["send_sms"]);
        assert_eq!(a.tools[0].parameters["required"], json!(["message", "receptor"]));
    }

    #[test]
    fn answer_types_serialise_as_the_package_documents() {
        assert_eq!(
            serde_json::to_value(SkipReason::DuplicateToolName).unwrap(),
            "duplicate_tool_name"
        );
        let source = ToolSource::Request {
            node: "request-1".into(),
            api_definition: "apidefinition-2".into(),
        };
        assert_eq!(
            serde_json::to_value(source).unwrap(),
            json!({"kind": "request", "node": "request-1", "apiDefinition": "apidefinition-2"})
        );
    }
}

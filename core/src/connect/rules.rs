//! The connection rules of spec §5, one named function each, checked in the
//! order of [`RULES`]; the first refusal is the answer. The kind-specific shape
//! rules come first (their messages say more than the general ones), then
//! output-to-input and the allowed table, then the preconditions on the end
//! points' data and on the edges already drawn.

use crate::data::google::GoogleAuthStatus;
use crate::data::{CanvasNode, NodeData};
use crate::ids::CanvasId;
use crate::kind::NodeKind::{self, *};
use crate::messages::MessageCode::{self, *};
use crate::schedule::validate_trigger_schedule;
use crate::validate::function_schema::function_is_connectable;
use crate::validate::sms::{SmsConfigView, sms_config_complete};
use crate::validate::wordpress::wordpress_auth_complete;

use super::graph::GraphIndex;
use super::site_urls::SiteUrls;
use super::table;

/// What a rule sees: the graph (other nodes only by id, kind and container),
/// the two end points whole, and whether a WordPress site address parses.
pub(crate) struct Ctx<'g> {
    pub graph: &'g GraphIndex<'g>,
    pub source: &'g CanvasNode,
    pub target: &'g CanvasNode,
    pub urls: &'g dyn SiteUrls,
}

impl Ctx<'_> {
    fn kinds(&self) -> (NodeKind, NodeKind) {
        (self.source.kind(), self.target.kind())
    }

    /// The end point of kind `kind`, when one end is of that kind.
    fn end(&self, kind: NodeKind) -> Option<&CanvasNode> {
        [self.source, self.target].into_iter().find(|n| n.kind() == kind)
    }

    /// The end that is not `node`.
    fn other(&self, node: &CanvasNode) -> &CanvasNode {
        if std::ptr::eq(node, self.source) { self.target } else { self.source }
    }
}

pub(crate) type Rule = fn(&Ctx) -> Result<(), MessageCode>;

/// Every rule, in the order it is checked.
pub(crate) const RULES: &[(&str, Rule)] = &[
    ("not already connected", not_already_connected),
    ("not the same type", not_same_type),
    ("stores stay away from containers and telegram", stores_avoid_containers_and_telegram),
    ("file repository only to a vector store", file_repository_only_to_vector_store),
    ("assistant not to a container or analyzer", assistant_not_to_container_or_analyzer),
    ("filedb's forbidden targets", filedb_forbidden_targets),
    ("analyzer only to a container or telegram", analyzer_only_to_container_or_telegram),
    ("function only to an assistant", function_only_to_assistant),
    ("telegram only with assistant, analyzer or container", telegram_partners),
    ("trigger only to an assistant", trigger_only_to_assistant),
    ("only an assistant into an iframe", iframe_only_from_assistant),
    ("only an assistant into sms", sms_only_from_assistant),
    ("wordpress only with an assistant", wordpress_only_from_assistant),
    ("output to input", output_to_input),
    ("the allowed table", in_allowed_table),
    ("google authorized", google_authorized),
    ("one vector store per assistant", one_vector_store_per_assistant),
    ("function complete", function_complete),
    ("telegram credentials", telegram_has_credentials),
    ("one api definition per request", one_api_definition_per_request),
    ("request has an api definition", request_has_api_definition),
    ("analyzer container has a channel", analyzer_container_has_channel),
    ("analyzer linked to a container first", analyzer_linked_to_container_first),
    ("iframe assistant ready", iframe_assistant_ready),
    ("iframe complete", iframe_complete),
    ("wordpress complete", wordpress_complete),
    ("wordpress assistant created", wordpress_assistant_created),
    ("trigger to one assistant", trigger_to_one_assistant),
    ("trigger schedule valid", trigger_schedule_valid),
    ("trigger assistant ready", trigger_assistant_ready),
    ("sms complete", sms_complete),
    ("sms assistant exists", sms_assistant_exists),
];

fn refuse_if(condition: bool, code: MessageCode) -> Result<(), MessageCode> {
    if condition { Err(code) } else { Ok(()) }
}

// ---- General rules ----

fn not_already_connected(c: &Ctx) -> Result<(), MessageCode> {
    refuse_if(c.graph.has_edge(&c.source.id, &c.target.id), ConnectionExists)
}

/// An output must connect to an input: the source needs an output and the
/// target an input. The end points and the trigger say so in their own words.
fn output_to_input(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    match (table::has_output(s), table::has_input(t)) {
        (true, true) => Ok(()),
        (false, _) if s == Iframe => Err(IframeIsEndpoint),
        (false, _) if s == Sms => Err(SmsIsEndpoint),
        (_, false) if t == Trigger => Err(TriggerHasNoInputs),
        _ => Err(OutputToInput),
    }
}

/// Two nodes of the same type cannot connect, except containers.
fn not_same_type(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(s == t && s != Container, SameTypeConnection)
}

fn stores_avoid_containers_and_telegram(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(
        matches!(s, Vectorstore | Filerepository) && matches!(t, Container | Telegram),
        StoreToContainerOrTelegram,
    )
}

fn file_repository_only_to_vector_store(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(s == Filerepository && t != Vectorstore, FileRepositoryOnlyToVectorStore)
}

fn assistant_not_to_container_or_analyzer(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(s == Assistant && matches!(t, Container | Analyzer), AssistantToContainerOrAnalyzer)
}

fn filedb_forbidden_targets(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(
        s == Filedb && matches!(t, Googledoc | Googlesheet | Telegram | Filerepository),
        FileDbForbiddenTarget,
    )
}

fn analyzer_only_to_container_or_telegram(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(s == Analyzer && !matches!(t, Container | Telegram), AnalyzerTargetInvalid)
}

fn function_only_to_assistant(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(s == Function && t != Assistant, FunctionTargetInvalid)
}

fn telegram_partners(c: &Ctx) -> Result<(), MessageCode> {
    let Some(telegram) = c.end(Telegram) else { return Ok(()) };
    let partner = c.other(telegram).kind();
    refuse_if(!matches!(partner, Assistant | Analyzer | Container), TelegramTargetInvalid)
}

fn trigger_only_to_assistant(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(s == Trigger && t != Assistant, TriggerTargetNotAssistant)
}

fn iframe_only_from_assistant(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(t == Iframe && s != Assistant, IframeSourceNotAssistant)
}

fn sms_only_from_assistant(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(t == Sms && s != Assistant, SmsSourceNotAssistant)
}

fn wordpress_only_from_assistant(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(t == Wordpress && s != Assistant, WordpressSourceNotAssistant)
}

fn in_allowed_table(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    refuse_if(!table::is_allowed(s, t), ConnectionNotAllowed)
}

// ---- Preconditions on the end points ----

fn google_authorized(c: &Ctx) -> Result<(), MessageCode> {
    let status = match &c.source.data {
        NodeData::Googledoc(d) => d.auth_status,
        NodeData::Googlesheet(d) => d.auth_status,
        _ => return Ok(()),
    };
    refuse_if(status != GoogleAuthStatus::Authorized, GoogleNotAuthorized)
}

fn one_vector_store_per_assistant(c: &Ctx) -> Result<(), MessageCode> {
    if c.kinds() != (Vectorstore, Assistant) {
        return Ok(());
    }
    let taken = c.graph.sources_of(&c.target.id).any(|n| n.kind() == Vectorstore);
    refuse_if(taken, OneVectorStorePerAssistant)
}

fn function_complete(c: &Ctx) -> Result<(), MessageCode> {
    let Some(NodeData::Function(f)) = c.end(Function).map(|n| &n.data) else { return Ok(()) };
    refuse_if(!function_is_connectable(&f.function_name, &f.parameters), FunctionIncomplete)
}

fn telegram_has_credentials(c: &Ctx) -> Result<(), MessageCode> {
    let Some(NodeData::Telegram(t)) = c.end(Telegram).map(|n| &n.data) else { return Ok(()) };
    refuse_if(
        t.bot_token.trim().is_empty() || t.bot_username.trim().is_empty(),
        TelegramCredentialsMissing,
    )
}

/// The API definition a request is linked to: by an edge, or by its stored id.
fn linked_api_definition(c: &Ctx, request: &CanvasNode) -> bool {
    let by_edge = c.graph.neighbours(&request.id).any(|n| n.kind() == Apidefinition);
    let by_id = matches!(&request.data, NodeData::Request(r) if r.api_definition_id.is_some());
    by_edge || by_id
}

fn one_api_definition_per_request(c: &Ctx) -> Result<(), MessageCode> {
    if c.kinds() != (Apidefinition, Request) {
        return Ok(());
    }
    let linked_elsewhere =
        c.graph.neighbours(&c.target.id).any(|n| n.kind() == Apidefinition && n.id != c.source.id);
    let stored_other = match (&c.target.data, CanvasId::parse(&c.source.id)) {
        (NodeData::Request(r), Some(def)) => {
            r.api_definition_id.is_some_and(|id| Some(id) != def.database_id())
        }
        _ => false,
    };
    refuse_if(linked_elsewhere || stored_other, RequestHasApiDefinition)
}

fn request_has_api_definition(c: &Ctx) -> Result<(), MessageCode> {
    let (s, t) = c.kinds();
    if !matches!((s, t), (Request, Assistant) | (Assistant, Request)) {
        return Ok(());
    }
    let request = c.end(Request).expect("one end is a request");
    refuse_if(!linked_api_definition(c, request), RequestNeedsApiDefinition)
}

/// A container holds a channel (spec: "an active chat frame, telegram or
/// iframe") when an iframe or telegram node sits inside it, read from the
/// graph (never from the `status_info` stored in its data, which may be
/// stale; the subsystems it lists are only ever such children).
fn container_has_channel(c: &Ctx, container_id: &str) -> bool {
    c.graph.children(container_id).any(|n| matches!(n.kind(), Iframe | Telegram))
}

fn analyzer_container_has_channel(c: &Ctx) -> Result<(), MessageCode> {
    if !matches!(c.kinds(), (Analyzer, Container) | (Container, Analyzer)) {
        return Ok(());
    }
    let container = c.end(Container).expect("one end is a container");
    refuse_if(!container_has_channel(c, &container.id), AnalyzerContainerWithoutChannel)
}

fn analyzer_linked_to_container_first(c: &Ctx) -> Result<(), MessageCode> {
    if c.kinds() != (Analyzer, Telegram) {
        return Ok(());
    }
    let linked = c
        .graph
        .neighbours(&c.source.id)
        .any(|n| n.kind() == Container && container_has_channel(c, n.id));
    refuse_if(!linked, AnalyzerNeedsContainerFirst)
}

/// An assistant is created when it has a database id and its creation settled.
fn assistant_created(node: &CanvasNode) -> bool {
    let saved = CanvasId::parse(&node.id).and_then(CanvasId::database_id).is_some();
    saved && node.data.base().creation_status.is_settled()
}

fn iframe_assistant_ready(c: &Ctx) -> Result<(), MessageCode> {
    if c.kinds() != (Assistant, Iframe) {
        return Ok(());
    }
    let registered = matches!(&c.source.data,
        NodeData::Assistant(a) if a.assistant_id.as_deref().is_some_and(|id| !id.trim().is_empty()));
    refuse_if(!(registered && assistant_created(c.source)), IframeAssistantNotReady)
}

fn iframe_complete(c: &Ctx) -> Result<(), MessageCode> {
    let NodeData::Iframe(f) = &c.target.data else { return Ok(()) };
    let domains = f.authorized_domains.iter().any(|d| !d.trim().is_empty());
    refuse_if(f.company_name.trim().is_empty() || !domains, IframeIncomplete)
}

/// An address not parsed yet (the canvas's first-paint module) leaves the
/// answer open only when the credentials are complete.
fn wordpress_complete(c: &Ctx) -> Result<(), MessageCode> {
    let NodeData::Wordpress(w) = &c.target.data else { return Ok(()) };
    if !wordpress_auth_complete(w.auth_type, &w.auth_data) {
        return Err(WordpressIncomplete);
    }
    let valid = c.urls.valid(&w.site_url).ok_or(WordpressUrlUnchecked)?;
    refuse_if(!valid, WordpressIncomplete)
}

fn wordpress_assistant_created(c: &Ctx) -> Result<(), MessageCode> {
    refuse_if(
        c.kinds() == (Assistant, Wordpress) && !assistant_created(c.source),
        AssistantNotCreated,
    )
}

fn trigger_to_one_assistant(c: &Ctx) -> Result<(), MessageCode> {
    if c.source.kind() != Trigger {
        return Ok(());
    }
    let taken = c.graph.targets_of(&c.source.id).any(|n| n.kind() == Assistant);
    refuse_if(taken, TriggerAlreadyConnected)
}

fn trigger_schedule_valid(c: &Ctx) -> Result<(), MessageCode> {
    let NodeData::Trigger(t) = &c.source.data else { return Ok(()) };
    refuse_if(
        validate_trigger_schedule(&t.message_template, &t.schedule).is_err(),
        TriggerScheduleInvalid,
    )
}

fn trigger_assistant_ready(c: &Ctx) -> Result<(), MessageCode> {
    refuse_if(c.kinds() == (Trigger, Assistant) && !assistant_created(c.target), AssistantNotReady)
}

fn sms_complete(c: &Ctx) -> Result<(), MessageCode> {
    let NodeData::Sms(s) = &c.target.data else { return Ok(()) };
    let view = SmsConfigView {
        api_key: &s.api_key,
        receptor: &s.receptor,
        send_method: s.send_method,
        message: &s.message,
        template: &s.template,
        token: &s.token,
    };
    refuse_if(!sms_config_complete(&view), SmsIncomplete)
}

/// Spec: "The assistant must exist", i.e. be stored.
fn sms_assistant_exists(c: &Ctx) -> Result<(), MessageCode> {
    let stored = CanvasId::parse(&c.source.id).and_then(CanvasId::database_id).is_some();
    refuse_if(c.kinds() == (Assistant, Sms) && !stored, AssistantNotCreated)
}

//! The connection rules read only a proposal's neighbourhood: on many random
//! graphs and proposals, the check on `neighbourhood(graph, proposal)` answers
//! exactly as the check on the whole graph, refusals that look past the two
//! ends (an existing edge, one vector store or API definition, a trigger's
//! one assistant, an analyzer's container and its channel) included.

use std::collections::BTreeMap;

use dastyar_core::NodeKind::{self, *};
use dastyar_core::connect::{
    Graph, ParsedSiteUrls, Proposal, check_connection, check_connection_around, neighbourhood,
};
use serde_json::{Value, json};

/// xorshift64*: the same graphs on every run, no crate needed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<T: Copy>(&mut self, from: &[T]) -> T {
        from[self.below(from.len())]
    }
}

/// The kinds whose rules look past the ends, over-represented.
const KINDS: &[NodeKind] = &[
    Assistant,
    Assistant,
    Analyzer,
    Container,
    Container,
    Telegram,
    Iframe,
    Request,
    Request,
    Apidefinition,
    Vectorstore,
    Trigger,
    Function,
    Filedb,
    Wordpress,
    Sms,
    Scheduler,
    Googledoc,
    Instruction,
];

/// Data meeting the kind's preconditions, or (sometimes) missing them.
fn data(kind: NodeKind, rng: &mut Rng) -> Value {
    if rng.chance(20) {
        return json!({});
    }
    match kind {
        Assistant | Analyzer => json!({"assistant_id": "asst_1", "creationStatus": "success"}),
        Googledoc => json!({"auth_status": "authorized"}),
        Function => json!({
            "functionName": "f",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}
        }),
        Telegram => json!({"bot_token": "1:a", "bot_username": "b"}),
        Request if rng.chance(50) => json!({"apiDefinitionId": 1 + rng.below(3)}),
        Iframe => {
            json!({"companyName": "c", "authorizedDomains": ["example.ir"], "isActive": true})
        }
        Wordpress => json!({
            "siteUrl": rng.pick(&["https://example.ir/", "ftp://example.ir", "https://دستیار.ir", "http://[::1"]),
            "authType": "jwt", "authData": {"jwtToken": "t"}
        }),
        Trigger => {
            json!({"messageTemplate": "m", "scheduleType": "interval", "intervalValue": 5, "intervalUnit": "minutes"})
        }
        Sms => {
            json!({"apiKey": "A".repeat(40), "receptor": "09123456789", "sendMethod": "simple", "message": "m"})
        }
        _ => json!({}),
    }
}

fn random_graph(rng: &mut Rng) -> Graph {
    let count = 2 + rng.below(12);
    let kinds: Vec<NodeKind> = (0..count).map(|_| rng.pick(KINDS)).collect();
    let ids: Vec<String> = kinds
        .iter()
        .enumerate()
        .map(
            |(i, k)| {
                if rng.chance(10) { format!("{k}-temp-{i}") } else { format!("{k}-{}", i + 1) }
            },
        )
        .collect();
    let containers: Vec<&String> =
        ids.iter().zip(&kinds).filter(|(_, k)| **k == Container).map(|(id, _)| id).collect();
    let nodes: Vec<Value> = (0..count)
        .map(|i| {
            let mut node =
                json!({"id": ids[i], "type": kinds[i].as_str(), "data": data(kinds[i], rng)});
            if !containers.is_empty() && kinds[i] != Container && rng.chance(40) {
                node["parentId"] = json!(containers[rng.below(containers.len())]);
            }
            node
        })
        .collect();
    let edges: Vec<Value> = (0..rng.below(count * 2))
        .map(|i| {
            // Now and then an edge to a node that is not there.
            let end = |rng: &mut Rng| {
                if rng.chance(3) {
                    "assistant-404".to_owned()
                } else {
                    ids[rng.below(count)].clone()
                }
            };
            json!({"id": format!("e{i}"), "source": end(rng), "target": end(rng)})
        })
        .collect();
    serde_json::from_value(json!({"nodes": nodes, "edges": edges})).unwrap()
}

#[test]
fn checks_on_the_neighbourhood_agree_with_checks_on_the_whole_graph() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut answers: BTreeMap<String, usize> = BTreeMap::new();
    for _ in 0..4000 {
        let graph = random_graph(&mut rng);
        for _ in 0..10 {
            let id = |rng: &mut Rng| {
                if rng.chance(2) {
                    "sms-404".to_owned()
                } else {
                    graph.nodes[rng.below(graph.nodes.len())].id.clone()
                }
            };
            let proposal = Proposal { source: id(&mut rng), target: id(&mut rng) };
            let whole = check_connection(&graph, &proposal);
            let around = neighbourhood(&graph, &proposal);
            let part = check_connection_around(&around, &proposal, &ParsedSiteUrls);
            assert_eq!(part, whole, "{proposal:?} on {graph:#?}");
            let key = match &whole {
                Ok(allowed) => format!("allowed {:?}", allowed.edge_kind),
                Err(refusal) => format!("{:?}", refusal.code),
            };
            *answers.entry(key).or_default() += 1;
        }
    }
    // The refusals that read past the two ends all came up.
    for code in [
        "ConnectionExists",
        "OneVectorStorePerAssistant",
        "RequestHasApiDefinition",
        "RequestNeedsApiDefinition",
        "AnalyzerContainerWithoutChannel",
        "AnalyzerNeedsContainerFirst",
        "TriggerAlreadyConnected",
        "WordpressIncomplete",
        "allowed Analyzer",
        "allowed Telegram",
    ] {
        assert!(answers.get(code).is_some_and(|&n| n > 0), "{code} never came up: {answers:?}");
    }
}

#[test]
fn the_neighbourhood_holds_the_ends_whole_and_the_rest_by_kind() {
    let graph: Graph = serde_json::from_value(json!({
        "nodes": [
            {"id": "analyzer-1", "type": "analyzer", "data": {}},
            {"id": "telegram-2", "type": "telegram", "data": {"bot_token": "1:a"}},
            {"id": "container-3", "type": "container", "data": {}},
            {"id": "iframe-4", "type": "iframe", "parentId": "container-3", "data": {"isActive": true}},
            {"id": "assistant-5", "type": "assistant", "data": {}},
            {"id": "sms-6", "type": "sms", "data": {}},
        ],
        "edges": [
            {"id": "a", "source": "analyzer-1", "target": "container-3"},
            {"id": "b", "source": "assistant-5", "target": "iframe-4"},
            {"id": "c", "source": "assistant-5", "target": "sms-6"},
        ]
    }))
    .unwrap();
    let proposal = Proposal { source: "analyzer-1".into(), target: "telegram-2".into() };
    let around = serde_json::to_value(neighbourhood(&graph, &proposal)).unwrap();
    let ids = |list: &Value| -> Vec<String> {
        list.as_array().unwrap().iter().map(|n| n["id"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(ids(&around["ends"]), ["analyzer-1", "telegram-2"]);
    assert_eq!(around["ends"][1]["data"]["bot_token"], "1:a");
    // The container beside the analyzer and the frame inside it, by id and kind;
    // the assistant joined to the frame and its SMS are not read.
    assert_eq!(
        around["near"],
        json!([
            {"id": "container-3", "type": "container"},
            {"id": "iframe-4", "type": "iframe", "parentId": "container-3"},
        ])
    );
    assert_eq!(ids(&around["edges"]), ["a"]);
}

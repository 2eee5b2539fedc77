//! The whole connection matrix, pair by pair, against the spec's table. Every
//! rule's own cases are in `tests/vectors/connections.json`, which runs in Rust
//! (`wasm/tests/vectors.rs`) and through the wasm package in JavaScript.

use dastyar_core::NodeKind;
use dastyar_core::connect::{Graph, Proposal, check_connection, is_allowed};
use serde_json::{Value, json};

/// Spec §5 "Allowed connections", copied as written.
const SPEC_TABLE: &str = "
| vectorstore | assistant |
| assistant | instruction, function, telegram, request, apidefinition, iframe, wordpress, sms |
| filerepository | vectorstore |
| filedb | vectorstore, assistant |
| googledoc, googlesheet | assistant, vectorstore |
| function | assistant |
| apidefinition | request, assistant |
| request | assistant |
| scheduler | request |
| trigger | assistant |
| analyzer | telegram, container |
| container | analyzer |
";

fn spec_allows(source: NodeKind, target: NodeKind) -> bool {
    SPEC_TABLE.lines().filter(|l| !l.trim().is_empty()).any(|line| {
        let cells: Vec<&str> = line.trim().trim_matches('|').split('|').collect();
        let names = |cell: &str| cell.split(',').map(|k| k.trim().to_owned()).collect::<Vec<_>>();
        names(cells[0]).contains(&source.as_str().to_owned())
            && names(cells[1]).contains(&target.as_str().to_owned())
    })
}

/// Canvas data (spec spellings) with every precondition of the kind met.
fn ready_data(kind: NodeKind) -> Value {
    match kind {
        NodeKind::Assistant => json!({"assistant_id": "asst_1", "creationStatus": "success"}),
        NodeKind::Analyzer => json!({"creationStatus": "success"}),
        NodeKind::Googledoc | NodeKind::Googlesheet => json!({"auth_status": "authorized"}),
        NodeKind::Function => json!({
            "functionName": "get_weather",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}
        }),
        NodeKind::Telegram => json!({"bot_token": "123456:abc", "bot_username": "dastyar_bot"}),
        NodeKind::Request => json!({"apiDefinitionId": 1}),
        NodeKind::Iframe => json!({"companyName": "دستیار", "authorizedDomains": ["example.ir"]}),
        NodeKind::Wordpress => json!({
            "siteUrl": "https://example.ir",
            "authType": "application_password",
            "authData": {"username": "admin", "applicationPassword": "abcd efgh ijkl"}
        }),
        NodeKind::Trigger => json!({
            "messageTemplate": "گزارش روزانه را بفرست",
            "scheduleType": "interval", "intervalValue": 5, "intervalUnit": "minutes"
        }),
        NodeKind::Sms => json!({
            "apiKey": "A".repeat(40), "receptor": "09123456789",
            "sendMethod": "simple", "message": "سلام"
        }),
        _ => json!({}),
    }
}

fn node(id: &str, kind: NodeKind, data: Value) -> Value {
    json!({"id": id, "type": kind.as_str(), "position": {"x": 0, "y": 0}, "data": data})
}

fn ready_pair(source: NodeKind, target: NodeKind) -> (Graph, Proposal) {
    let (s, t) = (format!("{source}-1"), format!("{target}-2"));
    let mut nodes =
        vec![node(&s, source, ready_data(source)), node(&t, target, ready_data(target))];
    let mut edges = vec![];
    if source == NodeKind::Analyzer {
        // An analyzer reaches telegram only through a container with a channel.
        nodes.push(node("container-99", NodeKind::Container, ready_data(NodeKind::Container)));
        edges.push(json!({"source": s, "target": "container-99"}));
    }
    // A ready container has a channel: an active chat frame inside it.
    let containers: Vec<String> = nodes
        .iter()
        .filter(|n| n["type"] == "container")
        .map(|n| n["id"].as_str().unwrap().to_owned())
        .collect();
    for (i, container) in containers.iter().enumerate() {
        let mut frame =
            node(&format!("iframe-{}", 90 + i), NodeKind::Iframe, json!({"isActive": true}));
        frame["parentId"] = json!(container);
        nodes.push(frame);
    }
    let graph = serde_json::from_value(json!({"nodes": nodes, "edges": edges})).unwrap();
    (graph, Proposal { source: s, target: t })
}

#[test]
fn the_table_is_the_specs_table() {
    for s in NodeKind::ALL {
        for t in NodeKind::ALL {
            assert_eq!(is_allowed(s, t), spec_allows(s, t), "{s} -> {t}");
        }
    }
}

#[test]
fn every_pair_with_ready_nodes_is_allowed_exactly_when_the_table_says() {
    let mut allowed = 0;
    for s in NodeKind::ALL {
        for t in NodeKind::ALL {
            let (graph, proposal) = ready_pair(s, t);
            let answer = check_connection(&graph, &proposal);
            assert_eq!(answer.is_ok(), spec_allows(s, t), "{s} -> {t}: {answer:?}");
            allowed += usize::from(answer.is_ok());
        }
    }
    // 1 + 8 + 1 + 2 + 2 + 2 + 1 + 2 + 1 + 1 + 1 + 2 + 1 pairs in the spec's table.
    assert_eq!(allowed, 25);
}

#[test]
fn refusals_carry_a_persian_message() {
    let (graph, _) = ready_pair(NodeKind::Vectorstore, NodeKind::Telegram);
    let refusal = check_connection(
        &graph,
        &Proposal { source: "vectorstore-1".into(), target: "telegram-2".into() },
    )
    .unwrap_err();
    assert_eq!(refusal.code.code(), "store_to_container_or_telegram");
    assert_eq!(refusal.message, refusal.code.persian());
}

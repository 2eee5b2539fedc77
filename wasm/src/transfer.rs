//! Core's transfer format for JavaScript: reading a file or a pasted
//! clipboard, writing one with its secrets left out, and stripping the
//! secrets from one node's data. The web's project export and import and the
//! canvas clipboard use these, so both speak exactly the server's format.

use dastyar_core::NodeKind;
use dastyar_core::transfer::{self, Transfer, TransferEdge, TransferNode};
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

use crate::answers::{Checked, False, Problem, True};

/// One node's payload data with its secrets emptied, and the dotted paths emptied.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Stripped {
    pub data: Value,
    pub removed: Vec<String>,
}

/// A transfer file's text read and checked (format, version, parts that fit),
/// or the refusal with its Persian message; `field` says where.
pub fn parse_transfer(text: &str) -> Checked<Transfer> {
    match transfer::parse(text) {
        Ok(value) => Checked::Valid { ok: True, value },
        Err(e) => Checked::Invalid {
            ok: False,
            error: Problem { field: e.field, code: e.code, message: e.message },
        },
    }
}

/// A file of the current version (a fragment without `name`), secrets stripped and listed.
pub fn new_transfer(
    name: Option<String>,
    nodes: Vec<TransferNode>,
    edges: Vec<TransferEdge>,
) -> Transfer {
    Transfer::new(name, nodes, edges)
}

pub fn strip_secrets(kind: NodeKind, mut data: Value) -> Stripped {
    let removed = transfer::strip_secrets(kind, &mut data);
    Stripped { data, removed }
}

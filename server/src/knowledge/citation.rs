//! Where an answer's knowledge came from, as shown under it: the file (or
//! Google doc or sheet) and the page or rows.

use dastyar_core::text::Location;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

/// A source an answer drew on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, TS)]
#[ts(export, export_to = "api/")]
pub struct Citation {
    /// The file's name (or the Google doc's or sheet's).
    pub name: String,
    pub node_id: i64,
    pub file_id: i64,
    #[schema(value_type = Object)]
    pub from: Location,
    #[schema(value_type = Object)]
    pub to: Location,
}

impl Citation {
    /// How the model reads the source: the name, then the page or rows.
    pub fn label(&self) -> String {
        match (&self.from, &self.to) {
            (Location::Page { page: a }, Location::Page { page: b }) if a != b => {
                format!("{} (pages {a}–{b})", self.name)
            }
            (Location::Page { page }, _) => format!("{} (page {page})", self.name),
            (Location::Row { sheet, row: a }, Location::Row { row: b, .. }) => {
                let sheet = if sheet.is_empty() { String::new() } else { format!("{sheet}, ") };
                if a == b {
                    format!("{} ({sheet}row {a})", self.name)
                } else {
                    format!("{} ({sheet}rows {a}–{b})", self.name)
                }
            }
            _ => self.name.clone(),
        }
    }
}

/// Adds `found` to `cited`, each source once, in the order first cited.
pub fn add_all(cited: &mut Vec<Citation>, found: impl IntoIterator<Item = Citation>) {
    for citation in found {
        if !cited.contains(&citation) {
            cited.push(citation);
        }
    }
}

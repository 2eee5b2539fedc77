//! Text that assistants search: one Persian-aware normalisation used for both
//! indexing and queries, the search terms a text gives, and the chunks a
//! document is cut into. Files are read into [`Section`]s by the server; the
//! rest happens here so the server and the canvas agree on every character.

pub mod chunk;
pub mod normalise;
mod stopwords;
pub mod terms;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Where in its source a piece of text was found, for citing it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum Location {
    /// The file as a whole (plain text, Markdown, a Word document, a Google doc).
    Whole,
    /// A page of a PDF, from 1.
    Page { page: u32 },
    /// A row of a spreadsheet, from 1 as the sheet numbers it (the header is row 1).
    Row { sheet: String, row: u32 },
}

/// A run of text from one place in a source, as a reader gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Section {
    pub location: Location,
    pub text: String,
}

//! Uploaded files read into text: each format's reader gives core's
//! [`Section`]s (where the text was found and the text), or an
//! [`ExtractError`] whose Persian message tells the owner what to do.
//!
//! Reading is synchronous and CPU-bound; callers run [`extract`] in
//! `spawn_blocking`. Every reader stops at [`MAX_TEXT_CHARS`], so a small
//! upload cannot become an unbounded amount of text.

mod budget;
mod csv;
mod detect;
mod docx;
mod html;
mod json;
mod office;
mod pdf;
mod rows;
mod text;
mod xlsx;

use std::panic::{AssertUnwindSafe, catch_unwind};

use dastyar_core::MessageCode;
use dastyar_core::digits::persian_digits;
pub use dastyar_core::text::{Location, Section};
pub use rows::sheet_rows;

/// The most text one file may give, in characters: about a thousand pages.
/// Past it the file is [`ExtractError::TooLarge`] rather than cut short, so
/// an assistant never answers from half a document without anyone knowing.
pub const MAX_TEXT_CHARS: usize = 2_000_000;

/// The formats a knowledge file may be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    Text,
    Markdown,
    Csv,
    Json,
    Html,
    Pdf,
    Docx,
    Xlsx,
}

impl Format {
    /// The format's short name, as the Persian messages name it.
    pub fn label(self) -> &'static str {
        match self {
            Format::Text => "TXT",
            Format::Markdown => "MD",
            Format::Csv => "CSV",
            Format::Json => "JSON",
            Format::Html => "HTML",
            Format::Pdf => "PDF",
            Format::Docx => "DOCX",
            Format::Xlsx => "XLSX",
        }
    }
}

/// Why a file gave no text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExtractError {
    /// Not a format the readers take (an image, an old binary `.doc`).
    Unsupported,
    /// Readable, but nothing in it is text: a scanned PDF, an empty sheet.
    NoText,
    /// Password-protected.
    Encrypted,
    /// Claims a format but cannot be read as it.
    Corrupt,
    /// More text than one file may give.
    TooLarge { limit_chars: usize },
}

impl ExtractError {
    /// The message code the API answers with.
    pub fn code(&self) -> MessageCode {
        match self {
            ExtractError::Unsupported => MessageCode::KnowledgeFormatUnsupported,
            ExtractError::NoText => MessageCode::KnowledgeNoText,
            ExtractError::Encrypted => MessageCode::KnowledgeEncrypted,
            ExtractError::Corrupt => MessageCode::KnowledgeCorrupt,
            ExtractError::TooLarge { .. } => MessageCode::KnowledgeTooLarge,
        }
    }

    /// The Persian message for the file's owner.
    pub fn message(&self, file_name: &str, format: Option<Format>) -> String {
        let limit = match self {
            ExtractError::TooLarge { limit_chars } => persian_digits(&grouped(*limit_chars)),
            _ => String::new(),
        };
        self.code().render(&[
            ("name", file_name),
            ("format", format.map_or("", Format::label)),
            ("limit", &limit),
        ])
    }
}

impl std::fmt::Display for ExtractError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ExtractError::Unsupported => f.write_str("unsupported file format"),
            ExtractError::NoText => f.write_str("no text in the file"),
            ExtractError::Encrypted => f.write_str("the file is encrypted"),
            ExtractError::Corrupt => f.write_str("the file is corrupt"),
            ExtractError::TooLarge { limit_chars } => {
                write!(f, "the file has more than {limit_chars} characters of text")
            }
        }
    }
}

impl std::error::Error for ExtractError {}

/// The text of a file in `format`, in the order a person reads it.
///
/// Never panics: the PDF and Office crates can panic on odd input, and a
/// panic inside them is [`ExtractError::Corrupt`].
pub fn extract(bytes: &[u8], format: Format) -> Result<Vec<Section>, ExtractError> {
    let sections = catch_unwind(AssertUnwindSafe(|| read(bytes, format)))
        .unwrap_or(Err(ExtractError::Corrupt))?;
    if sections.iter().all(|section| section.text.trim().is_empty()) {
        return Err(ExtractError::NoText);
    }
    Ok(sections)
}

fn read(bytes: &[u8], format: Format) -> Result<Vec<Section>, ExtractError> {
    match format {
        Format::Text | Format::Markdown => text::read(bytes),
        Format::Csv => csv::read(bytes),
        Format::Json => json::read(bytes),
        Format::Html => html::read(bytes),
        Format::Pdf => pdf::read(bytes),
        Format::Docx => docx::read(bytes),
        Format::Xlsx => xlsx::read(bytes),
    }
}

/// 2000000 as "2,000,000" with the Persian thousands separator.
fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('٬');
        }
        out.push(c);
    }
    out
}

//! DOCX: the body's paragraphs from `word/document.xml`, one line each,
//! with tabs and line breaks as written. Headers, footers, footnotes and
//! comments (other parts of the package) are left out; deleted text in
//! tracked changes (`w:delText`) is not text (`w:t`), so it is left out too.

use std::io::{BufRead, BufReader};

use quick_xml::Reader;
use quick_xml::escape::resolve_predefined_entity;
use quick_xml::events::{BytesRef, Event};

use super::budget::Budget;
use super::office::open_package;
use super::{ExtractError, Location, Section};

pub(super) fn read(bytes: &[u8]) -> Result<Vec<Section>, ExtractError> {
    let mut package = open_package(bytes)?;
    let document = package.by_name("word/document.xml").map_err(|_| ExtractError::Corrupt)?;
    let text = paragraphs(BufReader::new(document))?;
    Ok(vec![Section { location: Location::Whole, text }])
}

fn paragraphs(xml: impl BufRead) -> Result<String, ExtractError> {
    let mut reader = Reader::from_reader(xml);
    let mut buffer = Vec::new();
    let mut text = String::new();
    let mut budget = Budget::default();
    let mut in_text = false;
    // Word writes a text box twice: for new readers (`mc:Choice`) and for
    // old ones (`mc:Fallback`); the fallback's copy is skipped.
    let mut fallback_depth = 0usize;
    loop {
        let piece = match reader.read_event_into(&mut buffer).map_err(|_| ExtractError::Corrupt)? {
            Event::Eof => break,
            Event::Start(start) => {
                match start.local_name().as_ref() {
                    "Fallback" => fallback_depth += 1,
                    "t" => in_text = true,
                    _ => {}
                }
                None
            }
            Event::End(end) => match end.local_name().as_ref() {
                "Fallback" => {
                    fallback_depth = fallback_depth.saturating_sub(1);
                    None
                }
                "t" => {
                    in_text = false;
                    None
                }
                "p" => Some("\n".to_owned()),
                _ => None,
            },
            Event::Empty(empty) => match empty.local_name().as_ref() {
                // `w:tab` also names a tab stop in a paragraph's properties,
                // which is no character: only a run's tab is.
                "tab" if empty.attributes().next().is_none() => Some("\t".to_owned()),
                "br" | "cr" => Some("\n".to_owned()),
                "p" => Some("\n".to_owned()),
                _ => None,
            },
            Event::Text(content) if in_text => Some(content.xml10_content().into_owned()),
            Event::GeneralRef(reference) if in_text => Some(resolve(&reference)?),
            _ => None,
        };
        if let Some(piece) = piece.filter(|_| fallback_depth == 0) {
            budget.spend(&piece)?;
            text.push_str(&piece);
        }
        buffer.clear();
    }
    Ok(text)
}

/// `&amp;`, `&#1602;` and the like inside a run's text.
fn resolve(reference: &BytesRef<'_>) -> Result<String, ExtractError> {
    if let Some(character) = reference.resolve_char_ref().map_err(|_| ExtractError::Corrupt)? {
        return Ok(character.to_string());
    }
    let name = reference.xml10_content();
    resolve_predefined_entity(&name).map(str::to_owned).ok_or(ExtractError::Corrupt)
}

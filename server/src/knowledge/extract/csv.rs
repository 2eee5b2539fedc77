//! CSV: each data row a section "header: value | …" at its row (the header
//! is row 1, blank lines count). The delimiter is whichever of `,` `;` and tab the first line
//! has most of: spreadsheets saved in some locales write `;`.

use ::csv::{Position, ReaderBuilder};

use super::budget::{Budget, too_large};
use super::rows::Table;
use super::text::decode;
use super::{ExtractError, Section};

pub(super) fn read(bytes: &[u8]) -> Result<Vec<Section>, ExtractError> {
    let text = decode(bytes);
    let mut reader = ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter(&text))
        .from_reader(text.as_bytes());
    let mut table = Table::new("");
    let mut budget = Budget::default();
    let mut sections = Vec::new();
    for record in reader.records() {
        let record = record.map_err(|_| ExtractError::Corrupt)?;
        let row = u32::try_from(first_line(&text, record.position())).map_err(|_| too_large())?;
        let cells = record.iter().map(str::to_owned).enumerate().collect();
        sections.extend(table.push(row, cells, &mut budget)?);
    }
    sections.extend(table.finish());
    Ok(sections)
}

/// The line a row starts on: a spreadsheet numbers blank lines too (a value
/// with line breaks inside quotes is the one difference). The reader places
/// a row at the blank lines it skipped before it, so those are counted on.
fn first_line(text: &str, position: Option<&Position>) -> u64 {
    let Some(position) = position else { return 0 };
    let start = usize::try_from(position.byte()).unwrap_or(usize::MAX);
    let skipped = text.as_bytes().get(start..).unwrap_or_default();
    let blank = skipped.iter().take_while(|&&byte| byte == b'\n' || byte == b'\r');
    position.line() + blank.filter(|&&byte| byte == b'\n').count() as u64
}

fn delimiter(text: &str) -> u8 {
    let first_line = text.lines().next().unwrap_or_default();
    [b',', b';', b'\t']
        .into_iter()
        .max_by_key(|&delimiter| {
            // Ties go to the comma, the first candidate.
            (first_line.bytes().filter(|&byte| byte == delimiter).count(), delimiter == b',')
        })
        .unwrap_or(b',')
}

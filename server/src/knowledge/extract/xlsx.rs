//! XLSX: every worksheet, cell by cell as they stream out of the package.
//! Each sheet's first non-empty row is its header; every later row is a
//! section "header: value | …" at its row as the sheet numbers it. Chart
//! and macro sheets hold no rows and are skipped.

use std::io::Cursor;

use calamine::{DataRef, ExcelDateTime, Reader, SheetType, Xlsx};

use super::budget::Budget;
use super::office::open_package;
use super::rows::Table;
use super::{ExtractError, Section};

pub(super) fn read(bytes: &[u8]) -> Result<Vec<Section>, ExtractError> {
    // Password and zip-bomb checks before calamine inflates anything.
    open_package(bytes)?;
    let mut workbook = Xlsx::new(Cursor::new(bytes)).map_err(|_| ExtractError::Corrupt)?;
    let sheets: Vec<String> = workbook
        .sheets_metadata()
        .iter()
        .filter(|sheet| sheet.typ == SheetType::WorkSheet)
        .map(|sheet| sheet.name.clone())
        .collect();
    let mut budget = Budget::default();
    let mut sections = Vec::new();
    for name in sheets {
        let mut cells =
            workbook.worksheet_cells_reader(&name).map_err(|_| ExtractError::Corrupt)?;
        let mut table = Table::new(name);
        let mut row: Option<(u32, Vec<(usize, String)>)> = None;
        while let Some(cell) = cells.next_cell().map_err(|_| ExtractError::Corrupt)? {
            let (row_index, column) = cell.get_position();
            if row.as_ref().is_none_or(|(current, _)| *current != row_index) {
                if let Some((current, values)) = row.take() {
                    sections.extend(table.push(current + 1, values, &mut budget)?);
                }
                row = Some((row_index, Vec::new()));
            }
            if let (Some((_, values)), Some(value)) = (row.as_mut(), text(cell.get_value())) {
                values.push((column as usize, value));
            }
        }
        if let Some((current, values)) = row {
            sections.extend(table.push(current + 1, values, &mut budget)?);
        }
        sections.extend(table.finish());
    }
    Ok(sections)
}

/// A cell as a person reads it; errors (`#DIV/0!`) and empty cells say nothing.
fn text(value: &DataRef<'_>) -> Option<String> {
    Some(match value {
        DataRef::String(text) => text.clone(),
        DataRef::SharedString(text) => (*text).to_owned(),
        DataRef::Int(number) => number.to_string(),
        DataRef::Float(number) => number.to_string(),
        DataRef::Bool(flag) => flag.to_string(),
        DataRef::DateTime(date) => date_time(date),
        DataRef::DateTimeIso(text) | DataRef::DurationIso(text) => text.clone(),
        DataRef::Error(_) | DataRef::Empty => return None,
    })
}

/// A date cell as a date, not as Excel's serial number (45943.5).
fn date_time(date: &ExcelDateTime) -> String {
    if date.is_duration() {
        return date.as_f64().to_string();
    }
    let (year, month, day, hour, minute, _, _) = date.to_ymd_hms_milli();
    match (date.as_f64() < 1.0, hour == 0 && minute == 0) {
        (true, _) => format!("{hour:02}:{minute:02}"),
        (false, true) => format!("{year:04}-{month:02}-{day:02}"),
        (false, false) => format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}"),
    }
}

//! A table's rows (a CSV file, a sheet) as self-describing text: the first
//! non-empty row is the header, and every later row reads
//! "header: value | header: value", so each row still makes sense when it
//! is found alone.

use super::budget::{Budget, too_large};
use super::{ExtractError, Location, Section};

/// The most rows one table may have. Past it the file is too large, even if
/// its rows are short: each row is a section of its own.
pub(super) const MAX_ROWS: usize = 200_000;

pub(super) struct Table {
    sheet: String,
    /// The header's cells by column, with the row it is on.
    header: Option<(u32, Vec<String>)>,
    data_rows: usize,
}

impl Table {
    /// A table on the sheet `sheet` (empty for a CSV file).
    pub(super) fn new(sheet: impl Into<String>) -> Table {
        Table { sheet: sheet.into(), header: None, data_rows: 0 }
    }

    /// Takes a row numbered as the file numbers it (from 1), its cells by
    /// column from 0. The header row gives no section of its own.
    pub(super) fn push(
        &mut self,
        row: u32,
        cells: Vec<(usize, String)>,
        budget: &mut Budget,
    ) -> Result<Option<Section>, ExtractError> {
        let cells: Vec<(usize, String)> = cells
            .into_iter()
            .map(|(column, value)| (column, value.trim().to_owned()))
            .filter(|(_, value)| !value.is_empty())
            .collect();
        if cells.is_empty() {
            return Ok(None);
        }
        let Some((_, header)) = &self.header else {
            let width = cells.iter().map(|(column, _)| column + 1).max().unwrap_or(0);
            let mut header = vec![String::new(); width];
            for (column, value) in cells {
                header[column] = value;
            }
            self.header = Some((row, header));
            return Ok(None);
        };
        self.data_rows += 1;
        if self.data_rows > MAX_ROWS {
            return Err(too_large());
        }
        let text = cells
            .iter()
            .map(|(column, value)| match header.get(*column).filter(|name| !name.is_empty()) {
                Some(name) => format!("{name}: {value}"),
                None => value.clone(),
            })
            .collect::<Vec<_>>()
            .join(" | ");
        budget.spend(&text)?;
        Ok(Some(self.section(row, text)))
    }

    /// A table that is only a header still holds text: the header itself.
    pub(super) fn finish(self) -> Option<Section> {
        let Table { sheet, header: Some((row, header)), data_rows: 0 } = self else {
            return None;
        };
        let names: Vec<&str> =
            header.iter().map(String::as_str).filter(|name| !name.is_empty()).collect();
        Some(Section { location: Location::Row { sheet, row }, text: names.join(" | ") })
    }

    fn section(&self, row: u32, text: String) -> Section {
        Section { location: Location::Row { sheet: self.sheet.clone(), row }, text }
    }
}

/// A sheet's rows (cells by column, the first row numbered 1) as sections,
/// as a spreadsheet file's tab is read: for a Google sheet's values.
pub fn sheet_rows(sheet: &str, rows: Vec<Vec<String>>) -> Result<Vec<Section>, ExtractError> {
    let mut table = Table::new(sheet);
    let mut budget = Budget::default();
    let mut sections = Vec::new();
    for (index, cells) in rows.into_iter().enumerate() {
        let row = u32::try_from(index + 1).map_err(|_| too_large())?;
        sections.extend(table.push(row, cells.into_iter().enumerate().collect(), &mut budget)?);
    }
    sections.extend(table.finish());
    Ok(sections)
}

//! PDF: each page's text as a section at its page number.
//!
//! pdf-extract interprets the pages and hands over every glyph with its
//! position and its characters (from the font's ToUnicode map or encoding);
//! the lines are laid out here. A PDF stores glyphs as they are drawn, so a
//! Persian line comes out in visual order, left to right: LibreOffice's and
//! HarfBuzz's (fpdf2's) PDFs both give «هناهام کارتشا تمیق» for «قیمت اشتراک
//! ماهانه», letters and words reversed. So each line's glyphs are sorted by
//! their position (whatever order the producer drew them in) and the Unicode
//! bidi algorithm, run over that visual line, puts the right-to-left runs
//! back into reading order while numbers and Latin words keep theirs.
//!
//! Not handled: vertical or rotated text, and columns that share a
//! baseline (their lines interleave).

use std::mem;

use pdf_extract::{Document, MediaBox, OutputDev, OutputError, Transform};
use unicode_bidi::{BidiClass, BidiInfo, Level, bidi_class};

use super::budget::{Budget, too_large};
use super::{ExtractError, Location, Section};

pub(super) fn read(bytes: &[u8]) -> Result<Vec<Section>, ExtractError> {
    let mut document = Document::load_mem(bytes).map_err(|error| match error {
        pdf_extract::Error::Decryption(_) => ExtractError::Encrypted,
        _ => ExtractError::Corrupt,
    })?;
    // Loading opens a file whose password is empty (an owner password that
    // only forbids printing or copying); one that needs a password stays
    // encrypted.
    if document.is_encrypted() && document.decrypt("").is_err() {
        return Err(ExtractError::Encrypted);
    }
    let mut pages = PageText::default();
    match pdf_extract::output_doc(&document, &mut pages) {
        Ok(()) => {}
        Err(_) if pages.too_large => return Err(too_large()),
        Err(_) => return Err(ExtractError::Corrupt),
    }
    Ok(pages
        .pages
        .into_iter()
        .filter(|(_, text)| !text.trim().is_empty())
        .map(|(page, text)| Section { location: Location::Page { page }, text })
        .collect())
}

/// One drawn glyph: where its box starts, how far it advances, how tall its
/// font is (all in page space) and the characters it stands for.
struct Glyph {
    x: f64,
    y: f64,
    advance: f64,
    size: f64,
    text: String,
}

/// Collects each page's glyphs into lines, and the lines into its text.
#[derive(Default)]
struct PageText {
    pages: Vec<(u32, String)>,
    page: u32,
    lines: Vec<String>,
    line: Vec<Glyph>,
    budget: Budget,
    too_large: bool,
}

impl PageText {
    fn end_line(&mut self) {
        let glyphs = mem::take(&mut self.line);
        if !glyphs.is_empty() {
            self.lines.push(line_text(glyphs));
        }
    }
}

impl OutputDev for PageText {
    fn begin_page(
        &mut self,
        page_num: u32,
        _media_box: &MediaBox,
        _art_box: Option<(f64, f64, f64, f64)>,
    ) -> Result<(), OutputError> {
        self.page = page_num;
        Ok(())
    }

    fn end_page(&mut self) -> Result<(), OutputError> {
        self.end_line();
        let text = mem::take(&mut self.lines).join("\n");
        self.pages.push((self.page, text));
        Ok(())
    }

    fn output_character(
        &mut self,
        trm: &Transform,
        width: f64,
        _spacing: f64,
        font_size: f64,
        text: &str,
    ) -> Result<(), OutputError> {
        if self.budget.spend(text).is_err() {
            self.too_large = true;
            return Err(OutputError::FormatError(std::fmt::Error));
        }
        let glyph = Glyph {
            x: trm.m31,
            y: trm.m32,
            advance: width * font_size * trm.m11.hypot(trm.m12),
            size: (font_size * trm.m21.hypot(trm.m22)).abs(),
            text: text.to_owned(),
        };
        // Glyphs come in the order they are drawn; one off the current
        // baseline by more than half a letter's height starts a new line.
        if let Some(last) = self.line.last()
            && (glyph.y - last.y).abs() > glyph.size.max(last.size) * 0.5
        {
            self.end_line();
        }
        self.line.push(glyph);
        Ok(())
    }

    fn begin_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn end_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }

    fn end_line(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
}

/// A line's glyphs left to right as drawn, then in reading order.
fn line_text(mut glyphs: Vec<Glyph>) -> String {
    glyphs.sort_by(|a, b| a.x.total_cmp(&b.x));
    let mut visual = String::new();
    let mut right_edge: Option<f64> = None;
    for glyph in glyphs {
        let blank = glyph.text.trim().is_empty();
        let after_space = visual.is_empty() || visual.ends_with(char::is_whitespace);
        if blank {
            if !after_space {
                visual.push(' ');
            }
        } else {
            // Many PDFs draw no space glyph between words, only a gap.
            if right_edge.is_some_and(|edge| glyph.x - edge > glyph.size * 0.15) && !after_space {
                visual.push(' ');
            }
            // A glyph for several characters (a ligature such as لا) names them
            // in reading order; in a right-to-left run they go in backwards,
            // for the bidi pass to turn them round with the rest.
            if glyph.text.chars().count() > 1 && glyph.text.chars().any(is_right_to_left) {
                visual.extend(glyph.text.chars().rev());
            } else {
                visual.push_str(&glyph.text);
            }
        }
        let end = glyph.x + glyph.advance;
        right_edge = Some(right_edge.map_or(end, |edge| edge.max(end)));
    }
    reading_order(visual.trim())
}

/// A visual-order line in reading order. The line reads right to left when
/// most of its letters are Persian or Arabic.
fn reading_order(visual: &str) -> String {
    let right_to_left = visual.chars().filter(|&c| is_right_to_left(c)).count();
    if right_to_left == 0 {
        return visual.to_owned();
    }
    let left_to_right = visual.chars().filter(|&c| bidi_class(c) == BidiClass::L).count();
    let level = if right_to_left >= left_to_right { Level::rtl() } else { Level::ltr() };
    let info = BidiInfo::new(visual, Some(level));
    info.paragraphs
        .iter()
        .map(|paragraph| info.reorder_line(paragraph, paragraph.range.clone()))
        .collect()
}

fn is_right_to_left(c: char) -> bool {
    matches!(bidi_class(c), BidiClass::R | BidiClass::AL)
}

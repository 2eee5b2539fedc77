//! What Telegram makes of a message's text before sending it: the parse
//! mode first (the Bot API's `get_formatted_text`), then tdlib's cleaning
//! (`fix_formatted_text`: `\r` and a few invisible characters dropped,
//! other control characters turned into spaces, trailing whitespace and
//! leading spaces and newlines trimmed, entities of nothing but whitespace
//! dropped). The limits are counted on the result.

use super::entities::{Span, utf16_len};
use super::{html, markdown, markdown_v2};

/// The longest message, in UTF-16 code units of the cleaned text.
pub(super) const MAX_LENGTH: usize = 4096;
/// The longest `text` parameter, in bytes, before anything is parsed.
pub(super) const MAX_RAW_BYTES: usize = 1 << 15;

/// The text and spans `parse_mode` makes of `text`, or the refusal after
/// "Bad Request: " (`unsupported parse_mode`, `can't parse entities: ...`).
/// The mode is case-insensitive; empty or `none` is plain text.
pub(super) fn parse(text: &str, parse_mode: &str) -> Result<(String, Vec<Span>), String> {
    let parsed = match parse_mode.to_lowercase().as_str() {
        "" | "none" => return Ok((text.to_owned(), Vec::new())),
        "markdownv2" => markdown_v2::parse(text),
        "markdown" => markdown::parse(text),
        "html" => html::parse(text),
        _ => return Err("unsupported parse_mode".to_owned()),
    };
    parsed.map_err(|message| format!("can't parse entities: {message}"))
}

/// tdlib's cleaning of a message before it is sent; `None` when nothing
/// but whitespace is left ("message must be non-empty").
pub(super) fn clean(text: &str, spans: Vec<Span>) -> Option<(String, Vec<Span>)> {
    // Where each old UTF-16 position lands in the cleaned text.
    let mut moved = Vec::with_capacity(utf16_len(text) + 1);
    // Whether each cleaned code unit is more than whitespace.
    let mut solid = Vec::new();
    let mut out = String::with_capacity(text.len());
    let mut last_solid_byte = None;
    let mut last_solid_unit = 0;
    for ch in text.chars() {
        for unit in 0..ch.len_utf16() {
            moved.push(solid.len() + unit);
        }
        match ch {
            '\r' | '\u{2028}'..='\u{202e}' | '\u{0333}' | '\u{033f}' | '\u{030a}' => {}
            '\0'..='\u{09}' | '\u{0b}' | '\u{0c}' | '\u{0e}'..='\u{20}' => {
                out.push(' ');
                solid.push(false);
            }
            '\n' => {
                out.push('\n');
                solid.push(false);
            }
            _ => {
                out.push(ch);
                solid.extend(std::iter::repeat_n(true, ch.len_utf16()));
                last_solid_byte = Some(out.len());
                last_solid_unit = solid.len();
            }
        }
    }
    moved.push(solid.len());
    out.truncate(last_solid_byte?);

    let mut spans: Vec<Span> = spans
        .into_iter()
        .filter_map(|mut span| {
            let start = moved[span.offset];
            let end = moved[span.offset + span.length].min(last_solid_unit);
            (start < end && solid[start..end].contains(&true)).then(|| {
                span.offset = start;
                span.length = end - start;
                span
            })
        })
        .collect();
    let first_span = spans.iter().map(|s| s.offset).min().unwrap_or(usize::MAX);
    let leading = out.bytes().take_while(|b| matches!(b, b' ' | b'\n')).count().min(first_span);
    out.drain(..leading);
    for span in &mut spans {
        span.offset -= leading;
    }
    Some((out, spans))
}

#[cfg(test)]
mod tests {
    use super::super::entities::Kind;
    use super::*;

    #[test]
    fn parse_modes_are_case_insensitive_and_unknown_ones_refused() {
        assert_eq!(parse("a.b", "").unwrap().0, "a.b");
        assert_eq!(parse("*a*", "MarkdownV2").unwrap().0, "a");
        assert_eq!(parse("*a*", "markdownv2").unwrap().0, "a");
        assert_eq!(parse("<b>a</b>", "HTML").unwrap().0, "a");
        assert_eq!(parse("a", "Markdown3").unwrap_err(), "unsupported parse_mode");
        assert_eq!(
            parse("1.5", "MarkdownV2").unwrap_err(),
            "can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'"
        );
    }

    #[test]
    fn cleaning_trims_and_moves_the_spans() {
        let bold =
            |offset, length| Span { kind: Kind::Bold, offset, length, argument: String::new() };
        let (text, spans) = clean("\n  a\r\n\tb  \n", vec![bold(3, 1), bold(8, 2)]).unwrap();
        assert_eq!(text, "a\n b");
        assert_eq!(spans, vec![bold(0, 1)]);
        assert_eq!(clean(" \n\t ", vec![]), None);
        // Leading spaces stay when a span starts there.
        let (text, spans) = clean("  x", vec![bold(1, 2)]).unwrap();
        assert_eq!((text.as_str(), spans), (" x", vec![bold(0, 2)]));
        let (text, _) = clean("😀 \u{2028}z", vec![]).unwrap();
        assert_eq!(text, "😀 z");
    }
}

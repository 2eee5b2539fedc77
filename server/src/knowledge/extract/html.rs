//! HTML as the text a browser shows: no script or style, headings and
//! paragraphs on lines of their own, no link footnotes or wrapping.
//!
//! html5ever's tree builder takes time that grows with the square of how
//! deeply elements nest (100,000 nested `<div>`s, 1 MB, took over a minute),
//! so a page nested deeper than [`MAX_DEPTH`] is refused before it is built.
//! Its tokenizer, which takes linear time, measures the depth.

use std::cell::Cell;

use html5ever::local_name;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, Tag, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use super::budget::Budget;
use super::text::decode;
use super::{ExtractError, Location, Section};

/// Twice what browsers build (they stop nesting at 512); real pages stay far
/// below either.
const MAX_DEPTH: usize = 1_000;

pub(super) fn read(bytes: &[u8]) -> Result<Vec<Section>, ExtractError> {
    let source = decode(bytes);
    if deepest_nesting(&source) > MAX_DEPTH {
        return Err(ExtractError::Corrupt);
    }
    let text = html2text::config::plain_no_decorate()
        .raw_mode(true)
        .link_footnotes(false)
        .string_from_read(source.as_bytes(), usize::MAX)
        .map_err(|_| ExtractError::Corrupt)?;
    Budget::default().spend(&text)?;
    Ok(vec![Section { location: Location::Whole, text }])
}

/// How many elements deep the page goes, counting only elements that must
/// be closed (a `<p>` or `<li>` left open closes by itself).
fn deepest_nesting(source: &str) -> usize {
    let tokenizer = Tokenizer::new(Depth::default(), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from(source));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.deepest.get()
}

#[derive(Default)]
struct Depth {
    current: Cell<usize>,
    deepest: Cell<usize>,
    /// Inside `<svg>` or `<math>`, where `<path/>` is closed; in HTML
    /// `<div/>` is an open `<div>`.
    foreign: Cell<usize>,
}

impl TokenSink for Depth {
    type Handle = ();

    fn process_token(&self, token: Token, _line_number: u64) -> TokenSinkResult<()> {
        let Token::TagToken(tag) = token else { return TokenSinkResult::Continue };
        if closes_itself(&tag) || (tag.self_closing && self.foreign.get() > 0) {
            return TokenSinkResult::Continue;
        }
        if matches!(tag.name, local_name!("svg") | local_name!("math")) {
            let foreign = self.foreign.get();
            self.foreign.set(match tag.kind {
                TagKind::StartTag => foreign + 1,
                TagKind::EndTag => foreign.saturating_sub(1),
            });
        }
        match tag.kind {
            TagKind::StartTag => {
                self.current.set(self.current.get() + 1);
                self.deepest.set(self.deepest.get().max(self.current.get()));
            }
            TagKind::EndTag => self.current.set(self.current.get().saturating_sub(1)),
        }
        // What a script or style holds is not markup, as in the tree builder.
        match (tag.kind, &tag.name) {
            (TagKind::StartTag, &local_name!("script")) => {
                TokenSinkResult::RawData(RawKind::ScriptData)
            }
            (
                TagKind::StartTag,
                &(local_name!("style")
                | local_name!("xmp")
                | local_name!("iframe")
                | local_name!("noembed")
                | local_name!("noframes")),
            ) => TokenSinkResult::RawData(RawKind::Rawtext),
            (TagKind::StartTag, &(local_name!("title") | local_name!("textarea"))) => {
                TokenSinkResult::RawData(RawKind::Rcdata)
            }
            _ => TokenSinkResult::Continue,
        }
    }
}

/// Void elements, and those whose end tag may be left out.
fn closes_itself(tag: &Tag) -> bool {
    matches!(
        tag.name,
        local_name!("area")
            | local_name!("base")
            | local_name!("br")
            | local_name!("col")
            | local_name!("embed")
            | local_name!("hr")
            | local_name!("img")
            | local_name!("input")
            | local_name!("link")
            | local_name!("meta")
            | local_name!("source")
            | local_name!("track")
            | local_name!("wbr")
            | local_name!("html")
            | local_name!("head")
            | local_name!("body")
            | local_name!("p")
            | local_name!("li")
            | local_name!("dt")
            | local_name!("dd")
            | local_name!("option")
            | local_name!("optgroup")
            | local_name!("colgroup")
            | local_name!("caption")
            | local_name!("thead")
            | local_name!("tbody")
            | local_name!("tfoot")
            | local_name!("tr")
            | local_name!("td")
            | local_name!("th")
            | local_name!("rt")
            | local_name!("rp")
    )
}

//! Cutting a document's sections into the chunks that are indexed, found and
//! shown to the model with their place in the source.
//!
//! Small sections in a row (spreadsheet rows, short pages) are packed into one
//! chunk, a line apart, up to the target. A section longer than the target is
//! cut at the last paragraph break, else sentence end, in the second half of
//! the window, else at the last space; a word is cut only when it is longer
//! than the whole target. Consecutive chunks of one long section overlap by
//! about `overlap_chars`, starting at a word, so a fact that straddles a cut is
//! whole in one of them. No chunk is longer than the target.
//!
//! The text is kept as given, never normalised: people read it and it is
//! quoted. Lengths are characters, not bytes.

use super::{Location, Section};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkOptions {
    /// The most characters a chunk holds.
    pub target_chars: usize,
    /// About how many characters of a long section consecutive chunks share;
    /// at most half the target.
    pub overlap_chars: usize,
}

impl ChunkOptions {
    /// 900 characters is a paragraph or two of Persian, about 300–450 model
    /// tokens: whole enough to answer from, small enough that five found
    /// chunks fit a modest context and BM25 is not swamped by long chunks.
    /// 150 characters of overlap is a sentence or two.
    pub const DEFAULT: ChunkOptions = ChunkOptions { target_chars: 900, overlap_chars: 150 };
}

impl Default for ChunkOptions {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// A piece of a document as it is indexed, with where it starts and ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    pub text: String,
    pub first: Location,
    pub last: Location,
}

/// What ends a sentence, when whitespace follows it.
const SENTENCE_ENDS: &[char] = &['.', '!', '?', '؟', '۔', '…'];

/// What may stand between a sentence's end and the whitespace after it.
const CLOSERS: &[char] = &['"', '\'', ')', ']', '»', '”', '’'];

/// The chunks of a document's sections, in order; whitespace-only sections are skipped.
pub fn chunks(sections: &[Section], options: &ChunkOptions) -> Vec<Chunk> {
    let target = options.target_chars.max(1);
    // More than half would make each chunk move on by only a few words.
    let overlap = options.overlap_chars.min(target / 2);
    let mut out = Vec::new();
    // The chunk being packed and its length in characters.
    let mut open: Option<(Chunk, usize)> = None;
    for section in sections {
        let text = section.text.trim();
        if text.is_empty() {
            continue;
        }
        let chars = text.chars().count();
        if chars > target {
            out.extend(open.take().map(|(chunk, _)| chunk));
            for piece in split(text, target, overlap) {
                let location = section.location.clone();
                out.push(Chunk { text: piece, first: location.clone(), last: location });
            }
            continue;
        }
        match &mut open {
            Some((chunk, len)) if *len + 1 + chars <= target => {
                chunk.text.push('\n');
                chunk.text.push_str(text);
                chunk.last = section.location.clone();
                *len += 1 + chars;
            }
            _ => {
                out.extend(open.take().map(|(chunk, _)| chunk));
                let location = section.location.clone();
                let chunk =
                    Chunk { text: text.to_owned(), first: location.clone(), last: location };
                open = Some((chunk, chars));
            }
        }
    }
    out.extend(open.map(|(chunk, _)| chunk));
    out
}

/// Cuts trimmed text longer than `target` characters into overlapping pieces.
fn split(text: &str, target: usize, overlap: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut pieces = Vec::new();
    let mut start = 0;
    loop {
        if chars.len() - start <= target {
            pieces.push(chars[start..].iter().collect());
            return pieces;
        }
        let (end, inside_word) = cut(&chars, start, target);
        pieces.push(chars[start..end].iter().collect::<String>().trim_end().to_owned());
        start = if inside_word { end } else { next_start(&chars, start, end, overlap) };
    }
}

/// Where the piece from `start` ends (exclusive; at most `target` characters
/// on, and more remain), and whether that is inside a word.
fn cut(chars: &[char], start: usize, target: usize) -> (usize, bool) {
    let last = start + target;
    let half = start + (target / 2).max(1);
    let latest =
        |found: &dyn Fn(usize) -> bool, from: usize| (from..=last).rev().find(|&i| found(i));
    let ends_paragraph = |i: usize| {
        chars[i] == '\n'
            && chars[i + 1..].iter().find(|&&c| !matches!(c, ' ' | '\t' | '\r')) == Some(&'\n')
    };
    let ends_sentence = |i: usize| {
        chars[i] == '\n'
            || chars[i].is_whitespace()
                && chars[start..i]
                    .iter()
                    .rev()
                    .find(|c| !CLOSERS.contains(c))
                    .is_some_and(|c| SENTENCE_ENDS.contains(c))
    };
    let ends_word = |i: usize| chars[i].is_whitespace() && !chars[i - 1].is_whitespace();
    if let Some(end) = latest(&ends_paragraph, half).or_else(|| latest(&ends_sentence, half)) {
        return (end, false);
    }
    match latest(&ends_word, start + 1) {
        Some(end) => (end, false),
        None => (last, true),
    }
}

/// Where the next piece starts: the first word within `overlap` characters
/// before `end`, else the first word after it. Always past `start`.
fn next_start(chars: &[char], start: usize, end: usize, overlap: usize) -> usize {
    let from = end.saturating_sub(overlap).max(start + 1);
    (from..end)
        .find(|&i| !chars[i].is_whitespace() && chars[i - 1].is_whitespace())
        .or_else(|| (end..chars.len()).find(|&i| !chars[i].is_whitespace()))
        .unwrap_or(chars.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(location: Location, text: &str) -> Section {
        Section { location, text: text.to_owned() }
    }

    fn page(page: u32, text: &str) -> Section {
        section(Location::Page { page }, text)
    }

    fn row(row: u32, text: &str) -> Section {
        section(Location::Row { sheet: "قیمت‌ها".to_owned(), row }, text)
    }

    fn options(target_chars: usize, overlap_chars: usize) -> ChunkOptions {
        ChunkOptions { target_chars, overlap_chars }
    }

    fn len(text: &str) -> usize {
        text.chars().count()
    }

    /// `count` Persian words, no punctuation, each a different number so overlaps are checkable.
    fn persian_words(count: usize) -> Vec<String> {
        (0..count)
            .map(|i| format!("واژه{}", crate::digits::persian_digits(&i.to_string())))
            .collect()
    }

    #[test]
    fn nothing_in_nothing_out() {
        assert!(chunks(&[], &ChunkOptions::DEFAULT).is_empty());
        let blank = [page(1, ""), page(2, "  \n\t "), page(3, "\u{3000}")];
        assert!(chunks(&blank, &ChunkOptions::DEFAULT).is_empty());
    }

    #[test]
    fn small_sections_are_packed_up_to_the_target() {
        let rows: Vec<_> = (1..=10).map(|i| row(i, &format!("کالای {i}: {i}۰۰ تومان"))).collect();
        let found = chunks(&rows, &options(60, 10));
        // Each row is 18-19 characters: three rows and two line breaks fit in 60.
        assert_eq!(found.len(), 4);
        assert_eq!(found[0].text, "کالای 1: 1۰۰ تومان\nکالای 2: 2۰۰ تومان\nکالای 3: 3۰۰ تومان");
        assert_eq!(found[0].first, Location::Row { sheet: "قیمت‌ها".to_owned(), row: 1 });
        assert_eq!(found[0].last, Location::Row { sheet: "قیمت‌ها".to_owned(), row: 3 });
        assert_eq!(found[3].first, found[3].last);
        assert!(found.iter().all(|c| len(&c.text) <= 60));
    }

    #[test]
    fn whitespace_sections_do_not_break_the_packing() {
        let found =
            chunks(&[page(1, " الف "), page(2, "\n\n"), page(3, "ب")], &ChunkOptions::DEFAULT);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].text, "الف\nب");
        assert_eq!(
            (found[0].first.clone(), found[0].last.clone()),
            (Location::Page { page: 1 }, Location::Page { page: 3 })
        );
    }

    #[test]
    fn a_long_section_stands_alone() {
        let long = "کلمه ".repeat(40);
        let found =
            chunks(&[page(1, "کوتاه"), page(2, &long), page(3, "پایان")], &options(100, 20));
        assert_eq!(found.first().unwrap().text, "کوتاه");
        assert_eq!(found.last().unwrap().text, "پایان");
        for chunk in &found[1..found.len() - 1] {
            assert_eq!(
                (&chunk.first, &chunk.last),
                (&Location::Page { page: 2 }, &Location::Page { page: 2 })
            );
        }
    }

    #[test]
    fn a_long_section_is_cut_at_a_paragraph_before_a_sentence() {
        // The paragraph ends at 60, a sentence at 82: both fit in 100.
        let first = "الف ".repeat(15);
        let text = format!("{}.\n\n{}. {}", first.trim(), "ب ".repeat(10).trim(), "ج ".repeat(30));
        let found = chunks(&[page(1, &text)], &options(100, 0));
        assert_eq!(found[0].text, format!("{}.", first.trim()));
        assert!(found[1].text.starts_with('ب'));
    }

    #[test]
    fn a_long_section_is_cut_at_a_sentence_before_a_word() {
        let text = format!("{}؟ {}", "پرسش ".repeat(12).trim(), "پاسخ ".repeat(30));
        let found = chunks(&[page(1, &text)], &options(100, 0));
        assert_eq!(found[0].text, format!("{}؟", "پرسش ".repeat(12).trim()));
        // A full stop in a number is no sentence end.
        let text = format!("{} 3.5 {}", "الف ".repeat(15).trim(), "ب ".repeat(60));
        let found = chunks(&[page(1, &text)], &options(100, 0));
        assert!(found[0].text.ends_with('ب'), "{}", found[0].text);
        // A closing quote may follow the end.
        let text = format!("«{}.» {}", "الف ".repeat(15).trim(), "ب ".repeat(60));
        let found = chunks(&[page(1, &text)], &options(100, 0));
        assert!(found[0].text.ends_with(".»"), "{}", found[0].text);
    }

    #[test]
    fn a_break_too_early_in_the_window_is_passed_over() {
        // A sentence end after 5 characters would make a tiny chunk: cut at a word instead.
        let text = format!("اول. {}", "واژه ".repeat(40));
        let found = chunks(&[page(1, &text)], &options(100, 0));
        assert!(len(&found[0].text) > 90, "{}", found[0].text);
    }

    #[test]
    fn ten_thousand_characters_without_punctuation_are_cut_between_words_with_overlap() {
        let words = persian_words(1500);
        let text = words.join(" ");
        assert!(len(&text) > 10_000);
        let found = chunks(&[section(Location::Whole, &text)], &ChunkOptions::DEFAULT);
        assert!(found.len() > 10);
        let mut next = 0;
        for (i, chunk) in found.iter().enumerate() {
            assert!(len(&chunk.text) <= 900, "chunk {i} has {}", len(&chunk.text));
            let chunk_words: Vec<&str> = chunk.text.split(' ').collect();
            // Whole words only, each chunk continuing the text where it stands.
            let at = words.iter().position(|w| w == chunk_words[0]).unwrap();
            assert_eq!(&words[at..at + chunk_words.len()], chunk_words.as_slice());
            if i > 0 {
                assert!(at < next, "chunk {i} overlaps the one before");
                let shared: usize = words[at..next].iter().map(|w| len(w) + 1).sum();
                assert!(shared <= 150 + 1, "chunk {i} shares {shared} characters");
                assert!(shared >= 150 - 10, "chunk {i} shares only {shared} characters");
            }
            next = at + chunk_words.len();
        }
        assert_eq!(next, words.len());
    }

    #[test]
    fn without_overlap_pieces_join_back_into_the_text() {
        let text = persian_words(300).join(" ");
        let found = chunks(&[page(1, &text)], &options(200, 0));
        let joined: Vec<&str> = found.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(joined.join(" "), text);
    }

    #[test]
    fn a_word_longer_than_the_target_is_cut() {
        let text = format!("آغاز {} پایان", "ب".repeat(250));
        let found = chunks(&[page(1, &text)], &options(100, 30));
        assert_eq!(found[0].text, "آغاز");
        assert!(found.iter().all(|c| len(&c.text) <= 100));
        let joined: String = found.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(joined.replace(' ', ""), format!("آغاز{}پایان", "ب".repeat(250)));
    }

    #[test]
    fn multibyte_characters_are_counted_and_never_split() {
        let text = "👋🏽 سلام‌ها 🎉 ".repeat(100);
        let found = chunks(&[page(1, &text)], &options(50, 10));
        for chunk in &found {
            assert!(len(&chunk.text) <= 50);
            assert!(
                chunk.text.starts_with("👋🏽")
                    || chunk.text.starts_with("سلام")
                    || chunk.text.starts_with('🎉'),
                "{}",
                chunk.text
            );
        }
    }

    #[test]
    fn tiny_and_zero_targets_still_finish() {
        let found = chunks(&[page(1, "ab cd ef")], &options(0, 5));
        assert_eq!(found.iter().map(|c| c.text.as_str()).collect::<String>(), "abcdef");
        let found = chunks(&[page(1, "ab cd ef")], &options(2, 100));
        assert_eq!(found.iter().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["ab", "cd", "ef"]);
    }

    #[test]
    fn the_same_input_gives_the_same_chunks() {
        let sections = [page(1, &"متن. ".repeat(500)), row(2, "ردیف"), page(3, "پایان")];
        assert_eq!(
            chunks(&sections, &ChunkOptions::DEFAULT),
            chunks(&sections, &ChunkOptions::DEFAULT)
        );
    }
}

//! Properties of the search text core on generated input: normalising is
//! idempotent, terms are already normalised, and chunks keep every word of a
//! document, in order, within the target.

use dastyar_core::text::chunk::{ChunkOptions, chunks};
use dastyar_core::text::normalise::normalise;
use dastyar_core::text::terms::{index_terms, query_terms};
use dastyar_core::text::{Location, Section};
use proptest::prelude::*;

/// Characters the rules treat specially, with enough ordinary ones around them.
fn tricky_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            'ي', 'ى', 'ئ', 'ك', 'ة', 'ۀ', 'أ', 'إ', 'آ', 'ٱ', 'ؤ', 'ه', 'ی', 'ک', 'ا', 'و', 'م',
            'ب', '۱', '۴', '٤', '٠', '7', '\u{064B}', '\u{064E}', '\u{0651}', '\u{0653}',
            '\u{0654}', '\u{0670}', '\u{06D6}', '\u{0640}', '\u{200B}', '\u{200C}', '\u{200D}',
            '\u{2060}', '\u{FEFF}', '\u{00AD}', '\u{200E}', '\u{200F}', '\u{FEF3}', '\u{FB90}',
            '\u{FEFB}', '\u{FDF2}', ' ', '\n', '\t', '\u{00A0}', '.', '،', '؟', 'A', 'z', 'É', 'İ',
            'ẞ', 'e', '\u{0301}', '\u{0307}', 'ﬁ', 'Ａ', '👋', '🏽',
        ]),
        any::<char>(),
    ]
}

fn tricky_text() -> impl Strategy<Value = String> {
    prop::collection::vec(tricky_char(), 0..40).prop_map(|chars| chars.into_iter().collect())
}

/// A word of 1–12 characters (Persian, Latin, digits, a half-space inside).
fn word() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec!['ک', 'ت', 'ا', 'ب', 'ی', 'a', 'b', '1', '۲', '‌', '👋', '.', '؟']),
        1..12,
    )
    .prop_map(|chars| chars.into_iter().collect::<String>())
    .prop_filter("a word has no space", |w| !w.trim().is_empty())
}

/// A section's words, each with the space after it (single, double, line breaks).
fn section_words() -> impl Strategy<Value = Vec<(String, &'static str)>> {
    prop::collection::vec(
        (word(), prop::sample::select(vec![" ", " ", " ", "\n", "\n\n", "  "])),
        0..80,
    )
}

/// Sections' texts with every word made unique (a number after it), so where a
/// chunk's words come from is never in doubt.
fn section_texts(sections: Vec<Vec<(String, &'static str)>>) -> Vec<String> {
    let mut count = 0;
    sections
        .into_iter()
        .map(|words| {
            let mut text = String::new();
            for (word, gap) in words {
                count += 1;
                text.push_str(&format!("{word}{count}{gap}"));
            }
            text
        })
        .collect()
}

fn words(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn normalise_is_idempotent(text in tricky_text()) {
        let once = normalise(&text);
        prop_assert_eq!(normalise(&once), once);
    }

    #[test]
    fn normalise_is_idempotent_on_any_text(text in any::<String>()) {
        let once = normalise(&text);
        prop_assert_eq!(normalise(&once), once);
    }

    #[test]
    fn terms_are_normalised_words(text in tricky_text()) {
        for term in index_terms(&text).iter().chain(&query_terms(&text)) {
            prop_assert!(!term.is_empty());
            prop_assert!(term.chars().all(char::is_alphanumeric), "{:?}", term);
            prop_assert_eq!(&normalise(term), term);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn chunks_keep_every_word_in_order_within_the_target(
        sections in prop::collection::vec(section_words(), 0..6),
        target in 16usize..400,
        overlap in 0usize..200,
    ) {
        let texts = section_texts(sections);
        let sections: Vec<Section> = texts
            .iter()
            .enumerate()
            .map(|(i, text)| Section { location: Location::Page { page: i as u32 + 1 }, text: text.clone() })
            .collect();
        let options = ChunkOptions { target_chars: target, overlap_chars: overlap };
        let found = chunks(&sections, &options);
        prop_assert_eq!(&found, &chunks(&sections, &options), "deterministic");

        let all: Vec<&str> = texts.iter().flat_map(|t| words(t)).collect();
        // Words are at most 15 characters and the target at least 16: none is cut,
        // so each chunk is a run of whole words that starts no later than where the
        // one before ended (overlap, never a gap).
        let mut covered = 0;
        let mut last_start = 0;
        for chunk in &found {
            prop_assert!(chunk.text.chars().count() <= target, "{} > {}", chunk.text.chars().count(), target);
            prop_assert_eq!(chunk.text.trim(), chunk.text.as_str());
            let own = words(&chunk.text);
            prop_assert!(!own.is_empty());
            let at = (last_start..=covered)
                .find(|&at| all.get(at..at + own.len()) == Some(own.as_slice()));
            prop_assert!(at.is_some(), "chunk {:?} does not continue the text at word {}", chunk.text, covered);
            let at = at.unwrap();
            last_start = at;
            covered = covered.max(at + own.len());
        }
        prop_assert_eq!(covered, all.len());
    }
}

//! The search terms of a text, for the index and for a query (BM25 scores
//! them). Both normalise first (`normalise`), then cut the text at anything
//! that is not a letter, a digit or a half-space. Numbers are terms; «3.5»
//! and «1404/01/20» are several.
//!
//! Half-spaces. Persian writes «می‌خواهم» with a half-space, and people type
//! it as «میخواهم» or «می خواهم» as well. Three rules, the same for the index
//! and the query, make the three find each other:
//!
//! 1. A word with half-spaces gives its joined form and each part:
//!    «می‌خواهم» → «میخواهم», «می», «خواهم».
//! 2. A word after one of the prefixes «می», «نمی», «بی», or before one of the
//!    suffixes «ها», «های», «هایی», «تر», «ترین», «ام», «ای», «ایم», «اید»,
//!    «اند», with just a space between, also gives the pair joined:
//!    «می خواهم» → «می», «خواهم», «میخواهم».
//! 3. A word with no break gives itself: «میخواهم» → «میخواهم».
//!
//! So every form has the joined word, and the spaced and half-spaced forms
//! have the parts too. Joining every pair of neighbours would also work but
//! double the index; only these affixes are written all three ways.
//!
//! A light stemmer adds one more term: a word ending in «ها», «های», «هایی» or
//! «ترین» whose stem keeps at least three letters also gives the stem
//! («کتابها» → «کتاب», «مهمترین» → «مهم»), so «کتاب» finds «کتابها» written
//! without a break. The three-letter floor spares «تنها» and «نهایی»; «تر»
//! and «ان» are left alone, as too many words merely end in them («دفتر»,
//! «فیلتر», «ایران», «تهران»).

use super::normalise::{HALF_SPACE, is_letter_or_digit, normalise};
use super::stopwords::is_stopword;

/// Prefixes written joined, spaced or half-spaced (rule 2).
const PREFIXES: &[&str] = &["می", "نمی", "بی"];

/// Suffixes written joined, spaced or half-spaced (rule 2).
const SUFFIXES: &[&str] = &["ها", "های", "هایی", "تر", "ترین", "ام", "ای", "ایم", "اید", "اند"];

/// Suffixes the light stemmer takes off, longest first.
const STEMMED_SUFFIXES: &[&str] = &["هایی", "ترین", "های", "ها"];

/// The fewest letters a stem keeps.
const MIN_STEM_CHARS: usize = 3;

/// Every term of a text in text order, repeats kept (BM25 counts them).
pub fn index_terms(text: &str) -> Vec<String> {
    let text = normalise(text);
    let mut terms = Vec::new();
    collect(&text, &mut terms);
    terms
}

/// The terms to look up for a query: stopwords dropped (unless the query is
/// nothing else), each term once, in the order they first appear.
pub fn query_terms(text: &str) -> Vec<String> {
    let mut terms = index_terms(text);
    if terms.iter().any(|term| !is_stopword(term)) {
        terms.retain(|term| !is_stopword(term));
    }
    let mut seen = std::collections::HashSet::new();
    terms.retain(|term| seen.insert(term.clone()));
    terms
}

/// The terms of normalised text, by the three rules above.
fn collect(text: &str, terms: &mut Vec<String>) {
    // Where the previous word's joined form is in `terms`, and the byte it ended at.
    let mut previous: Option<(usize, usize)> = None;
    for (start, word) in words(text) {
        let at = terms.len();
        let has_parts = word.contains(HALF_SPACE);
        terms.push(if has_parts { word.replace(HALF_SPACE, "") } else { word.to_owned() });
        if has_parts {
            terms.extend(word.split(HALF_SPACE).map(str::to_owned));
        }
        if let Some(stem) = light_stem(&terms[at])
            && !terms[at + 1..].iter().any(|part| part == stem)
        {
            let stem = stem.to_owned();
            terms.push(stem);
        }
        if let Some((before, end)) = previous
            && text.get(end..start) == Some(" ")
            && (PREFIXES.contains(&terms[before].as_str())
                || SUFFIXES.contains(&terms[at].as_str()))
        {
            let pair = format!("{}{}", terms[before], terms[at]);
            terms.push(pair);
        }
        previous = Some((at, start + word.len()));
    }
}

/// The words of normalised text with their byte offsets: runs of letters,
/// digits and half-spaces (normalise keeps a half-space only inside a word).
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let is_word = |c: char| is_letter_or_digit(c) || c == HALF_SPACE;
    let mut rest = 0;
    std::iter::from_fn(move || {
        let start = rest + text[rest..].find(is_word)?;
        let len = text[start..].find(|c: char| !is_word(c)).unwrap_or(text.len() - start);
        rest = start + len;
        Some((start, &text[start..rest]))
    })
}

/// The stem of a plural or superlative, when it keeps enough letters.
fn light_stem(word: &str) -> Option<&str> {
    let stem = STEMMED_SUFFIXES.iter().find_map(|suffix| word.strip_suffix(suffix))?;
    (stem.chars().count() >= MIN_STEM_CHARS).then_some(stem)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(terms: &[&str]) -> Vec<String> {
        terms.iter().map(|t| t.to_string()).collect()
    }

    /// Whether two texts share a query term with each other's index terms, both ways.
    fn find_each_other(a: &str, b: &str) -> bool {
        let shares = |query: &str, doc: &str| {
            let doc = index_terms(doc);
            query_terms(query).iter().any(|term| doc.contains(term))
        };
        shares(a, b) && shares(b, a)
    }

    #[test]
    fn empty_text_has_no_terms() {
        assert!(index_terms("").is_empty());
        assert!(index_terms("   \n\t").is_empty());
        assert!(index_terms("\u{200C}").is_empty());
        assert!(index_terms("\u{200C}\u{200B} \u{200C}").is_empty());
        assert!(index_terms("«»، ؟ ... !!").is_empty());
        assert!(query_terms("").is_empty());
    }

    #[test]
    fn words_split_at_anything_but_letters_and_digits() {
        assert_eq!(
            index_terms("سلام، دنیا! Hello-World (v2)"),
            strings(&["سلام", "دنیا", "hello", "world", "v2"])
        );
        assert_eq!(
            index_terms("قیمت: ۱۲ تومان در ١٤٠٤"),
            strings(&["قیمت", "12", "تومان", "در", "1404"])
        );
        assert_eq!(index_terms("3.5 1404/01/20"), strings(&["3", "5", "1404", "01", "20"]));
    }

    #[test]
    fn index_terms_keep_repeats_and_order() {
        assert_eq!(index_terms("و کتاب و کتاب"), strings(&["و", "کتاب", "و", "کتاب"]));
    }

    #[test]
    fn a_half_spaced_word_gives_its_joined_form_and_its_parts() {
        assert_eq!(index_terms("می‌خواهم"), strings(&["میخواهم", "می", "خواهم"]));
        // Its look-alikes count as a half-space.
        assert_eq!(index_terms("می\u{200B}خواهم"), index_terms("می‌خواهم"));
        assert_eq!(index_terms("می\u{FEFF}خواهم"), index_terms("می‌خواهم"));
        // A half-space at a word's edge is nothing.
        assert_eq!(index_terms("\u{200C}کتاب\u{200C}"), strings(&["کتاب"]));
        // The joined stem is a part already: not counted twice.
        assert_eq!(index_terms("کتاب‌ها"), strings(&["کتابها", "کتاب", "ها"]));
    }

    #[test]
    fn spaced_affixes_give_the_joined_pair() {
        assert_eq!(index_terms("می خواهم"), strings(&["می", "خواهم", "میخواهم"]));
        assert_eq!(index_terms("کتاب های من"), strings(&["کتاب", "های", "کتابهای", "من"]));
        assert_eq!(index_terms("بی کار"), strings(&["بی", "کار", "بیکار"]));
        // Only across a plain space, not punctuation.
        assert_eq!(index_terms("می، خواهم"), strings(&["می", "خواهم"]));
        // Other neighbours are not joined.
        assert_eq!(index_terms("کتاب خوب"), strings(&["کتاب", "خوب"]));
    }

    #[test]
    fn joined_spaced_and_half_spaced_forms_find_each_other() {
        for forms in [
            ["میخواهم", "می خواهم", "می‌خواهم"],
            ["نمیدانم", "نمی دانم", "نمی‌دانم"],
            ["کتابها", "کتاب ها", "کتاب‌ها"],
            ["بزرگترین", "بزرگ ترین", "بزرگ‌ترین"],
            ["خستهام", "خسته ام", "خسته‌ام"],
        ] {
            for a in forms {
                for b in forms {
                    assert!(find_each_other(a, b), "{a} and {b}");
                }
            }
        }
        // And with Arabic letters or another half-space look-alike.
        assert!(find_each_other("كتابهاي", "کتاب‌های"));
        assert!(find_each_other("می\u{200D}خواهم", "میخواهم"));
    }

    #[test]
    fn the_light_stemmer_takes_off_plurals_and_superlatives() {
        assert_eq!(index_terms("کتابها"), strings(&["کتابها", "کتاب"]));
        assert_eq!(index_terms("کشورهای"), strings(&["کشورهای", "کشور"]));
        assert_eq!(index_terms("کتابهایی"), strings(&["کتابهایی", "کتاب"]));
        assert_eq!(index_terms("مهمترین"), strings(&["مهمترین", "مهم"]));
        // Stems under three letters stay whole.
        assert_eq!(index_terms("تنها نهایی بهترین"), strings(&["تنها", "نهایی", "بهترین"]));
        // «تر» and «ان» are not taken off.
        assert_eq!(index_terms("دفتر ایران"), strings(&["دفتر", "ایران"]));
        assert!(find_each_other("کتاب", "کتابهای"));
    }

    #[test]
    fn query_terms_drop_stopwords_and_repeats() {
        assert_eq!(
            query_terms("قیمت این کتاب در سال ۱۴۰۴ و ١٤٠٤ چیست؟"),
            strings(&["قیمت", "کتاب", "سال", "1404", "چیست"])
        );
        assert_eq!(query_terms("The price of the BOOK"), strings(&["price", "book"]));
        assert_eq!(query_terms("من می‌خواهم"), strings(&["میخواهم", "خواهم"]));
        // A query of stopwords only keeps them: something is better than nothing.
        assert_eq!(query_terms("از و از"), strings(&["از", "و"]));
    }

    #[test]
    fn mixed_scripts_and_multibyte_text() {
        assert_eq!(
            index_terms("Dastyarدستیار 👋 café ÉTÉ"),
            strings(&["dastyarدستیار", "café", "été"])
        );
        assert_eq!(index_terms("یک‌دو‌سه"), strings(&["یکدوسه", "یک", "دو", "سه"]));
    }
}

//! The one normalisation of search text. The index and every query go
//! through it, so a document and a question meet on the same characters
//! however each was typed, pasted or extracted from a PDF.
//!
//! In order: Unicode NFKC (Arabic presentation forms, which PDFs carry, become
//! base letters; ligatures, full-width and no-break spaces their plain forms);
//! Arabic letters to the Persian ones people type (ي ى ئ → ی, ك → ک,
//! ة ۀ → ه, أ إ آ ٱ → ا, ؤ → و); Persian and Arabic-Indic digits to ASCII;
//! diacritics and tatweel dropped; the half-space (ZWNJ) and the invisible
//! characters that stand in for it (ZWSP, ZWJ, word joiner, BOM, soft hyphen,
//! direction marks) to one ZWNJ, kept only between two letters or digits;
//! lowercase; whitespace runs to one space, trimmed.
//!
//! آ becomes ا: people type «آب» and «اب», «قرآن» and «قران» for the same word.

use unicode_normalization::{IsNormalized, UnicodeNormalization, is_nfkc, is_nfkc_quick};

use crate::digits::ascii_digit;

/// The half-space, zero-width non-joiner: inside a word, as in «می‌خواهم».
pub const HALF_SPACE: char = '\u{200C}';

/// The text in the form it is indexed and searched in.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    // Almost all text is NFKC already: then it is read once, with no buffer.
    let nfkc = text.chars().all(surely_nfkc) || is_nfkc_quick(text.chars()) == IsNormalized::Yes;
    let mut changed = if nfkc { fold(text.chars(), &mut out) } else { fold(text.nfkc(), &mut out) };
    // Dropping a tatweel or a joiner, or lowercasing, can leave something NFKC
    // would change (a Latin letter beside a combining accent): once more until
    // it is stable, so normalise(normalise(x)) == normalise(x).
    while changed && !is_nfkc(&out) {
        let composed: String = out.nfkc().collect();
        out.clear();
        changed = fold(composed.chars(), &mut out);
    }
    out
}

/// Characters NFKC leaves alone wherever they stand (quick check Yes, not
/// combining): ASCII and nearly all of Persian text, checked without the
/// normalisation tables, which are twice as slow as the rest of normalising.
fn surely_nfkc(c: char) -> bool {
    matches!(
        c,
        '\0'..='\x7F'
            | '«'
            | '»'
            | '\u{0600}'..='\u{060F}'
            | '\u{061B}'..='\u{064A}'
            | '\u{0660}'..='\u{066F}'
            | '\u{0671}'..='\u{0674}'
            | '\u{0679}'..='\u{06D5}'
            | '\u{06EE}'..='\u{06FF}'
            | '\u{200B}'..='\u{200F}'
    )
}

/// `char::is_alphanumeric`, answered for ASCII and the Arabic block without
/// std's Unicode tables, which are several times slower than the rest of
/// normalising Persian text.
pub(crate) fn is_letter_or_digit(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '\0'..='\x7F' => false,
        // Letters, digits and the marks Unicode counts as alphabetic.
        '\u{0610}'..='\u{061A}'
        | '\u{0620}'..='\u{0657}'
        | '\u{0659}'..='\u{0669}'
        | '\u{066E}'..='\u{06D3}'
        | '\u{06D5}'..='\u{06DC}'
        | '\u{06E1}'..='\u{06E8}'
        | '\u{06ED}'..='\u{06FC}'
        | '\u{06FF}' => true,
        '\u{0600}'..='\u{06FF}' => false,
        c => c.is_alphanumeric(),
    }
}

/// What becomes of one character of NFKC text.
enum Class {
    Keep(char),
    Drop,
    Space,
    Joiner,
    /// Not ASCII and not mapped: lowercased.
    Other(char),
}

fn class(c: char) -> Class {
    if c.is_ascii() {
        return if c.is_ascii_whitespace() {
            Class::Space
        } else {
            Class::Keep(c.to_ascii_lowercase())
        };
    }
    match c {
        'ي' | 'ى' | 'ئ' => Class::Keep('ی'),
        'ك' => Class::Keep('ک'),
        // ۀ is ه with a hamza (NFKC composes ه + U+0654 into it); ہ ۂ are how
        // Urdu fonts in some PDFs encode ه.
        'ة' | 'ۀ' | 'ہ' | 'ۂ' => Class::Keep('ه'),
        'أ' | 'إ' | 'آ' | 'ٱ' | 'ٲ' | 'ٳ' => Class::Keep('ا'),
        'ؤ' => Class::Keep('و'),
        '۰'..='۹' | '٠'..='٩' => Class::Keep(ascii_digit(c).unwrap_or(c)),
        // Harakat, hamza and madda marks, superscript alef, Quranic marks, tatweel.
        '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{06D6}'..='\u{06ED}' | '\u{0640}' => Class::Drop,
        // ZWSP, ZWNJ, ZWJ, LRM, RLM, word joiner, BOM, soft hyphen, and the
        // other invisible direction controls copied text carries.
        '\u{200B}'..='\u{200F}'
        | '\u{2060}'
        | '\u{FEFF}'
        | '\u{00AD}'
        | '\u{061C}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2066}'..='\u{2069}' => Class::Joiner,
        // The rest of the Arabic block has no case: no lowercase look-up.
        '\u{0600}'..='\u{06FF}' => Class::Keep(c),
        c if c.is_whitespace() => Class::Space,
        c => Class::Other(c),
    }
}

/// Folds NFKC characters into `out`; true when something was dropped or
/// lowercased (the only steps that can leave text NFKC would change).
fn fold(chars: impl Iterator<Item = char>, out: &mut String) -> bool {
    let mut line = Line { out, space: false, joiner: false, after_word: false, changed: false };
    for c in chars {
        match class(c) {
            Class::Keep(c) => line.push(c),
            Class::Drop => line.changed = true,
            Class::Space => line.space = true,
            Class::Joiner => line.joiner = true,
            Class::Other(c) => {
                let lower = c.to_lowercase();
                if lower.len() == 1 && lower.clone().next() == Some(c) {
                    line.push(c);
                } else {
                    line.changed = true;
                    lower.for_each(|l| line.push(l));
                }
            }
        }
    }
    // Whitespace or a joiner at the end is never written.
    line.changed || line.joiner
}

/// The output being written, with the spaces and joiners seen since its last character.
struct Line<'a> {
    out: &'a mut String,
    space: bool,
    joiner: bool,
    after_word: bool,
    changed: bool,
}

impl Line<'_> {
    fn push(&mut self, c: char) {
        let word = is_letter_or_digit(c);
        if self.out.is_empty() {
            // Leading whitespace and joiners go.
            self.changed |= self.joiner;
        } else if self.space {
            self.changed |= self.joiner;
            self.out.push(' ');
        } else if self.joiner {
            // A half-space means something only inside a word.
            if self.after_word && word {
                self.out.push(HALF_SPACE);
            } else {
                self.changed = true;
            }
        }
        self.space = false;
        self.joiner = false;
        self.out.push(c);
        self.after_word = word;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_blank_text_normalise_to_nothing() {
        assert_eq!(normalise(""), "");
        assert_eq!(normalise(" \t\n\u{00A0}\u{3000} "), "");
        assert_eq!(normalise("\u{200C}"), "");
        assert_eq!(normalise("\u{200C}\u{200B}\u{FEFF} \u{200D}"), "");
    }

    #[test]
    fn arabic_letters_become_persian() {
        assert_eq!(normalise("علي"), "علی");
        assert_eq!(normalise("موسى"), "موسی");
        assert_eq!(normalise("كتاب"), "کتاب");
        assert_eq!(normalise("مدرسة"), "مدرسه");
        assert_eq!(normalise("أحمد إبراهيم"), "احمد ابراهیم");
        assert_eq!(normalise("آب ٱلله"), "اب الله");
        assert_eq!(normalise("مؤسسه"), "موسسه");
        assert_eq!(normalise("مسئله"), "مسیله");
        assert_eq!(normalise("خانۀ"), "خانه");
        // ه with a separate hamza mark: NFKC composes it to ۀ, then ه.
        assert_eq!(normalise("خانه\u{0654}"), "خانه");
    }

    #[test]
    fn presentation_forms_become_base_letters() {
        // «کیف» as a PDF may carry it: keheh, yeh and feh in their contextual forms.
        assert_eq!(normalise("\u{FB90}\u{FBFE}\u{FED2}"), "کیف");
        // Arabic yeh's initial form, then the Persian rule.
        assert_eq!(normalise("\u{FEF3}"), "ی");
        // The lam-alef ligature is two letters.
        assert_eq!(normalise("\u{FEFB}"), "لا");
    }

    #[test]
    fn digits_become_ascii() {
        assert_eq!(normalise("سال ۱۴۰۴"), "سال 1404");
        assert_eq!(normalise("سال ١٤٠٤"), "سال 1404");
        assert_eq!(normalise("۰۱۲۳۴۵۶۷۸۹ ٠١٢٣٤٥٦٧٨٩"), "0123456789 0123456789");
    }

    #[test]
    fn diacritics_and_tatweel_go() {
        assert_eq!(normalise("كِتابٌ"), "کتاب");
        assert_eq!(normalise("مُحَمَّد"), "محمد");
        assert_eq!(normalise("رحمٰن"), "رحمن");
        assert_eq!(normalise("ســــلام"), "سلام");
    }

    #[test]
    fn joiners_become_one_half_space_inside_words() {
        for joiner in [
            '\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}', '\u{00AD}', '\u{200E}',
            '\u{200F}',
        ] {
            assert_eq!(normalise(&format!("می{joiner}خواهم")), "می\u{200C}خواهم", "{joiner:?}");
        }
        assert_eq!(normalise("کتاب\u{200C}\u{200C}\u{200B}ها"), "کتاب\u{200C}ها");
        // At a word's edge it means nothing.
        assert_eq!(normalise("\u{200C}کتاب\u{200C} \u{200C}ها\u{200C}"), "کتاب ها");
        assert_eq!(normalise("کتاب\u{200C}، ها"), "کتاب، ها");
        // Dropped marks between do not count as an edge.
        assert_eq!(normalise("میِ\u{200C}ـخواهم"), "می\u{200C}خواهم");
    }

    #[test]
    fn latin_is_lowercased_and_whitespace_collapsed() {
        assert_eq!(normalise("  Hello\t\tWORLD \n "), "hello world");
        assert_eq!(normalise("ÉCOLE Straße"), "école straße");
        assert_eq!(normalise("ＡＢＣ ﬁle"), "abc file");
        assert_eq!(normalise("Dastyar  دستیار\u{00A0}v2"), "dastyar دستیار v2");
    }

    #[test]
    fn normalising_twice_changes_nothing() {
        for text in [
            "كتابٌ‌هاي ١٤٠٤ Hello",
            "e\u{0640}\u{0301}",
            "e\u{200C}\u{0301}",
            "I\u{0307}stanbul İ",
            "\u{FEF3}\u{FEF4}\u{FEF2}",
        ] {
            let once = normalise(text);
            assert_eq!(normalise(&once), once, "{text:?}");
        }
        // The accent meets its letter once the tatweel is gone.
        assert_eq!(normalise("e\u{0640}\u{0301}"), "é");
    }

    #[test]
    fn surely_nfkc_characters_are() {
        use unicode_normalization::char::canonical_combining_class;
        for c in (0..=0x10FFFF).filter_map(char::from_u32).filter(|&c| surely_nfkc(c)) {
            assert_eq!(is_nfkc_quick(std::iter::once(c)), IsNormalized::Yes, "{c:?}");
            assert_eq!(canonical_combining_class(c), 0, "{c:?}");
        }
    }

    #[test]
    fn letters_and_digits_are_what_std_says() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            assert_eq!(is_letter_or_digit(c), c.is_alphanumeric(), "{c:?}");
        }
    }

    #[test]
    fn multibyte_text_survives() {
        assert_eq!(normalise("سلام 👋🏽 دنیا"), "سلام 👋🏽 دنیا");
    }
}

//! Words a query drops: Persian and English function words, and the Persian
//! affixes a half-space splits off («می», «ها», «ترین»...). Alone they match
//! nearly every chunk, so in a query they only cost time; the index keeps
//! them, and a query made of nothing else keeps them too (`terms::query_terms`).

/// In normalised form (ی, ک, ا for آ) and sorted by code point, for a binary search.
const STOPWORDS: &[&str] = &[
    "a",
    "an",
    "and",
    "are",
    "as",
    "at",
    "be",
    "been",
    "but",
    "by",
    "do",
    "does",
    "for",
    "from",
    "had",
    "has",
    "have",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "me",
    "my",
    "no",
    "not",
    "of",
    "on",
    "or",
    "our",
    "so",
    "than",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "to",
    "was",
    "we",
    "were",
    "will",
    "with",
    "you",
    "your",
    "از",
    "است",
    "ام",
    "اما",
    "ان",
    "اند",
    "انها",
    "او",
    "اگر",
    "ای",
    "ایا",
    "اید",
    "ایشان",
    "ایم",
    "این",
    "اینکه",
    "با",
    "باید",
    "بر",
    "برای",
    "به",
    "بود",
    "بی",
    "تا",
    "ترین",
    "تو",
    "خود",
    "در",
    "را",
    "شد",
    "شده",
    "شما",
    "شود",
    "ما",
    "من",
    "می",
    "نمی",
    "نیز",
    "ها",
    "های",
    "هایی",
    "هر",
    "هست",
    "هم",
    "همه",
    "و",
    "ولی",
    "چه",
    "که",
    "یا",
];

/// Whether a normalised term is a stopword.
pub fn is_stopword(term: &str) -> bool {
    STOPWORDS.binary_search(&term).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::normalise::normalise;

    #[test]
    fn the_list_is_sorted_and_normalised() {
        assert!(STOPWORDS.is_sorted(), "sorted, else binary_search misses words");
        for word in STOPWORDS {
            assert_eq!(&normalise(word), word);
        }
    }

    #[test]
    fn stopwords_are_found_in_either_script() {
        for word in ["the", "of", "و", "در", "که", "می", "ها", "ان"] {
            assert!(is_stopword(word), "{word}");
        }
        for word in ["کتاب", "book", "1404", ""] {
            assert!(!is_stopword(word), "{word}");
        }
    }
}

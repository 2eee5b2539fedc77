//! `parse_mode=Markdown`, the legacy mode Telegram still accepts, as tdlib
//! parses it (`parse_markdown`): `*bold*`, `_italic_`, `` `code` ``,
//! ```` ```lang\npre``` ```` and `[text](url)`, no nesting; `\` escapes only
//! `_`, `*`, `` ` `` and `[`; an unclosed entity is "Can't find end of the
//! entity starting at byte offset N".

use super::entities::{Kind, Span, byte_at, checked_link, is_space, sort, utf16_units};

/// The plain text and its spans, or tdlib's error.
pub(super) fn parse(text: &str) -> Result<(String, Vec<Span>), String> {
    let t = text.as_bytes();
    let at = |i: usize| byte_at(t, i);
    let mut out: Vec<u8> = Vec::with_capacity(t.len());
    let mut spans = Vec::new();
    let mut utf16 = 0;
    let mut i = 0;
    while i < t.len() {
        let c = t[i];
        if c == b'\\' && matches!(at(i + 1), b'_' | b'*' | b'`' | b'[') {
            out.push(t[i + 1]);
            utf16 += 1;
            i += 2;
            continue;
        }
        if !matches!(c, b'_' | b'*' | b'`' | b'[') {
            utf16 += utf16_units(c);
            out.push(c);
            i += 1;
            continue;
        }

        let begin = i;
        let end_mark = if c == b'[' { b']' } else { c };
        let mut is_pre = false;
        let mut language = String::new();
        i += 1;
        if c == b'`' && at(i) == b'`' && at(i + 1) == b'`' {
            i += 2;
            is_pre = true;
            let mut language_end = i;
            while !is_space(at(language_end)) && at(language_end) != b'`' {
                language_end += 1;
            }
            if i != language_end && language_end < t.len() && at(language_end) != b'`' {
                language = String::from_utf8_lossy(&t[i..language_end]).into_owned();
                i = language_end;
            }
            // One newline right after the opening is not part of the block.
            if at(i) == b'\n' || at(i) == b'\r' {
                let pair = matches!(at(i + 1), b'\n' | b'\r') && at(i) != at(i + 1);
                i += if pair { 2 } else { 1 };
            }
        }

        let offset = utf16;
        while i < t.len()
            && (t[i] != end_mark || (is_pre && !(at(i + 1) == b'`' && at(i + 2) == b'`')))
        {
            utf16 += utf16_units(t[i]);
            out.push(t[i]);
            i += 1;
        }
        if i == t.len() {
            return Err(format!("Can't find end of the entity starting at byte offset {begin}"));
        }

        if offset != utf16 {
            let length = utf16 - offset;
            let span = |kind, argument| Span { kind, offset, length, argument };
            match c {
                b'_' => spans.push(span(Kind::Italic, String::new())),
                b'*' => spans.push(span(Kind::Bold, String::new())),
                b'[' => {
                    let url = if at(i + 1) == b'(' {
                        i += 2;
                        let start = i;
                        while i < t.len() && t[i] != b')' {
                            i += 1;
                        }
                        String::from_utf8_lossy(&t[start..i]).into_owned()
                    } else {
                        String::from_utf8_lossy(&t[begin + 1..i]).into_owned()
                    };
                    if let Some(url) = checked_link(&url) {
                        spans.push(span(Kind::TextUrl, url));
                    }
                }
                _ if is_pre && language.is_empty() => spans.push(span(Kind::Pre, String::new())),
                _ if is_pre => spans.push(span(Kind::PreCode, language)),
                _ => spans.push(span(Kind::Code, String::new())),
            }
        }
        if is_pre {
            i += 2;
        }
        i += 1;
    }
    sort(&mut spans);
    Ok((String::from_utf8_lossy(&out).into_owned(), spans))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legacy_marks() {
        let (plain, spans) = parse("*bold* _it_ `c.d` [x](https://x.org) 1.5 - ok!").unwrap();
        assert_eq!(plain, "bold it c.d x 1.5 - ok!");
        let kinds: Vec<_> = spans.iter().map(|s| (s.kind, s.offset, s.length)).collect();
        assert_eq!(
            kinds,
            [(Kind::Bold, 0, 4), (Kind::Italic, 5, 2), (Kind::Code, 8, 3), (Kind::TextUrl, 12, 1)]
        );
        assert_eq!(parse("\\_a\\*").unwrap().0, "_a*");
        let (plain, spans) = parse("```py\nx = 1```").unwrap();
        assert_eq!(
            (plain.as_str(), spans[0].kind, spans[0].argument.as_str()),
            ("x = 1", Kind::PreCode, "py")
        );
    }

    #[test]
    fn an_unclosed_entity_is_refused() {
        assert_eq!(
            parse("snake_case").unwrap_err(),
            "Can't find end of the entity starting at byte offset 5"
        );
        assert_eq!(
            parse("a *b").unwrap_err(),
            "Can't find end of the entity starting at byte offset 2"
        );
    }
}

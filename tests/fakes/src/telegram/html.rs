//! `parse_mode=HTML`, as tdlib parses it (`parse_html`): the tags `b`,
//! `strong`, `i`, `em`, `u`, `ins`, `s`, `strike`, `del`, `tg-spoiler`,
//! `span class="tg-spoiler"`, `a href`, `code` (`class="language-x"` inside
//! `pre`), `pre`, `blockquote` (`expandable`) and `tg-emoji emoji-id`; the
//! entities `&lt;`, `&gt;`, `&amp;`, `&quot;` and numeric ones (others stay
//! as written). Any other tag is refused: "Unsupported start tag "x" at byte
//! offset N", as are unclosed and mismatched tags, in tdlib's words.

use super::entities::{Kind, Span, byte_at, checked_link, is_space, sort};

const TAGS: [&str; 16] = [
    "a",
    "b",
    "strong",
    "i",
    "em",
    "s",
    "strike",
    "del",
    "u",
    "ins",
    "tg-spoiler",
    "tg-emoji",
    "span",
    "pre",
    "code",
    "blockquote",
];

/// A tag opened and not yet closed.
struct Open {
    tag: String,
    argument: String,
    /// Where it starts in the result, in UTF-16 code units.
    offset: usize,
    /// Where it starts in the result, in bytes (a link without `href` uses its text).
    begin: usize,
}

/// The plain text and its spans, or tdlib's error.
pub(super) fn parse(text: &str) -> Result<(String, Vec<Span>), String> {
    let t = text.as_bytes();
    let at = |i: usize| byte_at(t, i);
    let mut out = String::with_capacity(t.len());
    let mut spans: Vec<Span> = Vec::new();
    let mut utf16 = 0;
    let mut nested: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < t.len() {
        let c = t[i];
        if c == b'&'
            && let Some(decoded) = decode_entity(t, &mut i)
        {
            let decoded = decoded?;
            utf16 += decoded.len_utf16();
            out.push(decoded);
            continue;
        }
        if c != b'<' {
            // Copy the whole character (the text is UTF-8, `<` and `&` are ASCII).
            let width = text[i..].chars().next().map_or(1, char::len_utf8);
            let ch = &text[i..i + width];
            utf16 += ch.chars().map(char::len_utf16).sum::<usize>();
            out.push_str(ch);
            i += width;
            continue;
        }

        let begin_pos = i;
        i += 1;
        if at(i) != b'/' {
            while !is_space(at(i)) && at(i) != b'>' {
                i += 1;
            }
            if at(i) == 0 {
                return Err(format!("Unclosed start tag at byte offset {begin_pos}"));
            }
            let tag = String::from_utf8_lossy(&t[begin_pos + 1..i]).to_lowercase();
            if !TAGS.contains(&tag.as_str()) {
                return Err(format!("Unsupported start tag \"{tag}\" at byte offset {begin_pos}"));
            }
            let argument = attributes(t, &mut i, &tag, begin_pos)?;
            if tag == "span" && argument != "spoiler" {
                return Err(format!(
                    "Tag \"span\" must have class \"tg-spoiler\" at byte offset {begin_pos}"
                ));
            }
            nested.push(Open { tag, argument, offset: utf16, begin: out.len() });
        } else {
            let Some(open) = nested.pop() else {
                return Err(format!("Unexpected end tag at byte offset {begin_pos}"));
            };
            while !is_space(at(i)) && at(i) != b'>' {
                i += 1;
            }
            let end_tag = String::from_utf8_lossy(&t[begin_pos + 2..i]).to_lowercase();
            while is_space(at(i)) && at(i) != 0 {
                i += 1;
            }
            if at(i) != b'>' {
                return Err(format!("Unclosed end tag at byte offset {begin_pos}"));
            }
            if !end_tag.is_empty() && end_tag != open.tag {
                return Err(format!(
                    "Unmatched end tag at byte offset {begin_pos}, expected \"</{}>\", found \"</{end_tag}>\"",
                    open.tag
                ));
            }
            if utf16 > open.offset {
                close(&mut spans, open, utf16, &out)?;
            }
        }
        i += 1;
    }
    if let Some(open) = nested.last() {
        return Err(format!("Can't find end tag corresponding to start tag \"{}\"", open.tag));
    }
    for span in &mut spans {
        if span.kind == Kind::Code {
            span.argument.clear();
        }
    }
    sort(&mut spans);
    Ok((out, spans))
}

/// Reads a start tag's attributes up to its `>`; what matters of them: an
/// `a`'s `href`, a `code`'s language, a `span`'s class, a `tg-emoji`'s id,
/// a `blockquote`'s `expandable`.
fn attributes(t: &[u8], i: &mut usize, tag: &str, begin_pos: usize) -> Result<String, String> {
    let at = |i: usize| byte_at(t, i);
    let unclosed_tag = || format!("Unclosed start tag \"{tag}\" at byte offset {begin_pos}");
    let mut argument = String::new();
    while at(*i) != b'>' {
        while at(*i) != 0 && is_space(at(*i)) {
            *i += 1;
        }
        if at(*i) == b'>' {
            break;
        }
        let name_begin = *i;
        while !is_space(at(*i)) && !matches!(at(*i), b'=' | b'>' | b'/' | b'"' | b'\'') {
            *i += 1;
        }
        let name = String::from_utf8_lossy(&t[name_begin..*i]).into_owned();
        if name.is_empty() {
            return Err(format!(
                "Empty attribute name in the tag \"{tag}\" at byte offset {begin_pos}"
            ));
        }
        while at(*i) != 0 && is_space(at(*i)) {
            *i += 1;
        }
        if at(*i) != b'=' {
            if at(*i) == 0 {
                return Err(unclosed_tag());
            }
            if tag == "blockquote" && name == "expandable" {
                argument = "1".to_owned();
            }
            continue;
        }
        *i += 1;
        while at(*i) != 0 && is_space(at(*i)) {
            *i += 1;
        }
        if at(*i) == 0 {
            return Err(unclosed_tag());
        }
        let value = if at(*i) != b'\'' && at(*i) != b'"' {
            // A name token: letters, digits, periods and hyphens, not case sensitive.
            let token_begin = *i;
            while at(*i).is_ascii_alphanumeric() || matches!(at(*i), b'.' | b'-') {
                *i += 1;
            }
            if !is_space(at(*i)) && at(*i) != b'>' {
                return Err(format!("Unexpected end of name token at byte offset {token_begin}"));
            }
            String::from_utf8_lossy(&t[token_begin..*i]).to_lowercase()
        } else {
            let quote = at(*i);
            *i += 1;
            let mut value = String::new();
            let mut raw = Vec::new();
            while at(*i) != quote && at(*i) != 0 {
                if at(*i) == b'&'
                    && let Some(decoded) = decode_entity(t, i)
                {
                    value.push_str(&String::from_utf8_lossy(&std::mem::take(&mut raw)));
                    value.push(decoded?);
                    continue;
                }
                raw.push(at(*i));
                *i += 1;
            }
            value.push_str(&String::from_utf8_lossy(&raw));
            if at(*i) == quote {
                *i += 1;
            }
            value
        };
        if at(*i) == 0 {
            return Err(format!("Unclosed start tag at byte offset {begin_pos}"));
        }
        match (tag, name.as_str()) {
            ("a", "href") | ("tg-emoji", "emoji-id") => argument = value,
            ("code", "class") if value.starts_with("language-") => argument = value[9..].to_owned(),
            ("span", "class") if value.starts_with("tg-") => argument = value[3..].to_owned(),
            ("blockquote", "expandable") => argument = "1".to_owned(),
            _ => {}
        }
    }
    Ok(argument)
}

/// Adds the span a closed tag makes (nothing for an empty one).
fn close(spans: &mut Vec<Span>, open: Open, utf16: usize, out: &str) -> Result<(), String> {
    let offset = open.offset;
    let length = utf16 - offset;
    let plain = |kind| Span { kind, offset, length, argument: String::new() };
    let same_place = |s: &Span| s.offset == offset && s.length == length;
    match open.tag.as_str() {
        "i" | "em" => spans.push(plain(Kind::Italic)),
        "b" | "strong" => spans.push(plain(Kind::Bold)),
        "s" | "strike" | "del" => spans.push(plain(Kind::Strikethrough)),
        "u" | "ins" => spans.push(plain(Kind::Underline)),
        "tg-spoiler" | "span" => spans.push(plain(Kind::Spoiler)),
        "tg-emoji" => {
            match open.argument.parse::<i64>() {
                Ok(id) if id != 0 && id.to_string() == open.argument => {}
                _ => return Err("Invalid custom emoji identifier specified".to_owned()),
            }
            spans.push(Span { kind: Kind::CustomEmoji, offset, length, argument: open.argument });
        }
        "a" => {
            let url = if open.argument.is_empty() { &out[open.begin..] } else { &open.argument };
            if let Some(url) = checked_link(url) {
                spans.push(Span { kind: Kind::TextUrl, offset, length, argument: url });
            }
        }
        "pre" => match spans.last_mut() {
            Some(last)
                if last.kind == Kind::Code && same_place(last) && !last.argument.is_empty() =>
            {
                last.kind = Kind::PreCode;
            }
            _ => spans.push(plain(Kind::Pre)),
        },
        "code" => match spans.last_mut() {
            Some(last)
                if last.kind == Kind::Pre && same_place(last) && !open.argument.is_empty() =>
            {
                last.kind = Kind::PreCode;
                last.argument = open.argument;
            }
            _ => spans.push(Span { kind: Kind::Code, offset, length, argument: open.argument }),
        },
        "blockquote" if !open.argument.is_empty() => spans.push(plain(Kind::ExpandableBlockQuote)),
        _ => spans.push(plain(Kind::BlockQuote)),
    }
    Ok(())
}

/// Decodes the character reference at `t[*i]` (`&`), moving past it; `None`
/// when it is not one tdlib decodes (the `&` stays as written).
fn decode_entity(t: &[u8], i: &mut usize) -> Option<Result<char, String>> {
    let at = |i: usize| byte_at(t, i);
    let pos = *i;
    let mut end = pos + 1;
    let mut code: u32 = 0;
    if at(pos + 1) == b'#' {
        end += 1;
        let hex = at(pos + 2) == b'x';
        if hex {
            end += 1;
        }
        let radix = if hex { 16 } else { 10 };
        while let Some(digit) = char::from(at(end)).to_digit(radix) {
            code = code.saturating_mul(radix).saturating_add(digit);
            end += 1;
        }
        if code == 0 || code >= 0x10ffff || end - pos >= 10 {
            return None;
        }
    } else {
        while at(end).is_ascii_alphabetic() {
            end += 1;
        }
        code = match &t[pos + 1..end] {
            b"lt" => u32::from('<'),
            b"gt" => u32::from('>'),
            b"amp" => u32::from('&'),
            b"quot" => u32::from('"'),
            _ => return None,
        };
    }
    *i = if at(end) == b';' { end + 1 } else { end };
    Some(char::from_u32(code).ok_or_else(|| {
        "Text contains invalid Unicode characters after decoding HTML entities, check for unmatched \
         surrogate code units"
            .to_owned()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(text: &str) -> Vec<(Kind, usize, usize, String)> {
        parse(text)
            .unwrap()
            .1
            .into_iter()
            .map(|s| (s.kind, s.offset, s.length, s.argument))
            .collect()
    }

    #[test]
    fn tags_and_entities_become_spans_and_text() {
        let (plain, _) =
            parse("<b>a</b> &lt;b&gt; &amp;amp; &quot; &#1587;&#x644; &nbsp; 1 &lt; 2").unwrap();
        assert_eq!(plain, "a <b> &amp; \" سل &nbsp; 1 < 2");
        assert_eq!(
            spans("<b>bold <i>both</i></b> <a href=\"https://x.org/?a=1&amp;b=2\">link</a>"),
            vec![
                (Kind::Bold, 0, 9, String::new()),
                (Kind::Italic, 5, 4, String::new()),
                (Kind::TextUrl, 10, 4, "https://x.org/?a=1&b=2".to_owned()),
            ]
        );
        assert_eq!(
            spans("<pre><code class=\"language-rust\">let x;</code></pre><code>y</code>"),
            vec![(Kind::PreCode, 0, 6, "rust".to_owned()), (Kind::Code, 6, 1, String::new())]
        );
        assert_eq!(
            spans("<span class=\"tg-spoiler\">s</span><blockquote expandable>q</blockquote>"),
            vec![
                (Kind::Spoiler, 0, 1, String::new()),
                (Kind::ExpandableBlockQuote, 1, 1, String::new()),
            ]
        );
    }

    #[test]
    fn bad_html_is_refused_in_tdlibs_words() {
        assert_eq!(
            parse("a <x>b</x>").unwrap_err(),
            "Unsupported start tag \"x\" at byte offset 2"
        );
        assert_eq!(
            parse("<b>a").unwrap_err(),
            "Can't find end tag corresponding to start tag \"b\""
        );
        assert_eq!(
            parse("<b>a</i>").unwrap_err(),
            "Unmatched end tag at byte offset 4, expected \"</b>\", found \"</i>\""
        );
        assert_eq!(parse("a</b>").unwrap_err(), "Unexpected end tag at byte offset 1");
        assert_eq!(parse("a <b").unwrap_err(), "Unclosed start tag at byte offset 2");
        assert_eq!(
            parse("<span>a</span>").unwrap_err(),
            "Tag \"span\" must have class \"tg-spoiler\" at byte offset 0"
        );
        // A bare `<` opens a tag, as in Telegram.
        assert_eq!(parse("1 < 2").unwrap_err(), "Unsupported start tag \"\" at byte offset 2");
    }
}

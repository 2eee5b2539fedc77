//! `parse_mode=MarkdownV2`, as tdlib parses it (`parse_markdown_v2` in
//! `td/telegram/MessageEntity.cpp`), walked byte by byte the same way so
//! the errors and their byte offsets are Telegram's:
//!
//! - `*bold*`, `_italic_`, `__underline__`, `~strike~`, `||spoiler||`,
//!   `` `code` ``, ```` ```lang\npre``` ````, `[text](url)`,
//!   `![👍](tg://emoji?id=N)`, `>` quotes at line starts (`**>` ... `||`
//!   makes one expandable);
//! - `\` escapes any character with code 1 to 126;
//! - inside code and pre only `` ` `` is special; inside a link's `(...)`
//!   only `)` (and `\`);
//! - everywhere else `_*[]()~`>#+-=|{}.!` must be escaped: "Character 'c'
//!   is reserved and must be escaped with the preceding '\'";
//! - an entity left open: "Can't find end of Bold entity at byte offset N".
//!
//! The caller adds "can't parse entities: " in front of an error.

use super::entities::{
    Kind, Span, byte_at, checked_link, custom_emoji_id, is_space, sort, utf16_units,
};

/// An entity opened and not yet closed.
struct Open {
    kind: Kind,
    argument: String,
    /// Where it starts in the result, in UTF-16 code units.
    offset: usize,
    /// Where its mark was in the input (the errors quote it).
    byte: usize,
    /// Where it starts in the result, in bytes (a link without a URL uses its text).
    begin: usize,
}

/// The plain text and its spans, or tdlib's error.
pub(super) fn parse(text: &str) -> Result<(String, Vec<Span>), String> {
    let t = text.as_bytes();
    let at = |i: usize| byte_at(t, i);
    let mut out: Vec<u8> = Vec::with_capacity(t.len());
    let mut spans = Vec::new();
    let mut utf16 = 0;
    let mut nested: Vec<Open> = Vec::new();
    let mut have_blockquote = false;
    let mut can_start_blockquote = true;
    let mut i = 0;
    while i < t.len() {
        let c = t[i];
        if c == b'\\' && (1..=126).contains(&at(i + 1)) {
            i += 1;
            utf16 += 1;
            out.push(t[i]);
            if t[i] != b'\r' {
                can_start_blockquote = t[i] == b'\n';
            }
            i += 1;
            continue;
        }
        let in_code =
            nested.last().is_some_and(|o| matches!(o.kind, Kind::Code | Kind::Pre | Kind::PreCode));
        let reserved: &[u8] = if in_code { b"`" } else { b"_*[]()~`>#+-=|{}.!\n" };
        if !reserved.contains(&c) {
            let units = utf16_units(c);
            if units > 0 {
                utf16 += units;
                if c != b'\r' {
                    can_start_blockquote = false;
                }
            }
            out.push(c);
            i += 1;
            continue;
        }

        let is_end = match nested.last() {
            None => false,
            Some(_) if have_blockquote && c == b'\n' && at(i + 1) != b'>' => true,
            Some(open) => match open.kind {
                Kind::Bold => c == b'*',
                Kind::Italic => c == b'_' && at(i + 1) != b'_',
                Kind::Code => c == b'`',
                Kind::Pre | Kind::PreCode => c == b'`' && at(i + 1) == b'`' && at(i + 2) == b'`',
                Kind::TextUrl | Kind::CustomEmoji => c == b']',
                Kind::Underline => c == b'_' && at(i + 1) == b'_',
                Kind::Strikethrough => c == b'~',
                Kind::Spoiler => c == b'|' && at(i + 1) == b'|',
                Kind::BlockQuote | Kind::ExpandableBlockQuote => false,
            },
        };

        if !is_end {
            let byte = i;
            let mut argument = String::new();
            let kind = match c {
                b'_' if at(i + 1) == b'_' => {
                    i += 1;
                    Kind::Underline
                }
                b'_' => Kind::Italic,
                b'*' => Kind::Bold,
                b'~' => Kind::Strikethrough,
                b'|' if at(i + 1) == b'|' => {
                    i += 1;
                    Kind::Spoiler
                }
                b'[' => Kind::TextUrl,
                b'`' if at(i + 1) == b'`' && at(i + 2) == b'`' => {
                    i += 3;
                    let mut kind = Kind::Pre;
                    let mut language_end = i;
                    while !is_space(at(language_end)) && at(language_end) != b'`' {
                        language_end += 1;
                    }
                    if i != language_end && language_end < t.len() && at(language_end) != b'`' {
                        kind = Kind::PreCode;
                        argument = String::from_utf8_lossy(&t[i..language_end]).into_owned();
                        i = language_end;
                    }
                    // One newline right after the opening is not part of the block.
                    if at(i) == b'\n' || at(i) == b'\r' {
                        let pair = matches!(at(i + 1), b'\n' | b'\r') && at(i) != at(i + 1);
                        i += if pair { 2 } else { 1 };
                    }
                    i -= 1;
                    kind
                }
                b'`' => Kind::Code,
                b'!' if at(i + 1) == b'[' => {
                    i += 1;
                    Kind::CustomEmoji
                }
                b'\n' => {
                    utf16 += 1;
                    out.push(b'\n');
                    can_start_blockquote = true;
                    i += 1;
                    continue;
                }
                b'>' if can_start_blockquote && have_blockquote => {
                    // The next line of the same quote.
                    i += 1;
                    continue;
                }
                b'>' if can_start_blockquote => {
                    have_blockquote = true;
                    Kind::BlockQuote
                }
                _ => return Err(reserved_error(c)),
            };
            nested.push(Open { kind, argument, offset: utf16, byte, begin: out.len() });
        } else {
            let mut kind = nested.last().expect("an open entity").kind;
            if c == b'\n' && kind != Kind::BlockQuote {
                // Only `||` just before the quote's end may stand here: it
                // makes the quote expandable.
                let open = nested.last().expect("an open entity");
                let spoiler_mark =
                    open.byte + 2 == i || (open.byte + 3 == i && out.last() == Some(&b'\r'));
                if kind != Kind::Spoiler || !spoiler_mark {
                    return Err(unclosed(open));
                }
                nested.pop();
                let open = nested.last().expect("a quote under the spoiler mark");
                if open.kind != Kind::BlockQuote {
                    return Err(unclosed(open));
                }
                kind = Kind::ExpandableBlockQuote;
            }
            let open = nested.last_mut().expect("an open entity");
            let mut argument = std::mem::take(&mut open.argument);
            let mut skip = utf16 == open.offset;
            match kind {
                Kind::Bold | Kind::Italic | Kind::Code | Kind::Strikethrough => {}
                Kind::Underline | Kind::Spoiler => i += 1,
                Kind::Pre | Kind::PreCode => i += 2,
                Kind::TextUrl => {
                    let url = if at(i + 1) == b'(' {
                        i += 2;
                        let url_begin = i;
                        let url = read_url(t, &mut i);
                        if at(i) != b')' {
                            return Err(format!(
                                "Can't find end of a URL at byte offset {url_begin}"
                            ));
                        }
                        url
                    } else {
                        String::from_utf8_lossy(&out[open.begin..]).into_owned()
                    };
                    match checked_link(&url) {
                        Some(url) => argument = url,
                        None => skip = true,
                    }
                }
                Kind::CustomEmoji => {
                    if at(i + 1) != b'(' {
                        return Err("Custom emoji entity must contain a tg://emoji URL".to_owned());
                    }
                    i += 2;
                    let url_begin = i;
                    let url = read_url(t, &mut i);
                    if at(i) != b')' {
                        return Err(format!(
                            "Can't find end of a custom emoji URL at byte offset {url_begin}"
                        ));
                    }
                    argument = custom_emoji_id(&url)?;
                }
                Kind::BlockQuote | Kind::ExpandableBlockQuote => {
                    have_blockquote = false;
                    out.push(c);
                    can_start_blockquote = true;
                    utf16 += 1;
                    skip = false;
                }
            }
            if !skip {
                spans.push(Span {
                    kind,
                    offset: open.offset,
                    length: utf16 - open.offset,
                    argument,
                });
            }
            nested.pop();
        }
        i += 1;
    }

    if have_blockquote {
        let mut kind = Kind::BlockQuote;
        if nested.last().is_some_and(|o| o.kind == Kind::Spoiler && o.byte + 2 == t.len()) {
            nested.pop();
            kind = Kind::ExpandableBlockQuote;
        }
        if let Some(open) = nested.last().filter(|o| o.kind == Kind::BlockQuote) {
            let length = utf16 - open.offset;
            if length != 0 {
                spans.push(Span { kind, offset: open.offset, length, argument: String::new() });
            }
            nested.pop();
        }
    }
    if let Some(open) = nested.last() {
        return Err(unclosed(open));
    }
    sort(&mut spans);
    Ok((String::from_utf8_lossy(&out).into_owned(), spans))
}

/// A link's or custom emoji's URL up to `)`, with its escapes undone.
fn read_url(t: &[u8], i: &mut usize) -> String {
    let mut url = Vec::new();
    while *i < t.len() && t[*i] != b')' {
        if t[*i] == b'\\' && (1..=126).contains(&byte_at(t, *i + 1)) {
            url.push(t[*i + 1]);
            *i += 2;
            continue;
        }
        url.push(t[*i]);
        *i += 1;
    }
    String::from_utf8_lossy(&url).into_owned()
}

fn reserved_error(c: u8) -> String {
    format!("Character '{}' is reserved and must be escaped with the preceding '\\'", c as char)
}

fn unclosed(open: &Open) -> String {
    format!("Can't find end of {} entity at byte offset {}", open.kind.tdlib_name(), open.byte)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Kind::*;

    fn ok(text: &str, plain: &str, spans: &[(Kind, usize, usize, &str)]) {
        let (got, got_spans) = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(got, plain, "{text:?}");
        let got_spans: Vec<_> =
            got_spans.iter().map(|s| (s.kind, s.offset, s.length, s.argument.as_str())).collect();
        assert_eq!(got_spans, spans, "{text:?}");
    }

    fn err(text: &str, message: &str) {
        assert_eq!(parse(text).map(|(p, _)| p), Err(message.to_owned()), "{text:?}");
    }

    #[test]
    fn reserved_characters_must_be_escaped() {
        // tdlib's test: every ASCII character alone, escaped and not.
        for c in (1u8..126).map(char::from) {
            if "_*[~`>".contains(c) {
                continue;
            }
            let text = c.to_string();
            if "]()>#+-=|{}.!".contains(c) {
                err(
                    &text,
                    &format!(
                        "Character '{c}' is reserved and must be escaped with the preceding '\\'"
                    ),
                );
                ok(&format!("\\{c}"), &text, &[]);
            } else {
                ok(&text, &text, &[]);
            }
        }
    }

    /// Cases from tdlib's `test/message_entities.cpp` (`parse_markdown`).
    #[test]
    fn tdlibs_errors() {
        err("🏟 🏟_abacaba", "Can't find end of Italic entity at byte offset 9");
        err("🏟 🏟_abac * asd ", "Can't find end of Bold entity at byte offset 15");
        err("🏟 🏟_abac * asd _", "Can't find end of Italic entity at byte offset 21");
        err("🏟 🏟`", "Can't find end of Code entity at byte offset 9");
        err("🏟 🏟```", "Can't find end of Pre entity at byte offset 9");
        err("🏟 🏟```a", "Can't find end of Pre entity at byte offset 9");
        err("🏟 🏟```a ", "Can't find end of PreCode entity at byte offset 9");
        err("🏟 🏟__🏟 🏟_", "Can't find end of Italic entity at byte offset 20");
        err("🏟 🏟_🏟 🏟__", "Can't find end of Underline entity at byte offset 19");
        err("🏟 🏟```🏟 🏟`", "Can't find end of Code entity at byte offset 21");
        err("🏟 🏟```🏟 🏟_", "Can't find end of PreCode entity at byte offset 9");
        err("🏟 🏟```🏟 🏟\\`", "Can't find end of PreCode entity at byte offset 9");
        err("[telegram\\.org](asd\\)", "Can't find end of a URL at byte offset 16");
        err("[telegram\\.org](", "Can't find end of a URL at byte offset 16");
        err("[telegram\\.org](asd", "Can't find end of a URL at byte offset 16");
        err("🏟 🏟__🏟 _🏟___", "Can't find end of Italic entity at byte offset 23");
        err("🏟 🏟__", "Can't find end of Underline entity at byte offset 9");
        err("🏟 🏟||test\\|", "Can't find end of Spoiler entity at byte offset 9");
        err("🏟 🏟!", "Character '!' is reserved and must be escaped with the preceding '\\'");
        err("🏟 🏟>", "Character '>' is reserved and must be escaped with the preceding '\\'");
        err("🏟 🏟![", "Can't find end of CustomEmoji entity at byte offset 9");
        err("🏟 🏟![👍", "Can't find end of CustomEmoji entity at byte offset 9");
        err("🏟 🏟![👍]", "Custom emoji entity must contain a tg://emoji URL");
        err(
            "🏟 🏟![👍](tg://emoji?id=1234",
            "Can't find end of a custom emoji URL at byte offset 17",
        );
        err("🏟 🏟![👍](t://emoji?id=1234)", "Custom emoji URL must have scheme tg");
        err("🏟 🏟![👍](tg:emojis?id=1234)", "Custom emoji URL must have host \"emoji\"");
        err("🏟 🏟![👍](tg://emoji#test)", "Custom emoji URL must have an emoji identifier");
        err("🏟 🏟![👍](tg://emoji?test=1#&id=25)", "Custom emoji URL must have an emoji identifier");
        err("🏟 🏟![👍](tg://emoji?test=1231&id=025)", "Invalid custom emoji identifier specified");
        err(">*b\n>ld \n>bo\nld*\nasd\ndef", "Can't find end of Bold entity at byte offset 1");
        err(">\n*a*>2", "Character '>' is reserved and must be escaped with the preceding '\\'");
        err(">asd\n>q||e||w||\n||asdad", "Can't find end of Spoiler entity at byte offset 16");
        err(">asd\n>q||ew\n||asdad", "Can't find end of Spoiler entity at byte offset 7");
        err(">asd\n>q||e||w__\n||asdad", "Can't find end of Underline entity at byte offset 13");
        err(">asd\n>q||e||w||a\n||asdad", "Can't find end of Spoiler entity at byte offset 13");
    }

    /// Cases from tdlib's `test/message_entities.cpp` (`parse_markdown`).
    #[test]
    fn tdlibs_results() {
        ok("", "", &[]);
        ok("\\\\", "\\", &[]);
        ok("\\\\\\", "\\\\", &[]);
        ok("\\\\\\\\\\_\\*\\`", "\\\\_*`", &[]);
        ok("➡️ ➡️", "➡️ ➡️", &[]);
        ok("🏟 🏟``", "🏟 🏟", &[]);
        ok("🏟 🏟_abac \\* asd _", "🏟 🏟abac * asd ", &[(Italic, 5, 11, "")]);
        ok("🏟 \\.🏟_🏟\\. 🏟_", "🏟 .🏟🏟. 🏟", &[(Italic, 6, 6, "")]);
        ok("\\\\\\a\\b\\c\\d\\e\\f\\1\\2\\3\\4\\➡️\\", "\\abcdef1234\\➡️\\", &[]);
        ok("➡️ ➡️_➡️ ➡️_*➡️ ➡️*", "➡️ ➡️➡️ ➡️➡️ ➡️", &[(Italic, 5, 5, ""), (Bold, 10, 5, "")]);
        ok("🏟 🏟_🏟 *🏟*_", "🏟 🏟🏟 🏟", &[(Italic, 5, 5, ""), (Bold, 8, 2, "")]);
        ok("🏟 🏟_🏟 __🏟___", "🏟 🏟🏟 🏟", &[(Italic, 5, 5, ""), (Underline, 8, 2, "")]);
        ok("🏟 🏟__🏟 _🏟_ __", "🏟 🏟🏟 🏟 ", &[(Underline, 5, 6, ""), (Italic, 8, 2, "")]);
        ok("🏟 🏟`🏟 🏟```", "🏟 🏟🏟 🏟", &[(Code, 5, 5, "")]);
        ok("🏟 🏟```🏟 🏟```", "🏟 🏟 🏟", &[(PreCode, 5, 3, "🏟")]);
        ok("🏟 🏟```🏟\n🏟```", "🏟 🏟🏟", &[(PreCode, 5, 2, "🏟")]);
        ok("🏟 🏟```🏟\r\n🏟```", "🏟 🏟🏟", &[(PreCode, 5, 2, "🏟")]);
        ok("🏟 🏟```🏟\n\n🏟```", "🏟 🏟\n🏟", &[(PreCode, 5, 3, "🏟")]);
        ok("🏟 🏟```🏟 \\\\\\`🏟```", "🏟 🏟 \\`🏟", &[(PreCode, 5, 5, "🏟")]);
        ok("🏟 🏟**", "🏟 🏟", &[]);
        ok("||test||", "test", &[(Spoiler, 0, 4, "")]);
        ok("🏟 🏟``````", "🏟 🏟", &[]);
        ok("🏟 🏟____", "🏟 🏟", &[]);
        ok(
            "`_* *_`__*` `*__",
            "_* *_ ",
            &[(Code, 0, 5, ""), (Code, 5, 1, ""), (Bold, 5, 1, ""), (Underline, 5, 1, "")],
        );
        ok("[](telegram.org)", "", &[]);
        ok("[ ](telegram.org)", " ", &[(TextUrl, 0, 1, "http://telegram.org/")]);
        ok("[ ](as)", " ", &[]);
        ok("[telegram\\.org]", "telegram.org", &[(TextUrl, 0, 12, "http://telegram.org/")]);
        ok("[telegram\\.org]a", "telegram.orga", &[(TextUrl, 0, 12, "http://telegram.org/")]);
        ok(
            "[telegram\\.org](telegram.dog)",
            "telegram.org",
            &[(TextUrl, 0, 12, "http://telegram.dog/")],
        );
        ok(
            "[telegram\\.org](https://telegram.dog?)",
            "telegram.org",
            &[(TextUrl, 0, 12, "https://telegram.dog/?")],
        );
        ok(
            "[telegram\\.org](https://telegram.dog?\\\\\\()",
            "telegram.org",
            &[(TextUrl, 0, 12, "https://telegram.dog/?\\(")],
        );
        ok("[telegram\\.org]()", "telegram.org", &[]);
        ok("[telegram\\.org](asdasd)", "telegram.org", &[]);
        ok("🏟 🏟![👍](TG://EMoJI/?test=1231&id=25#id=32)a", "🏟 🏟👍a", &[(CustomEmoji, 5, 2, "25")]);
        ok("> \n> \n>", " \n \n", &[(BlockQuote, 0, 4, "")]);
        ok("> \\>\n \\> \n>", " >\n > \n", &[(BlockQuote, 0, 3, "")]);
        ok("abc\n> \n> \n>\ndef", "abc\n \n \n\ndef", &[(BlockQuote, 4, 5, "")]);
        ok(">", "", &[]);
        ok(">a", "a", &[(BlockQuote, 0, 1, "")]);
        ok("\r>a", "\ra", &[(BlockQuote, 1, 1, "")]);
        ok(
            ">*b\n>ld \n>bo\n>ld*\nasd\ndef",
            "b\nld \nbo\nld\nasd\ndef",
            &[(BlockQuote, 0, 12, ""), (Bold, 0, 11, "")],
        );
        ok(
            "*a\n>b\n>ld \n>bo\n>ld\nasd*\ndef",
            "a\nb\nld \nbo\nld\nasd\ndef",
            &[(Bold, 0, 17, ""), (BlockQuote, 2, 12, "")],
        );
        ok(
            ">`b\n>ld \n>bo\nld`\n>asd\ndef",
            "b\n>ld \n>bo\nld\nasd\ndef",
            &[(BlockQuote, 0, 18, ""), (Code, 0, 13, "")],
        );
        ok(">\n**>2", "\n2", &[(BlockQuote, 0, 1, ""), (BlockQuote, 1, 1, "")]);
        ok(">**\n>2", "\n2", &[(BlockQuote, 0, 2, "")]);
        ok(">*abcd*\n", "abcd\n", &[(BlockQuote, 0, 5, ""), (Bold, 0, 4, "")]);
        ok("*>abcd\n*", "abcd\n", &[(BlockQuote, 0, 5, ""), (Bold, 0, 5, "")]);
        ok(
            ">asd\n>q||e||w||\nasdad",
            "asd\nqew\nasdad",
            &[(ExpandableBlockQuote, 0, 8, ""), (Spoiler, 5, 1, "")],
        );
        ok(
            ">asd\n>q||ew||\nasdad",
            "asd\nqew\nasdad",
            &[(BlockQuote, 0, 8, ""), (Spoiler, 5, 2, "")],
        );
        ok(
            ">asd\r\n>q||e||w||\r\n",
            "asd\r\nqew\r\n",
            &[(ExpandableBlockQuote, 0, 10, ""), (Spoiler, 6, 1, "")],
        );
        ok(
            ">asd\r\n>q||e||w||",
            "asd\r\nqew",
            &[(ExpandableBlockQuote, 0, 8, ""), (Spoiler, 6, 1, "")],
        );
        ok(">||", "", &[]);
    }

    #[test]
    fn a_persian_answer_with_the_usual_marks() {
        ok(
            "*سلام* دنیا\\! `کد` و [پیوند](https://example.com/a)\\.",
            "سلام دنیا! کد و پیوند.",
            &[(Bold, 0, 4, ""), (Code, 11, 2, ""), (TextUrl, 16, 5, "https://example.com/a")],
        );
        ok("```rust\nlet x = 1;```", "let x = 1;", &[(PreCode, 0, 10, "rust")]);
        ok("```\nplain```", "plain", &[(Pre, 0, 5, "")]);
    }
}

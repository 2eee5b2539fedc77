//! Message entities: what the three parse modes produce and what a sent
//! message reports. Telegram counts offsets and lengths in UTF-16 code
//! units, and its parse errors quote tdlib's names for the kinds, so both
//! live here with the kinds. A text link's URL must pass Telegram's link
//! check, or the link is dropped and its text kept.

use serde::Serialize;

use super::url::Url;

/// One formatted span of a sent message, as the Bot API's `MessageEntity`
/// reports it, so a test can check what the formatting became.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MessageEntity {
    /// `bold`, `italic`, `underline`, `strikethrough`, `spoiler`, `code`,
    /// `pre`, `text_link`, `custom_emoji`, `blockquote` or
    /// `expandable_blockquote`.
    #[serde(rename = "type")]
    pub kind: String,
    /// In UTF-16 code units, as Telegram counts.
    pub offset: usize,
    pub length: usize,
    /// A `text_link`'s URL, as Telegram normalises it (`https://x.org/`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// A `pre` block's language, when it named one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_emoji_id: Option<String>,
}

/// The kinds of formatting, as tdlib knows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Bold,
    Italic,
    Underline,
    Strikethrough,
    Spoiler,
    Code,
    Pre,
    /// A `pre` block with a language.
    PreCode,
    TextUrl,
    CustomEmoji,
    BlockQuote,
    ExpandableBlockQuote,
}

impl Kind {
    /// The name tdlib's errors quote ("Can't find end of Bold entity ...").
    pub(super) fn tdlib_name(self) -> &'static str {
        match self {
            Kind::Bold => "Bold",
            Kind::Italic => "Italic",
            Kind::Underline => "Underline",
            Kind::Strikethrough => "Strikethrough",
            Kind::Spoiler => "Spoiler",
            Kind::Code => "Code",
            Kind::Pre => "Pre",
            Kind::PreCode => "PreCode",
            Kind::TextUrl => "TextUrl",
            Kind::CustomEmoji => "CustomEmoji",
            Kind::BlockQuote => "BlockQuote",
            Kind::ExpandableBlockQuote => "ExpandableBlockQuote",
        }
    }

    /// The Bot API's `type`.
    fn api_name(self) -> &'static str {
        match self {
            Kind::Bold => "bold",
            Kind::Italic => "italic",
            Kind::Underline => "underline",
            Kind::Strikethrough => "strikethrough",
            Kind::Spoiler => "spoiler",
            Kind::Code => "code",
            Kind::Pre | Kind::PreCode => "pre",
            Kind::TextUrl => "text_link",
            Kind::CustomEmoji => "custom_emoji",
            Kind::BlockQuote => "blockquote",
            Kind::ExpandableBlockQuote => "expandable_blockquote",
        }
    }
}

/// A parsed span, before it is reported: `argument` is the URL, the
/// language or the custom emoji's id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Span {
    pub kind: Kind,
    pub offset: usize,
    pub length: usize,
    pub argument: String,
}

impl Span {
    pub(super) fn entity(&self) -> MessageEntity {
        let argument = || Some(self.argument.clone());
        MessageEntity {
            kind: self.kind.api_name().to_owned(),
            offset: self.offset,
            length: self.length,
            url: (self.kind == Kind::TextUrl).then(argument).flatten(),
            language: (self.kind == Kind::PreCode).then(argument).flatten(),
            custom_emoji_id: (self.kind == Kind::CustomEmoji).then(argument).flatten(),
        }
    }
}

/// tdlib's order: by offset, longest first, then by kind (quotes, pre
/// and code outside, as tdlib's `get_type_priority` ranks them).
pub(super) fn sort(spans: &mut [Span]) {
    let rank = |kind: Kind| match kind {
        Kind::BlockQuote | Kind::ExpandableBlockQuote => 0,
        Kind::Pre | Kind::PreCode => 11,
        Kind::Code => 20,
        Kind::TextUrl => 49,
        Kind::Bold => 90,
        Kind::Italic => 91,
        Kind::Underline => 92,
        Kind::Strikethrough => 93,
        Kind::Spoiler => 94,
        Kind::CustomEmoji => 99,
    };
    spans.sort_by(|a, b| {
        a.offset.cmp(&b.offset).then(b.length.cmp(&a.length)).then(rank(a.kind).cmp(&rank(b.kind)))
    });
}

/// How many UTF-16 code units a text is (Telegram's length).
pub(super) fn utf16_len(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// The UTF-16 code units a character beginning with this byte takes (0 for
/// a continuation byte), as tdlib counts while it walks bytes.
pub(super) fn utf16_units(byte: u8) -> usize {
    match byte {
        0x80..=0xbf => 0,
        0xf0..=0xff => 2,
        _ => 1,
    }
}

/// tdlib's `is_space`, which counts the end of the text (`\0`) as a space.
pub(super) fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | 0 | 0x0b | 0x0c)
}

/// The byte at `i`, or 0 past the end, as tdlib reads its NUL-terminated
/// strings.
pub(super) fn byte_at(text: &[u8], i: usize) -> u8 {
    text.get(i).copied().unwrap_or(0)
}

/// The URL a text link keeps, or `None` when Telegram would drop the link
/// (tdlib's `get_checked_link`): `http`/`https` (added when missing) with a
/// host that has a dot, or a `tg:`, `ton:` or `tonsite:` link.
pub(super) fn checked_link(url: &str) -> Option<String> {
    let url = url.trim();
    let lower = url.to_ascii_lowercase();
    for scheme in ["tg:", "ton:", "tonsite:"] {
        if lower.starts_with(scheme) {
            let rest = &url[scheme.len()..];
            let rest = rest.strip_prefix("//").unwrap_or(rest);
            let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            let host = &rest[..host_end];
            let host_ok = host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
            return (!host.is_empty() && host_ok)
                .then(|| format!("{scheme}//{}{}", host.to_ascii_lowercase(), &rest[host_end..]));
        }
    }
    let url = Url::split(url)?;
    let scheme = url.scheme.as_deref().unwrap_or("http");
    let ipv6 = url.host.starts_with('[');
    if !matches!(scheme, "http" | "https") || !url.userinfo.is_empty() {
        return None;
    }
    if !url.host.contains('.') && !ipv6 {
        return None;
    }
    let port = url.port.map(|p| format!(":{p}")).unwrap_or_default();
    let path =
        if url.path.starts_with('/') { url.path.to_owned() } else { format!("/{}", url.path) };
    Some(format!("{scheme}://{}{port}{path}", url.host.to_lowercase()))
}

/// A custom emoji's id from its `tg://emoji?id=N` URL (tdlib's
/// `get_link_custom_emoji_id`), or tdlib's complaint.
pub(super) fn custom_emoji_id(url: &str) -> Result<String, String> {
    let lower = url.to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix("tg:") else {
        return Err("Custom emoji URL must have scheme tg".to_owned());
    };
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let host_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    if &rest[..host_end] != "emoji" {
        return Err("Custom emoji URL must have host \"emoji\"".to_owned());
    }
    let before_fragment = rest[host_end..].split('#').next().unwrap_or_default();
    let query = before_fragment.split_once('?').map(|(_, q)| q).unwrap_or_default();
    let Some(id) = query.split('&').find_map(|pair| pair.strip_prefix("id=")) else {
        return Err("Custom emoji URL must have an emoji identifier".to_owned());
    };
    match id.parse::<i64>() {
        Ok(n) if n != 0 && n.to_string() == id => Ok(id.to_owned()),
        _ => Err("Invalid custom emoji identifier specified".to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_normalised_or_dropped_as_telegram_does() {
        assert_eq!(checked_link("https://Example.com").as_deref(), Some("https://example.com/"));
        assert_eq!(checked_link("example.com/a?b=1").as_deref(), Some("http://example.com/a?b=1"));
        assert_eq!(checked_link("http://x.org:8080/p").as_deref(), Some("http://x.org:8080/p"));
        assert_eq!(checked_link("tg://user?id=1").as_deref(), Some("tg://user?id=1"));
        assert_eq!(checked_link("localhost"), None);
        assert_eq!(checked_link("ftp://x.org"), None);
        assert_eq!(checked_link("https://a@x.org"), None);
        assert_eq!(checked_link(""), None);
    }

    #[test]
    fn lengths_count_utf16_code_units() {
        assert_eq!(utf16_len("سلام"), 4);
        assert_eq!(utf16_len("a😀"), 3);
        assert_eq!("😀".bytes().map(utf16_units).sum::<usize>(), 2);
        assert_eq!("س".bytes().map(utf16_units).sum::<usize>(), 1);
    }
}

//! An assistant's Markdown answer as Telegram MarkdownV2 messages.
//!
//! Telegram refuses a whole message ("can't parse entities") for one
//! unescaped character or one unclosed entity, and refuses anything over
//! 4096 characters, while assistants answer in loose GitHub-flavoured Markdown
//! of any length. So the answer is first read into tokens (words, spaces and
//! line breaks), each knowing the entities around it (quote, bold, code
//! block, link…); pieces are then cut between tokens, every entity closed at
//! the end of a piece and reopened at the start of the next, so no piece can
//! hold a half entity. Each piece also carries its plain text, to send
//! without `parse_mode` should Telegram refuse the markup anyway.

use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::iter;
use std::rc::Rc;

/// Telegram's limit on one message, in UTF-16 code units after entity parsing.
pub const MESSAGE_LIMIT: usize = 4096;

/// The smallest `limit` [`to_pieces`] honours: the widest delimiters it puts
/// around one character (a quote, three styles and a link, whose address is
/// kept to a quarter of the limit) need this much.
pub const MIN_LIMIT: usize = 64;

/// What MarkdownV2 reserves outside entities, with `\` itself: a `\` before
/// any ASCII character is an escape, so a literal one must be escaped too.
const RESERVED: &str = "_*[]()~`>#+-=|{}.!\\";

/// The longest code-block language kept, so a reopened block always fits.
const MAX_LANG: usize = 32;

/// How deeply link labels are read for links inside them; deeper `[` is text.
const MAX_LINK_DEPTH: usize = 4;

/// How far (in characters) a `[` looks for its `]` and a `(` for its `)`, so
/// a line full of brackets costs linear time.
const MAX_LINK_SCAN: usize = 2048;

/// A horizontal rule (`---`), which Telegram has no entity for.
const RULE: &str = "———";

/// One message ready for `sendMessage`: `text` in MarkdownV2, `plain` the same
/// words without markup (the fallback when Telegram still refuses the markup,
/// sent with no `parse_mode`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub text: String,
    pub plain: String,
}

/// The answer as pieces Telegram accepts, in order; no pieces for an empty or
/// whitespace-only answer.
///
/// Each piece's `text` is valid MarkdownV2, and no entity straddles two
/// pieces: a code block, bold span or link that must be split is closed at
/// the end of one piece and reopened (a code block with its language) at the
/// start of the next.
///
/// Length: Telegram counts its 4096 after entity parsing, which only removes
/// characters, so keeping the markup itself within `limit` UTF-16 code units
/// guarantees acceptance whatever the parser removes. Both `text` and `plain`
/// of every piece are kept within `limit`, which is clamped to
/// `MIN_LIMIT..=MESSAGE_LIMIT`.
///
/// Cuts are greedy: at the last paragraph break (blank line) that fits, else
/// the last line break, else the last space; inside a word only when no
/// break fits at all, and then between characters (never inside a surrogate
/// pair, an escape or, where possible, an emoji sequence or a letter with its
/// marks). Whitespace around each piece is trimmed.
pub fn to_pieces(markdown: &str, limit: usize) -> Vec<Piece> {
    let limit = limit.clamp(MIN_LIMIT, MESSAGE_LIMIT);
    split(tokenize(markdown, limit), limit)
}

// ---------------------------------------------------------------------------
// Entities and escaping

/// A MarkdownV2 entity around a token. A token's entities are ordered outer
/// first: quote or code block, then bold, italic, strikethrough, then inline
/// code or link; a fixed order lets neighbouring tokens share their opening.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Entity {
    /// `>` at the start of a line; the line break ends it.
    Quote,
    Pre {
        lang: String,
    },
    Bold,
    Italic,
    Strike,
    /// `id` keeps two neighbouring code spans apart rather than merged.
    Code {
        id: usize,
    },
    Link {
        id: usize,
        url: String,
    },
}

impl Entity {
    fn open(&self) -> Cow<'static, str> {
        match self {
            Entity::Quote => ">".into(),
            Entity::Pre { lang } => format!("```{lang}\n").into(),
            Entity::Bold => "*".into(),
            Entity::Italic => "_".into(),
            Entity::Strike => "~".into(),
            Entity::Code { .. } => "`".into(),
            Entity::Link { .. } => "[".into(),
        }
    }

    /// The markup that ends the entity, and what the plain text says there
    /// (a link's address, which the plain text would otherwise lose).
    fn close(&self) -> (Cow<'static, str>, Cow<'static, str>) {
        match self {
            Entity::Quote => ("".into(), "".into()),
            Entity::Pre { .. } => ("\n```".into(), "".into()),
            Entity::Bold => ("*".into(), "".into()),
            Entity::Italic => ("_".into(), "".into()),
            Entity::Strike => ("~".into(), "".into()),
            Entity::Code { .. } => ("`".into(), "".into()),
            Entity::Link { url, .. } => {
                (format!("]({})", escape(url, Escape::Url)).into(), format!(" ({url})").into())
            }
        }
    }
}

/// Which characters need a `\` where the text goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Escape {
    Text,
    /// Inside inline code and code blocks.
    Code,
    /// Inside a link's `(...)`.
    Url,
}

fn needs_escape(c: char, mode: Escape) -> bool {
    match mode {
        Escape::Text => RESERVED.contains(c),
        Escape::Code => c == '`' || c == '\\',
        Escape::Url => c == ')' || c == '\\',
    }
}

fn escape(text: &str, mode: Escape) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(text, mode, &mut out);
    out
}

fn escape_into(text: &str, mode: Escape, out: &mut String) {
    for c in text.chars() {
        if needs_escape(c, mode) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Telegram's length unit.
fn units(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

fn escaped_units(text: &str, mode: Escape) -> usize {
    text.chars().map(|c| c.len_utf16() + usize::from(needs_escape(c, mode))).sum()
}

// ---------------------------------------------------------------------------
// Tokens

/// What a token is, ordered by how good a place it is to cut a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Word,
    Space,
    Line,
    Paragraph,
}

/// A run of text inside the same entities: a word, or the whitespace a piece
/// may be cut at (and which is dropped when it is).
#[derive(Debug, Clone)]
struct Token {
    kind: Kind,
    /// The characters as shown, unescaped.
    text: String,
    ctx: Rc<[Entity]>,
    markup_units: usize,
    plain_units: usize,
}

impl Token {
    fn new(kind: Kind, text: &str, ctx: Rc<[Entity]>) -> Token {
        let markup_units = escaped_units(text, escape_mode(&ctx));
        Token { kind, text: text.to_owned(), ctx, markup_units, plain_units: units(text) }
    }

    fn is_break(&self) -> bool {
        self.kind != Kind::Word
    }
}

fn escape_mode(ctx: &[Entity]) -> Escape {
    match ctx.last() {
        Some(Entity::Code { .. } | Entity::Pre { .. }) => Escape::Code,
        _ => Escape::Text,
    }
}

/// Bold, italic and strikethrough, as inline Markdown leaves them on a span.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Styles {
    bold: bool,
    italic: bool,
    strike: bool,
}

/// The entities of a token on a (quoted or not) line with these styles;
/// inline code drops the styles, since MarkdownV2 lets no entity contain it.
fn context(quote: bool, styles: Styles, inner: Option<Entity>) -> Rc<[Entity]> {
    let mut ctx = Vec::with_capacity(5);
    if quote {
        ctx.push(Entity::Quote);
    }
    if !matches!(inner, Some(Entity::Code { .. })) {
        let styled = [
            (styles.bold, Entity::Bold),
            (styles.italic, Entity::Italic),
            (styles.strike, Entity::Strike),
        ];
        ctx.extend(styled.into_iter().filter_map(|(on, entity)| on.then_some(entity)));
    }
    ctx.extend(inner);
    ctx.into()
}

// ---------------------------------------------------------------------------
// Blocks: lines, fenced code, headings, lists, quotes

fn tokenize(markdown: &str, limit: usize) -> Vec<Token> {
    let text = normalize(markdown);
    let mut builder = Builder { tokens: Vec::new(), limit, next_id: 0 };
    let mut lines = text.split('\n');
    while let Some(line) = lines.next() {
        if line.trim().is_empty() {
            builder.push_break(Kind::Paragraph);
            continue;
        }
        builder.push_break(Kind::Line);
        match Fence::open(line) {
            Some(fence) => {
                // An unclosed fence runs to the end, as in GitHub's Markdown:
                // an answer cut off inside code is still code.
                let body: Vec<&str> = lines
                    .by_ref()
                    .take_while(|line| !fence.closes(line))
                    .map(|line| fence.strip_indent(line))
                    .collect();
                builder.code_block(&fence.lang, &body);
            }
            None => builder.line(line),
        }
    }
    builder.tokens
}

/// One line break form, and no control characters Telegram may refuse.
fn normalize(markdown: &str) -> String {
    markdown
        .replace("\r\n", "\n")
        .chars()
        .map(|c| if c == '\r' { '\n' } else { c })
        .filter(|&c| c == '\n' || c == '\t' || !c.is_control())
        .collect()
}

struct Fence {
    marker: char,
    len: usize,
    indent: usize,
    lang: String,
}

impl Fence {
    fn open(line: &str) -> Option<Fence> {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let rest = &line[indent..];
        let marker = rest.chars().next().filter(|&c| c == '`' || c == '~')?;
        let len = rest.chars().take_while(|&c| c == marker).count();
        // Backticks after a backtick fence make it inline code (```x```).
        let info = rest[len..].trim();
        if len < 3 || (marker == '`' && info.contains('`')) {
            return None;
        }
        let word = info.split_whitespace().next().unwrap_or("");
        let lang_char = |c: char| c.is_ascii_alphanumeric() || "+#._-".contains(c);
        let lang = if word.len() <= MAX_LANG && word.chars().all(lang_char) { word } else { "" };
        Some(Fence { marker, len, indent, lang: lang.to_owned() })
    }

    fn closes(&self, line: &str) -> bool {
        let line = line.trim();
        line.len() >= self.len && line.chars().all(|c| c == self.marker)
    }

    /// The line without the fence's own indentation (a fence inside a list).
    fn strip_indent<'a>(&self, line: &'a str) -> &'a str {
        let spaces = line.len() - line.trim_start_matches(' ').len();
        &line[spaces.min(self.indent)..]
    }
}

struct Builder {
    tokens: Vec<Token>,
    /// For deciding whether a link's address leaves room to reopen it.
    limit: usize,
    next_id: usize,
}

impl Builder {
    fn id(&mut self) -> usize {
        self.next_id += 1;
        self.next_id
    }

    fn push(&mut self, kind: Kind, text: &str, ctx: &Rc<[Entity]>) {
        if !text.is_empty() {
            self.tokens.push(Token::new(kind, text, Rc::clone(ctx)));
        }
    }

    /// A line or paragraph break between blocks: none at the start, and one
    /// (the stronger) where several meet.
    fn push_break(&mut self, kind: Kind) {
        while self.tokens.last().is_some_and(|t| t.kind == Kind::Space) {
            self.tokens.pop();
        }
        let text = if kind == Kind::Paragraph { "\n\n" } else { "\n" };
        let Some(last) = self.tokens.last_mut() else { return };
        if last.kind < Kind::Line || !last.ctx.is_empty() {
            self.tokens.push(Token::new(kind, text, Rc::from([])));
        } else if kind > last.kind {
            *last = Token::new(kind, text, Rc::from([]));
        }
    }

    /// Words and the spaces between them.
    fn text(&mut self, text: &str, ctx: &Rc<[Entity]>) {
        let is_space = |c: char| c == ' ' || c == '\t';
        let mut rest = text;
        while !rest.is_empty() {
            let spaces = rest.find(|c| !is_space(c)).unwrap_or(rest.len());
            let (kind, len) = match spaces {
                0 => (Kind::Word, rest.find(is_space).unwrap_or(rest.len())),
                _ => (Kind::Space, spaces),
            };
            self.push(kind, &rest[..len], ctx);
            rest = &rest[len..];
        }
    }

    fn code_block(&mut self, lang: &str, body: &[&str]) {
        let is_blank = |line: &&str| line.trim().is_empty();
        let first = body.iter().position(|line| !is_blank(line));
        let last = body.iter().rposition(|line| !is_blank(line));
        let (Some(first), Some(last)) = (first, last) else { return };
        let ctx: Rc<[Entity]> = Rc::from([Entity::Pre { lang: lang.to_owned() }]);
        let mut previous_blank = false;
        for (i, line) in body[first..=last].iter().enumerate() {
            if i > 0 {
                // A blank line in code is the nearest thing to a paragraph.
                let kind = if previous_blank { Kind::Paragraph } else { Kind::Line };
                self.push(kind, "\n", &ctx);
            }
            let line = line.trim_end();
            previous_blank = line.is_empty();
            // The indentation belongs to the first word: it is code, never a
            // place to cut or trim.
            let indent = line.len() - line.trim_start().len();
            let first_word =
                line[indent..].find([' ', '\t']).map_or(line.len(), |end| indent + end);
            self.push(Kind::Word, &line[..first_word], &ctx);
            self.text(&line[first_word..], &ctx);
        }
    }

    fn line(&mut self, line: &str) {
        let (quote, line) = strip_quote(line);
        if line.trim().is_empty() {
            return;
        }
        let base = context(quote, Styles::default(), None);
        if is_rule(line) {
            self.text(RULE, &base);
        } else if let Some(title) = heading(line) {
            self.inline(title, quote, true);
        } else {
            let body = line.trim_start();
            self.push(Kind::Space, &line[..line.len() - body.len()], &base);
            match list_item(body) {
                Some((marker, content)) => {
                    self.text(marker, &base);
                    self.push(Kind::Space, " ", &base);
                    self.inline(content, quote, false);
                }
                None => self.inline(body, quote, false),
            }
        }
    }

    fn inline(&mut self, text: &str, quote: bool, bold: bool) {
        for span in parse_inline(text, 0) {
            match span {
                Span::Text { text, mut styles } => {
                    styles.bold |= bold;
                    self.text(&text, &context(quote, styles, None));
                }
                Span::Code(code) => {
                    let ctx =
                        context(quote, Styles::default(), Some(Entity::Code { id: self.id() }));
                    self.text(&code, &ctx);
                }
                Span::Link { text, url, mut styles } => {
                    styles.bold |= bold;
                    self.link(&text, &url, quote, styles);
                }
            }
        }
    }

    /// A link entity when Telegram can show it as one; otherwise its words
    /// and address as text, so neither is lost.
    fn link(&mut self, text: &str, url: &str, quote: bool, styles: Styles) {
        let shown = if text.trim().is_empty() { url } else { text };
        let outside = context(quote, styles, None);
        if url.is_empty() || shown == url {
            return self.text(shown, &outside);
        }
        // The address is repeated at every reopening, so a long one would
        // crowd out the words; Telegram cannot take one with spaces.
        let usable = !url.chars().any(|c| c.is_whitespace() || c.is_control())
            && escaped_units(url, Escape::Url) <= self.limit / 4;
        if usable {
            let link = Entity::Link { id: self.id(), url: url.to_owned() };
            self.text(shown, &context(quote, styles, Some(link)));
        } else {
            self.text(&format!("{shown} ({url})"), &outside);
        }
    }
}

/// Whether the line is quoted, and the line without its `>` markers (nested
/// quotes are flattened: MarkdownV2 quotes cannot nest).
fn strip_quote(mut line: &str) -> (bool, &str) {
    let mut quote = false;
    while let Some(rest) = line.trim_start().strip_prefix('>') {
        quote = true;
        line = rest.strip_prefix(' ').unwrap_or(rest);
    }
    (quote, line)
}

/// `---`, `***` or `___` (spaces allowed) alone on a line.
fn is_rule(line: &str) -> bool {
    let mut marks = line.chars().filter(|c| !c.is_whitespace());
    let Some(first) = marks.next().filter(|c| "-*_".contains(*c)) else { return false };
    let mut count = 1;
    for c in marks {
        if c != first {
            return false;
        }
        count += 1;
    }
    count >= 3
}

/// The title of an ATX heading (`## Title ##`).
fn heading(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let level = line.chars().take_while(|&c| c == '#').count();
    let rest = &line[level..];
    if !(1..=6).contains(&level) || !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let title = rest.trim();
    let without_closing = title.trim_end_matches('#');
    if without_closing.is_empty() || without_closing.ends_with([' ', '\t']) {
        Some(without_closing.trim_end())
    } else {
        Some(title)
    }
}

/// A list item's marker as shown (`•`, `☐`, `☑` or its number) and content.
fn list_item(line: &str) -> Option<(&str, &str)> {
    let after = |marker_len: usize| {
        let rest = &line[marker_len..];
        let content = rest.trim_start();
        (content.len() < rest.len() && !content.is_empty()).then_some(content)
    };
    if line.starts_with(['-', '*', '+']) {
        let content = after(1)?;
        for (box_, shown) in [("[ ]", "☐"), ("[x]", "☑"), ("[X]", "☑")] {
            if let Some(task) = content.strip_prefix(box_)
                && task.starts_with([' ', '\t'])
                && !task.trim().is_empty()
            {
                return Some((shown, task.trim_start()));
            }
        }
        return Some(("•", content));
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if (1..=9).contains(&digits) && line[digits..].starts_with(['.', ')']) {
        return Some((&line[..=digits], after(digits + 1)?));
    }
    None
}

// ---------------------------------------------------------------------------
// Inline Markdown: code spans, links, emphasis

#[derive(Debug, Clone, PartialEq, Eq)]
enum Span {
    Text { text: String, styles: Styles },
    Code(String),
    Link { text: String, url: String, styles: Styles },
}

/// A piece of a line before emphasis is resolved.
enum Item {
    Text(String),
    Code(String),
    Link {
        text: String,
        url: String,
    },
    /// Index into the delimiter runs.
    Delim(usize),
}

/// A run of `*`, `_` or `~~` that may open or close emphasis.
struct Delim {
    marker: char,
    /// Delimiters not yet used; the rest of the run is literal text.
    left: usize,
    len: usize,
    can_open: bool,
    can_close: bool,
    /// Styles this run closes (from its start) and opens (from its end).
    closes: Vec<usize>,
    opens: Vec<usize>,
}

const BOLD: usize = 0;
const ITALIC: usize = 1;
const STRIKE: usize = 2;

/// A line's inline Markdown as styled spans, following GitHub's rules where
/// an assistant's answer needs them; whatever does not pair up stays text.
fn parse_inline(line: &str, depth: usize) -> Vec<Span> {
    let chars: Vec<char> = line.chars().collect();
    let (items, mut delims) = scan_inline(&chars, depth);
    resolve_emphasis(&mut delims);
    let mut spans: Vec<Span> = Vec::new();
    let mut active = [0usize; 3];
    let styles = |active: &[usize; 3]| Styles {
        bold: active[BOLD] > 0,
        italic: active[ITALIC] > 0,
        strike: active[STRIKE] > 0,
    };
    let push_text = |spans: &mut Vec<Span>, text: &str, styles: Styles| {
        if text.is_empty() {
            return;
        }
        if let Some(Span::Text { text: last, styles: last_styles }) = spans.last_mut()
            && *last_styles == styles
        {
            last.push_str(text);
            return;
        }
        spans.push(Span::Text { text: text.to_owned(), styles });
    };
    for item in items {
        match item {
            Item::Text(text) => push_text(&mut spans, &text, styles(&active)),
            Item::Code(code) => spans.push(Span::Code(code)),
            Item::Link { text, url } => {
                spans.push(Span::Link { text, url, styles: styles(&active) })
            }
            Item::Delim(index) => {
                let delim = &delims[index];
                for &style in &delim.closes {
                    active[style] -= 1;
                }
                let literal: String = iter::repeat_n(delim.marker, delim.left).collect();
                push_text(&mut spans, &literal, styles(&active));
                for &style in &delim.opens {
                    active[style] += 1;
                }
            }
        }
    }
    spans
}

/// The words of inline Markdown without any markup, for a link's label.
fn flatten(line: &str, depth: usize) -> String {
    let mut out = String::new();
    for span in parse_inline(line, depth) {
        match span {
            Span::Text { text, .. } | Span::Code(text) => out.push_str(&text),
            Span::Link { text, url, .. } if text == url => out.push_str(&text),
            Span::Link { text, url, .. } => out.push_str(&format!("{text} ({url})")),
        }
    }
    out
}

fn scan_inline(chars: &[char], depth: usize) -> (Vec<Item>, Vec<Delim>) {
    let mut items = Vec::new();
    let mut delims = Vec::new();
    let mut text = String::new();
    let backtick_runs = BacktickRuns::new(chars);
    let at = |i: usize| chars.get(i).copied();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let flush = |text: &mut String, items: &mut Vec<Item>| {
            if !text.is_empty() {
                items.push(Item::Text(std::mem::take(text)));
            }
        };
        match c {
            '\\' if at(i + 1).is_some_and(|n| n.is_ascii_punctuation()) => {
                text.push(chars[i + 1]);
                i += 2;
            }
            '`' => {
                let len = run_len(chars, i, '`');
                match backtick_runs.closing(i + len, len) {
                    Some(end) => {
                        flush(&mut text, &mut items);
                        items.push(Item::Code(code_span(&chars[i + len..end])));
                        i = end + len;
                    }
                    None => {
                        text.extend(&chars[i..i + len]);
                        i += len;
                    }
                }
            }
            '[' | '!' if depth < MAX_LINK_DEPTH => {
                let open = if c == '!' { i + 1 } else { i };
                let link = if at(open) == Some('[') { parse_link(chars, open) } else { None };
                match link {
                    Some((label, url, end)) => {
                        flush(&mut text, &mut items);
                        let text = flatten(&label, depth + 1);
                        items.push(Item::Link { text, url });
                        i = end;
                    }
                    _ => {
                        text.push(c);
                        i += 1;
                    }
                }
            }
            '<' => match autolink(chars, i) {
                Some((url, end)) => {
                    text.push_str(&url);
                    i = end;
                }
                None => {
                    text.push(c);
                    i += 1;
                }
            },
            'h' | 'H' if i == 0 || !chars[i - 1].is_alphanumeric() => {
                // A bare address is text: its `_` and `*` are no emphasis.
                let end = bare_url_end(chars, i).unwrap_or(i + 1);
                text.extend(&chars[i..end]);
                i = end;
            }
            '*' | '_' | '~' => {
                let len = run_len(chars, i, c);
                let before = if i == 0 { ' ' } else { chars[i - 1] };
                let after = at(i + len).unwrap_or(' ');
                if c == '~' && len != 2 {
                    text.extend(&chars[i..i + len]);
                } else {
                    flush(&mut text, &mut items);
                    let (can_open, can_close) = flanking(c, len, before, after);
                    items.push(Item::Delim(delims.len()));
                    delims.push(Delim {
                        marker: c,
                        left: len,
                        len,
                        can_open,
                        can_close,
                        closes: Vec::new(),
                        opens: Vec::new(),
                    });
                }
                i += len;
            }
            _ => {
                text.push(c);
                i += 1;
            }
        }
    }
    if !text.is_empty() {
        items.push(Item::Text(text));
    }
    (items, delims)
}

fn run_len(chars: &[char], start: usize, c: char) -> usize {
    chars[start..].iter().take_while(|&&x| x == c).count()
}

/// Where each backtick run starts, by length, to find a code span's closing
/// run without rescanning the line for every opening.
struct BacktickRuns(HashMap<usize, Vec<usize>>);

impl BacktickRuns {
    fn new(chars: &[char]) -> BacktickRuns {
        let mut runs: HashMap<usize, Vec<usize>> = HashMap::new();
        let mut i = 0;
        while i < chars.len() {
            if chars[i] == '`' {
                let len = run_len(chars, i, '`');
                runs.entry(len).or_default().push(i);
                i += len;
            } else {
                i += 1;
            }
        }
        BacktickRuns(runs)
    }

    /// The start of the first run of exactly `len` backticks from `from`.
    fn closing(&self, from: usize, len: usize) -> Option<usize> {
        let starts = self.0.get(&len)?;
        starts.get(starts.partition_point(|&start| start < from)).copied()
    }
}

/// A code span's content: one space trimmed from each side when both have
/// one, so `` `` `x` `` `` can show a backtick.
fn code_span(chars: &[char]) -> String {
    let content: String = chars.iter().collect();
    let padded = content.len() >= 2 && content.starts_with(' ') && content.ends_with(' ');
    if padded && !content.trim().is_empty() {
        content[1..content.len() - 1].to_owned()
    } else {
        content
    }
}

/// `[label](url)` from the `[` at `open`: the label, the address and where
/// the link ends. Titles (`"..."`) are not taken, so nothing is dropped.
fn parse_link(chars: &[char], open: usize) -> Option<(String, String, usize)> {
    let scan_end = chars.len().min(open + MAX_LINK_SCAN);
    let mut nesting = 0usize;
    let mut i = open + 1;
    let close = loop {
        match chars[..scan_end].get(i)? {
            '\\' => i += 1,
            '[' => nesting += 1,
            ']' if nesting == 0 => break i,
            ']' => nesting -= 1,
            _ => {}
        }
        i += 1;
    };
    if chars.get(close + 1) != Some(&'(') {
        return None;
    }
    let scan_end = chars.len().min(close + 2 + MAX_LINK_SCAN);
    let chars_in = &chars[..scan_end];
    let mut i = close + 2;
    let mut url = String::new();
    if chars_in.get(i) == Some(&'<') {
        let end = i + 1 + chars_in[i + 1..].iter().position(|&c| c == '>')?;
        url.extend(&chars_in[i + 1..end]);
        i = end + 1;
    } else {
        let mut parens = 0usize;
        while let Some(&c) = chars_in.get(i) {
            match c {
                '\\' if chars_in.get(i + 1).is_some_and(|n| n.is_ascii_punctuation()) => {
                    url.push(chars_in[i + 1]);
                    i += 2;
                    continue;
                }
                ')' if parens == 0 => break,
                ')' => parens -= 1,
                '(' => parens += 1,
                c if c.is_whitespace() => return None,
                _ => {}
            }
            url.push(c);
            i += 1;
        }
    }
    if chars_in.get(i) != Some(&')') {
        return None;
    }
    Some((chars[open + 1..close].iter().collect(), url, i + 1))
}

/// `<https://…>` or `<name@host>`: the address, and where it ends.
fn autolink(chars: &[char], open: usize) -> Option<(String, usize)> {
    let len = chars[open + 1..].iter().take(MAX_LINK_SCAN).position(|&c| c == '>')?;
    let inner: String = chars[open + 1..open + 1 + len].iter().collect();
    if inner.is_empty() || inner.chars().any(|c| c.is_whitespace() || c == '<') {
        return None;
    }
    let scheme = inner.split_once(':').map(|(scheme, _)| scheme);
    let is_scheme = scheme.is_some_and(|s| {
        (2..=32).contains(&s.len())
            && s.starts_with(|c: char| c.is_ascii_alphabetic())
            && s.chars().all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
    });
    (is_scheme || inner.contains('@')).then_some((inner, open + len + 2))
}

/// Where a bare `http://` or `https://` address starting at `start` ends,
/// without the punctuation that usually follows one in a sentence.
fn bare_url_end(chars: &[char], start: usize) -> Option<usize> {
    let head: String = chars[start..].iter().take(8).collect::<String>().to_ascii_lowercase();
    let scheme = ["https://", "http://"].into_iter().find(|s| head.starts_with(s))?;
    let mut end =
        start + chars[start..].iter().take_while(|&&c| !c.is_whitespace() && c != '<').count();
    loop {
        match chars[end - 1] {
            '?' | '!' | '.' | ',' | ':' | ';' | '*' | '_' | '~' | '\'' | '"' => end -= 1,
            ')' => {
                let url = &chars[start..end];
                let opened = url.iter().filter(|&&c| c == '(').count();
                let closed = url.iter().filter(|&&c| c == ')').count();
                if closed <= opened {
                    break;
                }
                end -= 1;
            }
            _ => break,
        }
        if end - start <= scheme.len() {
            return None;
        }
    }
    (end - start > scheme.len()).then_some(end)
}

/// Whether a delimiter run can open and close emphasis (GitHub's flanking
/// rules). A single `*` must also stand at a word's edge (`2*3*4` stays
/// text), as a single `_` already must.
fn flanking(marker: char, len: usize, before: char, after: char) -> (bool, bool) {
    let is_punct = |c: char| !c.is_alphanumeric() && !c.is_whitespace();
    let left =
        !after.is_whitespace() && (!is_punct(after) || before.is_whitespace() || is_punct(before));
    let right =
        !before.is_whitespace() && (!is_punct(before) || after.is_whitespace() || is_punct(after));
    match marker {
        '_' => (left && (!right || is_punct(before)), right && (!left || is_punct(after))),
        '*' if len == 1 => (left && !before.is_alphanumeric(), right && !after.is_alphanumeric()),
        _ => (left, right),
    }
}

/// Pairs delimiter runs into bold, italic and strikethrough, nearest opener
/// first; what stays unpaired is literal.
fn resolve_emphasis(delims: &mut [Delim]) {
    let mut openers: Vec<usize> = Vec::new();
    // Per kind of closer, how many openers at the bottom of the stack are
    // known not to pair with it (GitHub's "openers bottom"), so a line of
    // unpaired runs costs linear time.
    let mut bottoms = [0usize; 18];
    for closer in 0..delims.len() {
        let kind = closer_kind(&delims[closer]);
        if delims[closer].can_close {
            while delims[closer].left > 0 {
                let bottom = bottoms[kind];
                let found = openers[bottom..]
                    .iter()
                    .rposition(|&o| pairs(&delims[o], &delims[closer]))
                    .map(|position| bottom + position);
                let Some(position) = found else {
                    bottoms[kind] = openers.len();
                    break;
                };
                let opener = openers[position];
                let (style, used) = match delims[closer].marker {
                    '~' => (STRIKE, 2),
                    _ if delims[opener].left >= 2 && delims[closer].left >= 2 => (BOLD, 2),
                    _ => (ITALIC, 1),
                };
                delims[opener].left -= used;
                delims[opener].opens.push(style);
                delims[closer].left -= used;
                delims[closer].closes.push(style);
                // Runs between the two can no longer pair: they are text.
                openers.truncate(position + 1);
                if delims[opener].left == 0 {
                    openers.pop();
                }
                for bottom in &mut bottoms {
                    *bottom = (*bottom).min(openers.len());
                }
            }
        }
        if delims[closer].can_open && delims[closer].left > 0 {
            openers.push(closer);
        }
    }
}

/// What decides which openers a closer pairs with: its marker, and for the
/// rule of three whether it can open and its length modulo 3.
fn closer_kind(closer: &Delim) -> usize {
    let marker = match closer.marker {
        '*' => 0,
        '_' => 1,
        _ => 2,
    };
    marker * 6 + usize::from(closer.can_open) * 3 + closer.len % 3
}

fn pairs(opener: &Delim, closer: &Delim) -> bool {
    if opener.marker != closer.marker || opener.left == 0 {
        return false;
    }
    // GitHub's "rule of three", so `*a**b*` pairs the single stars.
    let both_ways = opener.can_close || closer.can_open;
    let sum = opener.len + closer.len;
    !(both_ways
        && sum.is_multiple_of(3)
        && !(opener.len.is_multiple_of(3) && closer.len.is_multiple_of(3)))
}

// ---------------------------------------------------------------------------
// Pieces

/// Writes tokens as MarkdownV2 and plain text, opening an entity just before
/// the first token inside it (so none is ever empty) and closing it as soon
/// as a token outside it comes.
#[derive(Default)]
struct Writer<'a> {
    markup: String,
    plain: String,
    markup_units: usize,
    plain_units: usize,
    open: &'a [Entity],
    has_words: bool,
}

fn shared_prefix(a: &[Entity], b: &[Entity]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

impl<'a> Writer<'a> {
    /// The markup and plain lengths if `token` came next and the piece ended
    /// after it.
    fn cost(&self, token: &Token) -> (usize, usize) {
        let shared = shared_prefix(self.open, &token.ctx);
        let (mut markup, mut plain) = (self.markup_units, self.plain_units);
        for entity in self.open[shared..].iter().chain(token.ctx.iter()) {
            let (close_markup, close_plain) = entity.close();
            markup += units(&close_markup);
            plain += units(&close_plain);
        }
        for entity in &token.ctx[shared..] {
            markup += units(&entity.open());
        }
        (markup + token.markup_units, plain + token.plain_units)
    }

    fn fits(&self, token: &Token, limit: usize) -> bool {
        let (markup, plain) = self.cost(token);
        markup <= limit && plain <= limit
    }

    fn push(&mut self, token: &'a Token) {
        let open = self.open;
        let shared = shared_prefix(open, &token.ctx);
        for entity in open[shared..].iter().rev() {
            self.close(entity);
        }
        for entity in &token.ctx[shared..] {
            let opening = entity.open();
            self.markup_units += units(&opening);
            self.markup.push_str(&opening);
        }
        escape_into(&token.text, escape_mode(&token.ctx), &mut self.markup);
        self.markup_units += token.markup_units;
        self.plain.push_str(&token.text);
        self.plain_units += token.plain_units;
        self.open = &token.ctx;
        self.has_words |= token.kind == Kind::Word;
    }

    fn close(&mut self, entity: &Entity) {
        let (markup, plain) = entity.close();
        self.markup_units += units(&markup);
        self.markup.push_str(&markup);
        self.plain_units += units(&plain);
        self.plain.push_str(&plain);
    }

    fn finish(mut self) -> Option<Piece> {
        for entity in self.open.iter().rev() {
            self.close(entity);
        }
        let plain = self.plain.trim();
        (!plain.is_empty()).then(|| Piece { text: self.markup, plain: plain.to_owned() })
    }
}

/// How the next piece ends.
enum Cut {
    /// Every token left fits.
    All,
    /// Before the token at this index.
    Before(usize),
    /// Inside the word at `at`: `head` ends this piece, `tail` starts the next.
    Inside { at: usize, head: Token, tail: Token },
}

fn split(tokens: Vec<Token>, limit: usize) -> Vec<Piece> {
    let mut queue = VecDeque::from(tokens);
    let mut pieces = Vec::new();
    loop {
        while queue.front().is_some_and(Token::is_break) {
            queue.pop_front();
        }
        if queue.is_empty() {
            return pieces;
        }
        let (piece, consumed) = match next_cut(&queue, limit) {
            Cut::All => (render(queue.iter()), queue.len()),
            Cut::Before(end) => (render(queue.range(..end)), end),
            Cut::Inside { at, head, tail } => {
                let piece = render(queue.range(..at).chain(iter::once(&head)));
                queue[at] = tail;
                (piece, at)
            }
        };
        pieces.extend(piece);
        queue.drain(..consumed);
    }
}

/// Where the piece starting at the front of `queue` ends: the best break
/// among the tokens that fit, else inside the word that overflows.
fn next_cut(queue: &VecDeque<Token>, limit: usize) -> Cut {
    let mut writer = Writer::default();
    let mut best: Option<(Kind, usize)> = None;
    for (i, token) in queue.iter().enumerate() {
        if token.is_break() && writer.has_words && best.is_none_or(|(kind, _)| token.kind >= kind) {
            best = Some((token.kind, i));
        }
        if !writer.fits(token, limit) {
            if let Some((_, end)) = best {
                return Cut::Before(end);
            }
            if let Some((head, tail)) = split_word(&writer, token, limit) {
                return Cut::Inside { at: i, head, tail };
            }
            // Only a word that cannot start even here; at the front (which
            // MIN_LIMIT rules out) it goes alone rather than loop forever.
            return Cut::Before(i.max(1));
        }
        writer.push(token);
    }
    Cut::All
}

/// The piece of these tokens, without whitespace at its end.
fn render<'a>(tokens: impl Iterator<Item = &'a Token>) -> Option<Piece> {
    let mut tokens: Vec<&Token> = tokens.collect();
    while tokens.last().is_some_and(|t| t.is_break()) {
        tokens.pop();
    }
    let mut writer = Writer::default();
    for token in tokens {
        writer.push(token);
    }
    writer.finish()
}

/// The longest head of `token` that still fits after what `writer` holds,
/// and the rest; cut between characters, keeping emoji sequences and a
/// letter's marks together unless even one of those is too long.
fn split_word(writer: &Writer, token: &Token, limit: usize) -> Option<(Token, Token)> {
    if token.kind != Kind::Word {
        return None;
    }
    let (fixed_markup, fixed_plain) = writer.cost(&Token::new(Kind::Word, "", token.ctx.clone()));
    let room_markup = limit.checked_sub(fixed_markup)?;
    let room_plain = limit.checked_sub(fixed_plain)?;
    let mode = escape_mode(&token.ctx);
    let longest_fitting = |ends: &mut dyn Iterator<Item = usize>| {
        let (mut cut, mut markup, mut plain) = (0, 0, 0);
        for end in ends {
            let part = &token.text[cut..end];
            markup += escaped_units(part, mode);
            plain += units(part);
            if markup > room_markup || plain > room_plain {
                break;
            }
            cut = end;
        }
        cut
    };
    let mut cut = longest_fitting(&mut cluster_ends(&token.text).into_iter());
    if cut == 0 {
        let mut char_ends = token.text.char_indices().map(|(i, c)| i + c.len_utf8());
        cut = longest_fitting(&mut char_ends);
    }
    if cut == 0 || cut >= token.text.len() {
        return None;
    }
    let (head, tail) = token.text.split_at(cut);
    Some((
        Token::new(Kind::Word, head, token.ctx.clone()),
        Token::new(Kind::Word, tail, token.ctx.clone()),
    ))
}

/// Byte offsets after each user-perceived character, roughly: a character
/// joins the one before it when it is a combining mark, a variation
/// selector, a skin tone, an emoji tag, follows a zero-width joiner, or
/// completes a flag.
fn cluster_ends(text: &str) -> Vec<usize> {
    let mut ends = Vec::new();
    let mut previous: Option<char> = None;
    let mut flag_half = false;
    for (i, c) in text.char_indices() {
        let regional = ('\u{1F1E6}'..='\u{1F1FF}').contains(&c);
        let joins = previous == Some('\u{200D}') || extends(c) || (regional && flag_half);
        if i > 0 && !joins {
            ends.push(i);
        }
        flag_half = regional && !flag_half;
        previous = Some(c);
    }
    ends.push(text.len());
    ends
}

fn extends(c: char) -> bool {
    matches!(
        c as u32,
        0x0300..=0x036F
            | 0x0483..=0x0489
            | 0x0591..=0x05BD
            | 0x0610..=0x061A
            | 0x064B..=0x065F
            | 0x0670
            | 0x06D6..=0x06DC
            | 0x06DF..=0x06E4
            | 0x06E7..=0x06E8
            | 0x06EA..=0x06ED
            | 0x1AB0..=0x1AFF
            | 0x1DC0..=0x1DFF
            | 0x200D
            | 0x20D0..=0x20FF
            | 0xFE00..=0xFE0F
            | 0xFE20..=0xFE2F
            | 0x1F3FB..=0x1F3FF
            | 0xE0020..=0xE007F
            | 0xE0100..=0xE01EF
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Telegram's parser leaves of a piece, and how many links it held.
    struct Parsed {
        text: String,
        links: usize,
    }

    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Open {
        Bold,
        Italic,
        Underline,
        Strike,
        Spoiler,
        Code,
        Pre,
        Link,
        Quote,
    }

    /// Telegram's MarkdownV2 parser (tdlib's `parse_markdown_v2`), stricter
    /// in two ways: every `\` must escape something (so code holds only
    /// escaped `` ` `` and `\`, an address only escaped `)` and `\`), and no
    /// entity may be empty.
    fn telegram_parse(markup: &str) -> Result<Parsed, String> {
        let t: Vec<char> = markup.chars().collect();
        let at = |i: usize| t.get(i).copied().unwrap_or('\0');
        let is_space = |c: char| matches!(c, ' ' | '\t' | '\r' | '\n' | '\0' | '\u{b}' | '\u{c}');
        let mut stack: Vec<(Open, usize)> = Vec::new();
        let mut out = String::new();
        let mut links = 0;
        let (mut have_quote, mut can_start_quote) = (false, true);
        let mut i = 0;
        while i < t.len() {
            let c = t[i];
            let in_code = matches!(stack.last(), Some((Open::Code | Open::Pre, _)));
            if c == '\\' {
                let next = at(i + 1);
                let escapes = if in_code {
                    next == '`' || next == '\\'
                } else {
                    (1..=126).contains(&(next as u32))
                };
                if !escapes {
                    return Err(format!("stray backslash at {i}"));
                }
                out.push(next);
                can_start_quote = next == '\n';
                i += 2;
                continue;
            }
            let reserved = if in_code { "`" } else { "_*[]()~`>#+-=|{}.!\n" };
            if !reserved.contains(c) {
                out.push(c);
                can_start_quote &= c == '\r';
                i += 1;
                continue;
            }
            let is_end = match stack.last().map(|&(open, _)| open) {
                None => false,
                Some(_) if have_quote && c == '\n' && at(i + 1) != '>' => true,
                Some(Open::Bold) => c == '*',
                Some(Open::Italic) => c == '_' && at(i + 1) != '_',
                Some(Open::Code) => c == '`',
                Some(Open::Pre) => c == '`' && at(i + 1) == '`' && at(i + 2) == '`',
                Some(Open::Link) => c == ']',
                Some(Open::Underline) => c == '_' && at(i + 1) == '_',
                Some(Open::Strike) => c == '~',
                Some(Open::Spoiler) => c == '|' && at(i + 1) == '|',
                Some(Open::Quote) => false,
            };
            if !is_end {
                let open = match c {
                    '_' if at(i + 1) == '_' => {
                        i += 1;
                        Open::Underline
                    }
                    '_' => Open::Italic,
                    '*' => Open::Bold,
                    '~' => Open::Strike,
                    '|' if at(i + 1) == '|' => {
                        i += 1;
                        Open::Spoiler
                    }
                    '[' => Open::Link,
                    '`' if at(i + 1) == '`' && at(i + 2) == '`' => {
                        i += 3;
                        let mut end = i;
                        while !is_space(at(end)) && at(end) != '`' {
                            end += 1;
                        }
                        if end != i && end < t.len() && at(end) != '`' {
                            i = end;
                        }
                        if at(i) == '\n' || at(i) == '\r' {
                            let pair = matches!(at(i + 1), '\n' | '\r') && at(i) != at(i + 1);
                            i += if pair { 2 } else { 1 };
                        }
                        stack.push((Open::Pre, out.len()));
                        continue;
                    }
                    '`' => Open::Code,
                    '\n' => {
                        out.push('\n');
                        can_start_quote = true;
                        i += 1;
                        continue;
                    }
                    '>' if can_start_quote => {
                        if !have_quote {
                            have_quote = true;
                            stack.push((Open::Quote, out.len()));
                        }
                        i += 1;
                        continue;
                    }
                    _ => return Err(format!("character {c:?} at {i} is reserved")),
                };
                stack.push((open, out.len()));
                i += 1;
            } else {
                let Some((open, start)) = stack.pop() else { unreachable!() };
                if c == '\n' && open != Open::Quote {
                    return Err(format!("{open:?} still open where the quote ends, at {i}"));
                }
                if open != Open::Quote && out.len() == start {
                    return Err(format!("empty {open:?} at {i}"));
                }
                match open {
                    Open::Underline | Open::Spoiler => i += 1,
                    Open::Pre => i += 2,
                    Open::Link => {
                        links += 1;
                        if at(i + 1) == '(' {
                            i += 2;
                            while i < t.len() && t[i] != ')' {
                                if t[i] == '\\' {
                                    if !matches!(at(i + 1), ')' | '\\') {
                                        return Err(format!(
                                            "stray backslash in an address at {i}"
                                        ));
                                    }
                                    i += 1;
                                }
                                i += 1;
                            }
                            if at(i) != ')' {
                                return Err("unclosed address".to_owned());
                            }
                        }
                    }
                    Open::Quote => {
                        have_quote = false;
                        out.push('\n');
                        can_start_quote = true;
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        if have_quote && matches!(stack.last(), Some((Open::Quote, _))) {
            stack.pop();
        }
        match stack.last() {
            Some((open, _)) => Err(format!("{open:?} not closed")),
            None => Ok(Parsed { text: out, links }),
        }
    }

    fn without_whitespace(text: &str) -> String {
        text.chars().filter(|c| !c.is_whitespace()).collect()
    }

    /// Every promise a piece makes, checked the way Telegram would.
    fn check_piece(piece: &Piece, limit: usize) {
        let parsed = match telegram_parse(&piece.text) {
            Ok(parsed) => parsed,
            Err(e) => panic!("Telegram would refuse {:?}: {e}", piece.text),
        };
        assert!(units(&piece.text) <= limit, "markup over {limit}: {:?}", piece.text);
        assert!(units(&piece.plain) <= limit, "plain over {limit}: {:?}", piece.plain);
        assert!(!parsed.text.trim().is_empty(), "empty message: {:?}", piece.text);
        assert_eq!(piece.text.trim(), piece.text, "untrimmed markup");
        assert_eq!(piece.plain.trim(), piece.plain, "untrimmed plain");
        if parsed.links == 0 {
            assert_eq!(
                without_whitespace(&parsed.text),
                without_whitespace(&piece.plain),
                "plain differs from what Telegram shows for {:?}",
                piece.text
            );
        }
    }

    fn pieces(markdown: &str, limit: usize) -> Vec<Piece> {
        let pieces = to_pieces(markdown, limit);
        for piece in &pieces {
            check_piece(piece, limit.clamp(MIN_LIMIT, MESSAGE_LIMIT));
        }
        pieces
    }

    /// The MarkdownV2 of an answer short enough for one piece.
    fn one(markdown: &str) -> String {
        let mut pieces = pieces(markdown, MESSAGE_LIMIT);
        assert_eq!(pieces.len(), 1, "{pieces:?}");
        pieces.remove(0).text
    }

    #[test]
    fn reserved_punctuation_is_escaped() {
        assert_eq!(
            one("a.b!c-d(e)f#g+h=i|j{k}l>m [n] x_y ~z"),
            r"a\.b\!c\-d\(e\)f\#g\+h\=i\|j\{k\}l\>m \[n\] x\_y \~z"
        );
        assert_eq!(one(r"back\slash"), r"back\\slash");
        assert_eq!(one("#hashtag, not a heading"), r"\#hashtag, not a heading");
    }

    #[test]
    fn persian_with_latin_punctuation() {
        let answer = "سلام! قیمت ۱۲٫۵ دلار است (با تخفیف).";
        let pieces = pieces(answer, MESSAGE_LIMIT);
        assert_eq!(pieces.len(), 1);
        assert_eq!(pieces[0].text, r"سلام\! قیمت ۱۲٫۵ دلار است \(با تخفیف\)\.");
        assert_eq!(pieces[0].plain, answer);
    }

    #[test]
    fn emphasis() {
        assert_eq!(one("**bold** __also__ *it* _it2_ ~~gone~~"), "*bold* *also* _it_ _it2_ ~gone~");
        assert_eq!(one("***both*** **bold _it_ end**"), "*_both_* *bold _it_ end*");
        assert_eq!(one("**مهم:** این *خیلی* مهم است."), r"*مهم:* این _خیلی_ مهم است\.");
        assert_eq!(one("**bold**text"), "*bold*text");
    }

    #[test]
    fn unbalanced_markup_stays_literal() {
        assert_eq!(one("2 * 3 = 6 and a *b"), r"2 \* 3 \= 6 and a \*b");
        assert_eq!(one("2*3*4"), r"2\*3\*4");
        assert_eq!(one("**unclosed bold"), r"\*\*unclosed bold");
        assert_eq!(one("an `unclosed code"), r"an \`unclosed code");
        assert_eq!(one("snake_case_name ~approx ~~~"), r"snake\_case\_name \~approx \~\~\~");
        assert_eq!(one("```inline``` code"), "`inline` code");
    }

    #[test]
    fn inline_code() {
        assert_eq!(one(r"use `a_b\c*d` now"), r"use `a_b\\c*d` now");
        assert_eq!(one("`` a`b ``"), r"`a\`b`");
        assert_eq!(one("**a `c` b**"), "*a *`c`* b*");
        let piece = &pieces(r"use `a_b\c` now", MESSAGE_LIMIT)[0];
        assert_eq!(piece.plain, r"use a_b\c now");
    }

    #[test]
    fn code_blocks() {
        let answer = "Run:\n\n```rust\nfn main() {\n    println!(\"a`b\\\\c\");\n}\n```\nDone.";
        let pieces = pieces(answer, MESSAGE_LIMIT);
        assert_eq!(
            pieces[0].text,
            "Run:\n\n```rust\nfn main() {\n    println!(\"a\\`b\\\\\\\\c\");\n}\n```\nDone\\."
        );
        assert_eq!(pieces[0].plain, "Run:\n\nfn main() {\n    println!(\"a`b\\\\c\");\n}\nDone.");
        assert_eq!(one("```\nplain *code*\n```"), "```\nplain *code*\n```");
        // Cut off mid-block, as a streamed answer may be: still code, closed.
        assert_eq!(one("See:\n```py\nx = 1"), "See:\n```py\nx = 1\n```");
        assert_eq!(
            one("1. Install:\n   ```sh\n   cargo build\n   ```"),
            "1\\. Install:\n```sh\ncargo build\n```"
        );
        assert!(to_pieces("```\n\n```", MESSAGE_LIMIT).is_empty());
    }

    #[test]
    fn links() {
        let piece = &pieces("[the site](https://example.com/a_(b)) ok.", MESSAGE_LIMIT)[0];
        assert_eq!(piece.text, r"[the site](https://example.com/a_(b\)) ok\.");
        assert_eq!(piece.plain, "the site (https://example.com/a_(b)) ok.");
        assert_eq!(one("[v1.2 - notes](https://x.io/n)"), r"[v1\.2 \- notes](https://x.io/n)");
        assert_eq!(one("**[bold link](https://x.io)**"), "*[bold link](https://x.io)*");
        assert_eq!(one("[**x**](https://x.io)"), "[x](https://x.io)");
        assert_eq!(one("![logo](https://x.io/l.png)"), "[logo](https://x.io/l.png)");
        // An address shown as itself is text; Telegram links it anyway.
        assert_eq!(one("<https://x.io/a_b>"), r"https://x\.io/a\_b");
        assert_eq!(one("[https://x.io](https://x.io)"), r"https://x\.io");
        // Bare addresses keep their `_` and `*`; sentence punctuation is not theirs.
        assert_eq!(one("see https://x.io/*a*_b_."), r"see https://x\.io/\*a\*\_b\_\.");
        assert_eq!(one("[1] and [a] (b)"), r"\[1\] and \[a\] \(b\)");
        assert_eq!(one("[spaced](a b)"), r"\[spaced\]\(a b\)");
    }

    #[test]
    fn headings_lists_quotes_rules() {
        assert_eq!(one("# Title: v2.0\n## Sub #"), "*Title: v2\\.0*\n*Sub*");
        assert_eq!(one("## **Already** bold"), "*Already bold*");
        assert_eq!(
            one("- one\n* two\n+ three\n1. four\n2) five\n  - nested\n- [ ] todo\n- [x] done"),
            "• one\n• two\n• three\n1\\. four\n2\\) five\n  • nested\n☐ todo\n☑ done"
        );
        assert_eq!(one("-5 degrees"), r"\-5 degrees");
        assert_eq!(
            one("> quote. here\n> **second**\n\nafter"),
            ">quote\\. here\n>*second*\n\nafter"
        );
        assert_eq!(one("> > nested\n>\n> - item"), ">nested\n>• item");
        assert_eq!(one("above\n\n---\n\nbelow"), "above\n\n———\n\nbelow");
        let piece = &pieces("> quoted\n# head", MESSAGE_LIMIT)[0];
        assert_eq!(piece.plain, "quoted\nhead");
    }

    #[test]
    fn empty_answers_give_nothing() {
        assert!(to_pieces("", MESSAGE_LIMIT).is_empty());
        assert!(to_pieces(" \n\t\n\r\n  ", MESSAGE_LIMIT).is_empty());
        assert!(to_pieces("> \n#\n", MESSAGE_LIMIT).is_empty());
    }

    fn persian_words(count: usize) -> Vec<String> {
        let stems = ["سلام", "دنیا", "پاسخ", "دستیار", "کتاب", "مهربان", "گفتگو"];
        (0..count).map(|i| format!("{}{}", stems[i % stems.len()], i)).collect()
    }

    #[test]
    fn long_persian_answer_splits_in_two() {
        let mut words = persian_words(2000);
        let mut answer = words.join(" ");
        while answer.chars().count() > 5000 {
            words.pop();
            answer = words.join(" ");
        }
        assert!(answer.chars().count() > 4900);
        let pieces = pieces(&answer, MESSAGE_LIMIT);
        assert_eq!(pieces.len(), 2);
        let mut seen = Vec::new();
        for piece in &pieces {
            assert!(units(&piece.text) <= MESSAGE_LIMIT);
            seen.extend(piece.plain.split_whitespace().map(str::to_owned));
        }
        assert_eq!(seen, words);
    }

    #[test]
    fn paragraph_breaks_are_preferred() {
        let first = persian_words(300).join(" ");
        let second = persian_words(300).join("\n");
        let answer = format!("{first}\n\n{second}");
        let pieces = pieces(&answer, MESSAGE_LIMIT);
        assert_eq!(pieces[0].plain, first);
        // Then line breaks: no piece of the second paragraph ends mid-line.
        for piece in &pieces[1..] {
            assert!(piece.plain.split('\n').all(|line| !line.contains(' ')));
        }
    }

    #[test]
    fn long_code_block_splits_into_closed_blocks() {
        let lines: Vec<String> = (0..190)
            .map(|i| format!("    let value_{i:03} = compute(`{i}`, \"\\\\\"); // step"))
            .collect();
        let body = lines.join("\n");
        assert!(body.chars().count() >= 9000, "{}", body.chars().count());
        let answer = format!("```rust\n{body}\n```");
        let pieces = pieces(&answer, MESSAGE_LIMIT);
        assert_eq!(pieces.len(), 3);
        let mut seen = Vec::new();
        for piece in &pieces {
            assert!(piece.text.starts_with("```rust\n"), "{}", &piece.text[..20]);
            assert!(piece.text.ends_with("\n```"));
            assert_eq!(piece.text.matches("```").count(), 2);
            seen.extend(piece.plain.lines().map(str::to_owned));
        }
        // Every line whole and in order, indentation kept (bar the piece's first).
        let trimmed: Vec<&str> = lines.iter().map(|line| line.trim()).collect();
        assert_eq!(seen.iter().map(|line| line.trim()).collect::<Vec<_>>(), trimmed);
        assert!(seen.iter().filter(|line| line.starts_with("    ")).count() >= lines.len() - 3);
    }

    #[test]
    fn bold_and_quotes_reopen_in_the_next_piece() {
        let bold = format!("**{}**", persian_words(900).join(" "));
        for piece in pieces(&bold, MESSAGE_LIMIT) {
            assert!(piece.text.starts_with('*') && piece.text.ends_with('*'));
            assert!(!piece.text.starts_with("**") && !piece.text.ends_with("**"));
        }
        let quote = format!("> {}", persian_words(900).join(" "));
        let quoted = pieces(&quote, MESSAGE_LIMIT);
        assert!(quoted.len() > 1);
        assert!(quoted.iter().all(|piece| piece.text.starts_with('>')));
        let link = format!("[{}](https://x.io/a)", persian_words(100).join(" "));
        let linked = pieces(&link, 250);
        assert!(linked.len() > 1);
        for piece in linked {
            assert!(piece.text.starts_with('[') && piece.text.ends_with("](https://x.io/a)"));
        }
    }

    #[test]
    fn emoji_are_never_split() {
        let word = format!("{}😀{}", "a".repeat(99), "b".repeat(50));
        let split = pieces(&word, 100);
        assert_eq!(
            split.iter().map(|p| p.plain.as_str()).collect::<Vec<_>>(),
            ["a".repeat(99), format!("😀{}", "b".repeat(50))]
        );
        let family = "👨\u{200D}👩\u{200D}👧";
        let families = family.repeat(40);
        let split = pieces(&families, 100);
        assert!(split.len() > 1);
        for piece in &split {
            assert_eq!(piece.plain.replace(family, ""), "", "{:?}", piece.plain);
        }
        let spaced = "😀 ".repeat(3000);
        let split = pieces(&spaced, MESSAGE_LIMIT);
        assert_eq!(split.iter().map(|p| p.plain.matches('😀').count()).sum::<usize>(), 3000);
    }

    #[test]
    fn a_word_longer_than_the_limit_is_cut() {
        let word = "x".repeat(10_000);
        let split = pieces(&word, MESSAGE_LIMIT);
        assert_eq!(split.iter().map(|p| p.text.len()).collect::<Vec<_>>(), [4096, 4096, 1808]);
        // Escapes stay whole: 2 units a dot, never a lone `\` at a cut.
        let dots = ".".repeat(5000);
        let split = pieces(&dots, MESSAGE_LIMIT);
        assert_eq!(split.iter().map(|p| p.plain.len()).collect::<Vec<_>>(), [2048, 2048, 904]);
        let mut joined = String::new();
        for piece in &split {
            joined.push_str(&piece.plain);
        }
        assert_eq!(joined, dots);
    }

    #[test]
    fn tiny_limits_are_raised_to_the_minimum() {
        let answer = "> ***~~[لینک بلند بلند](https://a.io/x_y)~~*** `code` ```py\nz```\n";
        for piece in pieces(&answer.repeat(20), 1) {
            assert!(units(&piece.text) <= MIN_LIMIT);
        }
        let worst = format!("> ***~~[{}](https://a.io/xyz)~~***", "😀".repeat(200));
        assert!(pieces(&worst, 1).len() > 5);
        let long_lang = format!("```{}\ncode\n```", "l".repeat(100));
        assert_eq!(one(&long_lang), "```\ncode\n```");
    }

    /// The characters an answer's text must keep in the pieces' plain texts,
    /// in order: Persian letters and punctuation that is never markup.
    fn kept(text: &str) -> Vec<char> {
        let keep = |c: &char| (c.is_alphabetic() && !c.is_ascii()) || "|{}=".contains(*c);
        text.chars().filter(keep).collect()
    }

    fn is_subsequence(small: &[char], big: &[char]) -> bool {
        let mut big = big.iter();
        small.iter().all(|c| big.any(|b| b == c))
    }

    #[test]
    fn random_answers_always_pass_telegram() {
        // Single characters (reserved ones, Persian letters, whitespace,
        // a combining mark, an emoji), then the Markdown they rarely form alone.
        const CHARS: &str = "_*[]()~`>#+-=|{}.!\\سلامدنیپژگچکتاب     \n\n\t```***___\u{64E}😀";
        const PHRASES: &str = concat!(
            "**¦__¦~~¦```py\n¦\n```\n¦~~~¦\n\n¦\n- ¦\n  - ¦\n> ¦\n>> ¦\n# ¦\n1. ¦\n---\n¦\n\t¦",
            "دستیار¦http://a.ir/x_y*z ¦<https://b.ir>¦[پیوند](https://x.ir/a_(b))¦![تصویر](u)¦",
            "**[ب](https://c.ir)**¦👨\u{200D}👩\u{200D}👧",
        );
        let chars: Vec<String> = CHARS.chars().map(String::from).collect();
        let phrases: Vec<&str> = PHRASES.split('¦').collect();
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |bound: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) % bound as u64) as usize
        };
        for round in 0..400 {
            let len = if round % 8 == 0 { 1000 + next(3000) } else { next(300) };
            let answer: String = (0..len)
                .map(|_| match next(chars.len() + phrases.len()) {
                    i if i < chars.len() => chars[i].as_str(),
                    i => phrases[i - chars.len()],
                })
                .collect();
            let limit = [MESSAGE_LIMIT, MIN_LIMIT, 100, 250][round % 4];
            let split = pieces(&answer, limit);
            let plain: String = split.iter().map(|p| p.plain.as_str()).collect();
            let fence_free: String = answer
                .split('\n')
                .filter(|line| !line.trim_start().starts_with(['`', '~']))
                .collect::<Vec<_>>()
                .join("\n");
            assert!(is_subsequence(&kept(&fence_free), &kept(&plain)), "lost text of {answer:?}");
            assert!(
                is_subsequence(&kept(&plain), &kept(&answer)),
                "text out of order for {answer:?}"
            );
            if answer.trim().is_empty() {
                assert!(split.is_empty());
            }
        }
    }

    #[test]
    fn validator_refuses_what_telegram_refuses() {
        for bad in ["a.b", "*open", "`co\\de`", "_a__b_", "a >b", ">*a\nb*", "```\nx", "[a](b"] {
            assert!(telegram_parse(bad).is_err(), "{bad:?} passed");
        }
        for good in [r"a\.b", "*a* _b_ ~c~", "`a\\`b`", ">q\n>r\n\ns", "```py\nx\n```", "[a](b\\))"]
        {
            assert!(telegram_parse(good).is_ok(), "{good:?} refused");
        }
    }
}

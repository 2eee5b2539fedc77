//! How much of a conversation fits in a model's context, and which older
//! messages to leave out so that it does.
//!
//! The request to the model holds fixed parts (the system prompt and the
//! tool schemas), the history, and room for the reply. [`trim`] keeps the
//! newest history that fits in what is left, never splitting a tool call
//! from its answers.

use serde::{Deserialize, Serialize};

/// Tokens the provider adds around each message (role and separators).
pub const MESSAGE_OVERHEAD_TOKENS: u32 = 4;

/// The most kept free for the reply.
const REPLY_RESERVE_MAX: u32 = 4096;

/// The window assumed for a model not in [`CONTEXT_WINDOWS`]: small local
/// models often have little more, and sending too much fails the request.
pub const UNKNOWN_CONTEXT_WINDOW: u32 = 8_192;

/// Context windows in tokens by model-name prefix; the first prefix that
/// matches wins, so longer prefixes come before shorter ones they share.
#[rustfmt::skip]
const CONTEXT_WINDOWS: &[(&str, u32)] = &[
    ("gpt-4.1",      1_047_576),
    ("gpt-4o",         128_000),
    ("gpt-4-turbo",    128_000),
    ("o1",             128_000),
    ("o3",             128_000),
    ("o4",             128_000),
    ("gpt-3.5",         16_385),
    ("llama3.1",       128_000),
    ("llama3.2",       128_000),
    ("qwen2.5",        128_000),
    ("mistral-nemo",   128_000),
    ("gemma",            8_192),
];

/// The model's context window in tokens (prompt and reply together), by
/// name prefix, ignoring case; [`UNKNOWN_CONTEXT_WINDOW`] for any other model.
pub fn context_window(model: &str) -> u32 {
    let model = model.trim().to_ascii_lowercase();
    CONTEXT_WINDOWS
        .iter()
        .find(|(prefix, _)| model.starts_with(prefix))
        .map_or(UNKNOWN_CONTEXT_WINDOW, |&(_, window)| window)
}

/// The tokens kept free for the reply: a quarter of the window, at most 4,096.
pub fn reply_reserve(model: &str) -> u32 {
    (context_window(model) / 4).min(REPLY_RESERVE_MAX)
}

/// An estimate of the tokens `text` takes, the same on every machine.
///
/// English text runs near four characters a token, so ASCII counts one
/// token per four bytes. Persian and other non-ASCII text splits much
/// finer: BPE tokenisers trained mostly on English break Persian words
/// into pieces of one or two letters, often below a letter when a letter
/// is two bytes of UTF-8. One token per 1.5 such characters errs on the
/// high side, which is the safe side: an overestimate only drops an old
/// message early, an underestimate fails the request. Rounded up.
pub fn estimate_tokens(text: &str) -> u32 {
    let (mut ascii, mut other) = (0u64, 0u64);
    for c in text.chars() {
        if c.is_ascii() {
            ascii += 1;
        } else {
            other += 1;
        }
    }
    // ascii / 4 + other / 1.5 = (3 × ascii + 8 × other) / 12, rounded up.
    let tokens = (3 * ascii + 8 * other).div_ceil(12);
    u32::try_from(tokens).unwrap_or(u32::MAX)
}

/// Who wrote a history item, as the model's API tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BudgetRole {
    User,
    /// An assistant reply in words.
    Assistant,
    /// An assistant message that calls tools; its answers follow it.
    AssistantToolCalls,
    /// A tool's answer to the call before it.
    Tool,
}

/// A history item as the budget sees it: its size and its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BudgetItem {
    /// Its content's tokens, without [`MESSAGE_OVERHEAD_TOKENS`].
    pub tokens: u32,
    pub role: BudgetRole,
}

/// The index of the first history item to send (`history` oldest first):
/// the earliest start from which every item, each with
/// [`MESSAGE_OVERHEAD_TOKENS`], fits in the window less the
/// [`reply_reserve`] and `fixed_tokens` (the system prompt and the tool
/// schemas).
///
/// The kept part starts only on a user message or an assistant reply in
/// words: a tool's answer must keep the call before it, and the call the
/// question before that. When no such start fits, the latest one is kept
/// anyway (for a history ending in a user message or a reply, just that
/// last item): the newest exchange is sent even if the provider may refuse
/// it. A history with no user message or reply starts at its first tool
/// call, or at 0. An empty history gives 0.
pub fn trim(history: &[BudgetItem], fixed_tokens: u32, model: &str) -> usize {
    let budget = u64::from(
        context_window(model).saturating_sub(reply_reserve(model)).saturating_sub(fixed_tokens),
    );
    let starts = |allowed: fn(BudgetRole) -> bool| -> Vec<usize> {
        (0..history.len()).filter(|&i| allowed(history[i].role)).collect()
    };
    let mut candidates = starts(|role| matches!(role, BudgetRole::User | BudgetRole::Assistant));
    if candidates.is_empty() {
        candidates = starts(|role| role == BudgetRole::AssistantToolCalls);
    }
    let Some(&latest) = candidates.last() else { return 0 };

    // What the items from each index to the end take.
    let mut from = vec![0u64; history.len() + 1];
    for i in (0..history.len()).rev() {
        from[i] = from[i + 1] + u64::from(history[i].tokens) + u64::from(MESSAGE_OVERHEAD_TOKENS);
    }
    candidates.into_iter().find(|&start| from[start] <= budget).unwrap_or(latest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use BudgetRole::*;
    use proptest::prelude::*;

    #[test]
    fn windows_by_prefix() {
        for (model, window) in [
            ("gpt-4.1-nano", 1_047_576),
            ("gpt-4.1", 1_047_576),
            ("GPT-4.1-mini", 1_047_576),
            ("gpt-4o", 128_000),
            ("gpt-4o-mini", 128_000),
            ("gpt-4-turbo-2024-04-09", 128_000),
            ("o1-mini", 128_000),
            ("o3", 128_000),
            ("o4-mini", 128_000),
            ("gpt-3.5-turbo", 16_385),
            ("llama3.1:8b", 128_000),
            ("llama3.2:3b", 128_000),
            ("qwen2.5:7b", 128_000),
            ("mistral-nemo", 128_000),
            ("gemma2:2b", 8_192),
            ("gpt-4", 8_192),
            ("llama3:8b", 8_192),
            ("phi3", 8_192),
            ("", 8_192),
        ] {
            assert_eq!(context_window(model), window, "{model}");
        }
    }

    #[test]
    fn the_reply_reserve_is_a_quarter_at_most_4096() {
        assert_eq!(reply_reserve("gpt-4o"), 4096);
        assert_eq!(reply_reserve("gemma2"), 2048);
        assert_eq!(reply_reserve("unknown"), 2048);
        assert_eq!(reply_reserve("gpt-3.5-turbo"), 4096);
    }

    #[test]
    fn tokens_are_estimated_conservatively_for_persian() {
        assert_eq!(estimate_tokens(""), 0);
        assert_eq!(estimate_tokens("a"), 1);
        assert_eq!(estimate_tokens("abcd"), 1);
        assert_eq!(estimate_tokens("abcde"), 2);
        assert_eq!(estimate_tokens(&"a".repeat(400)), 100);
        // Three Persian letters are two tokens.
        assert_eq!(estimate_tokens("سلا"), 2);
        assert_eq!(estimate_tokens("سلام"), 3);
        // "سلام دنیا": 8 letters and a space: 8 / 1.5 + 1 / 4 = 5.58.
        assert_eq!(estimate_tokens("سلام دنیا"), 6);
        assert!(estimate_tokens("سلام") > estimate_tokens("salam"));
    }

    fn item(tokens: u32, role: BudgetRole) -> BudgetItem {
        BudgetItem { tokens, role }
    }

    /// For "gemma": 8,192 − 2,048 for the reply = 6,144.
    const GEMMA_ROOM: u32 = 6_144;

    #[test]
    fn keeps_the_newest_that_fit() {
        let history =
            [item(3000, User), item(1000, Assistant), item(1000, User), item(1000, Assistant)];
        // All four take 6,000 + 4 × 4 = 6,016 of 6,144.
        assert_eq!(trim(&history, 0, "gemma"), 0);
        // With 200 fixed: 6,016 > 5,944, so the oldest goes.
        assert_eq!(trim(&history, 200, "gemma"), 1);
        // With 4,000 fixed: 2,144 holds the last two (2,008).
        assert_eq!(trim(&history, 4_000, "gemma"), 2);
        // Nothing fits: the last item is kept anyway.
        assert_eq!(trim(&history, GEMMA_ROOM, "gemma"), 3);
        assert_eq!(trim(&history, u32::MAX, "gemma"), 3);
        assert_eq!(trim(&[], 0, "gemma"), 0);
    }

    #[test]
    fn never_starts_inside_a_tool_exchange() {
        let history = [
            item(100, User),
            item(100, AssistantToolCalls),
            item(2000, Tool),
            item(2000, Tool),
            item(100, Assistant),
            item(100, User),
        ];
        // From index 1 it would fit (4,324 ≤ 4,344), but 1 is a call and 2, 3 are answers.
        assert_eq!(trim(&history, GEMMA_ROOM - 4_344, "gemma"), 4);
        assert_eq!(trim(&history, 0, "gemma"), 0);
        // A turn still calling tools: its question is kept with it, over budget or not.
        let calling = [
            item(100, User),
            item(100, Assistant),
            item(10, User),
            item(10, AssistantToolCalls),
            item(9_000, Tool),
        ];
        assert_eq!(trim(&calling, 0, "gemma"), 2);
        // No question at all: start at the first call.
        let odd = [item(10, Tool), item(10, AssistantToolCalls), item(10, Tool)];
        assert_eq!(trim(&odd, 0, "gemma"), 1);
        assert_eq!(trim(&[item(10, Tool)], 0, "gemma"), 0);
    }

    /// Histories as a conversation makes them: a tool's answer follows a
    /// call or another answer.
    fn history() -> impl Strategy<Value = Vec<BudgetItem>> {
        let turn = prop_oneof![
            (0u32..3_000).prop_map(|t| vec![item(t, User)]),
            (0u32..3_000).prop_map(|t| vec![item(t, Assistant)]),
            ((0u32..500), prop::collection::vec(0u32..3_000, 1..4)).prop_map(|(call, answers)| {
                let mut items = vec![item(call, AssistantToolCalls)];
                items.extend(answers.into_iter().map(|t| item(t, Tool)));
                items
            }),
        ];
        prop::collection::vec(turn, 0..12).prop_map(|turns| turns.concat())
    }

    fn kept_tokens(history: &[BudgetItem], start: usize) -> u64 {
        history[start..]
            .iter()
            .map(|i| u64::from(i.tokens) + u64::from(MESSAGE_OVERHEAD_TOKENS))
            .sum()
    }

    proptest! {
        #[test]
        fn the_kept_part_fits_and_starts_on_a_question_or_a_reply(
            history in history(),
            fixed in 0u32..8_000,
            model in prop::sample::select(vec!["gemma2", "gpt-3.5-turbo", "unknown"]),
        ) {
            let start = trim(&history, fixed, model);
            if history.is_empty() {
                prop_assert_eq!(start, 0);
                return Ok(());
            }
            prop_assert!(start < history.len(), "keeps at least the last item");
            let room = u64::from(context_window(model) - reply_reserve(model)).saturating_sub(u64::from(fixed));
            let speaks = |r: BudgetRole| matches!(r, User | Assistant);
            let latest = history.iter().rposition(|i| speaks(i.role));
            prop_assert_ne!(history[start].role, Tool);
            if let Some(latest) = latest {
                prop_assert!(speaks(history[start].role));
                // It fits, unless only the newest exchange is kept.
                prop_assert!(kept_tokens(&history, start) <= room || start == latest);
                // And no earlier start would fit as well.
                for earlier in (0..start).filter(|&i| speaks(history[i].role)) {
                    prop_assert!(kept_tokens(&history, earlier) > room);
                }
            }
        }

        #[test]
        fn ascii_is_a_quarter_token_a_byte(text in "[ -~]{0,200}") {
            prop_assert_eq!(estimate_tokens(&text) as usize, text.len().div_ceil(4));
        }
    }
}

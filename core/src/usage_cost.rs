//! What a model's reply costs in credits.
//!
//! A reply costs `ceil((prompt + 4 × completion) × weight / 1000)` credits,
//! and at least 1. Completion tokens count four times: providers price
//! output at about four times input. The weight follows the model's price
//! class (see [`MODEL_WEIGHTS`]): 1 for small models (`-nano`, `-mini`,
//! GPT-3.5, and any model we do not know, such as a local one), 3 for the
//! small reasoning models (`o1-mini`, `o3-mini`, `o4-mini`), 5 for the large
//! GPT-4 models, 10 for the large reasoning models.
//!
//! So a short reply on a small model (a prompt of a few hundred tokens and
//! a reply of about a hundred: under 1,000 weighted tokens) costs 1 credit,
//! and the free plan's 500 monthly credits (`server/plans.json`) are about
//! 500 such replies.

/// One credit per this many weighted tokens.
pub const TOKENS_PER_CREDIT: u64 = 1000;

/// How many prompt tokens one completion token counts as.
pub const COMPLETION_FACTOR: u64 = 4;

/// The weight of a model not in [`MODEL_WEIGHTS`].
pub const DEFAULT_WEIGHT: u64 = 1;

/// Weights by model name: a row matches a (lower-case) name that starts
/// with its prefix and contains its infix (an empty one matches any); the
/// first matching row wins, so the `-mini` rows come before the plain ones.
#[rustfmt::skip]
pub const MODEL_WEIGHTS: &[(&str, &str, u64)] = &[
    // prefix          infix     weight
    ("o1",             "-mini",  3),
    ("o3",             "-mini",  3),
    ("o4",             "-mini",  3),
    ("",               "-nano",  1),
    ("",               "-mini",  1),
    ("gpt-3.5",        "",       1),
    ("gpt-4o",         "",       5),
    ("gpt-4.1",        "",       5),
    ("gpt-4-turbo",    "",       5),
    ("o1",             "",      10),
    ("o3",             "",      10),
    // No o4 but o4-mini yet; a large one would be priced as o3 is.
    ("o4",             "",      10),
];

/// The model's weight: the first row of [`MODEL_WEIGHTS`] that matches, or
/// [`DEFAULT_WEIGHT`].
pub fn model_weight(model: &str) -> u64 {
    let model = model.trim().to_ascii_lowercase();
    MODEL_WEIGHTS
        .iter()
        .find(|(prefix, infix, _)| model.starts_with(prefix) && model.contains(infix))
        .map_or(DEFAULT_WEIGHT, |&(_, _, weight)| weight)
}

/// The credits a reply of `model` costs: see the module's rule.
pub fn reply_cost(model: &str, prompt_tokens: u32, completion_tokens: u32) -> i64 {
    let tokens = u64::from(prompt_tokens) + COMPLETION_FACTOR * u64::from(completion_tokens);
    let credits = (tokens * model_weight(model)).div_ceil(TOKENS_PER_CREDIT).max(1);
    // At most (2³² × 5) × 10 / 1000: far inside i64.
    i64::try_from(credits).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_by_model() {
        for (model, weight) in [
            ("gpt-4.1-nano", 1),
            ("gpt-4.1-mini", 1),
            ("gpt-4o-mini", 1),
            ("gpt-4o-mini-2024-07-18", 1),
            ("gpt-3.5-turbo", 1),
            ("llama3.1:8b", 1),
            ("qwen2.5:7b", 1),
            ("", 1),
            ("gpt-4o", 5),
            ("gpt-4o-2024-08-06", 5),
            ("GPT-4.1", 5),
            ("gpt-4-turbo", 5),
            ("gpt-4", 1),
            ("o1", 10),
            ("o1-preview", 10),
            ("o3", 10),
            ("o1-mini", 3),
            ("o3-mini", 3),
            ("o4-mini", 3),
        ] {
            assert_eq!(model_weight(model), weight, "{model}");
        }
    }

    #[test]
    fn costs_at_the_boundaries() {
        for (model, prompt, completion, credits) in [
            // Nothing used still costs one credit.
            ("gpt-4.1-nano", 0, 0, 1),
            // A short reply on a small model: exactly 1,000 weighted tokens.
            ("gpt-4.1-nano", 600, 100, 1),
            ("gpt-4.1-nano", 601, 100, 2),
            ("gpt-4.1-nano", 1000, 0, 1),
            ("gpt-4.1-nano", 1001, 0, 2),
            ("gpt-4.1-nano", 0, 250, 1),
            ("gpt-4.1-nano", 0, 251, 2),
            // Weight 5: 200 weighted tokens make a credit.
            ("gpt-4o", 200, 0, 1),
            ("gpt-4o", 201, 0, 2),
            ("gpt-4o", 600, 100, 5),
            // Weight 3 and 10.
            ("o3-mini", 333, 0, 1),
            ("o3-mini", 334, 0, 2),
            ("o3", 100, 0, 1),
            ("o3", 101, 0, 2),
            ("o3", 600, 100, 10),
            // Local models as the small ones.
            ("llama3.2:3b", 1000, 0, 1),
            ("llama3.2:3b", 1001, 0, 2),
            // The largest counts do not overflow.
            ("o1", u32::MAX, u32::MAX, 214_748_365),
        ] {
            assert_eq!(
                reply_cost(model, prompt, completion),
                credits,
                "{model} {prompt} {completion}"
            );
        }
    }

    #[test]
    fn the_free_plan_buys_about_500_short_replies() {
        let short = reply_cost(crate::data::assistant::DEFAULT_ASSISTANT_MODEL, 600, 100);
        assert_eq!(500 / short, 500);
    }
}

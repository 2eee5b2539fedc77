//! Spending credits on the model's answers (spec §6: plans gate execution).
//! Before a call the balance must be above zero; after it, what the answer
//! cost by core's rule is written to the ledger as one `usage` entry under a
//! key naming the reply, so a retried request is never charged twice.

use dastyar_core::usage_cost::reply_cost;

use crate::billing::credits;
use crate::error::ApiError;
use crate::providers::llm::Usage;
use crate::state::AppState;
use crate::store::credits::{self as ledger, Entry, Reason};

/// 402 `insufficient_credits` unless the user has credits left; the balance.
pub async fn require_credits(state: &AppState, user_id: i64) -> Result<i64, ApiError> {
    let balance = credits::balance(state, user_id).await?;
    if balance <= 0 { Err(ApiError::InsufficientCredits) } else { Ok(balance) }
}

/// Charges what an answer of `model` cost, once per `key` (the reply's own
/// key); the credits charged, 0 when this key was charged already.
pub async fn charge(
    state: &AppState,
    user_id: i64,
    key: &str,
    model: &str,
    usage: Usage,
) -> Result<i64, sqlx::Error> {
    let cost = reply_cost(model, usage.prompt_tokens, usage.completion_tokens);
    let key = format!("usage:{key}");
    let entry =
        Entry { user_id, amount: -cost, reason: Reason::Usage, key: &key, payment_id: None };
    let appended = ledger::append(state.db.pool(), &entry).await?;
    Ok(if appended { cost } else { 0 })
}

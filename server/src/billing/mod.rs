//! Plans, credits and payments: the plan catalogue, the plan a user is on,
//! the credit ledger's balance, paying through a gateway, and moving to a
//! plan with smaller quotas.

pub mod catalogue;
pub mod credits;
pub mod current_plan;
pub mod downgrade;
pub mod payments;
pub mod storage;
pub mod usage;

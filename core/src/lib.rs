//! `dastyar-core`: every rule, default, constant and message of Dastyar, once.
//!
//! Pure Rust with no I/O: the server enforces these rules on every write and
//! the canvas calls the very same code through WebAssembly (`dastyar-wasm`).
//! Time is always passed in by the caller.

pub mod abilities;
pub mod connect;
pub mod context_budget;
pub mod credits;
pub mod data;
pub mod digits;
pub mod downgrade;
pub mod geometry;
pub mod ids;
pub mod kind;
pub mod limits;
pub mod messages;
pub mod paging;
pub mod schedule;
pub mod secrets;
pub mod sms_billing;
pub mod status;
pub mod text;
pub mod thumbnail;
pub mod timing;
pub mod transfer;
pub mod usage_cost;
pub mod validate;

pub use kind::NodeKind;
pub use messages::MessageCode;

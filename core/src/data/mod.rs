//! Per-kind node data: the canvas shape (spec field names) and the backend
//! payload shape (snake_case), with the spec's defaults.

pub mod common;
pub mod sms;
pub mod wordpress;

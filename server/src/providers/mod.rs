//! Clients of outside services, one module each, every base URL from
//! configuration (so tests point them at local fakes).

pub mod google;
pub mod kavenegar;
pub mod llm;
pub mod telegram;
pub mod wordpress;
pub mod zarinpal;

//! Local fakes of the outside services Dastyar talks to, each speaking its
//! real protocol over HTTP on a free local port: a library for the server's
//! tests, and (through the `dastyar-fakes` binary) for the browser specs and
//! the benchmarks.

pub mod google;
pub mod kavenegar;
pub mod openai;
pub mod telegram;
pub mod wordpress;
pub mod zarinpal;

//! Kavenegar's SMS REST API (`DASTYAR_KAVENEGAR_API_URL`):
//! `{base}/v1/{API_KEY}/{scope}/{method}.json`, a form-urlencoded POST,
//! answered in the envelope `{"return": {"status", "message"}, "entries": ...}`,
//! where only `return.status` 200 is success, whatever the HTTP status.

mod client;
mod error;
mod protocol;

pub use client::{BulkItem, KavenegarClient, Lookup, LookupKind, SimpleSend};
pub use error::KavenegarError;
pub use protocol::{AccountInfo, DeliveryStatus, SentMessage};

//! Field validators: each checks one canvas field (or one group of fields)
//! and names the field and the message when it fails, so the server and the
//! canvas report the same problem in the same words.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::messages::MessageCode;

pub mod card;
pub mod field_sizes;
pub mod function_schema;
pub mod http_url;
pub mod node;
pub mod phone;
pub mod sms;
pub mod telegram;
pub mod wordpress;

/// One invalid field: its canvas (camelCase) name and the message to show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct FieldError {
    pub field: String,
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "field_required"))]
    pub code: MessageCode,
}

impl FieldError {
    pub fn new(field: &str, code: MessageCode) -> Self {
        FieldError { field: field.to_owned(), code }
    }
}

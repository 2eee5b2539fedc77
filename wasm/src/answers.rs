//! The shapes the package answers in, beyond core's own types: validation
//! results, connection checks, notices, credential lists and the constants
//! table, typed for TypeScript by ts-rs. `Checked` and `ConnectionCheck` are
//! unions tagged by `ok: true | false`; the [`True`] and [`False`] tags type
//! as the literals, so TypeScript narrows on `ok`.

use dastyar_core::connect::{Allowed, EdgeFlags, EdgeKind, Refusal};
use dastyar_core::data::NodeData;
use dastyar_core::geometry::{self, Position};
use dastyar_core::timing::{TIMINGS, Timings};
use dastyar_core::validate::FieldError;
use dastyar_core::{MessageCode, data, paging, secrets, sms_billing, thumbnail};
use serde::Serialize;
use ts_rs::{Config, TS};

/// A problem with one field: the field, the code and its Persian message.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Problem {
    pub field: String,
    pub code: MessageCode,
    pub message: String,
}

impl From<FieldError> for Problem {
    fn from(error: FieldError) -> Self {
        Problem { message: error.code.persian().to_owned(), field: error.field, code: error.code }
    }
}

/// Node data as it would be saved, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Prepared {
    pub data: NodeData,
    pub problems: Vec<Problem>,
}

/// A validator's answer: `{ok: true, value}` or `{ok: false, error}`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(untagged)]
#[ts(export, export_to = "rules/")]
pub enum Checked<T> {
    Valid { ok: True, value: T },
    Invalid { ok: False, error: Problem },
}

impl<T> From<Result<T, FieldError>> for Checked<T> {
    fn from(result: Result<T, FieldError>) -> Self {
        match result {
            Ok(value) => Checked::Valid { ok: True, value },
            Err(error) => Checked::Invalid { ok: False, error: error.into() },
        }
    }
}

/// A connection check's answer: `{ok: true, edgeKind, flags}` or `{ok: false, code, message}`.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(untagged, rename_all_fields = "camelCase")]
#[ts(export, export_to = "rules/")]
pub enum ConnectionCheck {
    Allowed { ok: True, edge_kind: EdgeKind, flags: EdgeFlags },
    Refused { ok: False, code: MessageCode, message: String },
}

impl From<Result<Allowed, Refusal>> for ConnectionCheck {
    fn from(result: Result<Allowed, Refusal>) -> Self {
        match result {
            Ok(a) => ConnectionCheck::Allowed { ok: True, edge_kind: a.edge_kind, flags: a.flags },
            Err(r) => ConnectionCheck::Refused { ok: False, code: r.code, message: r.message },
        }
    }
}

/// A message to show: its code and Persian text.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Notice {
    pub code: MessageCode,
    pub message: String,
}

impl From<MessageCode> for Notice {
    fn from(code: MessageCode) -> Self {
        Notice { code, message: code.persian().to_owned() }
    }
}

/// One credential of an auth type (an API definition's [`AuthField`] or a
/// WordPress site's [`WordpressAuthField`]), in form order, and whether it is
/// secret (shown hidden unless asked).
///
/// [`AuthField`]: dastyar_core::data::apidefinition::AuthField
/// [`WordpressAuthField`]: dastyar_core::data::wordpress::WordpressAuthField
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct AuthFieldInfo<F> {
    pub field: F,
    pub secret: bool,
}

/// Serialises as `true`, and is typed as the literal `true`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct True;
/// Serialises as `false`, and is typed as the literal `false`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct False;

/// A literal type, inlined wherever it is used (as ts-rs types `bool`).
macro_rules! literal_ts {
    ($ty:ty, $literal:literal) => {
        impl TS for $ty {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &Config) -> String {
                $literal.to_owned()
            }
            fn inline(cfg: &Config) -> String {
                Self::name(cfg)
            }
        }
    };
}
literal_ts!(True, "true");
literal_ts!(False, "false");

impl Serialize for True {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(true)
    }
}

impl Serialize for False {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(false)
    }
}

/// The spec's business constants in one value (spec §9).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct Constants {
    pub timings: Timings,
    pub default_node_position: Position,
    pub node_width: f64,
    pub node_height: f64,
    pub group_padding: f64,
    pub container_exit_gap: f64,
    pub default_container_width: f64,
    pub default_container_height: f64,
    pub thumbnail_width: u32,
    pub thumbnail_height: u32,
    pub thumbnail_background: &'static str,
    pub thumbnail_padding: u32,
    pub history_default_limit: u32,
    pub trigger_logs_default_limit: u32,
    pub preview_runs_default_count: u32,
    pub subscription_history_first_page: u32,
    pub subscription_history_per_page: u32,
    pub sms_cost_per_segment: u64,
    pub sms_cost_per_segment_premium: u64,
    /// What a saved secret's mask starts with: the server sends `••••1234`
    /// in place of a token, key or password, and the mask back keeps it.
    pub secret_mask: &'static str,
}

impl Constants {
    pub const CURRENT: Constants = Constants {
        timings: TIMINGS,
        default_node_position: geometry::DEFAULT_NODE_POSITION,
        node_width: geometry::NODE_WIDTH,
        node_height: geometry::NODE_HEIGHT,
        group_padding: geometry::GROUP_PADDING,
        container_exit_gap: geometry::CONTAINER_EXIT_GAP,
        default_container_width: data::container::DEFAULT_CONTAINER_WIDTH,
        default_container_height: data::container::DEFAULT_CONTAINER_HEIGHT,
        thumbnail_width: thumbnail::THUMBNAIL_WIDTH,
        thumbnail_height: thumbnail::THUMBNAIL_HEIGHT,
        thumbnail_background: thumbnail::THUMBNAIL_BACKGROUND,
        thumbnail_padding: thumbnail::THUMBNAIL_PADDING,
        history_default_limit: paging::HISTORY_DEFAULT_LIMIT,
        trigger_logs_default_limit: paging::TRIGGER_LOGS_DEFAULT_LIMIT,
        preview_runs_default_count: paging::PREVIEW_RUNS_DEFAULT_COUNT,
        subscription_history_first_page: paging::SUBSCRIPTION_HISTORY_FIRST_PAGE,
        subscription_history_per_page: paging::SUBSCRIPTION_HISTORY_PER_PAGE,
        sms_cost_per_segment: sms_billing::SMS_COST_PER_SEGMENT,
        sms_cost_per_segment_premium: sms_billing::SMS_COST_PER_SEGMENT_PREMIUM,
        secret_mask: secrets::MASK,
    };
}

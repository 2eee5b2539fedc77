//! The iframe node: an embeddable chat window on a company's site, talking to
//! the assistant connected to it.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::common::NodeBase;
use crate::kind::NodeKind;

/// The frame style used unless another is chosen (spec §7 `generate-script`).
pub const DEFAULT_FRAME_STYLE: &str = "default";

fn default_frame_style() -> String {
    DEFAULT_FRAME_STYLE.to_owned()
}

/// The longest window title, in characters.
pub const FRAME_TITLE_MAX: usize = 80;
/// The longest welcome message, in characters.
pub const FRAME_WELCOME_MAX: usize = 1_000;
/// The launcher's colour unless another is chosen.
pub const DEFAULT_FRAME_COLOR: &str = "#4f46e5";

/// How the chat window looks on the site: what the person sees first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
// FRAME_TITLE_MAX and FRAME_WELCOME_MAX, as the document states them.
pub struct FrameAppearance {
    /// The window's title (the assistant's name on the site).
    #[cfg_attr(feature = "openapi", schema(max_length = 80))]
    pub title: String,
    /// The first words the person reads, before they write.
    #[cfg_attr(feature = "openapi", schema(max_length = 1000))]
    pub welcome: String,
    /// `#rrggbb`: the launcher, the header and the person's messages.
    #[cfg_attr(feature = "openapi", schema(pattern = r"^\s*#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\s*$"))]
    pub color: String,
    pub position: FramePosition,
    pub theme: FrameTheme,
}

impl Default for FrameAppearance {
    fn default() -> Self {
        FrameAppearance {
            title: "دستیار".to_owned(),
            welcome: "سلام! چطور می‌توانم کمکتان کنم؟".to_owned(),
            color: DEFAULT_FRAME_COLOR.to_owned(),
            position: FramePosition::BottomRight,
            theme: FrameTheme::Light,
        }
    }
}

/// The page corner the launcher sits in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
#[ts(export, export_to = "rules/")]
pub enum FramePosition {
    #[default]
    BottomRight,
    BottomLeft,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[ts(export, export_to = "rules/")]
pub enum FrameTheme {
    #[default]
    Light,
    Dark,
}

/// A colour as `#rrggbb` in lower case (`#RGB` widened), or `None`.
pub fn normalize_color(input: &str) -> Option<String> {
    let hex = input.trim().strip_prefix('#')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    match hex.len() {
        6 => Some(format!("#{}", hex.to_ascii_lowercase())),
        3 => Some(hex.chars().flat_map(|c| [c, c]).fold("#".to_owned(), |mut s, c| {
            s.push(c.to_ascii_lowercase());
            s
        })),
        _ => None,
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, rename_all = "camelCase")]
#[ts(export, export_to = "rules/")]
pub struct IframeData {
    #[serde(flatten)]
    pub base: NodeBase,
    pub company_name: String,
    /// The sites allowed to embed the frame.
    pub authorized_domains: Vec<String>,
    pub style: String,
    /// How the window looks on the site.
    pub appearance: FrameAppearance,
    pub is_active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub frame_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub company_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub api_key: Option<String>,
    /// The embed snippet the server generated.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub script: Option<String>,
    /// Snake_case on the canvas too (spec §3). Placement: comes back through
    /// `NodePlacement`, not the payload.
    #[serde(rename = "container_id", skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub container_id: Option<i64>,
    /// Placement: comes back through `NodePlacement`, not the payload.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub project_id: Option<i64>,
}

impl Default for IframeData {
    fn default() -> Self {
        IframeData {
            base: NodeBase::for_kind(NodeKind::Iframe),
            company_name: String::new(),
            authorized_domains: Vec::new(),
            style: default_frame_style(),
            appearance: FrameAppearance::default(),
            is_active: false,
            frame_id: None,
            company_id: None,
            assistant_id: None,
            api_key: None,
            script: None,
            container_id: None,
            project_id: None,
        }
    }
}

impl IframeData {
    pub fn to_payload(&self) -> IframePayload {
        IframePayload {
            company_name: self.company_name.clone(),
            authorized_domains: self.authorized_domains.clone(),
            style: self.style.clone(),
            appearance: self.appearance.clone(),
            is_active: self.is_active,
            frame_id: self.frame_id,
            company_id: self.company_id,
            assistant_id: self.assistant_id,
            api_key: self.api_key.clone(),
            script: self.script.clone(),
        }
    }

    /// `container_id` and `projectId` come back with the placement, so they start empty here.
    pub fn from_payload(payload: IframePayload, base: NodeBase) -> Self {
        IframeData {
            base,
            company_name: payload.company_name,
            authorized_domains: payload.authorized_domains,
            style: payload.style,
            appearance: payload.appearance,
            is_active: payload.is_active,
            frame_id: payload.frame_id,
            company_id: payload.company_id,
            assistant_id: payload.assistant_id,
            api_key: payload.api_key,
            script: payload.script,
            container_id: None,
            project_id: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
#[ts(export, export_to = "rules/")]
pub struct IframePayload {
    pub company_name: String,
    pub authorized_domains: Vec<String>,
    pub style: String,
    pub appearance: FrameAppearance,
    pub is_active: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub frame_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub company_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub assistant_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub api_key: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub script: Option<String>,
}

impl Default for IframePayload {
    fn default() -> Self {
        IframeData::default().to_payload()
    }
}

/// A frame as the frames service keeps it (spec §3 "Frame record").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct FrameRecord {
    pub company_id: i64,
    #[serde(default)]
    pub authorized_domains: Vec<String>,
    #[serde(default = "default_frame_style")]
    pub style: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_read_as_lower_case_rrggbb() {
        assert_eq!(normalize_color("#4F46E5").as_deref(), Some("#4f46e5"));
        assert_eq!(normalize_color(" #abc ").as_deref(), Some("#aabbcc"));
        for bad in ["4f46e5", "#4f46e", "#ggg", "red", "", "#12345678"] {
            assert_eq!(normalize_color(bad), None, "{bad}");
        }
    }

    #[test]
    fn an_old_frame_without_an_appearance_reads_with_the_default() {
        let frame: IframeData = serde_json::from_str(r#"{"companyName":"x"}"#).unwrap();
        assert_eq!(frame.appearance, FrameAppearance::default());
        let look: FrameAppearance =
            serde_json::from_str(r#"{"position":"bottom-left","theme":"dark"}"#).unwrap();
        assert_eq!((look.position, look.theme), (FramePosition::BottomLeft, FrameTheme::Dark));
    }
}

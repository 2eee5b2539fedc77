//! The project thumbnail the canvas captures (spec §3 "Project").

/// The picture is 400x300 pixels...
pub const THUMBNAIL_WIDTH: u32 = 400;
pub const THUMBNAIL_HEIGHT: u32 = 300;
/// ...on this background...
pub const THUMBNAIL_BACKGROUND: &str = "#111827";
/// ...with this much space around the nodes.
pub const THUMBNAIL_PADDING: u32 = 10;

//! Canvas geometry: default placement, grouping boxes and container moves.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A point on the canvas.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct Position {
    pub x: f64,
    pub y: f64,
}

//! Containers: boxes that group nodes on the canvas.

pub mod status;

//! The drawn workflow as stored: nodes of every kind, the edges between them
//! (checked by core's connection rules), containers, the project graph read
//! back for checks and queries, node files, and the spec's shortcut calls.

pub mod assistants;
pub mod canvas_node_schema;
pub mod containers;
pub mod edges;
pub mod file_store;
pub mod files;
pub mod graph;
pub mod nodes;
pub mod position_writer;
pub mod project_load;
pub mod project_queries;
pub mod shortcuts;
pub mod snapshots;
pub mod thumbnail;
pub mod transfer;
pub mod workflow;

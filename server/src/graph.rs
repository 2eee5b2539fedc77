//! A project's stored graph: its node and edge rows, with the lookups the
//! connection checks, container status and project queries need, and its
//! canvas form (containers carry their `status_info`).
//!
//! Listing a project's canvas nodes with container status is
//! `ProjectGraph::load(..).await?.canvas_nodes()`.

use std::collections::HashMap;

use dastyar_core::NodeKind;
use dastyar_core::connect::{Graph, GraphEdge};
use dastyar_core::data::CanvasNode;
use dastyar_core::data::common::StatusInfo;
use sqlx::AnyConnection;

use crate::containers::status;
use crate::db::Db;
use crate::store::edges::{self, EdgeRow};
use crate::store::node_tx;
use crate::store::nodes::{CorruptRow, NodeRow};
use crate::store::tx::Tx;

#[derive(Debug, Clone, Default)]
pub struct ProjectGraph {
    pub nodes: Vec<NodeRow>,
    pub edges: Vec<EdgeRow>,
}

impl ProjectGraph {
    /// The project's nodes and edges (both empty for someone else's project).
    pub async fn load(db: &Db, user_id: i64, project_id: i64) -> Result<Self, sqlx::Error> {
        let mut conn = db.pool().acquire().await?;
        Self::read(&mut conn, user_id, project_id).await
    }

    /// The same, read inside a transaction.
    pub async fn load_in(tx: &mut Tx, user_id: i64, project_id: i64) -> Result<Self, sqlx::Error> {
        Self::read(tx.conn(), user_id, project_id).await
    }

    async fn read(
        conn: &mut AnyConnection,
        user_id: i64,
        project_id: i64,
    ) -> Result<Self, sqlx::Error> {
        let nodes = node_tx::list_for_project(&mut *conn, user_id, project_id).await?;
        let edges = edges::list_for_project(&mut *conn, user_id, project_id).await?;
        Ok(ProjectGraph { nodes, edges })
    }

    pub fn node(&self, id: i64) -> Option<&NodeRow> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// The node `id` when it is of kind `kind`.
    pub fn node_of_kind(&self, id: i64, kind: NodeKind) -> Option<&NodeRow> {
        self.node(id).filter(|n| n.kind == kind.as_str())
    }

    pub fn of_kind(&self, kind: NodeKind) -> impl Iterator<Item = &NodeRow> + '_ {
        self.nodes.iter().filter(move |n| n.kind == kind.as_str())
    }

    /// The nodes inside a container.
    pub fn children(&self, container_id: i64) -> impl Iterator<Item = &NodeRow> + '_ {
        self.nodes.iter().filter(move |n| n.container_id == Some(container_id))
    }

    /// The nodes joined to `id` by an edge in either direction, with the edge,
    /// oldest edge first.
    pub fn neighbours(&self, id: i64) -> impl Iterator<Item = (&EdgeRow, &NodeRow)> + '_ {
        self.edges
            .iter()
            .filter(move |e| e.touches(id))
            .filter_map(move |e| self.node(e.other_end(id)).map(|n| (e, n)))
    }

    /// The database ids of the nodes of kind `kind` joined to `id` by an edge.
    pub fn neighbour_ids(&self, id: i64, kind: NodeKind) -> Vec<i64> {
        let mut ids = Vec::new();
        for (_, node) in self.neighbours(id).filter(|(_, n)| n.kind == kind.as_str()) {
            if !ids.contains(&node.id) {
                ids.push(node.id);
            }
        }
        ids
    }

    /// Each container's running subsystems.
    pub fn status_infos(&self) -> HashMap<i64, StatusInfo> {
        self.of_kind(NodeKind::Container).map(|c| (c.id, status::status_info(self, c.id))).collect()
    }

    /// One node as the canvas holds it; a container carries its status_info.
    pub fn canvas(&self, row: &NodeRow) -> Result<CanvasNode, CorruptRow> {
        let mut node = row.to_canvas()?;
        if row.kind()? == NodeKind::Container {
            node.data.base_mut().status_info = Some(status::status_info(self, row.id));
        }
        Ok(node)
    }

    pub fn canvas_nodes(&self) -> Result<Vec<CanvasNode>, CorruptRow> {
        let infos = self.status_infos();
        self.nodes
            .iter()
            .map(|row| {
                let mut node = row.to_canvas()?;
                if let Some(info) = infos.get(&row.id) {
                    node.data.base_mut().status_info = Some(info.clone());
                }
                Ok(node)
            })
            .collect()
    }

    /// The graph as core's connection rules read it.
    pub fn core_graph(&self) -> Result<Graph, CorruptRow> {
        Ok(Graph {
            nodes: self.canvas_nodes()?,
            edges: self
                .edges
                .iter()
                .map(|e| GraphEdge {
                    id: e.id.to_string(),
                    source: format!("{}-{}", e.source_type, e.source_id),
                    target: format!("{}-{}", e.target_type, e.target_id),
                })
                .collect(),
        })
    }
}

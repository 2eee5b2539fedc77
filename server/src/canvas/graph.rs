//! A project's stored graph: its node and edge rows, with the lookups the
//! connection checks, container status and project queries need, and its
//! canvas form (containers carry their `status_info`).
//!
//! Listing a project's canvas nodes with container status is
//! `ProjectGraph::load(..).await?.canvas_nodes()`.

use dastyar_core::NodeKind;
use dastyar_core::connect::{Graph, GraphEdge, container_status_info};
use dastyar_core::data::CanvasNode;
use dastyar_core::data::common::StatusInfo;
use sqlx::AnyConnection;

use crate::db::Db;
use crate::store::edges::{self, EdgeRow};
use crate::store::nodes;
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

    /// The part of a project the connection rules read when `ends` are
    /// joined, read inside a transaction: the end nodes, the edges touching
    /// them and the nodes at those edges' other ends; the containers among
    /// all of these with their children; and the children's edges and
    /// neighbours (a container's `status_info` names the assistant joined to
    /// each child). Core's `check_connection` answers on this subgraph as it
    /// does on the whole project: every rule looks only at the end points,
    /// their neighbours, and those containers' children and status.
    ///
    /// The API-definition workflow check reads every request of the project,
    /// so it needs [`ProjectGraph::load_in`].
    pub async fn around_in(
        tx: &mut Tx,
        user_id: i64,
        project_id: i64,
        ends: &[i64],
    ) -> Result<Self, sqlx::Error> {
        let conn = tx.conn();
        let mut edges = edges::list_touching(&mut *conn, user_id, project_id, ends).await?;
        let near = with_other_ends(ends, &edges);
        let mut nodes = nodes::list_by_ids(&mut *conn, user_id, project_id, &near).await?;
        let containers: Vec<i64> =
            nodes.iter().filter(|n| n.kind == NodeKind::Container.as_str()).map(|n| n.id).collect();
        if !containers.is_empty() {
            let children =
                nodes::list_in_containers(&mut *conn, user_id, project_id, &containers).await?;
            let child_ids: Vec<i64> = children.iter().map(|n| n.id).collect(); // sorted
            let child_edges =
                edges::list_touching(&mut *conn, user_id, project_id, &child_ids).await?;
            let missing: Vec<i64> = with_other_ends(&child_ids, &child_edges)
                .into_iter()
                .filter(|id| {
                    near.binary_search(id).is_err() && child_ids.binary_search(id).is_err()
                })
                .collect();
            let further = nodes::list_by_ids(&mut *conn, user_id, project_id, &missing).await?;
            nodes.extend(children.into_iter().chain(further));
            nodes.sort_by_key(|n| n.id);
            nodes.dedup_by_key(|n| n.id);
            edges.extend(child_edges);
            edges.sort_by_key(|e| e.id);
            edges.dedup_by_key(|e| e.id);
        }
        Ok(ProjectGraph { nodes, edges })
    }

    async fn read(
        conn: &mut AnyConnection,
        user_id: i64,
        project_id: i64,
    ) -> Result<Self, sqlx::Error> {
        let nodes = nodes::list_for_project(&mut *conn, user_id, project_id).await?;
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

    /// One node as the canvas holds it; a container carries its status_info.
    pub fn canvas(&self, row: &NodeRow) -> Result<CanvasNode, CorruptRow> {
        let mut node = row.to_canvas()?;
        if row.kind()? == NodeKind::Container {
            let info = container_status_info(&self.around_container(row.id)?, &node.id);
            node.data.base_mut().status_info = Some(info);
        }
        Ok(node)
    }

    /// What core's status rule reads of one container: its children, their
    /// edges (oldest first) and the nodes at those edges' other ends, so one
    /// container's answer does not read every node of the project.
    fn around_container(&self, container_id: i64) -> Result<Graph, CorruptRow> {
        let children: Vec<i64> = self.children(container_id).map(|n| n.id).collect();
        let edges: Vec<&EdgeRow> =
            self.edges.iter().filter(|e| children.iter().any(|&c| e.touches(c))).collect();
        let mut ids = children;
        ids.extend(edges.iter().flat_map(|e| [e.source_id, e.target_id]));
        let nodes = self
            .nodes
            .iter()
            .filter(|n| ids.contains(&n.id))
            .map(NodeRow::to_canvas)
            .collect::<Result<_, _>>()?;
        Ok(Graph { nodes, edges: edges.into_iter().map(core_edge).collect() })
    }

    pub fn canvas_nodes(&self) -> Result<Vec<CanvasNode>, CorruptRow> {
        with_status_info(self.plain_graph()?)
    }

    /// [`Self::canvas_nodes`], giving up the rows as it goes: each row's
    /// stored text is freed once its node is read, so a project's large
    /// fields are never held twice (as text and as data) over the whole list.
    pub fn into_canvas_nodes(self) -> Result<Vec<CanvasNode>, CorruptRow> {
        let edges = self.core_edges();
        let nodes = self.nodes.into_iter().map(|row| row.to_canvas()).collect::<Result<_, _>>()?;
        with_status_info(Graph { nodes, edges })
    }

    /// The graph as core's connection rules read it.
    pub fn core_graph(&self) -> Result<Graph, CorruptRow> {
        Ok(Graph { nodes: self.canvas_nodes()?, edges: self.core_edges() })
    }

    /// Nodes as stored (containers without their computed status) and edges,
    /// oldest first, as core reads them: enough for what does not look at a
    /// container's status (an assistant's abilities).
    pub fn plain_graph(&self) -> Result<Graph, CorruptRow> {
        let nodes = self.nodes.iter().map(NodeRow::to_canvas).collect::<Result<_, _>>()?;
        Ok(Graph { nodes, edges: self.core_edges() })
    }

    fn core_edges(&self) -> Vec<GraphEdge> {
        self.edges.iter().map(core_edge).collect()
    }
}

/// The graph's nodes, each container with the status of what it holds.
fn with_status_info(mut graph: Graph) -> Result<Vec<CanvasNode>, CorruptRow> {
    let infos: Vec<(usize, StatusInfo)> = graph
        .nodes
        .iter()
        .enumerate()
        .filter(|(_, node)| node.kind() == NodeKind::Container)
        .map(|(at, node)| (at, container_status_info(&graph, &node.id)))
        .collect();
    for (at, info) in infos {
        graph.nodes[at].data.base_mut().status_info = Some(info);
    }
    Ok(graph.nodes)
}

fn core_edge(edge: &EdgeRow) -> GraphEdge {
    GraphEdge {
        id: edge.id.to_string(),
        source: format!("{}-{}", edge.source_type, edge.source_id),
        target: format!("{}-{}", edge.target_type, edge.target_id),
    }
}

/// `ids` and the other ends of `edges`, sorted, without repeats.
fn with_other_ends(ids: &[i64], edges: &[EdgeRow]) -> Vec<i64> {
    let mut all: Vec<i64> = ids.to_vec();
    all.extend(edges.iter().flat_map(|e| [e.source_id, e.target_id]));
    all.sort_unstable();
    all.dedup();
    all
}

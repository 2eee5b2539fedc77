//! Canvas geometry (spec §4 and §9): default placement, the grouping box for
//! selected nodes, and where nodes land when they enter or leave a container.
//! Positions of a container's children are relative to the container, as in
//! React Flow's sub-flows.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A new node goes here when the viewport centre is not used.
pub const DEFAULT_NODE_POSITION: Position = Position { x: 250.0, y: 150.0 };
/// The size assumed for a node when grouping (spec: 250x150).
pub const NODE_WIDTH: f64 = 250.0;
pub const NODE_HEIGHT: f64 = 150.0;
/// Space around the grouped nodes inside the new container.
pub const GROUP_PADDING: f64 = 50.0;
/// A node taken out of a container lands this far beyond its right edge.
pub const CONTAINER_EXIT_GAP: f64 = 50.0;

/// A point on the canvas.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize, TS)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[ts(export, export_to = "rules/")]
pub struct Position {
    pub x: f64,
    pub y: f64,
}

/// An axis-aligned box: a container's position and size.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub fn origin(&self) -> Position {
        Position { x: self.x, y: self.y }
    }

    /// Inclusive on every edge.
    pub fn contains(&self, point: Position) -> bool {
        point.x >= self.x
            && point.x <= self.x + self.width
            && point.y >= self.y
            && point.y <= self.y + self.height
    }
}

/// React Flow's viewport transform: screen = flow * zoom + (x, y).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, TS)]
#[ts(export, export_to = "rules/")]
pub struct Viewport {
    pub x: f64,
    pub y: f64,
    pub zoom: f64,
}

/// The box a new container gets around the selected nodes (absolute
/// positions): their extent with each node taken as 250x150, plus 50 px on
/// every side. `None` when nothing is selected.
pub fn grouping_box(positions: &[Position]) -> Option<Rect> {
    let first = positions.first()?;
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (first.x, first.y, first.x, first.y);
    for p in &positions[1..] {
        min_x = min_x.min(p.x);
        min_y = min_y.min(p.y);
        max_x = max_x.max(p.x);
        max_y = max_y.max(p.y);
    }
    Some(Rect {
        x: min_x - GROUP_PADDING,
        y: min_y - GROUP_PADDING,
        width: max_x - min_x + NODE_WIDTH + 2.0 * GROUP_PADDING,
        height: max_y - min_y + NODE_HEIGHT + 2.0 * GROUP_PADDING,
    })
}

/// A child's position relative to its container.
pub fn relative_position(container: Position, absolute: Position) -> Position {
    Position { x: absolute.x - container.x, y: absolute.y - container.y }
}

/// A child's absolute position: where it stays on screen when its container is removed.
pub fn absolute_position(container: Position, relative: Position) -> Position {
    Position { x: container.x + relative.x, y: container.y + relative.y }
}

/// Where a node lands when taken out of a container: to the right of it,
/// 50 px beyond its width, at the height it had inside.
pub fn position_outside_container(container: Rect, relative: Position) -> Position {
    Position { x: container.x + container.width + CONTAINER_EXIT_GAP, y: container.y + relative.y }
}

/// The flow coordinates of the centre of a pane of the given size.
pub fn viewport_centre(viewport: Viewport, pane_width: f64, pane_height: f64) -> Position {
    let zoom = if viewport.zoom > 0.0 { viewport.zoom } else { 1.0 };
    Position {
        x: (pane_width / 2.0 - viewport.x) / zoom,
        y: (pane_height / 2.0 - viewport.y) / zoom,
    }
}

/// The container a node dropped at `node` (absolute, top-left) falls into:
/// the last one (topmost) whose box holds the node's centre.
pub fn drop_target(node: Position, containers: &[(String, Rect)]) -> Option<&str> {
    let centre = Position { x: node.x + NODE_WIDTH / 2.0, y: node.y + NODE_HEIGHT / 2.0 };
    containers.iter().rev().find(|(_, rect)| rect.contains(centre)).map(|(id, _)| id.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64, y: f64) -> Position {
        Position { x, y }
    }

    #[test]
    fn grouping_box_wraps_nodes_with_padding() {
        assert_eq!(grouping_box(&[]), None);
        assert_eq!(
            grouping_box(&[p(100.0, 200.0)]),
            Some(Rect { x: 50.0, y: 150.0, width: 350.0, height: 250.0 })
        );
        assert_eq!(
            grouping_box(&[p(100.0, 200.0), p(400.0, 50.0), p(-20.0, 90.0)]),
            Some(Rect { x: -70.0, y: 0.0, width: 420.0 + 350.0, height: 150.0 + 250.0 })
        );
    }

    #[test]
    fn every_grouped_node_fits_inside_its_box() {
        let nodes = [p(10.0, 10.0), p(700.0, 30.0), p(300.0, 500.0)];
        let rect = grouping_box(&nodes).unwrap();
        for n in nodes {
            let rel = relative_position(rect.origin(), n);
            assert!(rel.x >= GROUP_PADDING && rel.y >= GROUP_PADDING);
            assert!(rel.x + NODE_WIDTH + GROUP_PADDING <= rect.width);
            assert!(rel.y + NODE_HEIGHT + GROUP_PADDING <= rect.height);
        }
    }

    #[test]
    fn removing_a_container_keeps_children_on_screen() {
        let container = p(300.0, 120.0);
        let child = p(40.0, 60.0);
        assert_eq!(absolute_position(container, child), p(340.0, 180.0));
        assert_eq!(relative_position(container, p(340.0, 180.0)), child);
    }

    #[test]
    fn leaving_a_container_lands_right_of_it() {
        let container = Rect { x: 100.0, y: 100.0, width: 400.0, height: 300.0 };
        assert_eq!(position_outside_container(container, p(20.0, 70.0)), p(550.0, 170.0));
    }

    #[test]
    fn viewport_centre_undoes_pan_and_zoom() {
        let vp = Viewport { x: 100.0, y: 50.0, zoom: 2.0 };
        assert_eq!(viewport_centre(vp, 800.0, 600.0), p(150.0, 125.0));
        let identity = Viewport { x: 0.0, y: 0.0, zoom: 1.0 };
        assert_eq!(viewport_centre(identity, 800.0, 600.0), p(400.0, 300.0));
        let broken = Viewport { x: 0.0, y: 0.0, zoom: 0.0 };
        assert_eq!(viewport_centre(broken, 800.0, 600.0), p(400.0, 300.0));
    }

    #[test]
    fn drop_target_uses_the_node_centre_and_the_topmost_container() {
        let containers = vec![
            ("container-1".to_owned(), Rect { x: 0.0, y: 0.0, width: 400.0, height: 300.0 }),
            ("container-2".to_owned(), Rect { x: 200.0, y: 0.0, width: 400.0, height: 300.0 }),
        ];
        assert_eq!(drop_target(p(0.0, 0.0), &containers), Some("container-1"));
        assert_eq!(drop_target(p(150.0, 0.0), &containers), Some("container-2"));
        // Centres (575, 75) and (605, 75): inside and just outside container-2 (x 200..600).
        assert_eq!(drop_target(p(450.0, 0.0), &containers), Some("container-2"));
        assert_eq!(drop_target(p(480.0, 0.0), &containers), None);
        assert_eq!(drop_target(p(0.0, 300.0), &containers), None);
    }
}

// Boxes and positions of nodes relative to containers, on the canvas's lists.
import { absolutePosition, type Position, type Rect } from "@dastyar/rules";
import { databaseId, type FlowNode } from "../../canvas/model";
import { findNode } from "./graph";

/** A container's box (containers sit at the top level, so their position is absolute). */
export function boxOf(container: FlowNode): Rect {
  return {
    x: container.position.x,
    y: container.position.y,
    width: container.width ?? container.data.width ?? 0,
    height: container.height ?? container.data.height ?? 0,
  };
}

/** Where `node` is on the canvas, whatever it is inside. */
export function absoluteOf(nodes: FlowNode[], node: FlowNode): Position {
  const parent = node.parentId ? findNode(nodes, node.parentId) : undefined;
  return parent ? absolutePosition(parent.position, node.position) : node.position;
}

/** The saved containers a node may be dropped into, as `dropTarget` takes them. */
export function dropBoxes(nodes: FlowNode[], except: string): [string, Rect][] {
  return nodes
    .filter((n) => n.type === "container" && n.id !== except && databaseId(n.id) !== null)
    .map((n) => [n.id, boxOf(n)]);
}

// What screen readers hear on the canvas (issue #16): React Flow's own
// labels and descriptions in Persian, each node named by its kind and name,
// each edge by the names of its ends (React Flow's default reads raw ids).
import type { NodeKind } from "@dastyar/rules";
import type { AriaLabelConfig } from "@xyflow/react";
import { fa } from "../i18n/fa";
import { kindInfoOf } from "./kinds";
import type { FlowEdge, FlowNode } from "./model";

const words = fa.editing.a11y;

export const ARIA_LABELS: Partial<AriaLabelConfig> = {
  "node.a11yDescription.default": words.nodeDescription,
  "node.a11yDescription.keyboardDisabled": words.nodeDescription,
  "node.a11yDescription.ariaLiveMessage": ({ direction, x, y }) => words.moved(words.directions[direction] ?? direction, x, y),
  "edge.a11yDescription.default": words.edgeDescription,
  "controls.ariaLabel": words.controls,
  "controls.zoomIn.ariaLabel": words.zoomIn,
  "controls.zoomOut.ariaLabel": words.zoomOut,
  "controls.fitView.ariaLabel": words.fitView,
  "controls.interactive.ariaLabel": words.interactive,
  "minimap.ariaLabel": fa.canvas.minimap,
  "handle.ariaLabel": words.handle,
};

// One labelled copy per node object: a node that did not change keeps the
// same object, so React Flow does not redo its work for it.
const labelledNodes = new WeakMap<FlowNode, FlowNode>();

/** `node` with its Persian label for screen readers. */
export function labelledNode(node: FlowNode): FlowNode {
  let labelled = labelledNodes.get(node);
  if (!labelled) {
    const kind = kindInfoOf(node.type as NodeKind).label;
    const name = node.data.label?.trim() ?? "";
    labelled = { ...node, ariaLabel: words.node(kind, name === kind ? "" : name) };
    labelledNodes.set(node, labelled);
  }
  return labelled;
}

/** `edge` with a label naming its ends. */
export function labelledEdge(edge: FlowEdge, names: ReadonlyMap<string, string>): FlowEdge {
  const source = names.get(edge.source);
  const target = names.get(edge.target);
  if (!source || !target) return edge;
  return { ...edge, ariaLabel: words.edge(source, target) };
}

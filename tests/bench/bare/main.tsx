// The bare React Flow page the canvas benchmark (../canvas.ts) compares Dastyar's
// canvas with: the graph the benchmark seeded (from graph.json, which it serves),
// drawn with React Flow's default nodes at the size of Dastyar's cards and its
// default edges, in a pane the size of Dastyar's (width and height in the query),
// fitted the same way. Only the Controls besides, whose fit-view button the
// benchmark clicks on both pages.
import { Controls, ReactFlow, useEdgesState, useNodesState, type Edge, type Node } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { createRoot } from "react-dom/client";

type Graph = {
  nodes: { id: string; position: { x: number; y: number } }[];
  edges: { id: string; source: string; target: string }[];
};

// As Dastyar's canvas (web/src/canvas/Workspace.tsx and layout/fitView.ts), so a
// fit shows the same view on both pages.
const FIT_VIEW = { maxZoom: 1, padding: 0.1 } as const;
const MIN_ZOOM = 0.05;
/** A Dastyar card is 250 px wide and at least 150 px tall. */
const CARD = { width: 250, height: 150 };

function Bare({ graph }: { graph: Graph }) {
  const [nodes, , onNodesChange] = useNodesState<Node>(
    graph.nodes.map((n) => ({ id: n.id, position: n.position, data: { label: n.id }, style: CARD })),
  );
  const [edges, , onEdgesChange] = useEdgesState<Edge>(graph.edges);
  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      fitView
      fitViewOptions={FIT_VIEW}
      minZoom={MIN_ZOOM}
    >
      <Controls fitViewOptions={FIT_VIEW} />
    </ReactFlow>
  );
}

const query = new URLSearchParams(location.search);
const root = document.getElementById("root")!;
root.style.width = `${Number(query.get("width")) || innerWidth}px`;
root.style.height = `${Number(query.get("height")) || innerHeight}px`;
void fetch("graph.json")
  .then((answer) => answer.json() as Promise<Graph>)
  .then((graph) => createRoot(root).render(<Bare graph={graph} />));

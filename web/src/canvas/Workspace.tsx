// The canvas: React Flow over the canvas atoms. Every change goes through
// the state actions (state/canvas); this component only wires events to
// them. The flow pane stays left to right (React Flow misplaces nodes under
// rtl); the nodes, panels and page around it are right to left.
import {
  Controls,
  ReactFlow,
  ReactFlowProvider,
  applyEdgeChanges,
  applyNodeChanges,
  useReactFlow,
  type Connection,
  type EdgeChange,
  type FinalConnectionState,
  type NodeChange,
  type OnBeforeDelete,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { constants, viewportCentre, type NodeKind, type Position } from "@dastyar/rules";
import { useAtomValue, useSetAtom, useStore } from "jotai";
import {
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type RefObject,
} from "react";
import { fa } from "../i18n/fa";
import {
  addNodeAtom,
  checkProposalAtom,
  connectAtom,
  edgesAtom,
  finishDragAtom,
  nodesAtom,
  selectedNodeIdAtom,
  type Placement,
} from "../state/canvas";
import { refusalText } from "../state/canvas/refusal";
import { notifyAtom } from "../state/notifications";
import { DotGrid } from "./background/DotGrid";
import { ContextMenu, type MenuTarget } from "./ContextMenu";
import { useEdgeDeletion } from "./useEdgeDeletion";
import type { FlowEdge, FlowNode } from "./model";
import { nodeTypes } from "./nodes/registry";
import { PaletteSheet } from "./PaletteSheet";
import { SettingsPanel } from "./panels/SettingsPanel";
import { Toolbar } from "./Toolbar";
import styles from "./Workspace.module.css";
import { ConnectMenu, type ConnectDrop } from "./ConnectMenu";
import { kindsToOffer } from "./edges/connectOptions";
import { dressEdge } from "./edges/edgeLook";
import { FIT_VIEW } from "./layout/fitView";
import { addConnectedAtom } from "../state/canvas/addConnected";
import { useDeleteNodes } from "./useDeleteNodes";
import { DeleteConfirmation } from "./DeleteConfirmation";
import { ARIA_LABELS, labelledEdge, labelledNode } from "./ariaLabels";
import { ShortcutsSheet } from "./ShortcutsSheet";
import { useShortcuts } from "./useShortcuts";
import { nodeNamesAtom } from "../state/canvas/nodeNames";
import { fittedView, lowDetailAt } from "./lowDetail/detailLevel";
import { hiddenNode } from "./lowDetail/hiddenNodes";
import { LowDetailLayer } from "./lowDetail/LowDetailLayer";
import { MovingEdges } from "./lowDetail/MovingEdges";
import { AllNodesMiniMap } from "./lowDetail/AllNodesMiniMap";
import { NodeList } from "./lowDetail/NodeList";
import { useLowDetail } from "./lowDetail/useDetail";
import { splitEdges } from "./window/edgeSplit";
import { useDraggedNodes, useRenderedNodes } from "./window/useRenderedNodes";
import { useRenderWindow } from "./window/useRenderWindow";

const { nodeWidth: NODE_WIDTH, nodeHeight: NODE_HEIGHT } = constants();
const EDGE_CLASSES = { pending: styles["edge-pending"], error: styles["edge-error"] };
const MIN_ZOOM = 0.05;
const NO_EDGES: FlowEdge[] = [];

/** Where the canvas opens: the whole graph fitted into the pane, and whether that is low detail. */
type Opening = { view: { x: number; y: number; zoom: number }; low: boolean };

export function Workspace({ projectId }: { projectId: number }) {
  const paneRef = useRef<HTMLDivElement>(null);
  // The pane's size decides the opening view (and so the detail), before React Flow draws anything.
  const [opening, setOpening] = useState<Opening | null>(null);
  const store = useStore();
  useLayoutEffect(() => {
    const pane = paneRef.current;
    if (!pane) return;
    const view = fittedView(store.get(nodesAtom), pane.clientWidth, pane.clientHeight, { minZoom: MIN_ZOOM, ...FIT_VIEW });
    setOpening({ view, low: lowDetailAt(view.zoom, false) });
  }, [store]);
  return (
    <ReactFlowProvider>
      <Board projectId={projectId} paneRef={paneRef} opening={opening} />
    </ReactFlowProvider>
  );
}

function Board({
  projectId,
  paneRef,
  opening,
}: {
  projectId: number;
  paneRef: RefObject<HTMLDivElement | null>;
  opening: Opening | null;
}) {
  const store = useStore();
  const nodes = useAtomValue(nodesAtom);
  const edges = useAtomValue(edgesAtom);
  const flow = useReactFlow<FlowNode, FlowEdge>();
  const dragStarts = useRef(new Map<string, Placement>());
  const [menu, setMenu] = useState<MenuTarget | null>(null);

  const addNode = useSetAtom(addNodeAtom);
  const connect = useSetAtom(connectAtom);
  const checkProposal = useSetAtom(checkProposalAtom);
  const finishDrag = useSetAtom(finishDragAtom);
  const select = useSetAtom(selectedNodeIdAtom);
  const notify = useSetAtom(notifyAtom);
  const addConnected = useSetAtom(addConnectedAtom);
  const [drop, setDrop] = useState<ConnectDrop | null>(null);
  const { requestEdgeDeletion, confirmation } = useEdgeDeletion();
  const deleteNodes = useDeleteNodes();

  // Moves, selections and measurements apply at once; removals go through
  // the delete actions (onBeforeDelete), which talk to the server first.
  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      const kept = changes.filter((c) => c.type !== "remove");
      if (kept.length > 0) store.set(nodesAtom, applyNodeChanges(kept, store.get(nodesAtom)));
    },
    [store],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<FlowEdge>[]) => {
      const kept = changes.filter((c) => c.type !== "remove");
      if (kept.length > 0) store.set(edgesAtom, applyEdgeChanges(kept, store.get(edgesAtom)));
    },
    [store],
  );

  const onBeforeDelete: OnBeforeDelete<FlowNode, FlowEdge> = useCallback(
    async ({ nodes: goingNodes, edges: goingEdges }) => {
      // React Flow adds a deleted container's children; a container goes
      // alone, its children staying where they are (spec §4).
      const going = new Set(goingNodes.map((n) => n.id));
      const chosen = goingNodes.filter((n) => n.selected || !n.parentId || !going.has(n.parentId));
      const nodeIds = new Set(chosen.map((n) => n.id));
      // Edges of deleted nodes go with their nodes; only edges chosen themselves are deleted as edges.
      for (const edge of goingEdges) {
        if (edge.selected && !nodeIds.has(edge.source) && !nodeIds.has(edge.target)) requestEdgeDeletion(edge.id);
      }
      deleteNodes(chosen.map((n) => n.id));
      return false;
    },
    [requestEdgeDeletion, deleteNodes],
  );

  const isValidConnection = useCallback(
    (c: Connection | FlowEdge) => checkProposal({ source: c.source, target: c.target }).ok,
    [checkProposal],
  );
  const onConnect = useCallback((c: Connection) => void connect({ source: c.source, target: c.target }), [connect]);
  // A drop on empty canvas offers what may be joined there; a drop on a
  // node the rules refused says why (nothing was sent).
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.fromNode && state.fromHandle && !state.toNode) {
        const kinds = kindsToOffer(state.fromNode.type as NodeKind, state.fromHandle.type);
        const point = "changedTouches" in event ? event.changedTouches[0] : event;
        if (kinds.length > 0 && point) {
          setDrop({ x: point.clientX, y: point.clientY, from: state.fromNode.id, end: state.fromHandle.type, kinds });
        }
        return;
      }
      if (state.isValid !== false || !state.fromNode || !state.toNode) return;
      const [source, target] =
        state.fromHandle?.type === "target" ? [state.toNode.id, state.fromNode.id] : [state.fromNode.id, state.toNode.id];
      const check = checkProposal({ source, target });
      if (!check.ok) notify({ kind: "error", text: refusalText(check.message, source, target) });
    },
    [checkProposal, notify],
  );

  const onNodeDragStart = useCallback((_e: unknown, _node: FlowNode, dragged: FlowNode[]) => {
    dragStarts.current = new Map(dragged.map((n) => [n.id, { position: n.position, parentId: n.parentId }]));
  }, []);
  const onNodeDragStop = useCallback(
    (_e: unknown, _node: FlowNode, dragged: FlowNode[]) => {
      void finishDrag(
        dragged.map((n) => n.id),
        dragStarts.current,
      );
    },
    [finishDrag],
  );

  const onNodeClick = useCallback((_e: ReactMouseEvent, node: FlowNode) => select(node.id), [select]);
  const onPaneClick = useCallback(() => {
    select(null);
    setMenu(null);
  }, [select]);
  const onNodeContextMenu = useCallback((event: ReactMouseEvent, node: FlowNode) => {
    event.preventDefault();
    setMenu({ kind: "node", id: node.id, x: event.clientX, y: event.clientY });
  }, []);
  const onEdgeContextMenu = useCallback((event: ReactMouseEvent, edge: FlowEdge) => {
    event.preventDefault();
    setMenu({ kind: "edge", id: edge.id, x: event.clientX, y: event.clientY });
  }, []);

  // A pan with a press (not the wheel's zoom) marks the pane while it lasts (Workspace.module.css).
  const onMoveStart = useCallback(
    (event: MouseEvent | TouchEvent | null) => {
      if (event && !(event instanceof WheelEvent)) paneRef.current?.setAttribute("data-panning", "");
    },
    [paneRef],
  );
  const onMoveEnd = useCallback(() => paneRef.current?.removeAttribute("data-panning"), [paneRef]);

  /** The flow coordinates of the middle of what is on screen (the default position before the pane exists). */
  const centre = useCallback((): Position | undefined => {
    const pane = paneRef.current;
    if (!pane) return undefined;
    const centre = viewportCentre(flow.getViewport(), pane.clientWidth, pane.clientHeight);
    // Centre the node's box, not its corner.
    return { x: Math.round(centre.x - NODE_WIDTH / 2), y: Math.round(centre.y - NODE_HEIGHT / 2) };
  }, [flow, paneRef]);

  const onAdd = useCallback((kind: NodeKind) => void addNode({ kind, position: centre() }), [addNode, centre]);
  const closeDrop = useCallback(() => setDrop(null), []);
  const onChooseConnected = useCallback(
    (kind: NodeKind) => {
      if (!drop) return;
      setDrop(null);
      void addConnected({ from: drop.from, end: drop.end, kind, at: flow.screenToFlowPosition({ x: drop.x, y: drop.y }) });
    },
    [drop, addConnected, flow],
  );

  // Below the detail threshold React Flow holds every node hidden and no edge: the low-detail layer
  // draws them. Above it, only the cards in the render window (canvas/window/) are rendered, the rest
  // held hidden; React Flow draws the edges between rendered cards (and selected ones), the layer the
  // others, those with an end being dragged apart (window/edgeSplit.ts).
  const low = useLowDetail(opening?.low ?? null);
  const renderWindow = useRenderWindow(low);
  const rendered = useRenderedNodes(nodes, renderWindow);
  // Each edge dressed once (edges/edgeLook.ts): its kind's colour and arrowhead, or its status;
  // named for screen readers by its ends' names (which change only when a name does).
  const names = useAtomValue(nodeNamesAtom);
  const dressedEdges = useMemo(
    () => (low ? NO_EDGES : edges.map((e) => labelledEdge(dressEdge(e, EDGE_CLASSES), names))),
    [edges, names, low],
  );
  const dragged = useDraggedNodes(nodes);
  const split = useMemo(() => splitEdges(dressedEdges, rendered, dragged), [dressedEdges, rendered, dragged]);
  // Each node named for screen readers by its kind and name, not its id.
  const shownNodes = useMemo(
    () => nodes.map((n) => (low || !rendered.has(n.id) ? hiddenNode(n) : labelledNode(n))),
    [nodes, low, rendered],
  );
  const [focusedEntry, setFocusedEntry] = useState<string | null>(null);

  // A paste goes where the pointer is on the canvas, else to the middle of the view.
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const pasteAt = useCallback(
    () => (pointer.current ? flow.screenToFlowPosition(pointer.current) : centre()),
    [flow, centre],
  );
  useShortcuts({ paneRef, pasteAt });

  return (
    <div className={styles.workspace}>
      <PaletteSheet onAdd={onAdd} />
      <section className={styles.main} aria-label={fa.canvas.region}>
        <Toolbar projectId={projectId} centre={centre} paneRef={paneRef} />
        <div
          className={styles.pane}
          dir="ltr"
          ref={paneRef}
          data-testid="flow-pane"
          onPointerMove={(event) => (pointer.current = { x: event.clientX, y: event.clientY })}
          onPointerLeave={() => (pointer.current = null)}
        >
          {opening && (
            <ReactFlow<FlowNode, FlowEdge>
              nodes={shownNodes}
              edges={split.dom}
              nodeTypes={nodeTypes}
              onNodesChange={onNodesChange}
              onEdgesChange={onEdgesChange}
              onBeforeDelete={onBeforeDelete}
              isValidConnection={isValidConnection}
              onConnect={onConnect}
              onConnectEnd={onConnectEnd}
              onNodeDragStart={onNodeDragStart}
              onNodeDragStop={onNodeDragStop}
              onNodeClick={onNodeClick}
              onPaneClick={onPaneClick}
              onMoveStart={onMoveStart}
              onMoveEnd={onMoveEnd}
              onNodeContextMenu={onNodeContextMenu}
              onEdgeContextMenu={onEdgeContextMenu}
              deleteKeyCode={["Delete", "Backspace"]}
              multiSelectionKeyCode={["Shift", "Control", "Meta"]}
              minZoom={MIN_ZOOM}
              defaultViewport={opening.view}
              fitView={!opening.low}
              fitViewOptions={FIT_VIEW}
              colorMode="dark"
              proOptions={{ hideAttribution: true }}
              ariaLabelConfig={ARIA_LABELS}
            >
              {/* Below the threshold the dots would be a few pixels apart: noise that costs a raster of the whole pane at every pan. */}
              {!low && <DotGrid />}
              {/* React Flow's MiniMap leaves out the nodes it holds hidden: this one draws them all. */}
              <AllNodesMiniMap label={fa.canvas.minimap} />
              <Controls fitViewOptions={FIT_VIEW} />
              <LowDetailLayer cards={low} edges={split.layer} paneRef={paneRef} focused={focusedEntry} onMenu={setMenu} />
              <MovingEdges edges={split.moving} />
            </ReactFlow>
          )}
          {low && <NodeList onFocusNode={setFocusedEntry} />}
          {nodes.length === 0 && <p className={styles.empty}>{fa.canvas.empty}</p>}
        </div>
      </section>
      <SettingsPanel />
      {menu && <ContextMenu target={menu} onClose={() => setMenu(null)} onDeleteEdge={requestEdgeDeletion} />}
      {confirmation}
      {drop && <ConnectMenu drop={drop} onChoose={onChooseConnected} onClose={closeDrop} />}
      <DeleteConfirmation />
      <ShortcutsSheet />
    </div>
  );
}

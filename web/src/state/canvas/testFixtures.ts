// Fixtures shared by the canvas state tests (the *.test.ts files next to
// this one): nodes and edges as the canvas holds them, server answers, plan
// usage, a promise settled by hand, and each test's isolation. The real
// rules; the module mocks stay in each test file (vi.mock is per file).
import { afterEach, beforeEach, vi } from "vitest";
import {
  defaultNodeData,
  newEdgeData,
  parseCanvasId,
  type EdgeKind,
  type NodeKind,
  type NodeUsage,
  type Position,
} from "@dastyar/rules";
import type { CanvasEdge, NodeView } from "../../api/types";
import type { AnyNodeData, FlowEdge, FlowNode } from "../../canvas/model";

/** The project every test opens. */
export const PROJECT_ID = 5;

/** A fixed clock, so temporary ids are known in advance. */
export const NOW = 1_700_000_000_000;

export function kindOf(id: string): NodeKind {
  const parsed = parseCanvasId(id);
  if (!parsed) throw new Error(`not a canvas id: ${id}`);
  return parsed.kind;
}

function numericId(id: string): number {
  const parsed = parseCanvasId(id);
  if (!parsed || parsed.node.state !== "saved") throw new Error(`not a saved canvas id: ${id}`);
  return parsed.node.value;
}

/**
 * A node on the canvas (`assistant-1`, `function-temp-9`, ...): its kind's
 * default data from the rules, status success unless `data` says otherwise.
 */
export function flowNode(
  id: string,
  data: Record<string, unknown> = {},
  extra: { position?: Position; parentId?: string } = {},
): FlowNode {
  const kind = kindOf(id);
  const fresh = defaultNodeData(kind);
  const node: FlowNode = {
    id,
    type: kind,
    position: extra.position ?? { x: 0, y: 0 },
    data: { ...fresh.data, creationStatus: "success", ...data } as AnyNodeData,
  };
  if (extra.parentId) node.parentId = extra.parentId;
  return node;
}

/** A node as the server answers it (`type-dbid`), default data merged with `data`. */
export function nodeView(
  id: string,
  data: Record<string, unknown> = {},
  extra: { position?: Position; parentId?: string } = {},
): NodeView {
  const kind = kindOf(id);
  const fresh = defaultNodeData(kind);
  const view = {
    database_id: numericId(id),
    id,
    type: kind,
    position: extra.position ?? { x: 0, y: 0 },
    data: { ...fresh.data, creationStatus: "success", ...data },
    ...(extra.parentId ? { parentId: extra.parentId } : {}),
  };
  return view as NodeView;
}

/** The rules' edge kind between two canvas ids. */
function edgeDataFor(kind: EdgeKind, source: string, target: string) {
  const data = newEdgeData(kind, source, target);
  if (!data) throw new Error(`no edge data for ${kind} ${source} -> ${target}`);
  return data;
}

/** An edge stored on the server, as the canvas holds it after loading. */
export function savedEdge(kind: EdgeKind, source: string, target: string, edgeDbId: number): FlowEdge {
  return {
    id: `e${source}-${target}-${edgeDbId}`,
    source,
    target,
    data: { ...edgeDataFor(kind, source, target), connectionStatus: "success", edgeDbId },
  };
}

/** An edge the server has not stored (pending, or refused). */
export function unsavedEdge(
  kind: EdgeKind,
  source: string,
  target: string,
  status: "pending" | "error" = "error",
): FlowEdge {
  return {
    id: `e${source}-${target}-local`,
    source,
    target,
    data: { ...edgeDataFor(kind, source, target), connectionStatus: status },
  };
}

/** The server's answer to `POST /edges`. */
export function canvasEdge(kind: EdgeKind, source: string, target: string, databaseId: number): CanvasEdge {
  const data = { ...edgeDataFor(kind, source, target), connectionStatus: "success" as const, edgeDbId: databaseId };
  return {
    id: `e${source}-${target}-${NOW}`,
    source,
    target,
    data,
    database_id: databaseId,
    project_id: PROJECT_ID,
    edge_data: JSON.stringify(data),
  };
}

type Quota = { can_create: boolean; limit: number; used: number };
const room: Quota = { can_create: true, limit: 10, used: 0 };

/** The plan's node usage: room for everything unless told otherwise. */
export function usage(over: { assistant?: Quota; analyzer?: Quota; vectorstore?: Quota } = {}): NodeUsage {
  return {
    success: true,
    node_usage: {
      assistant_nodes: over.assistant ?? room,
      analyzer_nodes: over.analyzer ?? room,
      vector_store_nodes: over.vectorstore ?? room,
    },
  };
}

/** A promise and the hands that settle it. */
export function deferred<T>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
} {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every promise already settled run its callbacks. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/**
 * Registers, for each test of the calling file: fresh mocks, fake timers at
 * NOW, and no real HTTP (a stray call fails loudly); timers and globals are
 * put back afterwards.
 */
export function isolateEachTest(): void {
  beforeEach(() => {
    vi.resetAllMocks();
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    vi.stubGlobal("fetch", () => Promise.reject(new Error("no HTTP in tests")));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

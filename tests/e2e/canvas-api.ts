// Setting the canvas scene through the HTTP API: nodes where a spec wants
// them, edges drawn beforehand, and reading back what the server holds.
import {
  defaultNodeData,
  edgeKind,
  kindInfo,
  newEdgeData,
  nodePayload,
  type CanvasNode,
  type NodeKind,
  type Position,
} from "@dastyar/rules";
import type { CanvasEdge } from "@dastyar/api/CanvasEdge";
import type { FrameRegisterRequest } from "@dastyar/api/FrameRegisterRequest";
import type { FrameView } from "@dastyar/api/FrameView";
import type { NodeView } from "@dastyar/api/NodeView";
import { serverUrl } from "./fixtures.ts";

async function call<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  const answer = await fetch(`${serverUrl()}/api${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** Where a kind's nodes are created under `/api` (assistants and analyzers under the playground). */
export function collectionOf(kind: NodeKind): string {
  if (kind === "assistant" || kind === "analyzer") return "/playground/assistants";
  const collection = kindInfo(kind)?.collection;
  if (!collection) throw new Error(`${kind} is not stored on the server`);
  return `/${collection}`;
}

/**
 * Creates a node of `kind` at `at` with the kind's default settings (an
 * assistant synchronously, so it is ready when this answers).
 */
export async function createNodeVia(
  token: string,
  projectId: number,
  kind: NodeKind,
  name: string,
  at: Position,
  extra: Record<string, unknown> = {},
): Promise<NodeView> {
  const placement = { project_id: projectId, name, position_x: at.x, position_y: at.y };
  if (kind === "container") {
    // Containers answer the canvas node alone; its database id is in its canvas id.
    const made = await call<CanvasNode>(token, "/containers", {
      method: "POST",
      body: { ...placement, width: 400, height: 300, ...extra },
    });
    return { ...made, database_id: Number(made.id.split("-").pop()) } as NodeView;
  }
  const payload = nodePayload(defaultNodeData(kind)) ?? {};
  return call(token, collectionOf(kind), { method: "POST", body: { ...payload, ...placement, ...extra } });
}

/** Draws the edge `source` → `target` (canvas ids) as the canvas would. */
export async function createEdgeVia(token: string, projectId: number, source: CanvasNode, target: CanvasNode): Promise<CanvasEdge> {
  const kind = edgeKind(source.type, target.type);
  if (!kind) throw new Error(`${source.type} → ${target.type} is not an allowed pair`);
  const data = newEdgeData(kind, source.id, target.id);
  return call(token, "/edges", {
    method: "POST",
    body: {
      project_id: projectId,
      source_type: source.type,
      source_id: Number(source.id.split("-").pop()),
      target_type: target.type,
      target_id: Number(target.id.split("-").pop()),
      edge_data: { ...data, connectionStatus: "success" },
    },
  });
}

export function projectNodes(token: string, projectId: number): Promise<CanvasNode[]> {
  return call(token, `/projects/${projectId}/nodes`);
}

export function projectEdges(token: string, projectId: number): Promise<CanvasEdge[]> {
  return call(token, `/projects/${projectId}/edges`);
}

/** The stored node with canvas id `id`, or undefined. */
export async function storedNode(token: string, projectId: number, id: string): Promise<CanvasNode | undefined> {
  return (await projectNodes(token, projectId)).find((n) => n.id === id);
}

/** Registers an iframe node's chat frame for a company: its public key and embed script. */
export function registerFrameVia(token: string, request: FrameRegisterRequest): Promise<FrameView> {
  return call(token, "/frames/register", { method: "POST", body: request });
}

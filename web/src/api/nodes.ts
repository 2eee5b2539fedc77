// Nodes of every persisted kind: create, read, update, delete, position,
// container; the plan's node usage and assistant-creation jobs.
import {
  kindInfo,
  type NodeKind,
  type NodePayload,
  type NodeUsage,
  type Position,
} from "@dastyar/rules";
import type {
  AsyncCreated,
  DeleteAnswer,
  JobView,
  NodeContainerRequest,
  NodePositionRequest,
  NodeView,
} from "./types";
import { ApiError, request } from "./client";

/** Where a kind's nodes live under `/api` (core's rule: assistants and analyzers under the playground). */
export function collectionPath(kind: NodeKind): string {
  const path = kindInfo(kind)?.apiPath;
  if (!path) throw new Error(`${kind} nodes are not stored on the server`);
  return path;
}

/** The body of a create call: where the node goes and its kind's payload. */
export type NewNode = {
  projectId: number;
  name: string;
  position: Position;
  containerId?: number | null;
  payload: NodePayload;
};

/** A create's answer: the node, or (assistants with `async`) the node and the job finishing it. */
export type Created = { node: NodeView; jobId?: number };

export async function createNode(kind: NodeKind, node: NewNode): Promise<Created> {
  const body = {
    ...node.payload,
    project_id: node.projectId,
    name: node.name,
    position_x: node.position.x,
    position_y: node.position.y,
    ...(node.containerId != null ? { container_id: node.containerId } : {}),
  };
  const answer = await request<NodeView | AsyncCreated>(collectionPath(kind), {
    method: "POST",
    body,
  });
  if ("job_id" in answer) return { node: answer.node, jobId: answer.job_id };
  return { node: answer };
}

export function listNodes(projectId: number, signal?: AbortSignal): Promise<NodeView[]> {
  return request(`/projects/${projectId}/nodes`, { signal });
}

export function getNode(kind: NodeKind, id: number, signal?: AbortSignal): Promise<NodeView> {
  return request(`${collectionPath(kind)}/${id}`, { signal });
}

/** Saves a node's name and payload fields (the keys sent replace the stored ones). */
export function updateNode(
  kind: NodeKind,
  id: number,
  fields: Partial<NodePayload> & { name?: string; label?: string },
): Promise<NodeView> {
  return request(`${collectionPath(kind)}/${id}`, { method: "PATCH", body: fields });
}

/** Deletes a node; one already gone (404) counts as deleted (spec §7). */
export async function deleteNode(kind: NodeKind, id: number): Promise<void> {
  try {
    await request<DeleteAnswer>(`${collectionPath(kind)}/${id}`, { method: "DELETE" });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** Saves where a node sits (relative to its container when inside one). */
export function saveNodePosition(kind: NodeKind, id: number, at: Position): Promise<NodeView> {
  const body: NodePositionRequest = { position_x: at.x, position_y: at.y };
  return request(`${collectionPath(kind)}/${id}/position`, { method: "PATCH", body });
}

/** Moves a node into a container (`containerId`) or out of one (`null`). */
export function setNodeContainer(
  kind: NodeKind,
  id: number,
  containerId: number | null,
  at: Position,
): Promise<NodeView> {
  const body: NodeContainerRequest = {
    container_id: containerId,
    position_x: at.x,
    position_y: at.y,
  };
  return request(`${collectionPath(kind)}/${id}/container`, { method: "PATCH", body });
}

export function getNodeUsage(): Promise<NodeUsage> {
  return request("/playground/assistants/node-usage");
}

export function getJob(id: number, signal?: AbortSignal): Promise<JobView> {
  return request(`/playground/assistants/jobs/${id}`, { signal });
}

export function retryJob(id: number): Promise<JobView> {
  return request(`/playground/assistants/jobs/${id}/retry`, { method: "POST" });
}

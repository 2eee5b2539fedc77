// Edges: list, create (the server checks the same rules), edge_data, delete.
import type { CanvasEdge, CreateEdgeRequest, EdgeDataRequest, EdgeDeleted } from "./types";
import { ApiError, request } from "./client";

export function listEdges(projectId: number, signal?: AbortSignal): Promise<CanvasEdge[]> {
  return request(`/projects/${projectId}/edges`, { signal });
}

export function createEdge(body: CreateEdgeRequest): Promise<CanvasEdge> {
  return request("/edges", { method: "POST", body });
}

export function updateEdgeData(id: number, edgeData: EdgeDataRequest["edge_data"]): Promise<CanvasEdge> {
  const body: EdgeDataRequest = { edge_data: edgeData };
  return request(`/edges/${id}`, { method: "PATCH", body });
}

/** Deletes an edge; one not in the database (404) counts as deleted (spec §8). */
export async function deleteEdge(id: number): Promise<void> {
  try {
    await request<EdgeDeleted>(`/edges/${id}`, { method: "DELETE" });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

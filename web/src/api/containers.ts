// Containers: create, delete (children stay where they are), rename, resize,
// move, add a node, read with status_info.
import type { CanvasNode, NodeKind, Position } from "@dastyar/rules";
import type {
  AddNodeRequest,
  ContainerDeleted,
  ContainerDimensionsRequest,
  ContainerNameRequest,
  ContainerPositionRequest,
  CreateContainerRequest,
} from "./types";
import { ApiError, request } from "./client";

export type NewContainer = {
  projectId: number;
  name: string;
  position: Position;
  width: number;
  height: number;
};

export function createContainer(container: NewContainer): Promise<CanvasNode> {
  const body: CreateContainerRequest = {
    project_id: container.projectId,
    name: container.name,
    position_x: container.position.x,
    position_y: container.position.y,
    width: container.width,
    height: container.height,
  };
  return request("/containers", { method: "POST", body });
}

/** Deletes a container only; answers its former children at their absolute positions. */
export async function deleteContainer(id: number): Promise<CanvasNode[]> {
  try {
    const answer = await request<ContainerDeleted>(`/containers/${id}`, { method: "DELETE" });
    return answer.children;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function getContainer(id: number, signal?: AbortSignal): Promise<CanvasNode> {
  return request(`/containers/${id}`, { signal });
}

export function renameContainer(id: number, name: string): Promise<CanvasNode> {
  const body: ContainerNameRequest = { name };
  return request(`/containers/${id}/name`, { method: "PATCH", body });
}

export function resizeContainer(id: number, width: number, height: number): Promise<CanvasNode> {
  const body: ContainerDimensionsRequest = { width, height };
  return request(`/containers/${id}/dimensions`, { method: "PATCH", body });
}

export function moveContainer(id: number, at: Position): Promise<CanvasNode> {
  const body: ContainerPositionRequest = { position_x: at.x, position_y: at.y };
  return request(`/containers/${id}/position`, { method: "PATCH", body });
}

export function addNodeToContainer(id: number, kind: NodeKind, nodeId: number): Promise<CanvasNode> {
  const body: AddNodeRequest = { node_type: kind, node_id: nodeId };
  return request(`/containers/${id}/add-node`, { method: "POST", body });
}

// Projects: list, create, read, rename, categorise, thumbnail, delete, export, import.
import type { Transfer } from "@dastyar/rules";
import type {
  ImportedProject,
  Project,
  ProjectCategoryRequest,
  ProjectNameRequest,
  ProjectThumbnailRequest,
} from "./types";
import { ApiError, request } from "./client";

/** My projects, newest first. */
export function listProjects(signal?: AbortSignal): Promise<Project[]> {
  return request("/projects", { signal });
}

export function getProject(id: number, signal?: AbortSignal): Promise<Project> {
  return request(`/projects/${id}`, { signal });
}

export function createProject(name: string): Promise<Project> {
  const body: ProjectNameRequest = { name };
  return request("/playground/projects", { method: "POST", body });
}

export function renameProject(id: number, name: string): Promise<Project> {
  const body: ProjectNameRequest = { name };
  return request(`/projects/${id}/rename`, { method: "PUT", body });
}

/** Sets the category; null or blank clears it. */
export function setProjectCategory(id: number, category: string | null): Promise<Project> {
  const body: ProjectCategoryRequest = { category };
  return request(`/projects/${id}/category`, { method: "PUT", body });
}

/** Stores a `data:image/png;base64,...` thumbnail. */
export function setProjectThumbnail(id: number, thumbnail: string): Promise<Project> {
  const body: ProjectThumbnailRequest = { thumbnail };
  return request(`/projects/${id}/thumbnail`, { method: "PUT", body });
}

/** Deletes a project; one that is already gone (404) counts as deleted. */
export async function deleteProject(id: number): Promise<void> {
  try {
    await request<void>(`/projects/${id}`, { method: "DELETE" });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}

/** One of my projects as a transfer file: its graph with every secret left out. */
export function exportProject(id: number): Promise<Transfer> {
  return request(`/projects/${id}/export`);
}

/** A transfer file (already read by `parseTransfer`) made into a new project of mine. */
export function importProject(file: Transfer): Promise<ImportedProject> {
  return request("/projects/import", { method: "POST", body: file });
}

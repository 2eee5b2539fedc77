// My projects as last loaded (null before the first load).
import type { Project } from "../api/types";
import { atom } from "jotai";

export const projectsAtom = atom<Project[] | null>(null);

/** Puts a created project first, or replaces a changed one where it is. */
export const upsertProjectAtom = atom(null, (get, set, project: Project) => {
  const list = get(projectsAtom) ?? [];
  const found = list.some((p) => p.id === project.id);
  set(
    projectsAtom,
    found ? list.map((p) => (p.id === project.id ? project : p)) : [project, ...list],
  );
});

export const removeProjectAtom = atom(null, (get, set, id: number) => {
  const list = get(projectsAtom);
  if (list) set(
    projectsAtom,
    list.filter((p) => p.id !== id),
  );
});

// The assistants a test frame may talk to: the project's saved assistants on
// the canvas, connected to it or not.
import { atom } from "jotai";
import { selectAtom } from "jotai/utils";
import { nodesAtom } from "../../../state/canvas";
import { databaseId, type FlowNode } from "../../model";

export type AssistantChoice = { id: string; label: string };

export function assistantChoices(nodes: readonly FlowNode[]): AssistantChoice[] {
  return nodes
    .filter((n) => n.type === "assistant" && databaseId(n.id) !== null)
    .map((n) => ({ id: n.id, label: n.data.label }));
}

export function sameChoices(a: readonly AssistantChoice[], b: readonly AssistantChoice[]): boolean {
  return a.length === b.length && a.every((c, i) => c.id === b[i]!.id && c.label === b[i]!.label);
}

/** The choices, changing only when an assistant comes, goes or is renamed. */
export const assistantChoicesAtom = selectAtom(nodesAtom, assistantChoices, sameChoices);

/** The label of the assistant with canvas id `id`: null when there is none on the canvas. */
export function assistantLabelAtom(id: string | undefined) {
  return atom((get) => {
    if (!id) return null;
    const node = get(nodesAtom).find((n) => n.id === id && n.type === "assistant");
    return node ? node.data.label : null;
  });
}

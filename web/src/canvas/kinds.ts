// What the canvas knows about each kind, read once from the rules package:
// the kind table (with which handles a node shows) and a new node's data.
import {
  defaultNodeData,
  kinds,
  type KindInfo,
  type NodeData,
  type NodeKind,
} from "@dastyar/rules";

export const KINDS: readonly KindInfo[] = kinds();
const BY_KIND = new Map(KINDS.map((k) => [k.kind, k]));

export function kindInfoOf(kind: NodeKind): KindInfo {
  const info = BY_KIND.get(kind);
  if (!info) throw new Error(`unknown kind ${kind}`);
  return info;
}

/** A function's tool name (what the model calls) starts valid; its display name is the kind's Persian label. */
export const NEW_FUNCTION_NAME = "new_function";

/** A new node's kind and data: the spec's defaults, with a function's tool name valid. */
export function newNodeData(kind: NodeKind): NodeData {
  const fresh = defaultNodeData(kind);
  if (fresh.type === "function") fresh.data.functionName = NEW_FUNCTION_NAME;
  return fresh;
}

/**
 * The `name` a node's create or update sends. A function's is its tool name
 * (the same key as its payload's `name`); its display name goes beside it
 * as `label` (displayLabel), so the server keeps the two apart.
 */
export function storedName(data: NodeData): string {
  if (data.type === "function") return data.data.functionName.trim() || data.data.label;
  return data.data.label;
}

/** A function's display name, sent beside its tool name; nothing for the other kinds (their `name` is their label). */
export function displayLabel(data: NodeData): { label?: string } {
  return data.type === "function" && data.data.label.trim() ? { label: data.data.label } : {};
}

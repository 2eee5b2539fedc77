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

/** A function's name is the tool name the model calls, so it starts as a valid one. */
export const NEW_FUNCTION_NAME = "new_function";

/** A new node's kind and data: the spec's defaults, with a function named validly. */
export function newNodeData(kind: NodeKind): NodeData {
  const fresh = defaultNodeData(kind);
  if (fresh.type === "function") {
    fresh.data.label = NEW_FUNCTION_NAME;
    fresh.data.functionName = NEW_FUNCTION_NAME;
  }
  return fresh;
}

/**
 * The name the server stores for a node. A function's stored name is its
 * tool name (the same key as its payload's `name`), so its label follows it.
 */
export function storedName(data: NodeData): string {
  if (data.type === "function") return data.data.functionName.trim() || data.data.label;
  return data.data.label;
}

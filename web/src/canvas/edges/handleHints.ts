// What a card's handles say on hover: which kinds may connect into it and
// which it may connect to, read from core's connection table once per kind.
import { allowedSources, allowedTargets, type NodeKind } from "@dastyar/rules";
import { fa } from "../../i18n/fa";
import { kindInfoOf } from "../kinds";

export type HandleHints = { input: string; output: string };

const labels = (kinds: readonly NodeKind[]) => kinds.map((k) => kindInfoOf(k).label);
const hints = new Map<NodeKind, HandleHints>();

export function handleHints(kind: NodeKind): HandleHints {
  let known = hints.get(kind);
  if (!known) {
    known = {
      input: fa.palette.handles.input(labels(allowedSources(kind))),
      output: fa.palette.handles.output(labels(allowedTargets(kind))),
    };
    hints.set(kind, known);
  }
  return known;
}

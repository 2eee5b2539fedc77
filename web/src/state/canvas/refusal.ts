// A refused connection says why (the rules' message) and what the source
// may connect to instead, from core's connection table.
import { allowedTargets, type NodeKind } from "@dastyar/rules";
import { kindInfoOf } from "../../canvas/kinds";
import { kindOfId } from "../../canvas/model";
import { fa } from "../../i18n/fa";

/** The rules' `reason` for refusing an edge from `source` to `target`, with what is allowed instead. */
export function refusalText(reason: string, source: string, target: string): string {
  const from = kindOfId(source);
  const to = kindOfId(target);
  if (!from) return reason;
  const allowed = allowedTargets(from);
  const label = kindInfoOf(from).label;
  if (allowed.length === 0) return `${reason} ${fa.canvas.refusal.noOutputs(label)}`;
  // Allowed kinds, but this pair is refused for another reason (one vector store per assistant...): say only why.
  if (to && allowed.includes(to)) return reason;
  const names = allowed.map((k: NodeKind) => kindInfoOf(k).label);
  return `${reason} ${fa.canvas.refusal.allowed(label, names)}`;
}

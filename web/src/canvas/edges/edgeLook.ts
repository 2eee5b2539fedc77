// How an edge is drawn: a colour per edge kind (core's EdgeKind, asked of the
// rules for edges saved before kinds were recorded) with a closed arrowhead
// at its target, dashed while pending, red when it failed. Looks are built
// once per kind and each edge is dressed once: an unchanged edge keeps its
// dressed object, so React Flow redraws only what changed.
import { edgeKind, type EdgeKind } from "@dastyar/rules";
import { MarkerType, type EdgeMarker } from "@xyflow/react";
import type { CSSProperties } from "react";
import { fa } from "../../i18n/fa";
import { kindOfId, type FlowEdge } from "../model";

/** Readable on the dark canvas, and apart from one another. */
export const EDGE_COLOURS: Record<EdgeKind, string> = {
  vector_store: "#34d399",
  knowledge: "#2dd4bf",
  store_source: "#a3e635",
  instruction: "#e2e8f0",
  function: "#fbbf24",
  telegram: "#38bdf8",
  iframe: "#818cf8",
  webhook: "#f472b6",
  api_link: "#fb7185",
  schedule: "#fde047",
  trigger: "#fb923c",
  sms: "#c084fc",
  wordpress: "#93c5fd",
  analyzer: "#a78bfa",
};

/** An edge whose kind cannot be told (never allowed by the table). */
const UNKNOWN_COLOUR = "#94a3b8";
/** The theme's --danger and --text-muted, which SVG markers cannot read from CSS. */
const ERROR_COLOUR = "#f87171";
const PENDING_COLOUR = "#9ca3af";
const WIDTH = 2;

type Look = { style: CSSProperties; markerEnd: EdgeMarker };

function look(colour: string, stroked: boolean): Look {
  return {
    // A pending or failed edge's stroke comes from its class (Workspace.module.css).
    style: stroked ? { stroke: colour, strokeWidth: WIDTH } : { strokeWidth: WIDTH },
    markerEnd: { type: MarkerType.ArrowClosed, color: colour, width: 18, height: 18 },
  };
}

const LOOKS = new Map<EdgeKind | null, Look>(
  [...(Object.entries(EDGE_COLOURS) as [EdgeKind, string][]), [null, UNKNOWN_COLOUR] as const].map(([kind, colour]) => [
    kind,
    look(colour, true),
  ]),
);
const PENDING = look(PENDING_COLOUR, false);
const FAILED = look(ERROR_COLOUR, false);

/** The kind of an edge: as recorded in its data, else by the rules from its ends' kinds. */
export function edgeKindOf(edge: FlowEdge): EdgeKind | null {
  if (edge.data?.edgeKind) return edge.data.edgeKind;
  const source = kindOfId(edge.source);
  const target = kindOfId(edge.target);
  return source && target ? edgeKind(source, target) : null;
}

/** Status classes (Workspace.module.css) by connection status. */
export type StatusClasses = { pending?: string; error?: string };

const dressed = new WeakMap<FlowEdge, FlowEdge>();

/** `edge` with its kind's colour and arrowhead (the same object for the same edge). */
export function dressEdge(edge: FlowEdge, classes: StatusClasses): FlowEdge {
  const known = dressed.get(edge);
  if (known) return known;
  const kind = edgeKindOf(edge);
  const status = edge.data?.connectionStatus ?? "success";
  const base = { ...edge, ariaLabel: kind ? fa.palette.edgeKinds[kind] : undefined };
  const result: FlowEdge =
    status === "pending"
      ? { ...base, ...PENDING, animated: true, className: classes.pending }
      : status === "error"
        ? { ...base, ...FAILED, className: classes.error }
        : { ...base, ...LOOKS.get(kind)! };
  dressed.set(edge, result);
  return result;
}

// Drawing an edge (spec §5, §8): the rules are asked first, so a forbidden
// edge never reaches the server; an allowed one shows pending, then success,
// or error (trigger and SMS edges are taken off instead).
import {
  RulesGraph,
  constants,
  edgeFailure,
  edgeId,
  message,
  newEdgeData,
  type ConnectionCheck,
  type NodeKind,
} from "@dastyar/rules";
import { atom } from "jotai";
import { createEdge } from "../../api/edges";
import { databaseId, graphOf, kindOfId, toFlowEdge, type FlowEdge, type FlowNode } from "../../canvas/model";
import { fa } from "../../i18n/fa";
import { notifyAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { recordAtom, type Recording } from "./history";
import { refreshNodesAtom } from "./refresh";
import { refusalText } from "./refusal";

const { telegramNoticeDelayMs, telegramNoticeDurationMs } = constants().timings;

export type Proposal = { source: string; target: string };

/**
 * The rules' copy of the canvas, read once per change of the nodes or edges:
 * a connection drag checks at every pointer move, and reading a large graph
 * into the rules each time costs more than a frame.
 */
let rulesGraph: { nodes: FlowNode[]; edges: FlowEdge[]; graph: RulesGraph } | null = null;

function rulesGraphOf(nodes: FlowNode[], edges: FlowEdge[]): RulesGraph {
  if (rulesGraph?.nodes !== nodes || rulesGraph.edges !== edges) {
    rulesGraph?.graph.free();
    rulesGraph = { nodes, edges, graph: new RulesGraph(graphOf(nodes, edges)) };
  }
  return rulesGraph.graph;
}

/** The rules' answer for an edge from `source` to `target` on the current canvas. */
export const checkProposalAtom = atom(null, (get, _set, proposal: Proposal): ConnectionCheck =>
  rulesGraphOf(get(nodesAtom), get(edgesAtom)).check(proposal),
);

/** Connects two nodes; answers the saved edge's id, or null when refused or failed. */
export const connectAtom = atom(
  null,
  async (get, set, proposal: Proposal, { record = true }: Recording = {}): Promise<string | null> => {
  const projectId = get(projectIdAtom);
  const check = set(checkProposalAtom, proposal);
  if (!check.ok) {
    set(notifyAtom, { kind: "error", text: refusalText(check.message, proposal.source, proposal.target) });
    return null;
  }
  const sourceKind = kindOfId(proposal.source) as NodeKind;
  const targetKind = kindOfId(proposal.target) as NodeKind;
  const sourceId = databaseId(proposal.source);
  const targetId = databaseId(proposal.target);
  const data = newEdgeData(check.edgeKind, proposal.source, proposal.target);
  if (projectId === null || sourceId === null || targetId === null || !data) {
    // An end still being created has no database id to connect.
    set(notifyAtom, { kind: "error", text: message("connection_incomplete", {}) });
    return null;
  }

  const pending: FlowEdge = {
    id: edgeId(sourceKind, sourceId, targetKind, targetId, Date.now()),
    source: proposal.source,
    target: proposal.target,
    data: { ...data, connectionStatus: "pending" },
  };
  set(edgesAtom, [...get(edgesAtom), pending]);
  try {
    const saved = await createEdge({
      project_id: projectId,
      source_type: sourceKind,
      source_id: sourceId,
      target_type: targetKind,
      target_id: targetId,
      edge_data: { ...data, connectionStatus: "success" },
    });
    if (get(projectIdAtom) !== projectId) return null;
    set(edgesAtom, get(edgesAtom).map((e) => (e.id === pending.id ? toFlowEdge(saved) : e)));
    void set(refreshNodesAtom, [proposal.source, proposal.target]);
    if (record) {
      const op = { do: "disconnect" as const, source: proposal.source, target: proposal.target };
      set(recordAtom, { label: fa.editing.steps.connect, ops: [op] }, projectId);
    }
    if (check.flags.isTelegramConnection) {
      setTimeout(
        () =>
          set(notifyAtom, {
            kind: "success",
            text: message("telegram_ownership_notice", {}),
            durationMs: telegramNoticeDurationMs,
          }),
        telegramNoticeDelayMs,
      );
    }
    return saved.id;
  } catch (error) {
    if (get(projectIdAtom) !== projectId) return null;
    const edges = get(edgesAtom);
    set(
      edgesAtom,
      edgeFailure(sourceKind, targetKind) === "remove"
        ? edges.filter((e) => e.id !== pending.id)
        : edges.map((e) =>
            e.id === pending.id ? { ...e, data: { ...e.data!, connectionStatus: "error" as const } } : e,
          ),
    );
    const text = error instanceof Error && error.message ? error.message : message("connection_failed", {});
    set(notifyAtom, { kind: "error", text });
    return null;
  }
  },
);

// Drawing an edge (spec §5, §8): the rules are asked first, so a forbidden
// edge never reaches the server; an allowed one shows pending, then success,
// or error (trigger and SMS edges are taken off instead).
import {
  checkConnectionAround,
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
import { databaseId, kindOfId, toFlowEdge, type FlowEdge, type FlowNode } from "../../canvas/model";
import { fa } from "../../i18n/fa";
import { notifyAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { recordAtom, type Recording } from "./history";
import { loadUrlRules, urlRulesNow } from "../../canvas/urlRules";
import { neighbourhoodOf, type Proposal } from "./neighbourhood";
import { refreshNodesAtom } from "./refresh";
import { refusalText } from "./refusal";
import { siteUrlValidity } from "./siteUrls";

const { telegramNoticeDelayMs, telegramNoticeDurationMs } = constants().timings;

export type { Proposal };

/**
 * The last answer, kept while the nodes and edges are the same: a connection
 * drag asks at every pointer move over a handle, mostly the same question.
 */
let last: {
  nodes: FlowNode[];
  edges: FlowEdge[];
  proposal: Proposal;
  /** Whether the URL rules were here: before, a WordPress target's address was unknown. */
  urls: boolean;
  check: ConnectionCheck;
} | null = null;

/**
 * The rules' answer for an edge from `source` to `target` on the current
 * canvas, from only the ends' neighbourhood: reading the whole graph into the
 * rules after every change cost most of a frame on a large canvas.
 */
export const checkProposalAtom = atom(null, (get, _set, proposal: Proposal): ConnectionCheck => {
  const nodes = get(nodesAtom);
  const edges = get(edgesAtom);
  const urls = urlRulesNow() !== null;
  if (
    last?.nodes === nodes &&
    last.edges === edges &&
    last.urls === urls &&
    last.proposal.source === proposal.source &&
    last.proposal.target === proposal.target
  ) {
    return last.check;
  }
  const around = neighbourhoodOf(nodes, edges, proposal);
  const target = around.ends.find((n) => n.id === proposal.target) as FlowNode | undefined;
  const check = checkConnectionAround(around, proposal, siteUrlValidity(target));
  last = { nodes, edges, proposal: { ...proposal }, urls, check };
  return check;
});

/** Connects two nodes; answers the saved edge's id, or null when refused or failed. */
export const connectAtom = atom(
  null,
  async (get, set, proposal: Proposal, { record = true }: Recording = {}): Promise<string | null> => {
  // A WordPress target's address is read by the URL rules: the check waits for them.
  if (kindOfId(proposal.target) === "wordpress" && !urlRulesNow()) await loadUrlRules();
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

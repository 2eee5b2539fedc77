// Grouping selected nodes into a new container (spec §4): the container's
// box is the nodes' grouping box (250x150 per node, 50 px padding); it shows
// at once as pending and is removed again if the server refuses it.
import {
  constants,
  groupingBox,
  message,
  relativePosition,
  temporaryId,
  type NodeKind,
} from "@dastyar/rules";
import { atom } from "jotai";
import { setNodeContainer } from "../../api/nodes";
import { kindInfoOf, newNodeData } from "../../canvas/kinds";
import { databaseId, savedRef } from "../../canvas/model";
import { fa } from "../../i18n/fa";
import { notifyAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { absoluteOf } from "./containerGeometry";
import { createOnServerAtom, pendingNode } from "./create";
import { findNode, mapNode, withoutNode } from "./graph";
import { recordAtom, type Recording } from "./history";
import { placementOf } from "./move";

const { defaultContainerWidth, defaultContainerHeight } = constants();

/** Whether node `id` may be grouped: saved, top level, of a kind that goes into containers. */
function groupable(kind: NodeKind, parentId: string | undefined, saved: boolean): boolean {
  return saved && !parentId && kindInfoOf(kind).movableIntoContainer;
}

/** Groups nodes `ids` into a new container; answers its canvas id, or null. */
export const groupNodesAtom = atom(
  null,
  async (get, set, ids: string[], { record = true }: Recording = {}): Promise<string | null> => {
  const projectId = get(projectIdAtom);
  const nodes = get(nodesAtom);
  const members = ids
    .map((id) => findNode(nodes, id))
    .filter((n) => n !== undefined)
    .filter((n) => groupable(n.type as NodeKind, n.parentId, savedRef(n) !== null));
  // A selected kind that never goes into containers says why (an analyzer: connect it instead).
  const refused = ids
    .map((id) => findNode(nodes, id))
    .map((n) => n && kindInfoOf(n.type as NodeKind))
    .find((info) => info?.containerRefusal != null);
  if (refused?.containerRefusal) {
    set(notifyAtom, { kind: "error", text: message(refused.containerRefusal, { type: refused.label }) });
  }
  const box = groupingBox(members.map((n) => absoluteOf(nodes, n)));
  if (!box || members.length === 0) return null;

  const fresh = newNodeData("container");
  if (fresh.type === "container") {
    fresh.data.width = box.width || defaultContainerWidth;
    fresh.data.height = box.height || defaultContainerHeight;
  }
  const provisional = temporaryId("container", Date.now());
  set(nodesAtom, [pendingNode(provisional, fresh, { x: box.x, y: box.y }), ...get(nodesAtom)]);
  const containerId = await set(createOnServerAtom, provisional, "group_create_failed");
  if (!containerId) {
    // A failed group leaves no container behind (createOnServer said why).
    set(nodesAtom, withoutNode(get(nodesAtom), get(edgesAtom), provisional).nodes);
    return null;
  }

  const origin = { x: box.x, y: box.y };
  await Promise.all(
    members.map(async (member) => {
      const ref = savedRef(member)!;
      const before = findNode(get(nodesAtom), member.id);
      if (!before) return;
      const at = relativePosition(origin, absoluteOf(get(nodesAtom), before));
      set(nodesAtom, mapNode(get(nodesAtom), member.id, (n) => ({ ...n, position: at, parentId: containerId, selected: false })));
      try {
        await setNodeContainer(ref.kind, ref.id, databaseId(containerId), at);
      } catch {
        set(nodesAtom, mapNode(get(nodesAtom), member.id, () => before));
        set(notifyAtom, { kind: "error", text: message("node_add_to_container_failed", {}) });
      }
    }),
  );
  set(notifyAtom, { kind: "success", text: message("container_created", {}) });
  if (record) {
    // Undone by taking back out the members that went in, then removing the container.
    const inside = members.filter((m) => findNode(get(nodesAtom), m.id)?.parentId === containerId);
    const op = {
      do: "ungroup" as const,
      container: containerId,
      members: inside.map((m) => ({ id: m.id, to: placementOf(m) })),
    };
    set(recordAtom, { label: fa.editing.steps.group, ops: [op] }, projectId);
  }
  return containerId;
  },
);

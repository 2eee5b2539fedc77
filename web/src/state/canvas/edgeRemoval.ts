// How an edge is removed on the server, by its connection kind (spec §4:
// "edge deletion dispatches by connection kind"). One table; an edge never
// stored (pending or refused) has nothing to remove. The spec's "specific
// removal" for doc/sheet → vector store and filedb/vector store → assistant
// is the plain edge delete here: this server undoes each link's stored
// effect (the assistant's vector store, the store's sources) with the edge.
import type { EdgeKind } from "@dastyar/rules";
import { disconnectSms, disconnectTrigger } from "../../api/disconnect";
import { deleteEdge } from "../../api/edges";
import { databaseId, type FlowEdge } from "../../canvas/model";

export type Removal =
  | { via: "local" }
  | { via: "edge"; edgeDbId: number }
  | { via: "trigger"; triggerId: number }
  | { via: "sms"; smsId: number };

/** Removals other than the plain edge delete, by edge kind. */
const DEDICATED: Partial<Record<EdgeKind, (edge: FlowEdge) => Removal | null>> = {
  trigger: (edge) => {
    const triggerId = databaseId(edge.source);
    return triggerId === null ? null : { via: "trigger", triggerId };
  },
  sms: (edge) => {
    const smsId = databaseId(edge.target);
    return smsId === null ? null : { via: "sms", smsId };
  },
};

/** How `edge` leaves the server. */
export function removalOf(edge: FlowEdge): Removal {
  const edgeDbId = edge.data?.edgeDbId;
  if (edgeDbId == null || edge.data?.connectionStatus !== "success") return { via: "local" };
  const kind = edge.data?.edgeKind;
  const dedicated = kind ? DEDICATED[kind]?.(edge) : null;
  return dedicated ?? { via: "edge", edgeDbId };
}

export async function removeOnServer(removal: Removal): Promise<void> {
  switch (removal.via) {
    case "local":
      return;
    case "edge":
      return deleteEdge(removal.edgeDbId);
    case "trigger":
      return disconnectTrigger(removal.triggerId);
    case "sms":
      return disconnectSms(removal.smsId);
  }
}

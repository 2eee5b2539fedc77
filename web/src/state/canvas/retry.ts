// Retrying a failed node (spec §4): pending again, then, as the rules'
// retryAction says, created anew or its settings re-sent. A saved assistant
// whose creation job failed retries that job. Test frames are not retried.
import { retryAction, type NodeKind } from "@dastyar/rules";
import { atom } from "jotai";
import { retryJob } from "../../api/nodes";
import { savedRef } from "../../canvas/model";
import { notifyAtom } from "../notifications";
import { nodesAtom } from "./atoms";
import { createOnServerAtom } from "./create";
import { failureText } from "./failures";
import { findNode, patchData } from "./graph";
import { failedJobsAtom, pollJobAtom } from "./jobs";
import { resendNodeAtom } from "./save";

export const retryNodeAtom = atom(null, async (get, set, id: string): Promise<boolean> => {
  const node = findNode(get(nodesAtom), id);
  if (!node) return false;
  const kind = node.type as NodeKind;
  const action = retryAction(kind, id, node.data.creationStatus);
  if (action === "not_retryable") return false;
  if (action === "resend_update") return set(resendNodeAtom, id);

  set(nodesAtom, patchData(get(nodesAtom), id, { creationStatus: "pending" }));
  if (!savedRef(node)) return (await set(createOnServerAtom, id)) !== null;
  const jobId = get(failedJobsAtom).get(id);
  if (jobId !== undefined) {
    try {
      await retryJob(jobId);
    } catch (error) {
      set(nodesAtom, patchData(get(nodesAtom), id, { creationStatus: "error" }));
      set(notifyAtom, { kind: "error", text: failureText("node_add_failed", kind, error) });
      return false;
    }
    return set(pollJobAtom, id, jobId);
  }
  // Stored, but in error after a failed update: the record is still there,
  // so making it whole again means writing all of its settings.
  return set(resendNodeAtom, id);
});

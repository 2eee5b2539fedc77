// What the canvas does when a plan limit refuses an add (spec §8): the
// message, then /subscription after 3 s for assistants, or an upgrade link
// after 0.5 s for vector stores.
import { checkNodeLimit, message, type LimitError, type NodeKind } from "@dastyar/rules";
import { atom } from "jotai";
import { getNodeUsage } from "../../api/nodes";
import { navigate } from "../../router/history";
import { paths } from "../../router/paths";
import { notifyAtom } from "../notifications";

/** Shows a limit refusal and schedules what follows it. */
export const showLimitAtom = atom(null, (_get, set, limit: LimitError) => {
  set(notifyAtom, { kind: "error", text: limit.message });
  if (limit.redirectAfterMs != null) {
    setTimeout(() => navigate(paths.subscription), limit.redirectAfterMs);
  }
  if (limit.upgradeLinkAfterMs != null) {
    setTimeout(() => {
      const text = message("upgrade_plan_link", {});
      set(notifyAtom, { kind: "error", text: "", link: { href: paths.subscription, text } });
    }, limit.upgradeLinkAfterMs);
  }
});

/**
 * Whether one more `kind` node fits the plan, asking the server for usage.
 * A refusal or a failed check has been shown when this answers false.
 */
export const checkLimitAtom = atom(null, async (_get, set, kind: NodeKind): Promise<boolean> => {
  let limit: LimitError | null;
  try {
    limit = checkNodeLimit(kind, await getNodeUsage());
  } catch {
    set(notifyAtom, { kind: "error", text: message("usage_check_failed", {}) });
    return false;
  }
  if (limit) {
    set(showLimitAtom, limit);
    return false;
  }
  return true;
});

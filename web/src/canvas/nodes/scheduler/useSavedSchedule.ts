// A scheduler's or trigger's data as the canvas holds it (what the server
// saved and the engine keeps), not the panel's draft: the switch, the next
// run and the run count are read from here.
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo } from "react";
import { nodesAtom } from "../../../state/canvas";
import { findNode } from "../../../state/canvas/graph";
import type { ScheduleData } from "./schedule";

/** A trigger's data adds when it last ran on its schedule. */
export type SavedSchedule = ScheduleData & { lastRunTime?: string };

export function useSavedSchedule(nodeId: string): SavedSchedule | undefined {
  const savedAtom = useMemo(
    () => selectAtom(nodesAtom, (nodes) => findNode(nodes, nodeId)?.data as SavedSchedule | undefined),
    [nodeId],
  );
  return useAtomValue(savedAtom);
}

// A card's status: job progress while an assistant is being created,
// otherwise its readiness (ready only when nothing stands in the way).
// data-status keeps the creation status, data-readiness the state shown.
import type { NodeKind } from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo } from "react";
import { fa } from "../../i18n/fa";
import { jobProgressAtom } from "../../state/canvas";
import type { AnyNodeData } from "../model";
import styles from "./NodeShell.module.css";
import { useReadiness } from "./useReadiness";

export function StatusBadge({ id, kind, data }: { id: string; kind: NodeKind; data: AnyNodeData }) {
  // Subscribes to this node's progress only, not to every job's.
  const progressAtom = useMemo(() => selectAtom(jobProgressAtom, (m) => m.get(id)), [id]);
  const progress = useAtomValue(progressAtom);
  const readiness = useReadiness(id, kind, data);
  return (
    <span
      className={styles.status}
      data-testid="node-status"
      data-status={data.creationStatus}
      data-readiness={readiness.state}
      role="status"
    >
      {progress !== undefined ? fa.canvas.progress(progress) : fa.canvas.readiness[readiness.state]}
    </span>
  );
}

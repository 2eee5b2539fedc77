// Above the flow: undo and redo, add a container at the middle of the view,
// group the selected nodes into a new one, save the project's thumbnail.
import type { Position } from "@dastyar/rules";
import { useReactFlow } from "@xyflow/react";
import { useAtomValue, useSetAtom } from "jotai";
import { selectAtom } from "jotai/utils";
import { useState, type RefObject } from "react";
import { setProjectThumbnail } from "../api/projects";
import { fa } from "../i18n/fa";
import { addNodeAtom, groupNodesAtom, nodesAtom } from "../state/canvas";
import { notifyAtom } from "../state/notifications";
import { batchAtom } from "../state/canvas/history";
import { HistoryButtons } from "./HistoryButtons";
import type { FlowEdge, FlowNode } from "./model";
import { FIT_VIEW } from "./layout/fitView";
import { makeRoomAtom } from "../state/canvas/makeRoom";
import { tidyUpAtom } from "../state/canvas/tidyUp";
import { captureThumbnail } from "./thumbnail";
import styles from "./Toolbar.module.css";

const selectedIdsAtom = selectAtom(
  nodesAtom,
  (nodes) => nodes.filter((n) => n.selected).map((n) => n.id),
  (a, b) => a.length === b.length && a.every((id, i) => id === b[i]),
);

type Props = { projectId: number; centre: () => Position | undefined; paneRef: RefObject<HTMLDivElement | null> };

export function Toolbar({ projectId, centre, paneRef }: Props) {
  const selected = useAtomValue(selectedIdsAtom);
  const addNode = useSetAtom(addNodeAtom);
  const group = useSetAtom(groupNodesAtom);
  const tidyUp = useSetAtom(tidyUpAtom);
  // Several actions, one step of the history.
  const batch = useSetAtom(batchAtom);
  const makeRoom = useSetAtom(makeRoomAtom);
  const notify = useSetAtom(notifyAtom);
  const flow = useReactFlow<FlowNode, FlowEdge>();
  const [capturing, setCapturing] = useState(false);

  const saveThumbnail = async () => {
    const viewport = paneRef.current?.querySelector<HTMLElement>(".react-flow__viewport");
    if (!viewport) return;
    setCapturing(true);
    try {
      const png = await captureThumbnail(viewport, flow.getNodes());
      await setProjectThumbnail(projectId, png);
      notify({ kind: "success", text: fa.canvas.thumbnailSaved });
    } catch {
      notify({ kind: "error", text: fa.canvas.thumbnailFailed });
    } finally {
      setCapturing(false);
    }
  };

  return (
    <div className={styles.toolbar} role="toolbar" aria-label={fa.canvas.toolbar}>
      <HistoryButtons />
      <button type="button" className="button button-quiet" onClick={() => void addNode({ kind: "container", position: centre() })}>
        {fa.canvas.addContainer}
      </button>
      <button type="button" className="button button-quiet" disabled={selected.length === 0} onClick={() => void batch(fa.editing.steps.group, () => group(selected).then((id) => (id ? makeRoom(id) : 0)))}>
        {fa.canvas.group}
      </button>
      <button
        type="button"
        className="button button-quiet"
        title={selected.length > 0 ? fa.canvas.tidyUpSelection : fa.canvas.tidyUpAll}
        onClick={() => void batch(fa.canvas.tidyUp, () => tidyUp()).then(() => flow.fitView(FIT_VIEW))}
      >
        {fa.canvas.tidyUp}
      </button>
      <button type="button" className="button button-quiet" disabled={capturing} onClick={() => void saveThumbnail()}>
        {fa.canvas.saveThumbnail}
      </button>
    </div>
  );
}

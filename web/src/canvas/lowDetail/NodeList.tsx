// The nodes of the low-detail layer for the keyboard and screen readers:
// the DOM view's cards are focusable and named, and so is each entry here
// (its kind and name, whether it is selected). Tab reaches them; Enter or
// Space selects the node and opens its settings, as a click on it does;
// the arrows then move it and Delete deletes it (useShortcuts and React
// Flow act on the selection). A focused node off screen is brought into
// view, and the layer rings it.
import { useReactFlow, useStoreApi } from "@xyflow/react";
import { useAtomValue, useSetAtom, useStore } from "jotai";
import { memo, useCallback } from "react";
import { fa } from "../../i18n/fa";
import { nodesAtom, selectedNodeIdAtom } from "../../state/canvas";
import { labelledNode } from "../ariaLabels";
import type { FlowEdge, FlowNode } from "../model";
import { absoluteBox } from "./detailLevel";
import styles from "./LowDetail.module.css";

type Props = { onFocusNode: (id: string | null) => void };

export function NodeList({ onFocusNode }: Props) {
  const nodes = useAtomValue(nodesAtom);
  const store = useStore();
  const flowStore = useStoreApi<FlowNode, FlowEdge>();
  const flow = useReactFlow<FlowNode, FlowEdge>();
  const select = useSetAtom(selectedNodeIdAtom);

  const choose = useCallback(
    (id: string) => {
      const node = store.get(nodesAtom).find((n) => n.id === id);
      if (!node) return;
      const state = flowStore.getState();
      if (!node.selected) state.addSelectedNodes([id]);
      else if (state.multiSelectionActive) state.unselectNodesAndEdges({ nodes: [node], edges: [] });
      select(id);
    },
    [store, flowStore, select],
  );

  const reveal = useCallback(
    (id: string) => {
      onFocusNode(id);
      const all = store.get(nodesAtom);
      const node = all.find((n) => n.id === id);
      if (!node) return;
      const box = absoluteBox(node, new Map(all.map((n) => [n.id, n])));
      const { transform, width, height } = flowStore.getState();
      const [x, y, zoom] = transform;
      const left = box.x * zoom + x;
      const top = box.y * zoom + y;
      const onScreen = left >= 0 && top >= 0 && left + box.width * zoom <= width && top + box.height * zoom <= height;
      if (!onScreen) void flow.setCenter(box.x + box.width / 2, box.y + box.height / 2, { zoom });
    },
    [store, flowStore, flow, onFocusNode],
  );

  return (
    <ul className={styles.list} aria-label={fa.canvas.lowDetailList} data-testid="low-detail-list">
      {nodes.map((node) => (
        <Entry key={node.id} node={node} onChoose={choose} onFocusNode={reveal} onBlur={onFocusNode} />
      ))}
    </ul>
  );
}

const Entry = memo(function Entry({
  node,
  onChoose,
  onFocusNode,
  onBlur,
}: {
  node: FlowNode;
  onChoose: (id: string) => void;
  onFocusNode: (id: string) => void;
  onBlur: (id: string | null) => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={styles.entry}
        aria-pressed={node.selected ?? false}
        data-id={node.id}
        onClick={() => onChoose(node.id)}
        onFocus={() => onFocusNode(node.id)}
        onBlur={() => onBlur(null)}
      >
        {labelledNode(node).ariaLabel}
      </button>
    </li>
  );
});

// A container on the canvas: a resizable box that holds its children (they
// are React Flow child nodes), with its name and status on top. Frames and
// bots inside it are what an analyzer connects to through it.
import { NodeResizer, type NodeProps, type ResizeParams } from "@xyflow/react";
import { useSetAtom, useStore } from "jotai";
import { memo, useCallback } from "react";
import { finishDragAtom, nodesAtom, saveNodeAtom } from "../../../state/canvas";
import type { FlowNodeOf } from "../../model";
import { NodeShell } from "../NodeShell";
import styles from "./ContainerNode.module.css";

/** Smaller than this and a container cannot hold one node card. */
const MIN_WIDTH = 280;
const MIN_HEIGHT = 180;

export const ContainerNode = memo(function ContainerNode({ id, data, selected }: NodeProps<FlowNodeOf<"container">>) {
  const store = useStore();
  const save = useSetAtom(saveNodeAtom);
  const finishDrag = useSetAtom(finishDragAtom);

  // Saved once, when the resize ends: the size, and the position when the
  // top or left edge moved.
  const onResizeEnd = useCallback(
    (_event: unknown, size: ResizeParams) => {
      const node = store.get(nodesAtom).find((n) => n.id === id);
      if (!node) return;
      void save(id, { ...node.data, width: Math.round(size.width), height: Math.round(size.height) });
      void finishDrag([id], new Map());
    },
    [store, id, save, finishDrag],
  );

  return (
    <div className={styles.box} data-selected={selected ? "true" : undefined}>
      <NodeResizer isVisible={!!selected} minWidth={MIN_WIDTH} minHeight={MIN_HEIGHT} onResizeEnd={onResizeEnd} />
      <div className={styles.head}>
        <NodeShell id={id} kind="container" data={data} selected={selected} />
      </div>
    </div>
  );
});

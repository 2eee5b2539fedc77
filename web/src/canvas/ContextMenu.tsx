// The right-click menu of a node or an edge.
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { fa } from "../i18n/fa";
import {
  nodesAtom,
  requestDeleteNodesAtom,
  retryNodeAtom,
  selectedNodeIdAtom,
  takeOutOfContainerAtom,
} from "../state/canvas";
import styles from "./ContextMenu.module.css";

export type MenuTarget = { kind: "node" | "edge"; id: string; x: number; y: number };

type Props = { target: MenuTarget; onClose: () => void; onDeleteEdge: (id: string) => void };

export function ContextMenu({ target, onClose, onDeleteEdge }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const nodes = useAtomValue(nodesAtom);
  const select = useSetAtom(selectedNodeIdAtom);
  const retry = useSetAtom(retryNodeAtom);
  const remove = useSetAtom(requestDeleteNodesAtom);
  const takeOut = useSetAtom(takeOutOfContainerAtom);
  const node = target.kind === "node" ? nodes.find((n) => n.id === target.id) : undefined;

  useEffect(() => {
    ref.current?.querySelector("button")?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  const act = (action: () => unknown) => () => {
    onClose();
    void action();
  };

  return (
    <div
      ref={ref}
      className={styles.menu}
      role="menu"
      aria-label={target.kind === "node" ? fa.canvas.menu : fa.canvas.edgeMenu}
      style={{ top: target.y, left: target.x }}
    >
      {target.kind === "edge" ? (
        <button type="button" role="menuitem" onClick={act(() => onDeleteEdge(target.id))}>
          {fa.canvas.deleteEdge}
        </button>
      ) : (
        node && (
          <>
            <button type="button" role="menuitem" onClick={act(() => select(node.id))}>
              {fa.canvas.settings}
            </button>
            {node.data.creationStatus === "error" && node.type !== "testframe" && (
              <button type="button" role="menuitem" onClick={act(() => retry(node.id))}>
                {fa.canvas.retry}
              </button>
            )}
            {node.parentId && (
              <button type="button" role="menuitem" onClick={act(() => takeOut(node.id))}>
                {fa.canvas.removeFromContainer}
              </button>
            )}
            <button type="button" role="menuitem" className={styles.danger} onClick={act(() => remove([node.id]))}>
              {fa.canvas.delete}
            </button>
          </>
        )
      )}
    </div>
  );
}

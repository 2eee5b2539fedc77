// The frame every node card shares: handles where its kind connects, glyph,
// label, kind, status badge (with job progress while an assistant is being
// created) and a retry button when it failed. Each kind adds its own lines.
import type { NodeKind } from "@dastyar/rules";
import { Handle, Position } from "@xyflow/react";
import { useSetAtom } from "jotai";
import { memo, type ReactNode } from "react";
import { fa } from "../../i18n/fa";
import { retryNodeAtom } from "../../state/canvas";
import { formatNumber } from "../../format/number";
import { handleHints } from "../edges/handleHints";
import { kindInfoOf } from "../kinds";
import type { AnyNodeData } from "../model";
import { APPEARANCE } from "./appearance";
import styles from "./NodeShell.module.css";
import { StatusBadge } from "./StatusBadge";

type Props = {
  id: string;
  kind: NodeKind;
  data: AnyNodeData;
  selected?: boolean;
  children?: ReactNode;
};

export const NodeShell = memo(function NodeShell({ id, kind, data, selected, children }: Props) {
  const { glyph, accent } = APPEARANCE[kind];
  const info = kindInfoOf(kind);
  const status = data.creationStatus;
  return (
    <article
      className={styles.node}
      data-status={status}
      data-selected={selected ? "true" : undefined}
      data-testid={`node-${id}`}
      data-kind={kind}
      style={{ "--accent-kind": accent } as React.CSSProperties}
      dir="rtl"
    >
      {info.hasInput && (
        <Handle type="target" position={Position.Right} className={styles.handle} title={handleHints(kind).input} />
      )}
      <header className={styles.header}>
        <span className={styles.glyph} aria-hidden="true">
          {glyph}
        </span>
        <div className={styles.titles}>
          <h3 className={styles.label}>{data.label}</h3>
          <span className={styles.kind}>{info.label}</span>
        </div>
      </header>
      {children && <div className={styles.body}>{children}</div>}
      <footer className={styles.footer}>
        <StatusBadge id={id} kind={kind} data={data} />
        {status === "error" && kind !== "testframe" && <RetryButton id={id} />}
      </footer>
      {info.hasOutput && (
        <Handle type="source" position={Position.Left} className={styles.handle} title={handleHints(kind).output} />
      )}
    </article>
  );
});

function RetryButton({ id }: { id: string }) {
  const retry = useSetAtom(retryNodeAtom);
  return (
    <button
      type="button"
      className={`${styles.retry} nodrag`}
      onClick={(event) => {
        event.stopPropagation();
        void retry(id);
      }}
    >
      {fa.canvas.retry}
    </button>
  );
}

/** One short line of a node's summary. */
export function NodeLine({ children, ltr }: { children: ReactNode; ltr?: boolean }) {
  return (
    <p className={styles.line} dir={ltr ? "ltr" : undefined}>
      {children}
    </p>
  );
}

/** A count a person reads, in Persian digits. */
export function count(n: number): string {
  return formatNumber(n);
}

// The small menu a connection dropped on empty canvas opens at the drop
// point: the kinds that may be joined there (core's table, in the drag's
// direction); choosing one adds it there, connected.
import type { NodeKind } from "@dastyar/rules";
import { useEffect, useRef } from "react";
import { fa } from "../i18n/fa";
import styles from "./ConnectMenu.module.css";
import type { DragEnd } from "./edges/connectOptions";
import { kindInfoOf } from "./kinds";
import { APPEARANCE } from "./nodes/appearance";

/** Where the drop was (screen), what the drag began at, and what may go there. */
export type ConnectDrop = { x: number; y: number; from: string; end: DragEnd; kinds: NodeKind[] };

type Props = { drop: ConnectDrop; onChoose: (kind: NodeKind) => void; onClose: () => void };

export function ConnectMenu({ drop, onChoose, onClose }: Props) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>("button[data-kind]")?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    // A press anywhere else closes it (the drop's own release has already happened).
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, [onClose]);

  const t = fa.palette.connectMenu;
  return (
    <div
      ref={ref}
      className={styles.menu}
      role="menu"
      aria-label={t.title}
      data-testid="connect-menu"
      // Kept on screen near the window's edges.
      style={{ top: Math.max(0, Math.min(drop.y, window.innerHeight - 320)), left: Math.max(0, Math.min(drop.x, window.innerWidth - 220)) }}
    >
      <p className={styles.title}>{drop.end === "source" ? t.toTarget : t.toSource}</p>
      {drop.kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          role="menuitem"
          data-kind={kind}
          title={fa.palette.purpose[kind]}
          style={{ "--accent-kind": APPEARANCE[kind].accent } as React.CSSProperties}
          onClick={() => onChoose(kind)}
        >
          <span className={styles.glyph} aria-hidden="true">
            {APPEARANCE[kind].glyph}
          </span>
          {kindInfoOf(kind).label}
        </button>
      ))}
    </div>
  );
}

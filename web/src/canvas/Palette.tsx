// The palette: one button per kind; a click adds it at the middle of the view.
import type { NodeKind } from "@dastyar/rules";
import { memo } from "react";
import { fa } from "../i18n/fa";
import { KINDS } from "./kinds";
import { APPEARANCE } from "./nodes/appearance";
import styles from "./Palette.module.css";

export const Palette = memo(function Palette({ onAdd }: { onAdd: (kind: NodeKind) => void }) {
  return (
    <nav className={styles.palette} aria-label={fa.canvas.palette}>
      <h2 className={styles.title}>{fa.canvas.palette}</h2>
      <p className={styles.hint}>{fa.canvas.paletteHint}</p>
      <ul className={styles.list}>
        {KINDS.map((k) => (
          <li key={k.kind}>
            <button
              type="button"
              className={styles.item}
              data-kind={k.kind}
              aria-label={fa.canvas.addNamed(k.label)}
              onClick={() => onAdd(k.kind)}
              style={{ "--accent-kind": APPEARANCE[k.kind].accent } as React.CSSProperties}
            >
              <span className={styles.glyph} aria-hidden="true">
                {APPEARANCE[k.kind].glyph}
              </span>
              {k.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
});

// The palette where it fits the screen: beside the canvas on a wide screen;
// on a phone, a sheet over the canvas opened by a button, closed again once
// a kind is added (the canvas keeps the whole screen otherwise).
import type { NodeKind } from "@dastyar/rules";
import { useCallback, useState } from "react";
import { fa } from "../i18n/fa";
import { Palette } from "./Palette";
import styles from "./PaletteSheet.module.css";

export function PaletteSheet({ onAdd }: { onAdd: (kind: NodeKind) => void }) {
  const [open, setOpen] = useState(false);
  const add = useCallback(
    (kind: NodeKind) => {
      setOpen(false);
      onAdd(kind);
    },
    [onAdd],
  );
  return (
    <div className={styles.sheet} data-open={open ? "true" : "false"} data-testid="palette-sheet">
      <button
        type="button"
        className={`button ${styles.toggle}`}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        data-testid="palette-toggle"
      >
        {open ? fa.canvas.phone.closePalette : fa.canvas.phone.openPalette}
      </button>
      <Palette onAdd={add} />
    </div>
  );
}

// The palette: one button per kind with what it is for; a click adds it at
// the middle of the view. A search box narrows it by name and purpose
// (paletteSearch.ts) once the lazy rules it reads through are here (fetched
// when the box is first focused); the list scrolls inside the palette.
import type { NodeKind } from "@dastyar/rules";
import { memo, useDeferredValue, useId, useMemo, useState } from "react";
import { fa } from "../i18n/fa";
import { useLazyRules } from "./lazyRules";
import { APPEARANCE } from "./nodes/appearance";
import styles from "./Palette.module.css";
import { PALETTE, paletteSearch } from "./paletteSearch";

export const Palette = memo(function Palette({ onAdd }: { onAdd: (kind: NodeKind) => void }) {
  const [query, setQuery] = useState("");
  const [searchWanted, setSearchWanted] = useState(false);
  const lazy = useLazyRules(searchWanted);
  const search = useMemo(() => lazy && paletteSearch(lazy.normalizeText), [lazy]);
  const deferred = useDeferredValue(query);
  // Nothing typed needs no normaliser; anything else waits for it (null: still searching).
  const shown = deferred === "" ? PALETTE : (search?.(deferred) ?? null);
  const searchId = useId();
  return (
    <nav className={styles.palette} aria-label={fa.canvas.palette}>
      <h2 className={styles.title}>{fa.canvas.palette}</h2>
      <p className={styles.hint}>{fa.canvas.paletteHint}</p>
      <label className={styles.searchLabel} htmlFor={searchId}>
        {fa.palette.search}
      </label>
      <input
        id={searchId}
        className={styles.search}
        type="search"
        value={query}
        placeholder={fa.palette.searchPlaceholder}
        onFocus={() => setSearchWanted(true)}
        onChange={(event) => {
          setSearchWanted(true);
          setQuery(event.target.value);
        }}
      />
      <ul className={styles.list}>
        {shown?.map((k) => (
          // The purpose sits outside the button (axe: a button's visible text must be in its name) and is
          // its description; the button's ::after covers the whole entry, so a click anywhere adds the kind.
          <li
            key={k.kind}
            className={styles.entry}
            style={{ "--accent-kind": APPEARANCE[k.kind].accent } as React.CSSProperties}
          >
            <button
              type="button"
              className={styles.item}
              data-kind={k.kind}
              aria-label={fa.canvas.addNamed(k.label)}
              aria-describedby={`${searchId}-${k.kind}`}
              onClick={() => onAdd(k.kind)}
            >
              <span className={styles.glyph} aria-hidden="true">
                {APPEARANCE[k.kind].glyph}
              </span>
              <span className={styles.label}>{k.label}</span>
            </button>
            <span className={styles.purpose} id={`${searchId}-${k.kind}`}>
              {k.purpose}
            </span>
          </li>
        ))}
      </ul>
      {shown === null && <p className={styles.hint}>{fa.palette.searching}</p>}
      {shown?.length === 0 && <p className={styles.hint}>{fa.palette.noMatch}</p>}
    </nav>
  );
});

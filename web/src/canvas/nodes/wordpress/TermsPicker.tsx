// Several WordPress terms picked from the site's list (categories, tags): a
// search over the names and a checkbox for each, the picked ones first.
import type { WordpressTerm } from "@dastyar/rules";
import { useId, useMemo, useState } from "react";
import { formatDigits } from "../../../format/number";
import { fa } from "../../../i18n/fa";
import fieldStyles from "../../panels/fields/fields.module.css";
import styles from "./WordpressPanel.module.css";

const t = fa.nodes.wordpress.site;

type Props = {
  label: string;
  name: string;
  options: readonly WordpressTerm[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
};

export function TermsPicker({ label, name, options, value, onChange }: Props) {
  const id = useId();
  const [search, setSearch] = useState("");
  const shown = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    const matching = options.filter((o) => wanted === "" || o.name.toLowerCase().includes(wanted));
    // The picked ones stay in reach at the top of a long list.
    return [...matching.filter((o) => value.includes(o.id)), ...matching.filter((o) => !value.includes(o.id))];
  }, [options, search, value]);
  const toggle = (term: number, on: boolean) =>
    onChange(on ? [...value.filter((v) => v !== term), term] : value.filter((v) => v !== term));
  return (
    <div className={fieldStyles.field} data-picker={name}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label} <span className={fieldStyles.hint}>({t.picked(formatDigits(value.length))})</span>
      </label>
      <input
        id={id}
        type="search"
        className={fieldStyles.input}
        placeholder={t.search(label)}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul className={styles.choices} aria-label={label}>
        {shown.map((term) => (
          <li key={term.id} className={styles.choice}>
            <input
              id={`${id}-${term.id}`}
              type="checkbox"
              name={name}
              value={term.id}
              checked={value.includes(term.id)}
              onChange={(event) => toggle(term.id, event.target.checked)}
            />
            <label htmlFor={`${id}-${term.id}`}>{term.name}</label>
          </li>
        ))}
        {shown.length === 0 && <li className={fieldStyles.hint}>{t.noneMatch}</li>}
      </ul>
    </div>
  );
}

import { useId } from "react";
import styles from "./fields.module.css";

type Props = { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string; name?: string };

export function Checkbox({ label, checked, onChange, hint, name }: Props) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input id={id} name={name} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      {hint && <p className={styles.hint}>{hint}</p>}
    </div>
  );
}

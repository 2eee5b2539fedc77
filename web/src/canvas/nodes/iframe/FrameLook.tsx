// How the frame's chat window looks on the site: its title, the welcome,
// its colour (the browser's picker beside the hex text), the corner its
// launcher sits in and its theme. Part of the node's draft, saved with it;
// the rules' problems show under the field they are about.
import type { FrameAppearance, FramePosition, FrameTheme } from "@dastyar/rules";
import { useId, useMemo } from "react";
import { fa } from "../../../i18n/fa";
import { Field } from "../../panels/fields/Field";
import fieldStyles from "../../panels/fields/fields.module.css";
import { TextArea } from "../../panels/fields/TextArea";
import { TextInput } from "../../panels/fields/TextInput";
import type { PanelForm } from "../../panels/usePanelForm";
import { lookErrors, pickerColor } from "./frame";
import styles from "./IframePanel.module.css";

const t = fa.nodes.iframe.look;

const POSITIONS: readonly FramePosition[] = ["bottom-right", "bottom-left"];
const THEMES: readonly FrameTheme[] = ["light", "dark"];

export function FrameLook({ form }: { form: PanelForm<"iframe"> }) {
  const { draft, update, problems } = form;
  const look = draft.appearance;
  const errors = useMemo(() => lookErrors(problems), [problems]);
  const picker = useMemo(() => pickerColor(draft), [draft]);
  const change = (patch: Partial<FrameAppearance>) => update({ appearance: { ...look, ...patch } });

  return (
    <fieldset className={styles.section} data-testid="frame-look">
      <legend className={styles.title}>{t.title}</legend>
      <TextInput
        label={t.windowTitle}
        name="appearance.title"
        autoDir
        value={look.title}
        hint={t.windowTitleHint}
        error={errors.title}
        onChange={(title) => change({ title })}
      />
      <TextArea
        label={t.welcome}
        name="appearance.welcome"
        autoDir
        rows={3}
        value={look.welcome}
        hint={t.welcomeHint}
        error={errors.welcome}
        onChange={(welcome) => change({ welcome })}
      />
      <Field label={t.color} hint={t.colorHint} error={errors.color}>
        {(id, describedBy) => (
          <div className={styles.color}>
            <input
              type="color"
              name="appearance.colorPicker"
              className={styles.picker}
              aria-label={t.colorPicker}
              value={picker}
              onChange={(event) => change({ color: event.target.value })}
            />
            <input
              id={id}
              name="appearance.color"
              type="text"
              dir="ltr"
              className={fieldStyles.input}
              value={look.color}
              aria-invalid={errors.color ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => change({ color: event.target.value })}
            />
          </div>
        )}
      </Field>
      <Choices
        legend={t.position}
        name="appearance.position"
        value={look.position}
        options={POSITIONS.map((value) => ({ value, label: t.positions[value] }))}
        onChange={(position) => change({ position })}
      />
      <Choices
        legend={t.theme}
        name="appearance.theme"
        value={look.theme}
        options={THEMES.map((value) => ({ value, label: t.themes[value] }))}
        onChange={(theme) => change({ theme })}
      />
      {errors.other && (
        <p className={fieldStyles.error} role="alert">
          {errors.other}
        </p>
      )}
      <p className={fieldStyles.hint}>{t.liveHint}</p>
    </fieldset>
  );
}

type ChoicesProps<V extends string> = {
  legend: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
};

/** A few choices side by side, one of them taken (radio buttons). */
function Choices<V extends string>({ legend, name, value, options, onChange }: ChoicesProps<V>) {
  const id = useId();
  return (
    <fieldset className={styles.choices}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.choice} htmlFor={`${id}-${option.value}`}>
          <input
            id={`${id}-${option.value}`}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

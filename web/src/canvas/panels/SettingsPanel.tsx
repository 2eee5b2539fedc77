// The side panel for the selected node: its name, its kind's own fields,
// live problems from the rules, save, retry and delete.
import type { NodeKind } from "@dastyar/rules";
import { useAtomValue, useSetAtom } from "jotai";
import { selectAtom } from "jotai/utils";
import { useMemo, type FormEvent } from "react";
import { fa } from "../../i18n/fa";
import { deleteNodeAtom, nodesAtom, retryNodeAtom, selectedNodeIdAtom } from "../../state/canvas";
import { kindInfoOf } from "../kinds";
import { savedRef, type FlowNode } from "../model";
import { panels } from "../nodes/registry";
import { TextInput } from "./fields/TextInput";
import { LocalProblemsContext } from "./localProblems";
import styles from "./SettingsPanel.module.css";
import { usePanelForm } from "./usePanelForm";

export function SettingsPanel() {
  const selectedId = useAtomValue(selectedNodeIdAtom);
  // Re-renders when the selected node changes, not when any other node moves.
  const nodeAtom = useMemo(
    () => selectAtom(nodesAtom, (nodes) => nodes.find((n) => n.id === selectedId) ?? null),
    [selectedId],
  );
  const node = useAtomValue(nodeAtom);
  if (!node) return null;
  return <NodePanel key={node.id} node={node} />;
}

function NodePanel({ node }: { node: FlowNode }) {
  const kind = node.type as NodeKind;
  const form = usePanelForm(node);
  const close = useSetAtom(selectedNodeIdAtom);
  const retry = useSetAtom(retryNodeAtom);
  const remove = useSetAtom(deleteNodeAtom);
  const Panel = panels[kind];
  const label = kindInfoOf(kind).label;
  const stored = kind === "testframe" || savedRef(node) !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save();
  };

  return (
    <aside className={styles.panel} aria-label={fa.canvas.panel.title(label)} data-testid="settings-panel" data-kind={kind}>
      <header className={styles.header}>
        <h2 className={styles.title}>{fa.canvas.panel.title(label)}</h2>
        <button type="button" className={styles.close} aria-label={fa.canvas.panel.close} onClick={() => close(null)}>
          ×
        </button>
      </header>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextInput
          label={fa.canvas.panel.label}
          name="label"
          value={form.draft.label}
          error={form.error("label")}
          onChange={(value) => form.update({ label: value })}
        />
        <LocalProblemsContext.Provider value={form.report}>
          <Panel form={form} />
        </LocalProblemsContext.Provider>
        {!stored && <p className={styles.note}>{fa.canvas.panel.notSaved}</p>}
        {form.problems.length > 0 && (
          <p className={styles.invalid} role="alert">
            {fa.canvas.panel.invalid}
          </p>
        )}
        <div className={styles.actions}>
          <button
            type="submit"
            className="button"
            disabled={!stored || form.saving || form.problems.length > 0}
            data-testid="panel-save"
          >
            {form.saving ? fa.canvas.panel.saving : fa.canvas.panel.save}
          </button>
          {node.data.creationStatus === "error" && kind !== "testframe" && (
            <button type="button" className="button button-quiet" onClick={() => void retry(node.id)}>
              {fa.canvas.retry}
            </button>
          )}
          <button type="button" className="button button-danger" onClick={() => void remove(node.id)}>
            {fa.canvas.delete}
          </button>
        </div>
      </form>
    </aside>
  );
}

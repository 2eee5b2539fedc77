// The side panel for the selected node: its name, its kind's own fields,
// live problems from the rules, save, retry and delete. Unsaved edits are
// never dropped silently: closing the panel or choosing another node asks
// (selectedNodeIdAtom holds the new choice back until then).
import type { NodeKind } from "@dastyar/rules";
import { useAtomValue, useSetAtom, useStore } from "jotai";
import { selectAtom } from "jotai/utils";
import { useEffect, useMemo, type FormEvent } from "react";
import { fa } from "../../i18n/fa";
import {
  heldSelectionAtom,
  nodesAtom,
  panelDirtyAtom,
  releaseSelectionAtom,
  requestDeleteNodesAtom,
  retryNodeAtom,
  selectedNodeIdAtom,
} from "../../state/canvas";
import { usePreloadUrlRules, useUrlRules } from "../urlRules";
import { useLeaveGuard } from "../useLeaveGuard";
import { kindInfoOf } from "../kinds";
import { savedRef, type FlowNode } from "../model";
import { panels } from "../nodes/registry";
import { useReadiness } from "../nodes/useReadiness";
import { TextInput } from "./fields/TextInput";
import { LocalProblemsContext } from "./localProblems";
import styles from "./SettingsPanel.module.css";
import { UnsavedPrompt } from "./UnsavedPrompt";
import { usePanelForm } from "./usePanelForm";

export function SettingsPanel() {
  useLeaveGuard();
  const selectedId = useAtomValue(selectedNodeIdAtom);
  // Re-renders when the selected node changes, not when any other node moves.
  const nodeAtom = useMemo(
    () => selectAtom(nodesAtom, (nodes) => nodes.find((n) => n.id === selectedId) ?? null),
    [selectedId],
  );
  const node = useAtomValue(nodeAtom);
  usePreloadUrlRules();
  // The panel's checks are the URL rules' (prepareNodeData): it shows once they are here.
  const urls = useUrlRules(node !== null);
  if (!node || !urls) return null;
  return <NodePanel key={node.id} node={node} />;
}

function NodePanel({ node }: { node: FlowNode }) {
  const kind = node.type as NodeKind;
  const form = usePanelForm(node);
  const close = useSetAtom(selectedNodeIdAtom);
  const retry = useSetAtom(retryNodeAtom);
  const remove = useSetAtom(requestDeleteNodesAtom);
  const setDirty = useSetAtom(panelDirtyAtom);
  const held = useAtomValue(heldSelectionAtom);
  const release = useSetAtom(releaseSelectionAtom);
  const store = useStore();
  const readiness = useReadiness(node.id, kind, node.data);
  const Panel = panels[kind];
  const label = kindInfoOf(kind).label;
  const stored = kind === "testframe" || savedRef(node) !== null;

  // The selection guard reads this panel's dirty flag; a closed panel holds nothing.
  useEffect(() => {
    setDirty(form.dirty);
  }, [form.dirty, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.save();
  };

  const saveAndGo = async () => {
    const ok = await form.save();
    // A save the server refused leaves the node in error: stay with it.
    const after = store.get(nodesAtom).find((n) => n.id === node.id);
    release(ok && after?.data.creationStatus !== "error");
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
        {readiness.next && (
          <p className={styles.next} data-testid="panel-next-step" data-readiness={readiness.state}>
            <strong>{fa.canvas.nextStep.heading}: </strong>
            {fa.canvas.nextStep[readiness.next]}
          </p>
        )}
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
          <button type="button" className="button button-danger" onClick={() => remove([node.id])}>
            {fa.canvas.delete}
          </button>
        </div>
      </form>
      {held && (
        <UnsavedPrompt
          label={node.data.label}
          saving={form.saving}
          canSave={stored && form.problems.length === 0}
          onSave={() => void saveAndGo()}
          onDiscard={() => release(true)}
          onStay={() => release(false)}
        />
      )}
    </aside>
  );
}

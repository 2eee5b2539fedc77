// Registering the frame: the server gives the saved node a company, a public
// key and its embed code (kept when it was registered before). It acts on
// the server at once, not on "save", so the node it answers goes straight
// into the canvas.
import type { IframeData } from "@dastyar/rules";
import { useStore } from "jotai";
import { useState } from "react";
import { registerFrame } from "../../../api/frames";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { mapNode } from "../../../state/canvas/graph";
import { errorText } from "../../../state/notifications";
import { databaseId, toFlowNode } from "../../model";
import fieldStyles from "../../panels/fields/fields.module.css";
import type { PanelForm } from "../../panels/usePanelForm";
import { isRegistered, registerBlock } from "./frame";
import styles from "./IframePanel.module.css";

const t = fa.nodes.iframe.register;

export function FrameRegister({ form, saved }: { form: PanelForm<"iframe">; saved: IframeData }) {
  const { nodeId } = form;
  const dbId = databaseId(nodeId);
  const store = useStore();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const registered = isRegistered(saved);
  const block = registerBlock(dbId, form.dirty, saved);

  const register = async () => {
    if (dbId === null) return;
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      const view = await registerFrame(dbId);
      const data = toFlowNode(view.node).data;
      store.set(nodesAtom, (nodes) => mapNode(nodes, nodeId, (n) => ({ ...n, data })));
      setDone(registered ? t.registeredAgain : t.registered);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.section}>
      <div className={styles.row}>
        <button
          type="button"
          className={registered ? "button button-quiet" : "button"}
          disabled={block !== null || busy}
          onClick={() => void register()}
          data-testid="frame-register"
        >
          {busy ? t.registering : registered ? t.again : t.register}
        </button>
      </div>
      {block && (
        <p className={fieldStyles.hint} data-testid="frame-register-blocked">
          {block}
        </p>
      )}
      {problem && (
        <p className={fieldStyles.error} role="alert" data-testid="frame-register-error">
          {problem}
        </p>
      )}
      <p className={styles.ok} role="status" data-testid="frame-register-done">
        {done}
      </p>
    </div>
  );
}

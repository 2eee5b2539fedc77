// A settings panel's draft: edited freely, checked live by the rules
// (prepareNodeData runs every validator the server runs), saved on demand.
// Its panel shows once the URL rules are here (SettingsPanel waits for them).
import { message, type NodeData, type NodeKind, type Problem } from "@dastyar/rules";
import { useSetAtom } from "jotai";
import { useCallback, useMemo, useState } from "react";
import { saveNodeAtom } from "../../state/canvas";
import { urlRules } from "../urlRules";
import type { AnyNodeData, DataOf, FlowNode } from "../model";

export type PanelForm<K extends NodeKind = NodeKind> = {
  nodeId: string;
  kind: K;
  draft: DataOf<K>;
  update: (patch: Partial<DataOf<K>>) => void;
  /** The Persian problem with a field, if it has one. */
  error: (field: string) => string | undefined;
  problems: Problem[];
  /** For fields' own problems (see localProblems.ts). */
  report: (key: string, message: string | null) => void;
  dirty: boolean;
  saving: boolean;
  save: () => Promise<boolean>;
};

/** What the panel holds of its own for one node: edits not yet saved, and the server's problems with the last save. */
type Own = { nodeId: string; edits: AnyNodeData | null; serverProblems: Problem[] };

const NOTHING_OWN: Omit<Own, "nodeId"> = { edits: null, serverProblems: [] };

export function usePanelForm(node: FlowNode): PanelForm {
  const kind = node.type as NodeKind;
  const nodeId = node.id;
  const base = node.data;
  const saveNode = useSetAtom(saveNodeAtom);
  const [held, setHeld] = useState<Own>({ nodeId, ...NOTHING_OWN });
  const [saving, setSaving] = useState(false);
  const [local, setLocal] = useState<ReadonlyMap<string, string>>(new Map());

  // What it holds for another node does not count: a panel shown for a new
  // node starts from it. Without edits the draft is the node as the canvas
  // holds it, so it follows every change there (what the server answered
  // after a save, a job finishing); with edits it keeps them.
  const own = held.nodeId === nodeId ? held : NOTHING_OWN;
  const draft = own.edits ?? base;
  // Edits that come back to what the node holds are nothing to save.
  const dirty = useMemo(() => own.edits !== null && !sameData(own.edits, base), [own.edits, base]);
  const serverProblems = own.serverProblems;

  const problems = useMemo(() => {
    const live = liveProblems(kind, draft);
    const fromFields: Problem[] = [...local].map(([field, message]) => ({ field, code: "invalid_input", message }));
    return [...live, ...fromFields, ...serverProblems.filter((p) => !live.some((l) => l.field === p.field))];
  }, [kind, draft, serverProblems, local]);

  const report = useCallback((key: string, message: string | null) => {
    setLocal((current) => {
      if ((current.get(key) ?? null) === message) return current;
      const next = new Map(current);
      if (message === null) next.delete(key);
      else next.set(key, message);
      return next;
    });
  }, []);

  const update = useCallback(
    (patch: Partial<AnyNodeData>) => {
      setHeld((h) => {
        const edits = h.nodeId === nodeId && h.edits !== null ? h.edits : base;
        return { nodeId, edits: { ...edits, ...patch } as AnyNodeData, serverProblems: [] };
      });
    },
    [nodeId, base],
  );

  const error = useCallback(
    (field: string) => problems.find((p) => p.field === field)?.message,
    [problems],
  );

  const save = useCallback(async () => {
    setSaving(true);
    try {
      const sent = draft;
      const result = await saveNode(nodeId, sent, { announce: true });
      setHeld((h) => {
        const mine = h.nodeId === nodeId ? h : { nodeId, ...NOTHING_OWN };
        if (!result.ok) return { ...mine, serverProblems: result.problems };
        // Saved: the draft is the node again (as the server answered it),
        // unless it was edited further while the save was under way.
        return { nodeId, edits: mine.edits === sent ? null : mine.edits, serverProblems: [] };
      });
      return result.ok;
    } finally {
      setSaving(false);
    }
  }, [saveNode, nodeId, draft]);

  return { nodeId, kind, draft, update, error, problems, report, dirty, saving, save } as PanelForm;
}

/** The rules' problems with a draft; data the rules cannot even read (a fraction where a whole number belongs) is one problem. */
function liveProblems(kind: NodeKind, draft: AnyNodeData): Problem[] {
  try {
    return urlRules().prepareNodeData({ type: kind, data: draft } as NodeData).problems;
  } catch {
    return [{ field: "data", code: "invalid_input", message: message("invalid_input", {}) }];
  }
}

/** Whether two drafts hold the same values (data is plain JSON). */
function sameData(a: AnyNodeData, b: AnyNodeData): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

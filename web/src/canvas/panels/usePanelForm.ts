// A settings panel's draft: edited freely, checked live by the rules
// (prepareNodeData runs every validator the server runs), saved on demand.
import { message, prepareNodeData, type NodeData, type NodeKind, type Problem } from "@dastyar/rules";
import { useSetAtom } from "jotai";
import { useCallback, useEffect, useMemo, useState } from "react";
import { saveNodeAtom } from "../../state/canvas";
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

export function usePanelForm(node: FlowNode): PanelForm {
  const kind = node.type as NodeKind;
  const saveNode = useSetAtom(saveNodeAtom);
  const [draft, setDraft] = useState<AnyNodeData>(node.data);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverProblems, setServerProblems] = useState<Problem[]>([]);
  const [local, setLocal] = useState<ReadonlyMap<string, string>>(new Map());

  // Another node, or what the server answered after a save: start again from it.
  useEffect(() => {
    if (!dirty) setDraft(node.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [node.id, node.data]);
  useEffect(() => {
    setDraft(node.data);
    setDirty(false);
    setServerProblems([]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [node.id]);

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

  const update = useCallback((patch: Partial<AnyNodeData>) => {
    setDraft((d) => ({ ...d, ...patch }) as AnyNodeData);
    setDirty(true);
    setServerProblems([]);
  }, []);

  const error = useCallback(
    (field: string) => problems.find((p) => p.field === field)?.message,
    [problems],
  );

  const save = useCallback(async () => {
    setSaving(true);
    try {
      const result = await saveNode(node.id, draft);
      if (!result.ok) {
        setServerProblems(result.problems);
        return false;
      }
      setDirty(false);
      return true;
    } finally {
      setSaving(false);
    }
  }, [saveNode, node.id, draft]);

  return { nodeId: node.id, kind, draft, update, error, problems, report, dirty, saving, save } as PanelForm;
}

/** The rules' problems with a draft; data the rules cannot even read (a fraction where a whole number belongs) is one problem. */
function liveProblems(kind: NodeKind, draft: AnyNodeData): Problem[] {
  try {
    return prepareNodeData({ type: kind, data: draft } as NodeData).problems;
  } catch {
    return [{ field: "data", code: "invalid_input", message: message("invalid_input", {}) }];
  }
}

// The container's settings: its size (its name is the node label, above),
// the subsystems running in it, and the frame and bot settings, which open
// carrying the container's id and the frame's company id or the bot's id
// (spec §2).
import { constants, message, type Subsystem, type SubsystemKind } from "@dastyar/rules";
import { useAtomValue } from "jotai";
import { selectAtom } from "jotai/utils";
import { useEffect, useMemo, useRef, useState } from "react";
import { getContainer } from "../../../api/containers";
import { Modal, ModalActions } from "../../../components/Modal";
import { formatDigits } from "../../../format/number";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { containerStatusAtom } from "../../../state/canvas/containerStatus";
import { databaseId, isKind, type FlowNode } from "../../model";
import fieldStyles from "../../panels/fields/fields.module.css";
import { NumberInput } from "../../panels/fields/NumberInput";
import { useLocalProblem } from "../../panels/localProblems";
import { ReadOnlyValue } from "../../panels/fields/ReadOnlyValue";
import type { PanelProps } from "../../panels/types";

const t = fa.nodes.container;
const DEFAULTS = constants();

/** What frame or bot settings open with, besides the container's id. */
export type Carried = { companyId?: number; botId?: number; assistantId?: number };

/**
 * The container's chat frames: every active one its status reports,
 * then any iframe child with a company id not already listed.
 */
export function frameEntries(subsystems: readonly Subsystem[], children: readonly FlowNode[]): Carried[] {
  const entries: Carried[] = subsystems
    .filter((s) => s.type === "frame")
    .map((s) => ({ companyId: s.metadata.company_id, assistantId: s.metadata.assistant_id }));
  for (const child of children) {
    if (!isKind(child, "iframe")) continue;
    const { companyId, assistantId } = child.data;
    if (companyId != null && !entries.some((e) => e.companyId === companyId)) entries.push({ companyId, assistantId });
  }
  return entries;
}

/**
 * The container's bots: each telegram child (its id is the bot's id), with
 * the assistant its subsystem reports; then any bot subsystem whose company
 * matches no child.
 */
export function botEntries(subsystems: readonly Subsystem[], children: readonly FlowNode[]): Carried[] {
  const bots = subsystems.filter((s) => s.type === "telegram");
  const entries: Carried[] = [];
  for (const child of children) {
    if (!isKind(child, "telegram")) continue;
    const companyId = child.data.company_id;
    const reported = companyId == null ? undefined : bots.find((s) => s.metadata.company_id === companyId);
    entries.push({
      botId: child.data.database_id ?? databaseId(child.id) ?? undefined,
      companyId,
      assistantId: reported?.metadata.assistant_id,
    });
  }
  for (const s of bots) {
    const companyId = s.metadata.company_id;
    if (companyId != null && !entries.some((e) => e.companyId === companyId)) {
      entries.push({ companyId, assistantId: s.metadata.assistant_id });
    }
  }
  return entries;
}

/** A width or height typed: a positive number, or null (refused here, with a note). */
export function sizeOf(typed: number | null): number | null {
  return typed !== null && Number.isFinite(typed) && typed > 0 ? typed : null;
}

export function ContainerPanel({ form }: PanelProps<"container">) {
  const { draft, update, nodeId } = form;
  const [bad, setBad] = useState<{ width?: boolean; height?: boolean }>({});
  const [open, setOpen] = useState<SubsystemKind | null>(null);
  const containerId = databaseId(nodeId);
  const statusAtom = useMemo(() => containerStatusAtom(nodeId), [nodeId]);
  const { subsystems } = useAtomValue(statusAtom);

  useLocalProblem("width", bad.width ? t.positive : null);
  useLocalProblem("height", bad.height ? t.positive : null);

  const size = (field: "width" | "height") => (typed: number | null) => {
    const value = sizeOf(typed);
    setBad((b) => ({ ...b, [field]: value === null }));
    if (value !== null) update({ [field]: value });
  };

  return (
    <>
      <NumberInput
        label={t.width}
        name="width"
        min={1}
        value={draft.width ?? DEFAULTS.defaultContainerWidth}
        error={bad.width ? t.positive : form.error("width")}
        onChange={size("width")}
      />
      <NumberInput
        label={t.height}
        name="height"
        min={1}
        value={draft.height ?? DEFAULTS.defaultContainerHeight}
        error={bad.height ? t.positive : form.error("height")}
        onChange={size("height")}
      />
      <section aria-label={t.subsystems} data-testid="container-subsystems">
        <p className={fieldStyles.label}>{t.subsystems}</p>
        {subsystems.length === 0 ? (
          <p className={fieldStyles.hint}>{t.noSubsystems}</p>
        ) : (
          <ul className={fieldStyles.hint} style={{ margin: 0, paddingInlineStart: "1.2rem" }}>
            {subsystems.map((s, i) => (
              <li key={i} data-subsystem={s.type}>
                {t.subsystemKinds[s.type]}
                {s.status ? ` (${t.statuses[s.status] ?? s.status})` : ""}
                {" — "}
                {fa.canvas.companyId}: {s.metadata.company_id != null ? formatDigits(s.metadata.company_id) : fa.canvas.notYet}
                {" · "}
                {t.assistantId}:{" "}
                {s.metadata.assistant_id != null ? formatDigits(s.metadata.assistant_id) : fa.canvas.notYet}
              </li>
            ))}
          </ul>
        )}
      </section>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "0.5rem" }}>
        <button type="button" className="button button-quiet" disabled={containerId === null} onClick={() => setOpen("frame")}>
          {fa.canvas.frameSettings}
        </button>
        <button type="button" className="button button-quiet" disabled={containerId === null} onClick={() => setOpen("telegram")}>
          {fa.canvas.botSettings}
        </button>
      </div>
      {containerId === null && <p className={fieldStyles.hint}>{t.notSaved}</p>}
      {open && containerId !== null && (
        <SettingsDialog
          kind={open}
          containerNodeId={nodeId}
          containerId={containerId}
          known={subsystems}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

type DialogProps = {
  kind: SubsystemKind;
  containerNodeId: string;
  containerId: number;
  /** The status the canvas shows, until the server's answer arrives. */
  known: readonly Subsystem[];
  onClose: () => void;
};

/** Frame or bot settings of the container: its id and the company or bot ids, read fresh from the server. */
function SettingsDialog({ kind, containerNodeId, containerId, known, onClose }: DialogProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [subsystems, setSubsystems] = useState<readonly Subsystem[]>(known);
  // The container's children on the canvas, re-read only when that list changes.
  const childrenAtom = useMemo(
    () =>
      selectAtom(
        nodesAtom,
        (nodes) => nodes.filter((n) => n.parentId === containerNodeId),
        (a, b) => a.length === b.length && a.every((n, i) => n === b[i]),
      ),
    [containerNodeId],
  );
  const children = useAtomValue(childrenAtom);

  useEffect(() => {
    const abort = new AbortController();
    getContainer(containerId, abort.signal)
      .then((answer) => setSubsystems(answer.data.status_info?.subsystems ?? []))
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      })
      .finally(() => {
        if (!abort.signal.aborted) setLoading(false);
      });
    return () => abort.abort();
  }, [containerId]);

  const entries = kind === "frame" ? frameEntries(subsystems, children) : botEntries(subsystems, children);
  const title = kind === "frame" ? fa.canvas.frameSettingsTitle : fa.canvas.botSettingsTitle;
  const loadingText = message(kind === "frame" ? "loading_frame_settings" : "loading_bot_settings", {});

  return (
    <Modal
      title={title}
      onClose={onClose}
      initialFocus={closeRef}
      testId="container-settings-dialog"
      data={{ "data-kind": kind, "data-container-id": containerId }}
    >
      {loading && <p role="status">{loadingText}</p>}
      {failed && (
        <p className={fieldStyles.error} role="alert">
          {message("container_status_refresh_failed", {})}
        </p>
      )}
      <div style={{ display: "flex", flexDirection: "column", gap: "0.6rem", marginBottom: "1.25rem" }}>
        <ReadOnlyValue label={fa.canvas.containerId} field="containerId" value={formatDigits(containerId)} />
        {entries.length === 0 ? (
          <ReadOnlyValue
            label={kind === "frame" ? fa.canvas.companyId : fa.canvas.botId}
            field={kind === "frame" ? "companyId" : "botId"}
            value={fa.canvas.notYet}
          />
        ) : (
          entries.map((entry, i) => (
            <div key={i} style={{ display: "flex", flexDirection: "column", gap: "0.4rem" }} data-testid="container-settings-entry">
              {kind === "telegram" && <ReadOnlyValue label={fa.canvas.botId} field="botId" value={digitsOr(entry.botId)} />}
              <ReadOnlyValue label={fa.canvas.companyId} field="companyId" value={digitsOr(entry.companyId)} />
              {entry.assistantId != null && (
                <ReadOnlyValue label={t.assistantId} field="assistantId" value={formatDigits(entry.assistantId)} />
              )}
            </div>
          ))
        )}
      </div>
      <ModalActions>
        <button ref={closeRef} type="button" className="button button-quiet" onClick={onClose}>
          {t.close}
        </button>
      </ModalActions>
    </Modal>
  );
}

function digitsOr(id: number | undefined): string {
  return id == null ? fa.canvas.notYet : formatDigits(id);
}


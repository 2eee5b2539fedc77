import { kindInfo, type NodeKind } from "@dastyar/rules";
import type { DowngradeAnalysis, PlanView } from "../../api/types";
import { useAtomValue, useSetAtom } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { analyzeDowngrade } from "../../api/subscription";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { formatJalaliDate } from "../../format/date";
import { fa } from "../../i18n/fa";
import { errorText } from "../../state/notifications";
import {
  billingCycleAtom,
  confirmDowngradeAtom,
  currentSubscriptionAtom,
  downgradeTargetAtom,
  purchaseInFlightAtom,
} from "../../state/subscription";
import {
  excessAfter,
  selectedNodes,
  selectionIsEnough,
  suggestedSelection,
} from "../../state/subscriptionRules";
import { Modal, ModalActions } from "../../components/Modal";
import styles from "./DowngradeDialog.module.css";

const label = (kind: NodeKind) => kindInfo(kind)?.label ?? kind;

/**
 * Moving to `target` when my nodes may be over its quotas: the server's
 * analysis per kind, the nodes to tick (its suggestions ticked), whether the
 * choice is enough as it changes, then a plain confirmation before anything
 * is deleted.
 */
export function DowngradeDialog({ target }: { target: PlanView }) {
  const t = fa.subscription.downgrade;
  const setTarget = useSetAtom(downgradeTargetAtom);
  const confirm = useSetAtom(confirmDowngradeAtom);
  const inFlight = useAtomValue(purchaseInFlightAtom);
  const cycle = useAtomValue(billingCycleAtom);
  const current = useAtomValue(currentSubscriptionAtom);
  const [analysis, setAnalysis] = useState<DowngradeAnalysis | null>(null);
  const [error, setError] = useState<string>();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);

  const close = useCallback(() => setTarget(null), [setTarget]);

  useEffect(() => {
    const abort = new AbortController();
    analyzeDowngrade(target.key, abort.signal)
      .then((answer) => {
        setAnalysis(answer);
        setSelected(suggestedSelection(answer));
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(errorText(failure));
      });
    return () => abort.abort();
  }, [target.key]);

  const busy = inFlight !== null;

  const toggle = (id: number) => {
    setSelected((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };

  const enough = analysis !== null && selectionIsEnough(analysis, selected);
  const remaining = analysis ? excessAfter(analysis, selected) : [];
  const chosen = analysis ? selectedNodes(analysis, selected) : [];

  const confirmText = () => {
    const parts = [
      chosen.length > 0
        ? t.confirmDelete(
            chosen.map((n) => t.nodeInList(n.name, n.project_name)).join(t.listSeparator),
            target.name,
          )
        : t.confirmNoDelete(target.name),
    ];
    if (target.is_free && current?.subscription) parts.push(t.confirmEndsSubscription);
    if (!target.is_free) parts.push(t.cycleNote(cycle));
    return parts.join(" ");
  };

  const proceed = async () => {
    const done = await confirm({ target, nodeIds: chosen.map((n) => n.id) });
    if (!done) setConfirming(false);
  };

  return (
    <>
      {/* Escape and the backdrop close it, unless the confirmation above it is open (it closes itself) or the deletion is under way. */}
      <Modal
        title={t.title(target.name)}
        onClose={confirming || busy ? undefined : close}
        size="large"
        initialFocus={closeRef}
        testId="downgrade-dialog"
      >
        {error ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : !analysis ? (
          <p role="status">{t.loading}</p>
        ) : (
          <>
            <p className={styles.lead}>
              {analysis.needs_cleanup ? t.needsCleanup(analysis.target_plan_name) : t.fits}
            </p>
            {analysis.kinds
              .filter((kind) => kind.nodes.length > 0)
              .map((kind) => {
                const left = remaining.find((r) => r.node_type === kind.node_type)?.excess ?? 0;
                return (
                  <fieldset
                    key={kind.node_type}
                    className={styles.kind}
                    data-testid={`downgrade-kind-${kind.node_type}`}
                  >
                    <legend className={styles.kindName}>{label(kind.node_type)}</legend>
                    <p className={styles.kindSummary}>{t.kindSummary(kind.limit, kind.used, kind.excess)}</p>
                    <p
                      className={left === 0 ? styles.ok : styles.short}
                      data-testid="downgrade-kind-status"
                      data-enough={left === 0}
                    >
                      {left === 0 ? t.kindEnough : t.kindShort(left, label(kind.node_type))}
                    </p>
                    <ul className={styles.nodes}>
                      {kind.nodes.map((node) => (
                        <li key={node.id}>
                          <label className={styles.node}>
                            <input
                              type="checkbox"
                              checked={selected.has(node.id)}
                              onChange={() => toggle(node.id)}
                              disabled={busy}
                              data-testid={`downgrade-node-${node.id}`}
                            />
                            <span className={styles.nodeName}>{node.name}</span>
                            <span className={styles.nodeMeta}>{t.project(node.project_name)}</span>
                            <span className={styles.nodeMeta}>{t.created(formatJalaliDate(node.created_at))}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </fieldset>
                );
              })}
            <p
              className={enough ? styles.ok : styles.short}
              role="status"
              data-testid="downgrade-status"
              data-enough={enough}
            >
              {enough ? t.enough : t.notEnough} {t.selected(chosen.length)}
            </p>
            {!target.is_free && <p className={styles.lead}>{t.cycleNote(cycle)}</p>}
          </>
        )}
        <ModalActions>
          <button
            type="button"
            className="button button-danger"
            disabled={!enough || busy}
            onClick={() => setConfirming(true)}
          >
            {t.next}
          </button>
          <button ref={closeRef} type="button" className="button button-quiet" disabled={busy} onClick={close}>
            {t.close}
          </button>
        </ModalActions>
      </Modal>
      {confirming && analysis && (
        <ConfirmDialog
          title={t.confirmTitle}
          text={confirmText()}
          confirmLabel={chosen.length > 0 ? t.confirmAction : t.confirmChange}
          busy={busy}
          onConfirm={() => void proceed()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

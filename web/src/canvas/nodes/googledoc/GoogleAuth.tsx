// Where a Google document or sheet stands with Google, in its settings
// panel: authorised or not; "authorise with Google" sends the owner to
// Google's consent page (the server brings them back to the canvas, which
// opens this panel and shows how it ended: state/googleReturn.ts); "read
// again" re-reads an authorised one. When the server has no Google client,
// the panel says what to configure instead.
import type { GoogleAuthStatus } from "@dastyar/rules";
import { useState } from "react";
import { authorizeGoogle, googleSetup, syncGoogle } from "../../../api/google";
import { fa } from "../../../i18n/fa";
import { errorText } from "../../../state/notifications";
import { useGoogleReturnOf } from "../../../state/useGoogleReturn";
import { databaseId } from "../../model";
import { Facts } from "../../panels/fields/Facts";
import fieldStyles from "../../panels/fields/fields.module.css";
import { useAnswer } from "../../panels/useAnswer";
import { GoogleDocumentState } from "./GoogleDocumentState";

const words = fa.nodes.googledoc;

const loadSetup = (_id: number, signal: AbortSignal) => googleSetup(signal);

/** Where the browser goes to consent; replaced in tests. */
export const browser = { open: (url: string) => window.location.assign(url) };

export function GoogleAuth({ nodeId, status }: { nodeId: string; status: GoogleAuthStatus }) {
  const dbId = databaseId(nodeId);
  const setup = useAnswer(dbId, "setup", loadSetup);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const { returned, dismiss } = useGoogleReturnOf(nodeId);
  const authorized = status === "authorized";

  const facts = (
    <Facts
      facts={[
        {
          field: "auth_status",
          term: words.authStatus,
          value: authorized ? words.authorized : words.pending,
          note: authorized ? undefined : words.pendingNote,
        },
      ]}
    />
  );
  if (dbId === null) {
    return (
      <>
        {facts}
        <p className={fieldStyles.hint}>{words.unsaved}</p>
      </>
    );
  }
  if (setup.status === "ready" && !setup.value.configured) {
    return (
      <>
        {facts}
        <section aria-label={words.notConfigured} data-testid="google-not-configured">
          <p className={fieldStyles.error} role="alert">
            {setup.value.message ?? words.notConfigured}
          </p>
          <p className={fieldStyles.hint}>
            {words.missing} <span dir="ltr">{setup.value.missing.join(", ")}</span>
          </p>
          <p className={fieldStyles.hint}>
            {words.redirectUri} <span dir="ltr">{setup.value.redirect_uri}</span>
          </p>
        </section>
      </>
    );
  }

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    setDone(null);
    dismiss();
    try {
      await run();
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const authorize = () =>
    act(async () => {
      const { url } = await authorizeGoogle(dbId);
      browser.open(url);
    });
  const sync = () =>
    act(async () => {
      await syncGoogle(dbId);
      setDone(words.syncQueued);
      setReads((n) => n + 1);
    });

  return (
    <>
      {facts}
      {returned?.outcome === "authorized" && (
        <p className={fieldStyles.hint} role="status" data-testid="google-return">
          {words.authorizedNow}
        </p>
      )}
      {returned?.outcome === "failed" && (
        <p className={fieldStyles.error} role="alert" data-testid="google-return">
          {returned.message}
        </p>
      )}
      {problem && (
        <p className={fieldStyles.error} role="alert">
          {problem}
        </p>
      )}
      {done && (
        <p className={fieldStyles.hint} role="status">
          {done}
        </p>
      )}
      <GoogleDocumentState dbId={dbId} refresh={`${status}:${reads}`} />
      <button type="button" className="button" disabled={busy} onClick={authorize} data-testid="google-authorize">
        {authorized ? words.authorizeAgain : words.authorize}
      </button>
      {authorized && (
        <button type="button" className="button" disabled={busy} onClick={sync} data-testid="google-sync">
          {words.sync}
        </button>
      )}
    </>
  );
}

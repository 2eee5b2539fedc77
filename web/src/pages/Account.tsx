import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { changePassword, signOutEverywhere } from "../api/auth";
import { ApiError } from "../api/client";
import { FormError } from "../components/FormError";
import { PageShell } from "../components/PageShell";
import { TextField } from "../components/TextField";
import { fa } from "../i18n/fa";
import { navigate } from "../router/history";
import { paths } from "../router/paths";
import { errorText } from "../state/notifications";
import { endSessionAtom, startSessionAtom, userAtom } from "../state/session";
import { useNotify } from "../state/useNotify";
import styles from "./Account.module.css";

type Errors = { current_password?: string; new_password?: string; form?: string };

/** My account: a new password, and signing out on every device. */
export function Account() {
  const user = useAtomValue(userAtom);
  const startSession = useSetAtom(startSessionAtom);
  const endSession = useSetAtom(endSessionAtom);
  const notify = useNotify();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      // The old token stops working: this device carries on with the new one.
      startSession(await changePassword({ current_password: current, new_password: next }));
      setCurrent("");
      setNext("");
      notify.success(fa.account.passwordChanged);
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === "current_password" || field === "new_password") setErrors({ [field]: errorText(error) });
      else setErrors({ form: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const everywhere = async () => {
    setBusy(true);
    try {
      await signOutEverywhere();
      endSession();
      notify.success(fa.account.signedOutEverywhere);
      navigate(paths.signIn, { replace: true });
    } catch (error) {
      notify.error(error);
      setBusy(false);
    }
  };

  return (
    <PageShell>
      <div className={styles.heading}>
        <h1 className={styles.title}>{fa.account.title}</h1>
        {user && <p className={styles.lead}>{fa.account.lead(user.email)}</p>}
      </div>
      <section className={styles.section} aria-labelledby="password-title">
        <h2 id="password-title">{fa.account.passwordTitle}</h2>
        <p className={styles.lead}>{fa.account.passwordLead}</p>
        <form onSubmit={submit} noValidate className="auth-form">
          <TextField
            label={fa.account.currentPassword}
            name="current_password"
            type="password"
            dir="ltr"
            autoComplete="current-password"
            value={current}
            error={errors.current_password}
            onChange={(event) => setCurrent(event.target.value)}
          />
          <TextField
            label={fa.account.newPassword}
            name="new_password"
            type="password"
            dir="ltr"
            autoComplete="new-password"
            hint={fa.auth.passwordHint}
            value={next}
            error={errors.new_password}
            onChange={(event) => setNext(event.target.value)}
          />
          {errors.form && <FormError text={errors.form} />}
          <button type="submit" className="button" disabled={busy}>
            {busy ? fa.auth.working : fa.account.changePassword}
          </button>
        </form>
      </section>
      <section className={styles.section} aria-labelledby="everywhere-title">
        <h2 id="everywhere-title">{fa.account.everywhereTitle}</h2>
        <p className={styles.lead}>{fa.account.everywhereLead}</p>
        <button type="button" className="button button-quiet" disabled={busy} onClick={everywhere}>
          {fa.account.signOutEverywhere}
        </button>
      </section>
    </PageShell>
  );
}

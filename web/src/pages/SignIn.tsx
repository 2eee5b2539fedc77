import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { login } from "../api/auth";
import { ApiError } from "../api/client";
import { AuthCard } from "../components/AuthCard";
import { FormError } from "../components/FormError";
import { TextField } from "../components/TextField";
import { fa } from "../i18n/fa";
import { navigate, useLocation } from "../router/history";
import { Link } from "../router/Link";
import { Redirect } from "../router/Redirect";
import { paths, RETURN_PARAM, safeReturnPath, signUpPath } from "../router/paths";
import { errorText } from "../state/notifications";
import { sessionAtom, startSessionAtom } from "../state/session";

type Errors = { email?: string; password?: string; form?: string };

/** Sign in with e-mail and password, then go back where the person was headed. */
export function SignIn() {
  const session = useAtomValue(sessionAtom);
  const startSession = useSetAtom(startSessionAtom);
  const { query } = useLocation();
  const next = safeReturnPath(query.get(RETURN_PARAM));
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  if (session.status === "signedIn" && !busy) return <Redirect to={next ?? paths.projects} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      startSession(await login({ email, password }));
      navigate(next ?? paths.projects, { replace: true });
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field === "email" || field === "password") setErrors({ [field]: errorText(error) });
      else setErrors({ form: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={fa.auth.signInTitle}
      lead={fa.auth.signInLead}
      footer={
        <>
          <span>{fa.auth.noAccount}</span>
          <Link to={signUpPath(next)}>{fa.auth.goSignUp}</Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="auth-form">
        <TextField
          label={fa.auth.email}
          name="email"
          type="email"
          dir="ltr"
          autoComplete="username"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={fa.auth.password}
          name="password"
          type="password"
          dir="ltr"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {errors.form && <FormError text={errors.form} />}
        <button type="submit" className="button" disabled={busy}>
          {busy ? fa.auth.working : fa.auth.signIn}
        </button>
      </form>
    </AuthCard>
  );
}

import { useAtomValue, useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { register } from "../api/auth";
import { ApiError } from "../api/client";
import { AuthCard } from "../components/AuthCard";
import { FormError } from "../components/FormError";
import { TextField } from "../components/TextField";
import { fa } from "../i18n/fa";
import { navigate, useLocation } from "../router/history";
import { Link } from "../router/Link";
import { Redirect } from "../router/Redirect";
import { paths, RETURN_PARAM, safeReturnPath, signInPath } from "../router/paths";
import { errorText } from "../state/notifications";
import { sessionAtom, startSessionAtom } from "../state/session";
import { useNotify } from "../state/useNotify";

type Field = "name" | "email" | "password";
type Errors = Partial<Record<Field | "form", string>>;
const FIELDS: readonly string[] = ["name", "email", "password"] satisfies Field[];

/** Create an account (name, e-mail, password); the server's error about a field shows beside it. */
export function SignUp() {
  const session = useAtomValue(sessionAtom);
  const startSession = useSetAtom(startSessionAtom);
  const notify = useNotify();
  const { query } = useLocation();
  const next = safeReturnPath(query.get(RETURN_PARAM));
  const [values, setValues] = useState<Record<Field, string>>({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  if (session.status === "signedIn" && !busy) return <Redirect to={next ?? paths.projects} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const auth = await register(values);
      startSession(auth);
      notify.success(fa.auth.welcome(auth.user.name));
      navigate(next ?? paths.projects, { replace: true });
    } catch (error) {
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && FIELDS.includes(field)) setErrors({ [field]: errorText(error) });
      else setErrors({ form: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
  });

  return (
    <AuthCard
      title={fa.auth.signUpTitle}
      lead={fa.auth.signUpLead}
      footer={
        <>
          <span>{fa.auth.haveAccount}</span>
          <Link to={signInPath(next)}>{fa.auth.goSignIn}</Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="auth-form">
        <TextField label={fa.auth.name} autoComplete="name" {...field("name")} />
        <TextField label={fa.auth.email} type="email" dir="ltr" autoComplete="email" {...field("email")} />
        <TextField
          label={fa.auth.password}
          type="password"
          dir="ltr"
          autoComplete="new-password"
          hint={fa.auth.passwordHint}
          {...field("password")}
        />
        {errors.form && <FormError text={errors.form} />}
        <button type="submit" className="button" disabled={busy}>
          {busy ? fa.auth.working : fa.auth.signUp}
        </button>
      </form>
    </AuthCard>
  );
}

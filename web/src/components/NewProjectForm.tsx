import { useSetAtom } from "jotai";
import { useState, type FormEvent } from "react";
import { ApiError } from "../api/client";
import { createProject } from "../api/projects";
import { fa } from "../i18n/fa";
import { upsertProjectAtom } from "../state/projects";
import { useNotify } from "../state/useNotify";
import styles from "./NewProjectForm.module.css";

/** Names and creates a project; the server's error about the name shows beside the input. */
export function NewProjectForm() {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const upsert = useSetAtom(upsertProjectAtom);
  const notify = useNotify();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const project = await createProject(name);
      upsert(project);
      setName("");
      notify.success(fa.projects.created(project.name));
    } catch (failure) {
      if (failure instanceof ApiError && failure.field === "name") setError(failure.message);
      else notify.error(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label className={styles.label} htmlFor="new-project-name">
        {fa.projects.newName}
      </label>
      <div className={styles.row}>
        <input
          id="new-project-name"
          name="name"
          className="input"
          value={name}
          placeholder={fa.projects.newPlaceholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "new-project-error" : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          {fa.projects.create}
        </button>
      </div>
      {error && (
        <p id="new-project-error" className={styles.error} role="alert" data-field-error="name">
          {error}
        </p>
      )}
    </form>
  );
}

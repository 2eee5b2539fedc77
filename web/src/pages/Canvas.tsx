import type { Project } from "@dastyar/rules";
import { useEffect, useState } from "react";
import { ApiError } from "../api/client";
import { getProject } from "../api/projects";
import { CenteredMessage } from "../components/CenteredMessage";
import { PageShell } from "../components/PageShell";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { paths } from "../router/paths";
import { errorText } from "../state/notifications";
import styles from "./Canvas.module.css";

/** One project's canvas. For now: the project's name and a plain note that the canvas comes next. */
export function Canvas({ projectId }: { projectId: number }) {
  const [project, setProject] = useState<Project | null>(null);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const abort = new AbortController();
    setProject(null);
    setError(undefined);
    getProject(projectId, abort.signal)
      .then(setProject)
      .catch((failure: unknown) => {
        if (abort.signal.aborted) return;
        // A missing project says so; anything else is the spec's "failed to load project".
        const missing = failure instanceof ApiError && failure.status === 404;
        setError(missing ? errorText(failure) : errorText(failure, "project_load_failed"));
      });
    return () => abort.abort();
  }, [projectId]);

  return (
    <PageShell>
      <Link to={paths.projects} className={styles.back}>
        {fa.canvas.back}
      </Link>
      {error ? (
        <CenteredMessage>
          <p role="alert">{error}</p>
        </CenteredMessage>
      ) : !project ? (
        <CenteredMessage busy>{fa.app.loading}</CenteredMessage>
      ) : (
        <section className={styles.canvas} aria-labelledby="project-title">
          <header className={styles.header}>
            <h1 id="project-title" className={styles.title} data-testid="canvas-project-name">
              {project.name}
            </h1>
            {project.category && <span className={styles.category}>{project.category}</span>}
          </header>
          <div className={styles.board}>
            <p className={styles.placeholder}>{fa.canvas.placeholder}</p>
          </div>
        </section>
      )}
    </PageShell>
  );
}

import type { ImportedProject } from "../api/types";
import { useAtom } from "jotai";
import { useEffect, useState } from "react";
import { listProjects } from "../api/projects";
import { CenteredMessage } from "../components/CenteredMessage";
import { ImportProject } from "../components/ImportProject";
import { ImportReport } from "../components/ImportReport";
import { NewProjectForm } from "../components/NewProjectForm";
import { PageShell } from "../components/PageShell";
import { ProjectCard } from "../components/ProjectCard";
import { fa } from "../i18n/fa";
import { errorText } from "../state/notifications";
import { projectsAtom } from "../state/projects";
import styles from "./Projects.module.css";

/** My projects as cards, newest first, a form for a new one, and one from a file (or the sample when there is none). */
export function Projects() {
  const [projects, setProjects] = useAtom(projectsAtom);
  const [error, setError] = useState<string>();
  const [followUp, setFollowUp] = useState<ImportedProject>();

  useEffect(() => {
    const abort = new AbortController();
    listProjects(abort.signal)
      .then((list) => {
        setProjects(list);
        setError(undefined);
      })
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(errorText(failure));
      });
    return () => abort.abort();
  }, [setProjects]);

  return (
    <PageShell>
      <div className={styles.heading}>
        <h1 className={styles.title}>{fa.projects.title}</h1>
        {projects && <span className={styles.count}>{fa.projects.count(projects.length)}</span>}
      </div>
      <NewProjectForm />
      <ImportProject withSample={projects?.length === 0} onFollowUp={setFollowUp} />
      {projects === null ? (
        error ? (
          <CenteredMessage>
            <p role="alert">{error}</p>
          </CenteredMessage>
        ) : (
          <CenteredMessage busy>{fa.app.loading}</CenteredMessage>
        )
      ) : projects.length === 0 ? (
        <p className={styles.empty}>{fa.projects.empty}</p>
      ) : (
        <ul className={styles.grid}>
          {projects.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} />
            </li>
          ))}
        </ul>
      )}
      {followUp && <ImportReport imported={followUp} onClose={() => setFollowUp(undefined)} />}
    </PageShell>
  );
}

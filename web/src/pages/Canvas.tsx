import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import type { Project } from "../api/types";
import { getProject } from "../api/projects";
import { Workspace } from "../canvas/Workspace";
import { CenteredMessage } from "../components/CenteredMessage";
import { PageShell } from "../components/PageShell";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { paths } from "../router/paths";
import { canvasLoadAtom, closeCanvasAtom, loadCanvasAtom } from "../state/canvas";
import { useGoogleReturn } from "../state/useGoogleReturn";
import styles from "./Canvas.module.css";

/** One project's canvas. */
export function Canvas({ projectId }: { projectId: number }) {
  const load = useAtomValue(canvasLoadAtom);
  const loadCanvas = useSetAtom(loadCanvasAtom);
  const closeCanvas = useSetAtom(closeCanvasAtom);
  const [project, setProject] = useState<Project | null>(null);
  useGoogleReturn();

  useEffect(() => {
    const abort = new AbortController();
    void loadCanvas(projectId, abort.signal);
    getProject(projectId, abort.signal).then(setProject, () => undefined);
    return () => {
      abort.abort();
      closeCanvas();
    };
  }, [projectId, loadCanvas, closeCanvas]);

  return (
    <PageShell wide>
      <header className={styles.header}>
        <Link to={paths.projects} className={styles.back}>
          {fa.canvas.back}
        </Link>
        {project && (
          <h1 className={styles.title} data-testid="canvas-project-name">
            {project.name}
          </h1>
        )}
        {project?.category && <span className={styles.category}>{project.category}</span>}
      </header>
      {load.status === "failed" ? (
        <CenteredMessage>
          <p role="alert">{load.message}</p>
        </CenteredMessage>
      ) : load.status === "loading" ? (
        <CenteredMessage busy>{fa.app.loading}</CenteredMessage>
      ) : (
        <Workspace projectId={projectId} />
      )}
    </PageShell>
  );
}

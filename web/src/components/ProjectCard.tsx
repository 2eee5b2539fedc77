import type { Project } from "../api/types";
import { useSetAtom } from "jotai";
import { memo, useState } from "react";
import { ApiError } from "../api/client";
import { deleteProject, exportProject, renameProject, setProjectCategory } from "../api/projects";
import { formatJalaliDate } from "../format/date";
import { fa } from "../i18n/fa";
import { Link } from "../router/Link";
import { paths } from "../router/paths";
import { removeProjectAtom, upsertProjectAtom } from "../state/projects";
import { useNotify } from "../state/useNotify";
import { saveJson, transferFileName } from "../transfer/saveFile";
import { ConfirmDialog } from "./ConfirmDialog";
import { InlineEditor } from "./InlineEditor";
import styles from "./ProjectCard.module.css";

type Editing = "name" | "category" | "delete" | null;

/** One project: its thumbnail (or a placeholder), name, category and date, and what can be done to it. */
export const ProjectCard = memo(function ProjectCard({ project }: { project: Project }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const upsert = useSetAtom(upsertProjectAtom);
  const remove = useSetAtom(removeProjectAtom);
  const notify = useNotify();
  const href = paths.project(project.id);

  const edit = (what: Editing) => {
    setFieldError(undefined);
    setEditing(what);
  };

  /** Runs one change; a 422 about the edited field shows beside it, anything else as a notification. */
  const change = async (
    call: () => Promise<Project>,
    field: string,
    done: (updated: Project) => string,
    failed: "project_rename_failed" | "project_category_failed",
  ) => {
    setBusy(true);
    setFieldError(undefined);
    try {
      const updated = await call();
      upsert(updated);
      setEditing(null);
      notify.success(done(updated));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && (!error.field || error.field === field)) {
        setFieldError(error.message);
      } else {
        notify.error(error, failed);
      }
    } finally {
      setBusy(false);
    }
  };

  const rename = (name: string) =>
    change(() => renameProject(project.id, name), "name", () => fa.projects.renamed, "project_rename_failed");

  const categorise = (text: string) => {
    const category = text.trim() === "" ? null : text;
    return change(
      () => setProjectCategory(project.id, category),
      "category",
      (updated) => (updated.category ? fa.projects.categorySaved : fa.projects.categoryCleared),
      "project_category_failed",
    );
  };

  const download = async () => {
    setBusy(true);
    try {
      saveJson(await exportProject(project.id), transferFileName(project.name));
      notify.success(fa.transfer.exported(project.name));
    } catch (error) {
      notify.error(error);
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    setBusy(true);
    try {
      await deleteProject(project.id);
      setEditing(null);
      remove(project.id);
      notify.success(fa.projects.deleted(project.name));
    } catch (error) {
      notify.error(error);
      setBusy(false);
    }
  };

  return (
    <article className={styles.card} data-testid="project-card" data-project-id={project.id}>
      <Link to={href} className={styles.thumb} aria-label={fa.projects.openNamed(project.name)}>
        {project.thumbnail ? (
          <img src={project.thumbnail} alt={fa.projects.thumbnailAlt(project.name)} loading="lazy" />
        ) : (
          <span className={styles.placeholder} aria-hidden="true">
            <span className={styles.dotA} />
            <span className={styles.line} />
            <span className={styles.dotB} />
          </span>
        )}
      </Link>

      <div className={styles.body}>
        {editing === "name" ? (
          <InlineEditor
            label={fa.projects.name}
            name="name"
            initial={project.name}
            busy={busy}
            error={fieldError}
            onSubmit={rename}
            onCancel={() => edit(null)}
          />
        ) : (
          <h2 className={styles.name}>
            <Link to={href} data-testid="project-name">
              {project.name}
            </Link>
          </h2>
        )}

        {editing === "category" ? (
          <InlineEditor
            label={fa.projects.category}
            name="category"
            initial={project.category ?? ""}
            placeholder={fa.projects.categoryPlaceholder}
            busy={busy}
            error={fieldError}
            onSubmit={categorise}
            onCancel={() => edit(null)}
          />
        ) : (
          <p className={styles.meta}>
            <span
              className={project.category ? styles.category : `${styles.category} ${styles.none}`}
              data-testid="project-category"
            >
              {project.category ?? fa.projects.noCategory}
            </span>
            <time dateTime={project.updated_at} className={styles.date} data-testid="project-updated">
              {fa.projects.updated(formatJalaliDate(project.updated_at))}
            </time>
          </p>
        )}

        <div className={styles.actions} role="group" aria-label={fa.projects.actions}>
          <Link to={href} className="button">
            {fa.projects.open}
          </Link>
          <button type="button" className="button button-quiet" onClick={() => edit("name")}>
            {fa.projects.rename}
          </button>
          <button type="button" className="button button-quiet" onClick={() => edit("category")}>
            {fa.projects.setCategory}
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={busy}
            aria-label={fa.transfer.exportNamed(project.name)}
            onClick={download}
          >
            {fa.transfer.export}
          </button>
          <button
            type="button"
            className={`button button-quiet ${styles.delete}`}
            onClick={() => edit("delete")}
          >
            {fa.projects.delete}
          </button>
        </div>
      </div>

      {editing === "delete" && (
        <ConfirmDialog
          title={fa.projects.confirmDeleteTitle}
          text={fa.projects.confirmDelete(project.name)}
          confirmLabel={fa.projects.confirmDeleteAction}
          busy={busy}
          onConfirm={confirmDelete}
          onCancel={() => edit(null)}
        />
      )}
    </article>
  );
});

// A transfer file's text made into a project: read with core's rules first, so
// a broken, foreign or newer file is refused here in the same Persian words the
// server would use, then sent through the one import call.
import { parseTransfer } from "@dastyar/rules";
import { ApiError } from "../api/client";
import { importProject } from "../api/projects";
import type { ImportedProject } from "../api/types";

/** Imports `text`; a file core refuses throws an ApiError (422) without calling the server. */
export async function importTransfer(text: string): Promise<ImportedProject> {
  const parsed = parseTransfer(text);
  if (!parsed.ok) {
    const { code, message, field } = parsed.error;
    throw new ApiError(422, code, message, { field });
  }
  return importProject(parsed.value);
}

/** Whether an import left anything for its owner to do. */
export function needsFollowUp(imported: ImportedProject): boolean {
  return imported.secrets_to_enter.length > 0 || imported.connections_to_draw.length > 0;
}

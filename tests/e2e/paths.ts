import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** The repository root. */
export const REPO = resolve(here, "../..");
/** Screenshots and the server log (gitignored). */
export const ARTIFACTS = join(here, "artifacts");

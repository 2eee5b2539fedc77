// Type-checked by `npm run typecheck` (tsc), never run: the package's
// declarations carry the ts-rs types from bindings/, not `any`.
import { kindInfo, kinds, type KindInfo, type NodeKind } from "@dastyar/rules";

const all: KindInfo[] = kinds();
const kind: NodeKind = all[0].kind;
const info: KindInfo | null = kindInfo(kind);
const collection: string | null | undefined = info?.collection;

// @ts-expect-error kindInfo answers null for an unknown kind.
const notNull: KindInfo = kindInfo("assistant");

// @ts-expect-error a KindInfo has no such field (the result is typed, not `any`).
const missing = kinds()[0].noSuchField;

// @ts-expect-error kinds are type strings.
const wrongKind: NodeKind = "Assistant";

export { collection, missing, notNull, wrongKind };

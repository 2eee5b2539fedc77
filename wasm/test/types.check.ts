// Type-checked by `npm run typecheck` (tsc), never run: the package's
// declarations carry the ts-rs types from bindings/, not `any`.
import {
  defaultNodeData,
  kindInfo,
  kinds,
  normalizeIranianMobile,
  wordpressAuthFields,
  type CanvasNode,
  type MessageCode,
  type WordpressAuthField,
  type KindInfo,
  type NodeKind,
  type Prepared,
} from "@dastyar/rules";
import { normalizeText, searchTerms } from "@dastyar/rules/lazy";
import { checkConnection, normalizeWordpressUrl, prepareNodeData } from "@dastyar/rules/urls";

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

// Validator answers narrow on `ok`.
const phone = normalizeIranianMobile("09123456789");
const normalised: string = phone.ok ? phone.value : phone.error.message;

// Connection answers narrow on `ok` too.
const nodes: CanvasNode[] = [{ id: "vectorstore-1", position: { x: 0, y: 0 }, ...defaultNodeData("vectorstore") }];
const check = checkConnection({ nodes, edges: [] }, { source: "vectorstore-1", target: "assistant-2" });
const said: string = check.ok ? check.edgeKind : check.message;

// The URL module's answers carry the same types.
const site = normalizeWordpressUrl("https://example.ir/");
const siteSaid: string = site.ok ? site.value : site.error.message;
const prepared: Prepared = prepareNodeData(defaultNodeData("wordpress"));

// @ts-expect-error a refusal has no edge kind until narrowed.
const unnarrowed: string = check.edgeKind;

// A kind's container refusal is a catalogue code.
const refusal: MessageCode | null = all[0].containerRefusal;

// Credential lists name the auth type's own fields.
const wpField: WordpressAuthField = wordpressAuthFields("jwt")[0].field;

// @ts-expect-error a WordPress credential is not an API-definition one.
const apiField: "token" = wordpressAuthFields("jwt")[0].field;

// Search text is a string, its terms a string array.
const normalisedText: string = normalizeText("كتاب");
const terms: string[] = searchTerms("می‌خواهم");

// @ts-expect-error search terms are not one string.
const oneTerm: string = searchTerms("کتاب");

export { normalisedText, oneTerm, terms, apiField, refusal, wpField, collection, missing, normalised, notNull, said, unnarrowed, wrongKind };

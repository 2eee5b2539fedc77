// What the iframe panel shows of its frame, worked out apart from React so it
// can be tested: whether the frame is live, why it cannot be registered yet,
// which look field each of the rules' problems belongs to, and the colour
// the colour picker can show.
import { defaultNodeData, type IframeData, type MessageCode, type Problem } from "@dastyar/rules";
import { fa } from "../../../i18n/fa";
import { urlRules } from "../../urlRules";

const t = fa.nodes.iframe;

/** What the server says of a frame, as the canvas node holds it. */
type Saved = Pick<IframeData, "isActive" | "apiKey" | "companyName" | "authorizedDomains">;

/**
 * live: registered, with an assistant joined, so visitors get answers;
 * inactive: registered, but no assistant is joined;
 * unregistered: no key and embed code yet.
 */
export type FrameState = "live" | "inactive" | "unregistered";

/** Whether the server has registered the frame (it wrote the public key into the node). */
export function isRegistered(saved: Pick<IframeData, "apiKey">): boolean {
  return Boolean(saved.apiKey);
}

/** The frame's state and the Persian notes that explain it. */
export function frameState(saved: Saved): { state: FrameState; notes: string[] } {
  if (!isRegistered(saved)) {
    const notes: string[] = [t.site.unregisteredNote];
    if (!saved.isActive) notes.push(t.site.noAssistantNote);
    return { state: "unregistered", notes };
  }
  if (!saved.isActive) return { state: "inactive", notes: [t.site.noAssistantNote] };
  return { state: "live", notes: [t.site.liveNote] };
}

/**
 * Why the frame cannot be registered now, or null when it can. The server
 * registers what the node holds, so the node must be stored, its edits
 * saved, and its company name and domains filled in.
 */
export function registerBlock(databaseId: number | null, dirty: boolean, saved: Saved): string | null {
  if (databaseId === null) return t.register.unsaved;
  if (dirty) return t.register.dirty;
  if (saved.companyName.trim() === "") return t.register.noCompany;
  if (!saved.authorizedDomains.some((d) => d.trim() !== "")) return t.register.noDomains;
  return null;
}

/** The look's fields that the rules' problems can be about. */
export type LookField = "title" | "welcome" | "color";

/** Which look field each of the rules' codes is about: they all name the field `appearance`. */
const LOOK_FIELD: Partial<Record<MessageCode, LookField>> = {
  frame_title_too_long: "title",
  frame_welcome_too_long: "welcome",
  frame_color_invalid: "color",
};

/**
 * The Persian problem with each look field; a problem with the appearance
 * the codes above do not place (a malformed position, say) is `other`.
 */
export function lookErrors(problems: readonly Problem[]): Partial<Record<LookField | "other", string>> {
  const errors: Partial<Record<LookField | "other", string>> = {};
  for (const problem of problems) {
    if (problem.field !== "appearance" && !problem.field.startsWith("appearance.")) continue;
    const field = LOOK_FIELD[problem.code] ?? "other";
    errors[field] ??= problem.message;
  }
  return errors;
}

/** The frame colour unless another is chosen. */
export function defaultColor(): string {
  const fresh = defaultNodeData("iframe");
  return fresh.type === "iframe" ? fresh.data.appearance.color : "#000000";
}

/**
 * What `<input type="color">` can show for the draft: its colour as the
 * rules store it (`#rrggbb`, lower case) when valid, else the default.
 */
export function pickerColor(draft: IframeData): string {
  const prepared = urlRules().prepareNodeData({ type: "iframe", data: draft });
  const invalid = prepared.problems.some((p) => p.code === "frame_color_invalid");
  if (invalid || prepared.data.type !== "iframe") return defaultColor();
  return prepared.data.data.appearance.color;
}

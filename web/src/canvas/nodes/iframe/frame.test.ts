import { defaultNodeData, message, type IframeData, type Problem } from "@dastyar/rules";
import { prepareNodeData } from "@dastyar/rules/urls";
import { beforeAll, describe, expect, it } from "vitest";
import { fa } from "../../../i18n/fa";
import { defaultColor, frameState, isRegistered, lookErrors, pickerColor, registerBlock } from "./frame";
import { loadUrlRules } from "../../urlRules";

const t = fa.nodes.iframe;

/** An iframe node's data: the rules' defaults and `extra`. */
function frame(extra: Partial<IframeData> = {}): IframeData {
  const fresh = defaultNodeData("iframe");
  if (fresh.type !== "iframe") throw new Error("not an iframe");
  return { ...fresh.data, ...extra };
}

const complete = { companyName: "فروشگاه", authorizedDomains: ["shop.example.ir"] };

describe("frameState", () => {
  it("is unregistered without a key, saying how the embed code is made and that an assistant is missing", () => {
    expect(isRegistered(frame())).toBe(false);
    expect(frameState(frame())).toEqual({ state: "unregistered", notes: [t.site.unregisteredNote, t.site.noAssistantNote] });
  });

  it("is unregistered with an assistant joined but no key, saying only how the code is made", () => {
    expect(frameState(frame({ isActive: true }))).toEqual({ state: "unregistered", notes: [t.site.unregisteredNote] });
  });

  it("is inactive when registered with no assistant, explaining that one must be joined", () => {
    const saved = frame({ apiKey: "fr_abc", isActive: false });
    expect(isRegistered(saved)).toBe(true);
    expect(frameState(saved)).toEqual({ state: "inactive", notes: [t.site.noAssistantNote] });
  });

  it("is live when registered with an assistant joined", () => {
    expect(frameState(frame({ apiKey: "fr_abc", isActive: true }))).toEqual({ state: "live", notes: [t.site.liveNote] });
  });
});

describe("registerBlock", () => {
  it("allows a stored, saved node with a company and a domain", () => {
    expect(registerBlock(9, false, frame(complete))).toBeNull();
  });

  it("waits for the node to be stored, then for its edits to be saved", () => {
    expect(registerBlock(null, false, frame(complete))).toBe(t.register.unsaved);
    expect(registerBlock(9, true, frame(complete))).toBe(t.register.dirty);
  });

  it("asks for the company name, then for a domain", () => {
    expect(registerBlock(9, false, frame({ ...complete, companyName: "  " }))).toBe(t.register.noCompany);
    expect(registerBlock(9, false, frame({ ...complete, authorizedDomains: [] }))).toBe(t.register.noDomains);
    expect(registerBlock(9, false, frame({ ...complete, authorizedDomains: [" "] }))).toBe(t.register.noDomains);
  });
});

describe("lookErrors", () => {
  const problem = (code: Problem["code"], field = "appearance"): Problem => ({ field, code, message: message(code, {}) });

  it("places each of the rules' appearance problems under its field", () => {
    expect(
      lookErrors([problem("frame_title_too_long"), problem("frame_welcome_too_long"), problem("frame_color_invalid")]),
    ).toEqual({
      title: message("frame_title_too_long", {}),
      welcome: message("frame_welcome_too_long", {}),
      color: message("frame_color_invalid", {}),
    });
  });

  it("leaves other fields' problems out, and keeps an unplaced appearance problem apart", () => {
    expect(lookErrors([problem("domain_invalid", "authorizedDomains")])).toEqual({});
    expect(lookErrors([problem("invalid_input", "appearance.position")])).toEqual({ other: message("invalid_input", {}) });
  });

  it("finds the rules' own problems with a draft", () => {
    const draft = frame({ appearance: { ...frame().appearance, title: "ب".repeat(81), color: "blue" } });
    const { problems } = prepareNodeData({ type: "iframe", data: draft });
    expect(lookErrors(problems)).toEqual({
      title: message("frame_title_too_long", {}),
      color: message("frame_color_invalid", {}),
    });
  });
});

// The URL rules, which the iframe panel asking for a colour waits for.
beforeAll(() => loadUrlRules());

describe("pickerColor", () => {
  const withColor = (color: string) => frame({ appearance: { ...frame().appearance, color } });

  it("shows a valid colour as the rules store it", () => {
    expect(pickerColor(withColor("#0EA5E9"))).toBe("#0ea5e9");
    expect(pickerColor(withColor("#0ea5e9"))).toBe("#0ea5e9");
  });

  it("shows the default while the text is not a colour", () => {
    expect(defaultColor()).toMatch(/^#[0-9a-f]{6}$/);
    expect(pickerColor(withColor("blue"))).toBe(defaultColor());
    expect(pickerColor(withColor("#12"))).toBe(defaultColor());
  });
});

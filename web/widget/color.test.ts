import { describe, expect, it } from "vitest";
import { DARK_TEXT, LIGHT_TEXT, luminance, textOn } from "./color";

describe("textOn", () => {
  it("puts white on dark colours and near-black on light ones", () => {
    expect(textOn("#000000")).toBe(LIGHT_TEXT);
    expect(textOn("#4f46e5")).toBe(LIGHT_TEXT); // the default indigo
    expect(textOn("#ffffff")).toBe(DARK_TEXT);
    expect(textOn("#ffeb3b")).toBe(DARK_TEXT); // yellow
    expect(textOn("#7FFFD4")).toBe(DARK_TEXT); // upper-case hex too
  });

  it("chooses by contrast, not by a halfway luminance", () => {
    // Mid grey (luminance ~0.22) reads better in black than in white.
    expect(luminance("#808080")).toBeLessThan(0.5);
    expect(textOn("#808080")).toBe(DARK_TEXT);
    expect(textOn("#595959")).toBe(LIGHT_TEXT);
  });
});

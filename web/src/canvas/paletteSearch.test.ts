import { normalizeText } from "@dastyar/rules/lazy";
import { describe, expect, it } from "vitest";
import { fa } from "../i18n/fa";
import { PALETTE, paletteSearch } from "./paletteSearch";

const searchPalette = paletteSearch(normalizeText);

const kindsFor = (query: string) => searchPalette(query).map((e) => e.kind);

describe("the palette's search", () => {
  it("shows every kind, each with its one-line purpose, for an empty query", () => {
    expect(searchPalette("")).toBe(PALETTE);
    expect(searchPalette("   ")).toBe(PALETTE);
    for (const entry of PALETTE) expect(entry.purpose).toBe(fa.palette.purpose[entry.kind]);
    expect(PALETTE.length).toBe(19);
  });

  it("finds a kind by its name", () => {
    expect(kindsFor("پیامک")).toEqual(["sms"]);
    expect(kindsFor("زمان‌بند")).toContain("scheduler");
  });

  it("finds a kind typed with Arabic ي and ك", () => {
    expect(kindsFor("پيامك")).toEqual(["sms"]);
    expect(kindsFor("برگه گوگل")).toContain("googlesheet");
    expect(kindsFor("ربات تلگرام")).toContain("telegram");
  });

  it("matches across a half-space typed as a plain space or left out", () => {
    // «زمان‌بند» has a half-space; typed with none it still reads the same word.
    expect(kindsFor("زمانبند")).toEqual(kindsFor("زمان‌بند"));
    expect(kindsFor("زمان\u200bبند")).toEqual(kindsFor("زمان‌بند"));
    expect(kindsFor("زمان بند")).toContain("scheduler");
    expect(kindsFor("زمان‌بند")).toContain("scheduler");
  });

  it("finds a kind by what it is for", () => {
    expect(kindsFor("وب‌سایت")).toContain("iframe");
    expect(kindsFor("گزارش")).toContain("analyzer");
  });

  it("needs every word typed", () => {
    expect(kindsFor("ربات پیامک")).toEqual([]);
    expect(kindsFor("ناموجود")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { fa } from "../../../i18n/fa";
import { fileSize } from "./size";

describe("fileSize", () => {
  it("picks the unit and keeps one decimal", () => {
    expect(fileSize(0)).toEqual({ value: 0, unit: "B" });
    expect(fileSize(1023)).toEqual({ value: 1023, unit: "B" });
    expect(fileSize(1024)).toEqual({ value: 1, unit: "KB" });
    expect(fileSize(1536)).toEqual({ value: 1.5, unit: "KB" });
    expect(fileSize(5 * 1024 * 1024 + 300 * 1024)).toEqual({ value: 5.3, unit: "MB" });
    expect(fileSize(3 * 1024 ** 3)).toEqual({ value: 3, unit: "GB" });
    expect(fileSize(4096 * 1024 ** 3)).toEqual({ value: 4096, unit: "GB" });
  });

  it("does not show 1024 of a unit", () => {
    expect(fileSize(1024 * 1024 - 10)).toEqual({ value: 1, unit: "MB" });
  });

  it("reads in Persian digits with the unit's Persian name", () => {
    const { value, unit } = fileSize(1536);
    expect(fa.nodes.filedb.files.size(value, unit)).toMatch(/^\u06F1\u066B\u06F5 /);
  });
});

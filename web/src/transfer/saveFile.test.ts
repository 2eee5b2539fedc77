// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveJson, transferFileName } from "./saveFile";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("saving a project file", () => {
  it("names the file after the project, with no folder in it", () => {
    expect(transferFileName("فروش/پشتیبانی")).toBe("فروش-پشتیبانی.dastyar.json");
    expect(transferFileName("ساده")).toBe("ساده.dastyar.json");
  });

  it("hands the browser the JSON under that name", async () => {
    let blob: Blob | undefined;
    vi.spyOn(URL, "createObjectURL").mockImplementation((made) => {
      blob = made as Blob;
      return "blob:file";
    });
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveJson({ format: "dastyar.project", version: 1 }, "ساده.dastyar.json");
    expect(clicked).toEqual([{ href: "blob:file", download: "ساده.dastyar.json" }]);
    expect(JSON.parse(await blob!.text())).toEqual({ format: "dastyar.project", version: 1 });
    expect(document.querySelector("a[download]")).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(revoke).toHaveBeenCalledWith("blob:file");
  });
});

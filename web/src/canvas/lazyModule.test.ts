import { describe, expect, it, vi } from "vitest";
import { lazyModule } from "./lazyModule";

describe("lazyModule", () => {
  it("fetches once however often it is asked, and holds what came", async () => {
    const fetch = vi.fn(() => Promise.resolve({ answer: 42 }));
    const module = lazyModule(fetch);
    expect(module.now()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(await module.load()).toBe(first);
    expect(module.now()).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("fetches again after a failed fetch", async () => {
    const fetch = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce({ answer: 7 });
    const module = lazyModule(fetch);
    await expect(module.load()).rejects.toThrow("offline");
    expect(module.now()).toBeNull();
    expect(await module.load()).toEqual({ answer: 7 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

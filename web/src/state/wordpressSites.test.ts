// @vitest-environment happy-dom
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WordpressTerms, WordpressTestResult } from "../api/types";
import { testWordpressConnection, wordpressTerms } from "../api/wordpress";
import { ApiError } from "../api/client";
import { loadWordpressListsAtom, NO_LISTS, testWordpressAtom, wordpressListsAtom, wordpressTestsAtom } from "./wordpressSites";

vi.mock("../api/wordpress", () => ({ testWordpressConnection: vi.fn(), wordpressTerms: vi.fn() }));

const list = (items: [number, string][], truncated = false): WordpressTerms => ({
  items: items.map(([id, name]) => ({ id, name })),
  total: items.length,
  truncated,
});

let store: ReturnType<typeof createStore>;

beforeEach(() => {
  store = createStore();
});

afterEach(() => {
  vi.resetAllMocks();
});

describe("the pickers' lists", () => {
  it("reads the three lists of a node and keeps them by its id", async () => {
    vi.mocked(wordpressTerms).mockImplementation(async (_id, which) =>
      which === "categories" ? list([[3, "اخبار"]], true) : which === "authors" ? list([[1, "مدیر"]]) : list([]),
    );
    const loading = store.set(loadWordpressListsAtom, 9);
    expect(store.get(wordpressListsAtom).get(9)?.loading).toBe(true);
    await loading;
    expect(store.get(wordpressListsAtom).get(9)).toEqual({
      lists: { categories: [{ id: 3, name: "اخبار" }], authors: [{ id: 1, name: "مدیر" }], tags: [] },
      truncated: ["categories"],
      loading: false,
      error: null,
    });
    expect(vi.mocked(wordpressTerms).mock.calls.map((c) => [c[0], c[1]])).toEqual([
      [9, "categories"],
      [9, "authors"],
      [9, "tags"],
    ]);
    expect(store.get(wordpressListsAtom).get(10)).toBeUndefined();
  });

  it("keeps what was read when a list fails, with the first reason", async () => {
    vi.mocked(wordpressTerms).mockResolvedValue(list([[5, "فناوری"]]));
    await store.set(loadWordpressListsAtom, 9);
    vi.mocked(wordpressTerms).mockImplementation(async (_id, which) => {
      if (which === "tags") return list([[6, "علم"]]);
      throw new ApiError(424, "wordpress_forbidden", which === "categories" ? "اول" : "دوم");
    });
    await store.set(loadWordpressListsAtom, 9);
    const site = store.get(wordpressListsAtom).get(9)!;
    expect(site.lists).toEqual({ categories: [{ id: 5, name: "فناوری" }], authors: [{ id: 5, name: "فناوری" }], tags: [{ id: 6, name: "علم" }] });
    expect(site.error).toBe("اول");
    expect(site.loading).toBe(false);
  });

  it("leaves nothing loading when the read is abandoned", async () => {
    const controller = new AbortController();
    vi.mocked(wordpressTerms).mockImplementation(async () => {
      controller.abort();
      throw new DOMException("aborted", "AbortError");
    });
    await store.set(loadWordpressListsAtom, 9, controller.signal);
    expect(store.get(wordpressListsAtom).get(9)).toEqual(NO_LISTS);
  });
});

describe("the connection test", () => {
  it("keeps the last result by node", async () => {
    const result = { status: "success", code: "wordpress_connected", message: "وصل شد", details: {} } as unknown as WordpressTestResult;
    vi.mocked(testWordpressConnection).mockResolvedValue(result);
    await expect(store.set(testWordpressAtom, 9)).resolves.toBe(result);
    expect(store.get(wordpressTestsAtom).get(9)).toBe(result);
    vi.mocked(testWordpressConnection).mockRejectedValue(new ApiError(404, "not_found", "نیست"));
    await expect(store.set(testWordpressAtom, 9)).rejects.toThrow("نیست");
    expect(store.get(wordpressTestsAtom).get(9)).toBe(result);
  });
});

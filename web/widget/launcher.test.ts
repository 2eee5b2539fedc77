// @vitest-environment happy-dom
// @vitest-environment-options {"url":"https://shop.example/products"}
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { boot, findScript, frameRequest, readEmbed, readVisitor, saveVisitor } from "./launcher";
import type { WidgetSession } from "./protocol";

const BASE = "https://dastyar.example";
const VISITOR = "v_abcdefghijklmnop1234";
const session = (over: Partial<WidgetSession> = {}): WidgetSession => ({
  visitor: VISITOR,
  token: "tok.en",
  expires_in: 3600,
  active: true,
  appearance: { title: "Shop help", welcome: "Hi", color: "#4f46e5", position: "bottom-left", theme: "light" },
  ...over,
});
const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function embed(src = `${BASE}/widget/widget.js`, key: string | null = "pk_123") {
  const s = document.createElement("script");
  s.src = src;
  if (key !== null) s.setAttribute("data-frame", key);
  document.head.append(s);
  return s;
}

// happy-dom loads no script, and gives every iframe a blank page of its own
// (a real window to post to) instead of asking the network.
const settings = (window as unknown as { happyDOM: { settings: Record<string, unknown> & { fetch: Record<string, unknown> } } })
  .happyDOM.settings;
settings.handleDisabledFileLoadingAsSuccess = true;
settings.enableIframePageLoading = true;
settings.fetch.interceptor = {
  beforeAsyncRequest: async () => new Response("<!doctype html><title>chat</title>", { headers: { "Content-Type": "text/html" } }),
};

beforeEach(() => {
  delete (window as unknown as Record<string, unknown>).__dastyarWidget;
  localStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
});
afterEach(() => vi.useRealTimers());

describe("finding the embed line", () => {
  it("falls back to the script tag with data-frame and our path", () => {
    embed("https://cdn.other.example/lib.js", "nope-not-ours");
    const ours = embed();
    expect(findScript(document)).toBe(ours);
  });

  it("finds nothing on a page without our line", () => {
    embed("https://dastyar.example/widget/widget.js", null);
    expect(findScript(document)).toBeNull();
  });

  it("reads the key and the origin of the loader's own src", () => {
    expect(readEmbed(embed("https://dastyar.example:8443/widget/widget.js?v=2"))).toEqual({
      key: "pk_123",
      base: "https://dastyar.example:8443",
    });
    expect(readEmbed(embed(undefined, "  "))).toBeNull();
    expect(readEmbed(null)).toBeNull();
  });
});

describe("the visitor id", () => {
  it("takes only 16–64 of [A-Za-z0-9_-] from storage", () => {
    localStorage.setItem("dastyar:k:visitor", VISITOR);
    expect(readVisitor(window, "k")).toBe(VISITOR);
    localStorage.setItem("dastyar:k:visitor", "short");
    expect(readVisitor(window, "k")).toBeNull();
    localStorage.setItem("dastyar:k:visitor", "a".repeat(65));
    expect(readVisitor(window, "k")).toBeNull();
    localStorage.setItem("dastyar:k:visitor", "bad id with spaces!!");
    expect(readVisitor(window, "k")).toBeNull();
  });

  it("works on when storage throws", () => {
    const throwing = {
      get localStorage(): Storage {
        throw new DOMException("denied", "SecurityError");
      },
    } as unknown as Window;
    expect(readVisitor(throwing, "k")).toBeNull();
    expect(() => saveVisitor(throwing, "k", VISITOR)).not.toThrow();
  });
});

describe("boot", () => {
  it("asks for a session without credentials and draws the launcher", async () => {
    localStorage.setItem("dastyar:pk_123:visitor", "v_stored_visitor_0001");
    const fetcher = vi.fn(async () => answer(session()));
    const widget = await boot(window, document, embed(), fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${BASE}/api/widget/pk_123/session`);
    expect(init).toMatchObject({ method: "POST", credentials: "omit", headers: { "Content-Type": "application/json" } });
    expect(JSON.parse(init.body as string)).toEqual({ visitor: "v_stored_visitor_0001" });
    // The server's visitor is kept for next time.
    expect(localStorage.getItem("dastyar:pk_123:visitor")).toBe(VISITOR);
    expect(widget).not.toBeNull();
    expect(document.body.contains(widget!.host)).toBe(true);
    expect(widget!.button.getAttribute("aria-label")).toContain("Shop help");
    expect(widget!.button.getAttribute("aria-expanded")).toBe("false");
    expect(widget!.button.classList.contains("l")).toBe(true);
    expect(widget!.button.querySelector("svg")).not.toBeNull();
  });

  it.each([
    ["refused (403, no CORS)", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["a 403 it can read", async () => answer({ error: { code: "frame_origin_refused" } }, 403)],
    ["an answer of the wrong shape", async () => answer({ token: "x" })],
    ["a colour that is not #rrggbb", async () => answer(session({ appearance: { ...session().appearance, color: "red;x" } }))],
  ])("draws nothing and warns once when the session is %s", async (_, reply) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const before = document.body.innerHTML;
    const widget = await boot(window, document, embed(), vi.fn(reply));
    expect(widget).toBeNull();
    expect(document.body.innerHTML).toBe(before);
    expect(document.querySelector("dastyar-widget")).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("sends no visitor when storage throws, and still works", async () => {
    const spy = vi.spyOn(window, "localStorage", "get").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    const fetcher = vi.fn(async () => answer(session()));
    const widget = await boot(window, document, embed(), fetcher);
    spy.mockRestore();
    expect(JSON.parse((fetcher.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({
      visitor: null,
    });
    expect(widget).not.toBeNull();
  });

  it("runs once when the line is pasted twice", async () => {
    const fetcher = vi.fn(async () => answer(session()));
    const script = embed();
    embed();
    const [first, second] = await Promise.all([
      boot(window, document, script, fetcher),
      boot(window, document, script, fetcher),
    ]);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll("dastyar-widget")).toHaveLength(1);
  });

  it("opens the iframe lazily with the token in the fragment, and toggles", async () => {
    const widget = (await boot(window, document, embed(), vi.fn(async () => answer(session()))))!;
    expect(widget.frame()).toBeNull();
    widget.button.click();
    await vi.waitFor(() => expect(widget.frame()).not.toBeNull());
    const frame = widget.frame()!;
    expect(frame.getAttribute("src")).toBe(`${BASE}/embed/pk_123#token=tok.en&visitor=${VISITOR}`);
    expect(frame.title).toBe("Shop help");
    expect(widget.panel.hidden).toBe(false);
    expect(widget.button.getAttribute("aria-expanded")).toBe("true");
    widget.button.click();
    expect(widget.panel.hidden).toBe(true);
    widget.button.click();
    await vi.waitFor(() => expect(widget.panel.hidden).toBe(false));
    expect(widget.frame()).toBe(frame); // the same iframe, not a new one
  });
});

describe("messages from the chat page", () => {
  const frame = {} as Window;
  it("are heard only from our origin and our iframe", () => {
    expect(frameRequest({ origin: BASE, source: frame, data: { type: "dastyar:close" } }, BASE, frame)).toBe("close");
    expect(frameRequest({ origin: BASE, source: frame, data: { type: "dastyar:renew" } }, BASE, frame)).toBe("renew");
    expect(frameRequest({ origin: "https://evil.example", source: frame, data: { type: "dastyar:close" } }, BASE, frame)).toBeNull();
    expect(frameRequest({ origin: BASE, source: {} as Window, data: { type: "dastyar:close" } }, BASE, frame)).toBeNull();
    expect(frameRequest({ origin: BASE, source: null, data: { type: "dastyar:close" } }, BASE, null)).toBeNull();
    expect(frameRequest({ origin: BASE, source: frame, data: "dastyar:close" }, BASE, frame)).toBeNull();
    expect(frameRequest({ origin: BASE, source: frame, data: { type: "other" } }, BASE, frame)).toBeNull();
  });

  it("close the panel, and a renewal answers the iframe with a fresh token", async () => {
    let n = 0;
    const fetcher = vi.fn(async () => answer(session({ token: `token-${++n}` })));
    const widget = (await boot(window, document, embed(), fetcher))!;
    await widget.open();
    const child = widget.frame()!.contentWindow!;
    expect(child).toBeTruthy();
    const posted = vi.spyOn(child, "postMessage").mockImplementation(() => {});

    // From the right window but another origin: ignored.
    window.dispatchEvent(new MessageEvent("message", { origin: "https://evil.example", source: child, data: { type: "dastyar:renew" } }));
    window.dispatchEvent(new MessageEvent("message", { origin: BASE, source: child, data: { type: "dastyar:renew" } }));
    await vi.waitFor(() => expect(posted).toHaveBeenCalledTimes(1));
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(JSON.parse((fetcher.mock.calls[1] as unknown as [string, RequestInit])[1].body as string)).toEqual({ visitor: VISITOR });
    expect(posted).toHaveBeenCalledWith({ type: "dastyar:token", token: "token-2" }, BASE);

    window.dispatchEvent(new MessageEvent("message", { origin: "https://evil.example", source: child, data: { type: "dastyar:close" } }));
    expect(widget.panel.hidden).toBe(false);
    window.dispatchEvent(new MessageEvent("message", { origin: BASE, source: child, data: { type: "dastyar:close" } }));
    expect(widget.panel.hidden).toBe(true);
  });

  it("renews a little before the token runs out while the panel is open", async () => {
    vi.useFakeTimers();
    let n = 0;
    const fetcher = vi.fn(async () => answer(session({ token: `token-${++n}`, expires_in: 600 })));
    const widget = (await boot(window, document, embed(), fetcher))!;
    await widget.open();
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(539_000);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2_000); // 600 s less a minute
    expect(fetcher).toHaveBeenCalledTimes(2);
    widget.close();
    await vi.advanceTimersByTimeAsync(1_200_000);
    expect(fetcher).toHaveBeenCalledTimes(2); // closed: no renewals
  });
});

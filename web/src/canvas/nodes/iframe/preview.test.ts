// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/client";
import { setToken } from "../../../api/token";
import { previewUrl, startPreview, storedVisitor } from "./preview";

const LOOK = { title: "پشتیبانی", welcome: "سلام!", color: "#4f46e5", position: "bottom-right", theme: "light" };
const FIRST = "preview_abcdefgh12345678";
const SECOND = "preview_zyxwvuts87654321";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const session = (visitor: string, token = "v.tok.en") => ({ visitor, token, expires_in: 3600, active: true, appearance: LOOK });

let bodies: unknown[];

/** The server: each preview call answers the next of `answers`. */
function serve(...answers: Response[]) {
  bodies = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      expect(url).toBe("/api/frames/preview");
      bodies.push(JSON.parse(init.body as string));
      const answer = answers.shift();
      if (!answer) throw new Error("unexpected call");
      return answer;
    }),
  );
}

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/projects/2");
  setToken("tok.en.fr");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("previewUrl", () => {
  it("is the frame's chat page with the token and visitor in its fragment", () => {
    expect(previewUrl("http://127.0.0.1:8080", "fr_abc", { token: "a.b+c/d=", visitor: FIRST })).toBe(
      `http://127.0.0.1:8080/embed/fr_abc#token=a.b%2Bc%2Fd%3D&visitor=${FIRST}`,
    );
    const fragment = new URLSearchParams(previewUrl("https://x.ir", "fr_abc", { token: "a.b+c/d=", visitor: FIRST }).split("#")[1]);
    expect(fragment.get("token")).toBe("a.b+c/d=");
    expect(fragment.get("visitor")).toBe(FIRST);
  });
});

describe("startPreview", () => {
  it("asks for a new visitor the first time, keeps it for the node and answers the page to open", async () => {
    serve(json(200, session(FIRST, "t1")));
    const url = await startPreview(9, "fr_abc", "https://dastyar.example");
    expect(bodies).toEqual([{ node_id: 9 }]);
    expect(url).toBe(`https://dastyar.example/embed/fr_abc#token=t1&visitor=${FIRST}`);
    expect(storedVisitor(9)).toBe(FIRST);
    expect(storedVisitor(10)).toBeUndefined();
  });

  it("goes on as the kept visitor the next time, and opens at this page's origin by default", async () => {
    window.localStorage.setItem("dastyar.framePreview.9", FIRST);
    serve(json(200, session(FIRST, "t2")));
    const url = await startPreview(9, "fr_abc");
    expect(bodies).toEqual([{ node_id: 9, visitor: FIRST }]);
    expect(url).toBe(`${window.location.origin}/embed/fr_abc#token=t2&visitor=${FIRST}`);
  });

  it("forgets a kept visitor the server no longer takes and starts a new one", async () => {
    window.localStorage.setItem("dastyar.framePreview.9", "preview_bad");
    serve(json(422, { error: { code: "visitor_invalid", message: message("visitor_invalid", {}), details: { field: "visitor" } } }), json(200, session(SECOND)));
    const url = await startPreview(9, "fr_abc", "https://dastyar.example");
    expect(bodies).toEqual([{ node_id: 9, visitor: "preview_bad" }, { node_id: 9 }]);
    expect(url).toContain(`visitor=${SECOND}`);
    expect(storedVisitor(9)).toBe(SECOND);
  });

  it("fails with the server's Persian message, keeping the visitor, when the frame is not registered", async () => {
    window.localStorage.setItem("dastyar.framePreview.9", FIRST);
    const text = message("frame_not_registered", {});
    serve(json(409, { error: { code: "frame_not_registered", message: text } }));
    const error = await startPreview(9, "fr_abc").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: text });
    expect(bodies).toHaveLength(1);
    expect(storedVisitor(9)).toBe(FIRST);
  });
});

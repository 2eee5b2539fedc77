// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { previewFrame, registerFrame } from "./frames";
import { setToken } from "./token";
import { errorBody, failure, json, serve } from "./fakeFetch";


const LOOK = { title: "پشتیبانی", welcome: "سلام!", color: "#4f46e5", position: "bottom-right", theme: "light" };
const SCRIPT = '<script src="https://dastyar.example/widget/widget.js" data-frame="fr_abc" async></script>';

const frame = {
  node_id: 9,
  project_id: 2,
  frame_id: 4,
  company_id: 7,
  company_name: "فروشگاه",
  authorized_domains: ["shop.example.ir"],
  style: "default",
  appearance: LOOK,
  assistant_id: null,
  is_active: false,
  public_key: "fr_abc",
  script: SCRIPT,
  node: {
    id: "iframe-9",
    type: "iframe",
    position: { x: 0, y: 0 },
    data: { label: "گفتگو", companyName: "فروشگاه", authorizedDomains: ["shop.example.ir"], apiKey: "fr_abc", script: SCRIPT },
  },
};

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, "", "/projects/2");
  setToken("tok.en.fr");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("registerFrame", () => {
  it("posts the node id alone to /frames/register with the token, and answers the frame", async () => {
    const calls = serve(() => json(200, frame));
    await expect(registerFrame(9)).resolves.toEqual(frame);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("/api/frames/register");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ node_id: 9 });
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe("Bearer tok.en.fr");
  });

  it("fails with the server's Persian message and the field it names", async () => {
    const text = message("frame_domains_required", {});
    serve(() => json(422, errorBody("frame_domains_required", text, { field: "authorized_domains" })));
    const error = await failure(registerFrame(9));
    expect(error).toMatchObject({ status: 422, code: "frame_domains_required", message: text });
    expect(error.field).toBe("authorized_domains");
  });
});

describe("previewFrame", () => {
  const session = { visitor: "preview_abcdefgh12345678", token: "v.tok.en", expires_in: 3600, active: true, appearance: LOOK };

  it("posts the node id, and no visitor when none is kept", async () => {
    const calls = serve(() => json(200, session));
    await expect(previewFrame(9)).resolves.toEqual(session);
    expect(calls[0]!.url).toBe("/api/frames/preview");
    expect(calls[0]!.init.method).toBe("POST");
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ node_id: 9 });
  });

  it("names the kept visitor to go on with its conversation", async () => {
    const calls = serve(() => json(200, session));
    await previewFrame(9, session.visitor);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ node_id: 9, visitor: session.visitor });
  });

  it("fails with conflict while the frame is not registered", async () => {
    const text = message("frame_not_registered", {});
    serve(() => json(409, errorBody("frame_not_registered", text)));
    expect(await failure(previewFrame(9))).toMatchObject({ status: 409, code: "frame_not_registered", message: text });
  });
});

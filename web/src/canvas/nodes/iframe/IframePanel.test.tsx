// @vitest-environment happy-dom
import { message } from "@dastyar/rules";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import { fa } from "../../../i18n/fa";
import { nodesAtom } from "../../../state/canvas";
import { flowNode } from "../../../state/canvas/testFixtures";
import type { FlowNode } from "../../model";
import { click, failed, renderPanel, routedFetch, settle, typeInto, type Call, type PanelView, type Route } from "../../panels/panelTesting";
import { IframePanel } from "./IframePanel";

const t = fa.nodes.iframe;
const KEY = "fr_abcdefghijklmnop";
const SCRIPT = `<script src="https://dastyar.example/widget/widget.js" data-frame="${KEY}" async></script>`;
const VISITOR = "preview_abcdefgh12345678";

let calls: Call[];
let route: Route;
let panel: PanelView<"iframe">;

async function render(node: FlowNode) {
  panel = await renderPanel(IframePanel, node);
}

/** A stored iframe node with a company and a domain; `data` on top. */
const saved = (data: Record<string, unknown> = {}) =>
  flowNode("iframe-9", { label: "گفتگوی سایت", companyName: "فروشگاه", authorizedDomains: ["shop.example.ir"], ...data });
const registered = (data: Record<string, unknown> = {}) =>
  saved({ apiKey: KEY, script: SCRIPT, frameId: 4, companyId: 7, ...data });

/** What the server answers for a registration: the frame, with the node as it now is. */
function frameView(data: Record<string, unknown>) {
  const node = registered(data);
  return {
    node_id: 9,
    project_id: 2,
    frame_id: 4,
    company_id: 7,
    company_name: "فروشگاه",
    authorized_domains: ["shop.example.ir"],
    style: "default",
    appearance: (node.data as { appearance: unknown }).appearance,
    assistant_id: null,
    is_active: false,
    public_key: KEY,
    script: SCRIPT,
    node: { id: node.id, type: "iframe", position: node.position, data: node.data },
  };
}

const byTestId = (id: string) => panel.host.querySelector(`[data-testid="${id}"]`);
const button = (id: string) => byTestId(id) as HTMLButtonElement;
const text = (id: string) => byTestId(id)?.textContent ?? "";
const named = <E extends Element = HTMLInputElement>(name: string) => panel.host.querySelector(`[name="${name}"]`) as E;
/** The field wrapping the control named `name`: its label, hint and problem. */
function fieldOf(name: string): HTMLElement {
  let element = named(name).parentElement;
  while (element && !element.querySelector(":scope > label")) element = element.parentElement;
  if (!element) throw new Error(`no field around ${name}`);
  return element;
}

beforeEach(() => {
  route = () => undefined;
  window.localStorage.clear();
  calls = routedFetch((call) => route(call));
});

afterEach(() => {
  panel.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the frame's state", () => {
  it("says a node not yet registered has no embed code, and how it is made", async () => {
    await render(saved());
    expect(byTestId("frame-state")?.getAttribute("data-state")).toBe("unregistered");
    expect(text("frame-state-badge")).toBe(t.site.states.unregistered);
    expect(text("frame-state")).toContain(t.site.unregisteredNote);
    expect(text("frame-state")).toContain(t.site.noAssistantNote);
    expect(byTestId("frame-script")).toBeNull();
    expect(button("frame-preview").disabled).toBe(true);
    expect(calls).toEqual([]);
  });

  it("is inactive when registered with no assistant, explaining one must be joined", async () => {
    await render(registered());
    expect(byTestId("frame-state")?.getAttribute("data-state")).toBe("inactive");
    expect(text("frame-state-badge")).toBe(t.site.states.inactive);
    expect(text("frame-state")).toContain(t.site.noAssistantNote);
  });

  it("is live when registered with an assistant joined, and follows the canvas node", async () => {
    await render(registered({ isActive: true }));
    expect(byTestId("frame-state")?.getAttribute("data-state")).toBe("live");
    expect(text("frame-state-badge")).toBe(t.site.states.live);
    // The last assistant is disconnected: the canvas reads the node again.
    act(() => panel.store.set(nodesAtom, [registered({ isActive: false })]));
    expect(byTestId("frame-state")?.getAttribute("data-state")).toBe("inactive");
  });
});

describe("registering", () => {
  it("posts the saved node, puts the answered node into the canvas and shows its embed code", async () => {
    let answer!: (response: Response) => void;
    route = (call) =>
      call.url === "/api/frames/register"
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined;
    await render(saved());
    expect(button("frame-register").disabled).toBe(false);
    expect(button("frame-register").textContent).toBe(t.register.register);
    expect(byTestId("frame-register-blocked")).toBeNull();

    click(byTestId("frame-register"));
    expect(button("frame-register").disabled).toBe(true);
    expect(button("frame-register").textContent).toBe(t.register.registering);
    expect(calls).toEqual([{ method: "POST", url: "/api/frames/register", body: { node_id: 9 } }]);

    await act(async () => answer(json(200, frameView({}))));
    await settle();
    expect(panel.store.get(nodesAtom)[0]!.data).toMatchObject({ apiKey: KEY, script: SCRIPT, frameId: 4, companyId: 7 });
    expect(text("frame-register-done")).toBe(t.register.registered);
    expect((byTestId("frame-script") as HTMLTextAreaElement).value).toBe(SCRIPT);
    expect(panel.host.textContent).toContain(t.embed.hint);
    expect(byTestId("frame-state")?.getAttribute("data-state")).toBe("inactive");
    expect(button("frame-register").textContent).toBe(t.register.again);
    expect(button("frame-preview").disabled).toBe(false);
    expect(panel.host.querySelector('[data-fact="apiKey"] dd')?.textContent).toBe(KEY);
    // Nothing to save: the draft follows the node.
    expect(panel.form.dirty).toBe(false);
  });

  it("shows the server's Persian message when it refuses", async () => {
    const required = message("frame_domains_required", {});
    route = (call) =>
      call.url === "/api/frames/register" ? failed(422, "frame_domains_required", required, { field: "authorized_domains" }) : undefined;
    await render(saved());
    click(byTestId("frame-register"));
    await settle();
    expect(text("frame-register-error")).toBe(required);
    expect(byTestId("frame-register-error")?.getAttribute("role")).toBe("alert");
    expect(button("frame-register").disabled).toBe(false);
    expect(panel.store.get(nodesAtom)[0]!.data).not.toHaveProperty("apiKey");
  });

  it("waits for the node to be stored, for its edits to be saved, and for a company and a domain", async () => {
    await render(flowNode("iframe-temp-1", { companyName: "فروشگاه", authorizedDomains: ["shop.example.ir"] }));
    expect(button("frame-register").disabled).toBe(true);
    expect(text("frame-register-blocked")).toBe(t.register.unsaved);
    expect(byTestId("frame-preview")).toBeNull();
    panel.unmount();

    await render(saved({ companyName: "" }));
    expect(button("frame-register").disabled).toBe(true);
    expect(text("frame-register-blocked")).toBe(t.register.noCompany);
    // Typed but not saved: the server registers what is saved.
    typeInto(named("companyName"), "فروشگاه");
    expect(button("frame-register").disabled).toBe(true);
    expect(text("frame-register-blocked")).toBe(t.register.dirty);
    panel.unmount();

    await render(saved({ authorizedDomains: [] }));
    expect(text("frame-register-blocked")).toBe(t.register.noDomains);
  });
});

describe("the look", () => {
  it("edits the title, welcome, colour, corner and theme in the draft, with no raw style field", async () => {
    await render(saved());
    expect(named("style")).toBeNull();
    typeInto(named("appearance.title"), "پشتیبانی فروشگاه");
    typeInto(named<HTMLTextAreaElement>("appearance.welcome"), "سلام! بپرسید.");
    typeInto(named("appearance.color"), "#0EA5E9");
    expect(named("appearance.colorPicker").value).toBe("#0ea5e9");
    typeInto(named("appearance.colorPicker"), "#22c55e");
    expect(named("appearance.color").value).toBe("#22c55e");
    click(panel.host.querySelector('[name="appearance.position"][value="bottom-left"]'));
    click(panel.host.querySelector('[name="appearance.theme"][value="dark"]'));
    expect(panel.form.draft.appearance).toEqual({
      title: "پشتیبانی فروشگاه",
      welcome: "سلام! بپرسید.",
      color: "#22c55e",
      position: "bottom-left",
      theme: "dark",
    });
    expect((panel.host.querySelector('[name="appearance.position"][value="bottom-left"]') as HTMLInputElement).checked).toBe(true);
    expect(panel.form.draft.style).toBe("default");
    expect(panel.form.problems).toEqual([]);
  });

  it("shows the rules' Persian problem under the field it is about", async () => {
    await render(saved());
    typeInto(named("appearance.title"), "ب".repeat(81));
    expect(fieldOf("appearance.title").textContent).toContain(message("frame_title_too_long", {}));
    expect(fieldOf("appearance.welcome").textContent).not.toContain(message("frame_title_too_long", {}));
    expect(named("appearance.title").getAttribute("aria-invalid")).toBe("true");

    typeInto(named<HTMLTextAreaElement>("appearance.welcome"), "ب".repeat(1001));
    expect(fieldOf("appearance.welcome").textContent).toContain(message("frame_welcome_too_long", {}));

    typeInto(named("appearance.color"), "blue");
    expect(fieldOf("appearance.color").getAttribute("data-invalid")).toBe("true");
    expect(fieldOf("appearance.color").textContent).toContain(message("frame_color_invalid", {}));
    expect(fieldOf("appearance.title").textContent).not.toContain(message("frame_color_invalid", {}));
    // The picker shows the default meanwhile.
    expect(named("appearance.colorPicker").value).toMatch(/^#[0-9a-f]{6}$/);

    typeInto(named("appearance.title"), "پشتیبانی");
    expect(fieldOf("appearance.title").textContent).not.toContain(message("frame_title_too_long", {}));
  });
});

describe("the preview", () => {
  it("asks for a preview session, keeps its visitor and opens the chat page in a new tab", async () => {
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    route = (call) =>
      call.url === "/api/frames/preview"
        ? json(200, { visitor: VISITOR, token: "v.tok.en", expires_in: 3600, active: false, appearance: {} })
        : undefined;
    await render(registered());
    click(byTestId("frame-preview"));
    await settle();
    expect(calls).toEqual([{ method: "POST", url: "/api/frames/preview", body: { node_id: 9 } }]);
    expect(opened).toHaveBeenCalledExactlyOnceWith(
      `${window.location.origin}/embed/${KEY}#token=v.tok.en&visitor=${VISITOR}`,
      "_blank",
      "noopener",
    );
    expect(window.localStorage.getItem("dastyar.framePreview.9")).toBe(VISITOR);

    // Again: the same visitor goes on with its conversation.
    click(byTestId("frame-preview"));
    await settle();
    expect(calls[1]!.body).toEqual({ node_id: 9, visitor: VISITOR });
    expect(opened).toHaveBeenCalledTimes(2);
  });

  it("shows the server's Persian message and opens nothing when it fails", async () => {
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    const notRegistered = message("frame_not_registered", {});
    route = (call) => (call.url === "/api/frames/preview" ? failed(409, "frame_not_registered", notRegistered) : undefined);
    await render(registered());
    click(byTestId("frame-preview"));
    await settle();
    expect(text("frame-preview-error")).toBe(notRegistered);
    expect(opened).not.toHaveBeenCalled();
    expect(button("frame-preview").disabled).toBe(false);
  });

  it("says it shows the saved frame while edits are not saved", async () => {
    await render(registered());
    expect(panel.host.textContent).toContain(t.preview.hint);
    typeInto(named("appearance.title"), "عنوان تازه");
    expect(panel.host.textContent).toContain(t.preview.unsaved);
    expect(button("frame-preview").disabled).toBe(false);
  });
});

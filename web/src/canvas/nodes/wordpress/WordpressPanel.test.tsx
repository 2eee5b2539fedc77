// @vitest-environment happy-dom
import { constants, message } from "@dastyar/rules";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "../../../api/fakeFetch";
import { fa } from "../../../i18n/fa";
import { flowNode } from "../../../state/canvas/testFixtures";
import type { FlowNode } from "../../model";
import { click, failed, renderPanel, routedFetch, settle, typeInto, type Call, type PanelView, type Route } from "../../panels/panelTesting";
import { WordpressPanel } from "./WordpressPanel";

const t = fa.nodes.wordpress;
const MASK = `${constants().secretMask}wxyz`;

const lists: Record<string, unknown> = {
  "/api/wordpress/7/categories": { items: [{ id: 3, name: "اخبار" }, { id: 4, name: "فناوری" }], total: 2, truncated: false },
  "/api/wordpress/7/authors": { items: [{ id: 1, name: "مدیر سایت" }, { id: 2, name: "رضا" }], total: 2, truncated: false },
  "/api/wordpress/7/tags": { items: [{ id: 8, name: "هوش مصنوعی" }, { id: 9, name: "برنامه‌نویسی" }], total: 2, truncated: false },
};

/** A site whose lists read, where `route` does not answer. */
const site: Route = ({ url }) => (url in lists ? json(200, lists[url]) : undefined);

let calls: Call[];
let route: Route;
let panel: PanelView<"wordpress">;

const saved = (data: Record<string, unknown> = {}): FlowNode =>
  flowNode("wordpress-7", {
    label: "وبلاگ",
    siteUrl: "https://blog.example.ir",
    authType: "application_password",
    authData: { username: "admin", applicationPassword: MASK, password: "", jwtToken: "" },
    ...data,
  });

const byTestId = (id: string) => panel.host.querySelector(`[data-testid="${id}"]`);
const select = (name: string) => panel.host.querySelector(`select[name="${name}"]`) as HTMLSelectElement | null;
const optionLabels = (name: string) => [...(select(name)?.options ?? [])].map((o) => o.textContent);

function choose(element: HTMLSelectElement, value: string) {
  act(() => {
    element.value = value;
    element.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

beforeEach(() => {
  route = () => undefined;
  window.localStorage.clear();
  calls = routedFetch((call) => route(call), site);
});

afterEach(() => {
  panel.unmount();
  vi.unstubAllGlobals();
});

describe("the site's lists", () => {
  it("are read when the panel opens for a saved node, and become pickers", async () => {
    panel = await renderPanel(WordpressPanel, saved());
    expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual(Object.keys(lists).map((u) => `GET ${u}`).sort());
    expect(optionLabels("defaultCategory")).toEqual([t.none, "اخبار", "فناوری"]);
    expect(optionLabels("defaultAuthor")).toEqual([t.none, "مدیر سایت", "رضا"]);
    const tags = [...panel.host.querySelectorAll('[data-picker="defaultTags"] label')].map((l) => l.textContent);
    expect(tags.slice(1)).toEqual(["هوش مصنوعی", "برنامه‌نویسی"]);
    expect(byTestId("wordpress-lists")?.textContent).toContain("۲");
  });

  it("keep the picked names with the node", async () => {
    panel = await renderPanel(WordpressPanel, saved());
    await settle();
    choose(select("defaultCategory")!, "4");
    await settle();
    expect(panel.form.draft.defaultCategory).toBe(4);
    expect(panel.form.draft.wordpressCategories).toEqual([{ id: 4, name: "فناوری" }]);
    const ai = panel.host.querySelector('[data-picker="defaultTags"] input[value="8"]') as HTMLInputElement;
    click(ai);
    await settle();
    expect(panel.form.draft.defaultTags).toEqual([8]);
    expect(panel.form.draft.wordpressTags).toEqual([{ id: 8, name: "هوش مصنوعی" }]);
  });

  it("are not asked for before the node is saved, and say why a read failed", async () => {
    panel = await renderPanel(WordpressPanel, flowNode("wordpress-temp-1", { siteUrl: "https://blog.example.ir" }));
    expect(calls).toEqual([]);
    expect(byTestId("wordpress-site")?.textContent).toContain(t.site.unsaved);
    expect((byTestId("wordpress-test") as HTMLButtonElement).disabled).toBe(true);
    panel.unmount();

    const refused = message("wordpress_rest_disabled", {});
    route = ({ url }) => (url.endsWith("/tags") ? failed(424, "wordpress_rest_disabled", refused) : undefined);
    panel = await renderPanel(WordpressPanel, saved());
    expect(byTestId("wordpress-lists-error")?.textContent).toBe(refused);
    // Typed ids stand in for the list that could not be read.
    expect(panel.host.querySelector('[data-picker="defaultTags"]')).toBeNull();
    expect(optionLabels("defaultCategory")).toContain("اخبار");
  });
});

describe("the connection test", () => {
  it("shows who signed in, and warns when they may not publish what the node publishes", async () => {
    route = ({ url }) =>
      url === "/api/wordpress/7/test-connection"
        ? json(200, {
            status: "success",
            code: "wordpress_connected",
            message: message("wordpress_connected", { user: "رضا" }),
            details: {
              site_url: "https://blog.example.ir",
              auth_type: "application_password",
              api_root: "wp_json",
              user: { id: 2, name: "رضا", username: "reza", roles: ["contributor"], can_write: true, can_publish: false },
            },
          })
        : undefined;
    panel = await renderPanel(WordpressPanel, saved({ autoPublish: true }));
    click(byTestId("wordpress-test"));
    await settle();
    expect(calls.find((c) => c.url === "/api/wordpress/7/test-connection")?.method).toBe("POST");
    const result = byTestId("wordpress-test-result")!;
    expect(result.getAttribute("data-status")).toBe("success");
    expect(result.textContent).toContain(message("wordpress_connected", { user: "رضا" }));
    expect(result.querySelector('[data-fact="roles"] dd')?.textContent).toBe(t.site.roles.contributor);
    expect(byTestId("wordpress-rights")?.textContent).toBe(t.site.cannotPublish);
  });

  it("shows the Persian reason and WordPress's own words when it fails", async () => {
    const reason = message("wordpress_credentials_rejected", { reason: "The provided password is an invalid application password." });
    route = ({ url }) =>
      url === "/api/wordpress/7/test-connection"
        ? json(200, {
            status: "error",
            code: "wordpress_credentials_rejected",
            message: reason,
            details: {
              site_url: "https://blog.example.ir",
              auth_type: "application_password",
              field: "authData.applicationPassword",
              wordpress: { status: 401, code: "incorrect_password", message: "The provided password is an invalid application password." },
            },
          })
        : undefined;
    panel = await renderPanel(WordpressPanel, saved());
    click(byTestId("wordpress-test"));
    await settle();
    const result = byTestId("wordpress-test-result")!;
    expect(result.getAttribute("data-status")).toBe("error");
    expect(result.querySelector('[role="alert"]')?.textContent).toBe(reason);
    expect(byTestId("wordpress-said")?.textContent).toContain("401 incorrect_password");
  });

  it("waits for a save when the credentials were edited", async () => {
    panel = await renderPanel(WordpressPanel, saved());
    const password = panel.host.querySelector('input[name="authData.applicationPassword"]') as HTMLInputElement;
    typeInto(password, "abcd efgh ijkl mnop qrst uvwx");
    await settle();
    expect((byTestId("wordpress-test") as HTMLButtonElement).disabled).toBe(true);
    expect(byTestId("wordpress-site")?.textContent).toContain(t.site.saveFirst);
  });
});

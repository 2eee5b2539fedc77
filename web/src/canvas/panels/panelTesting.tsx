// For the settings panels' tests: a fake server that records each call and
// answers it by route, and a panel drawn as the settings panel draws it (the
// node read from the canvas, its draft from usePanelForm) in a fresh store and
// React root. The server's JSON and error shape come from the API tests' fake.
import type { NodeKind } from "@dastyar/rules";
import { createStore, Provider, useAtomValue } from "jotai";
import { act, useEffect, type ComponentType, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { vi } from "vitest";
import { errorBody, json } from "../../api/fakeFetch";
import { nodesAtom } from "../../state/canvas";
import type { FlowNode } from "../model";
import { loadUrlRules } from "../urlRules";
import type { PanelProps } from "./types";
import { usePanelForm, type PanelForm } from "./usePanelForm";

// Tells React these renders are tests, so it flushes them in act() and warns of updates outside it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A request as the server got it, its body parsed. */
export type Call = { method: string; url: string; body: unknown };
/** The server's answer to a call, or undefined to leave it to the next route. */
export type Route = (call: Call) => Response | Promise<Response> | undefined;

/**
 * Replaces fetch with a server that records every call in the array it
 * returns and answers by the first of `routes` that answers. A call none
 * answers fails, so a test sees what it did not expect.
 */
export function routedFetch(...routes: Route[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(init.body as string) : undefined };
      calls.push(call);
      for (const route of routes) {
        const answer = await route(call);
        if (answer) return answer;
      }
      throw new Error(`unexpected ${call.method} ${url}`);
    }),
  );
  return calls;
}

/** The server refusing: `status` with its error body. */
export const failed = (status: number, code: string, text: string, details: Record<string, unknown> = {}) =>
  json(status, errorBody(code, text, details));

/** Lets what is pending run: a fetch's answer, its body read, then the render it causes. */
export async function settle() {
  for (let i = 0; i < 3; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Clicks `element`, failing the test when it is not there. */
export function click(element: Element | null | undefined) {
  if (!element) throw new Error("nothing to click");
  act(() => {
    (element as HTMLElement).click();
  });
}

/** Types `value` into a text field as a person would: through the native setter, so React sees the input. */
export function typeInto(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  act(() => {
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

type Store = ReturnType<typeof createStore>;

export type Mounted = {
  store: Store;
  /** The element it is drawn in, inside the document. */
  host: HTMLElement;
  /** Unmounts it and takes its element out of the document (each test's afterEach). */
  unmount: () => void;
};

/** Draws `ui` with `store` in a new React root and settles what it asked for on mount. */
export async function mount(store: Store, ui: ReactNode): Promise<Mounted> {
  // SettingsPanel shows a panel once the URL rules are here: a test renders with them.
  await loadUrlRules();
  const host = document.createElement("div");
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(<Provider store={store}>{ui}</Provider>));
  await settle();
  return {
    store,
    host,
    unmount: () => {
      act(() => root.unmount());
      host.remove();
    },
  };
}

export type PanelView<K extends NodeKind> = Mounted & {
  /** The panel's form as last rendered (it changes with every edit). */
  readonly form: PanelForm<K>;
};

/** The settings panel's part: the node as the canvas holds it now, and its form. */
function Harness<K extends NodeKind>(props: {
  id: string;
  Panel: ComponentType<PanelProps<K>>;
  onForm: (form: PanelForm<K>) => void;
}) {
  const { id, Panel, onForm } = props;
  const node = useAtomValue(nodesAtom).find((n) => n.id === id) as FlowNode;
  // usePanelForm knows the kind only at run time; the node is K's.
  const form = usePanelForm(node) as unknown as PanelForm<K>;
  useEffect(() => {
    onForm(form);
  });
  return <Panel form={form} />;
}

/** `Panel` for `node`, the only node on a fresh canvas. */
export async function renderPanel<K extends NodeKind>(
  Panel: ComponentType<PanelProps<K>>,
  node: FlowNode,
): Promise<PanelView<K>> {
  const store = createStore();
  store.set(nodesAtom, [node]);
  let latest: PanelForm<K> | null = null;
  const mounted = await mount(store, <Harness id={node.id} Panel={Panel} onForm={(form) => (latest = form)} />);
  return {
    ...mounted,
    get form() {
      if (!latest) throw new Error("the panel has not rendered");
      return latest;
    },
  };
}

// @vitest-environment happy-dom
// A settings panel's draft: it follows the node until edited, keeps edits
// through changes on the canvas, becomes the server's answer once saved, and
// starts again for another node.
import { createStore, Provider, useAtomValue } from "jotai";
import { act, useEffect } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { NodeView } from "../../api/types";
import { updateNode } from "../../api/nodes";
import { nodesAtom, projectIdAtom } from "../../state/canvas";
import { patchData } from "../../state/canvas/graph";
import { deferred, flowNode, isolateEachTest, nodeView, PROJECT_ID } from "../../state/canvas/testFixtures";
import type { FlowNode } from "../model";
import { usePanelForm, type PanelForm } from "./usePanelForm";

vi.mock("../../api/nodes");

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

isolateEachTest();

const seen: { form: PanelForm | null } = { form: null };

function Harness({ id }: { id: string }) {
  const node = useAtomValue(nodesAtom).find((n) => n.id === id) as FlowNode;
  const form = usePanelForm(node);
  useEffect(() => {
    seen.form = form;
  });
  return null;
}

let root: Root | null = null;
let store: ReturnType<typeof createStore>;

function show(id: string) {
  act(() =>
    root!.render(
      <Provider store={store}>
        <Harness id={id} />
      </Provider>,
    ),
  );
}

function canvas(...nodes: FlowNode[]) {
  store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  root = createRoot(document.createElement("div"));
}

function form(): PanelForm {
  if (!seen.form) throw new Error("no panel rendered");
  return seen.form;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  seen.form = null;
});

describe("a settings panel's draft", () => {
  it("follows the node while it has no edits, and keeps its edits when the node changes", () => {
    canvas(flowNode("iframe-1", { label: "Frame" }));
    show("iframe-1");
    act(() => store.set(nodesAtom, (nodes) => patchData(nodes, "iframe-1", { label: "Renamed" })));
    expect(form().draft.label).toBe("Renamed");
    expect(form().dirty).toBe(false);

    act(() => form().update({ label: "Mine" }));
    act(() => store.set(nodesAtom, (nodes) => patchData(nodes, "iframe-1", { label: "Theirs" })));
    expect(form().draft.label).toBe("Mine");
    expect(form().dirty).toBe(true);
  });

  it("is what the server answered once saved", async () => {
    canvas(flowNode("iframe-1", { label: "Frame" }));
    show("iframe-1");
    const answer = deferred<NodeView>();
    vi.mocked(updateNode).mockReturnValue(answer.promise);

    act(() => form().update({ label: "  Widget " }));
    let saved: Promise<boolean> = Promise.resolve(false);
    act(() => {
      saved = form().save();
    });
    expect(form().dirty).toBe(true);
    await act(async () => {
      answer.resolve(nodeView("iframe-1", { label: "Widget" }));
      await saved;
    });

    expect(await saved).toBe(true);
    expect(form().dirty).toBe(false);
    expect(form().draft.label).toBe("Widget");
  });

  it("keeps its edits and shows the problems when the rules refuse the save", async () => {
    canvas(flowNode("function-1", { functionName: "lookup" }));
    show("function-1");
    act(() => form().update({ functionName: "1 bad name" }));

    let ok = true;
    await act(async () => {
      ok = await form().save();
    });

    expect(ok).toBe(false);
    expect(form().dirty).toBe(true);
    expect(form().draft).toMatchObject({ functionName: "1 bad name" });
    expect(form().error("functionName")).toBeTruthy();
    expect(updateNode).not.toHaveBeenCalled();
  });

  it("starts again from another node", () => {
    canvas(flowNode("iframe-1", { label: "One" }), flowNode("iframe-2", { label: "Two" }));
    show("iframe-1");
    act(() => form().update({ label: "Edited" }));

    show("iframe-2");

    expect(form().nodeId).toBe("iframe-2");
    expect(form().draft.label).toBe("Two");
    expect(form().dirty).toBe(false);
  });
});

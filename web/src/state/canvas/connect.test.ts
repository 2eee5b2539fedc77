// Drawing an edge (spec §4, §5, §8): the rules decide first, so a forbidden
// edge never reaches the server; an allowed one is pending, then the server's
// edge, or error (trigger and SMS edges are removed instead).
import { allowedTargets, constants, message } from "@dastyar/rules";
import { checkConnection } from "@dastyar/rules/urls";
import type { CanvasEdge } from "../../api/types";
import { createStore } from "jotai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/client";
import { createEdge } from "../../api/edges";
import { getNode } from "../../api/nodes";
import { kindInfoOf } from "../../canvas/kinds";
import { graphOf, toFlowEdge, type FlowNode } from "../../canvas/model";
import { fa } from "../../i18n/fa";
import { notificationsAtom } from "../notifications";
import { edgesAtom, nodesAtom, projectIdAtom } from "./atoms";
import { checkProposalAtom, connectAtom } from "./connect";
import { canvasEdge, deferred, flowNode, flush, NOW, nodeView, PROJECT_ID, savedEdge, isolateEachTest } from "./testFixtures";

vi.mock("../../api/nodes");
vi.mock("../../api/edges");
vi.mock("../../api/containers");
vi.mock("../../api/disconnect");

const { telegramNoticeDelayMs, telegramNoticeDurationMs } = constants().timings;

const assistant = () => flowNode("assistant-1", { assistant_id: "asst_1" });
const telegram = () => flowNode("telegram-4", { bot_token: "123456:ABC", bot_username: "dastyar_bot" });
const trigger = () => flowNode("trigger-5", { messageTemplate: "گزارش روزانه" });
const sms = () =>
  flowNode("sms-6", { apiKey: "A".repeat(40), receptor: "09121234567", message: "سلام" });
const fn = () =>
  flowNode("function-7", {
    functionName: "lookup",
    parameters: { type: "object", properties: { q: { type: "string" } }, required: [] },
  });

function canvasWith(...nodes: FlowNode[]) {
  const store = createStore();
  store.set(projectIdAtom, PROJECT_ID);
  store.set(nodesAtom, nodes);
  return store;
}

const texts = (store: ReturnType<typeof createStore>) => store.get(notificationsAtom).map((n) => n.text);

isolateEachTest();

beforeEach(() => {
  vi.mocked(getNode).mockRejectedValue(new Error("not asked for"));
});


describe("a forbidden connection", () => {
  it("shows the rule's Persian message and calls nothing", async () => {
    const store = canvasWith(assistant(), flowNode("assistant-3"));

    await expect(store.set(connectAtom, { source: "assistant-3", target: "assistant-1" })).resolves.toBeNull();

    // The rule's reason, then what an assistant may connect to instead (core's table).
    const [shown] = store.get(notificationsAtom);
    expect(shown).toMatchObject({ kind: "error" });
    expect(shown!.text.startsWith(message("same_type_connection", {}))).toBe(true);
    expect(shown!.text).toContain(fa.canvas.refusal.allowed(kindInfoOf("assistant").label, allowedTargets("assistant").map((k) => kindInfoOf(k).label)));
    expect(shown!.text).toContain(kindInfoOf("telegram").label);
    expect(store.get(edgesAtom)).toEqual([]);
    expect(createEdge).not.toHaveBeenCalled();
  });

  it("is refused by the kind's own rule: a bot without its token", async () => {
    const store = canvasWith(assistant(), flowNode("telegram-4"));

    await store.set(connectAtom, { source: "assistant-1", target: "telegram-4" });

    expect(texts(store)).toEqual([message("telegram_credentials_missing", {})]);
    expect(createEdge).not.toHaveBeenCalled();
  });

  it("is refused when the assistant already has a vector store", async () => {
    const store = canvasWith(assistant(), flowNode("vectorstore-2"), flowNode("vectorstore-3"));
    store.set(edgesAtom, [savedEdge("vector_store", "vectorstore-2", "assistant-1", 30)]);

    await store.set(connectAtom, { source: "vectorstore-3", target: "assistant-1" });

    expect(texts(store)).toEqual([message("one_vector_store_per_assistant", {})]);
    expect(store.get(edgesAtom)).toHaveLength(1);
    expect(createEdge).not.toHaveBeenCalled();
  });

  it("checkProposal answers what the rules answer for the canvas", () => {
    const store = canvasWith(assistant(), trigger());
    const proposal = { source: "trigger-5", target: "assistant-1" };
    const answer = store.set(checkProposalAtom, proposal);
    expect(answer).toEqual(checkConnection(graphOf(store.get(nodesAtom), []), proposal));
    expect(answer).toMatchObject({ ok: true, edgeKind: "trigger" });
  });

  it("cannot connect an end still being created", async () => {
    const store = canvasWith(assistant(), flowNode("vectorstore-temp-9", { creationStatus: "pending" }));

    await expect(store.set(connectAtom, { source: "vectorstore-temp-9", target: "assistant-1" })).resolves.toBeNull();

    expect(texts(store)).toEqual([message("connection_incomplete", {})]);
    expect(store.get(edgesAtom)).toEqual([]);
    expect(createEdge).not.toHaveBeenCalled();
  });
});

describe("an allowed connection", () => {
  it("is pending at once, then the server's edge, and both ends are re-read", async () => {
    const store = canvasWith(assistant(), flowNode("vectorstore-2"));
    const answer = deferred<CanvasEdge>();
    vi.mocked(createEdge).mockReturnValue(answer.promise);
    vi.mocked(getNode).mockImplementation(async (kind, id) =>
      kind === "assistant"
        ? nodeView("assistant-1", { assistant_id: "asst_1", vector_store_id: "vs_2" })
        : nodeView(`${kind}-${id}`),
    );

    const connected = store.set(connectAtom, { source: "vectorstore-2", target: "assistant-1" });

    const [pending] = store.get(edgesAtom);
    expect(pending).toMatchObject({
      id: `evectorstore-2-assistant-1-${NOW}`,
      source: "vectorstore-2",
      target: "assistant-1",
      data: { connectionStatus: "pending", edgeKind: "vector_store" },
    });
    expect(createEdge).toHaveBeenCalledWith({
      project_id: PROJECT_ID,
      source_type: "vectorstore",
      source_id: 2,
      target_type: "assistant",
      target_id: 1,
      edge_data: expect.objectContaining({ connectionStatus: "success", edgeKind: "vector_store" }),
    });

    const saved = canvasEdge("vector_store", "vectorstore-2", "assistant-1", 44);
    answer.resolve(saved);
    await expect(connected).resolves.toBe(saved.id);

    expect(store.get(edgesAtom)).toEqual([toFlowEdge(saved)]);
    expect(store.get(edgesAtom)[0]!.data).toMatchObject({ connectionStatus: "success", edgeDbId: 44 });
    await flush();
    expect(getNode).toHaveBeenCalledWith("vectorstore", 2);
    expect(getNode).toHaveBeenCalledWith("assistant", 1);
    expect(store.get(nodesAtom)[0]!.data).toMatchObject({ vector_store_id: "vs_2" });
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it("keeps the other edges as they are", async () => {
    const store = canvasWith(assistant(), fn(), flowNode("vectorstore-2"));
    const other = savedEdge("vector_store", "vectorstore-2", "assistant-1", 30);
    store.set(edgesAtom, [other]);
    vi.mocked(createEdge).mockResolvedValue(canvasEdge("function", "function-7", "assistant-1", 45));

    await store.set(connectAtom, { source: "function-7", target: "assistant-1" });

    expect(store.get(edgesAtom)).toHaveLength(2);
    expect(store.get(edgesAtom)[0]).toBe(other);
    expect(store.get(edgesAtom)[1]!.data!.edgeDbId).toBe(45);
  });
});

describe("a connection the server refuses", () => {
  it("removes a trigger edge, showing the server's message", async () => {
    const store = canvasWith(assistant(), trigger());
    vi.mocked(createEdge).mockRejectedValue(new ApiError(422, "assistant_not_registered", "دستیار ثبت نشده است"));

    await expect(store.set(connectAtom, { source: "trigger-5", target: "assistant-1" })).resolves.toBeNull();

    expect(store.get(edgesAtom)).toEqual([]);
    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "error", text: "دستیار ثبت نشده است" }]);
  });

  it("removes an SMS edge", async () => {
    const store = canvasWith(assistant(), sms());
    vi.mocked(createEdge).mockRejectedValue(new ApiError(422, "sms_incomplete", "پیامک کامل نیست"));

    await store.set(connectAtom, { source: "assistant-1", target: "sms-6" });

    expect(store.get(edgesAtom)).toEqual([]);
    expect(texts(store)).toEqual(["پیامک کامل نیست"]);
  });

  it("marks any other edge error, and keeps it", async () => {
    const store = canvasWith(assistant(), fn());
    vi.mocked(createEdge).mockRejectedValue(new ApiError(500, "internal_error", "خطای سرور"));

    await store.set(connectAtom, { source: "function-7", target: "assistant-1" });

    expect(store.get(edgesAtom)).toHaveLength(1);
    expect(store.get(edgesAtom)[0]).toMatchObject({
      source: "function-7",
      target: "assistant-1",
      data: { connectionStatus: "error", edgeKind: "function" },
    });
    expect(texts(store)).toEqual(["خطای سرور"]);
  });

  it("says the connection failed when the failure has no message", async () => {
    const store = canvasWith(assistant(), telegram());
    vi.mocked(createEdge).mockRejectedValue("?");

    await store.set(connectAtom, { source: "assistant-1", target: "telegram-4" });

    expect(store.get(edgesAtom)[0]!.data!.connectionStatus).toBe("error");
    expect(texts(store)).toEqual([message("connection_failed", {})]);
    await vi.advanceTimersByTimeAsync(telegramNoticeDelayMs);
    expect(texts(store)).not.toContain(message("telegram_ownership_notice", {}));
  });
});

describe("a Telegram connection", () => {
  it("is followed after 1000 ms by a notice lasting 15000 ms", async () => {
    const store = canvasWith(assistant(), telegram());
    vi.mocked(createEdge).mockResolvedValue(canvasEdge("telegram", "assistant-1", "telegram-4", 46));
    const notice = message("telegram_ownership_notice", {});

    await store.set(connectAtom, { source: "assistant-1", target: "telegram-4" });
    expect(store.get(edgesAtom)[0]!.data).toMatchObject({ connectionStatus: "success", isTelegramConnection: true });
    expect(telegramNoticeDelayMs).toBe(1000);
    expect(telegramNoticeDurationMs).toBe(15000);

    await vi.advanceTimersByTimeAsync(999);
    expect(texts(store)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.get(notificationsAtom)).toMatchObject([{ kind: "success", text: notice }]);

    // Longer than the usual 5 seconds...
    await vi.advanceTimersByTimeAsync(14_999);
    expect(texts(store)).toEqual([notice]);
    // ...and gone after its 15.
    await vi.advanceTimersByTimeAsync(1);
    expect(texts(store)).toEqual([]);
  });

  it("other connections bring no notice", async () => {
    const store = canvasWith(assistant(), fn());
    vi.mocked(createEdge).mockResolvedValue(canvasEdge("function", "function-7", "assistant-1", 45));

    await store.set(connectAtom, { source: "function-7", target: "assistant-1" });
    await vi.advanceTimersByTimeAsync(2000);

    expect(texts(store)).toEqual([]);
  });
});

describe("a canvas closed while connecting", () => {
  it("drops the server's answer", async () => {
    const store = canvasWith(assistant(), fn());
    const answer = deferred<CanvasEdge>();
    vi.mocked(createEdge).mockReturnValue(answer.promise);

    const connected = store.set(connectAtom, { source: "function-7", target: "assistant-1" });
    store.set(projectIdAtom, 99);
    store.set(edgesAtom, []);
    answer.resolve(canvasEdge("function", "function-7", "assistant-1", 45));

    await expect(connected).resolves.toBeNull();
    expect(store.get(edgesAtom)).toEqual([]);
  });
});

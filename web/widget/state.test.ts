import { describe, expect, it } from "vitest";
import { applyEvent, interrupted, parseStreamEvent, pendingAnswer, type StreamEvent } from "./state";

const FAILED = "failed";
const run = (...events: StreamEvent[]) => events.reduce((m, e) => applyEvent(m, e, FAILED), pendingAnswer());

describe("parseStreamEvent", () => {
  it("reads the type from the JSON, falling back to the event name", () => {
    expect(parseStreamEvent("delta", '{"type":"delta","text":"a"}')).toEqual({ type: "delta", text: "a" });
    expect(parseStreamEvent("done", '{"status":"completed"}')).toEqual({ type: "done", status: "completed" });
    expect(parseStreamEvent("started", '{"type":"started","conversation_id":7}')).toEqual({
      type: "started",
      conversation_id: 7,
    });
  });

  it("ignores unknown events and broken JSON", () => {
    expect(parseStreamEvent("message", '{"type":"tool_call"}')).toBeNull();
    expect(parseStreamEvent("delta", '{"text":')).toBeNull();
    expect(parseStreamEvent("delta", "null")).toBeNull();
    expect(parseStreamEvent("delta", '{"type":"delta","text":5}')).toBeNull();
  });
});

describe("applyEvent", () => {
  it("appends deltas and ends on done", () => {
    const answer = run(
      { type: "started", conversation_id: 1 },
      { type: "delta", text: "Hello " },
      { type: "delta", text: "سلام" },
    );
    expect(answer).toMatchObject({ text: "Hello سلام", streaming: true, error: null });
    expect(applyEvent(answer, { type: "done", status: "completed" }, FAILED)).toMatchObject({
      text: "Hello سلام",
      streaming: false,
      error: null,
    });
  });

  it("keeps a partial answer and shows the error after it", () => {
    const answer = run(
      { type: "delta", text: "part" },
      { type: "error", code: "assistant_unavailable", message: "unavailable" },
      { type: "done", status: "failed" },
    );
    expect(answer).toMatchObject({ text: "part", streaming: false, error: "unavailable" });
  });

  it("says an answer failed when done is not completed and no error came", () => {
    expect(run({ type: "delta", text: "x" }, { type: "done", status: "tool_limit" })).toMatchObject({
      streaming: false,
      error: FAILED,
    });
  });

  it("marks a stream cut before done, keeping its text", () => {
    const cut = interrupted(run({ type: "delta", text: "half" }), "cut");
    expect(cut).toMatchObject({ text: "half", streaming: false, error: "cut" });
    const finished = run({ type: "done", status: "completed" });
    expect(interrupted(finished, "cut")).toBe(finished);
  });
});

describe("sources", () => {
  const page2 = { name: "قیمت‌ها.pdf", node_id: 4, file_id: 1, from: { kind: "page", page: 2 }, to: { kind: "page", page: 2 } };

  it("reads the well-formed citations of a sources event and puts them on the answer", () => {
    const event = parseStreamEvent("sources", JSON.stringify({ type: "sources", sources: [page2, { name: 5 }, null, { name: "x" }] }));
    expect(event).toEqual({ type: "sources", sources: [page2] });
    expect(run({ type: "delta", text: "۱۲۰" }, event!).sources).toEqual([page2]);
    expect(parseStreamEvent("sources", '{"type":"sources"}')).toEqual({ type: "sources", sources: [] });
  });
});

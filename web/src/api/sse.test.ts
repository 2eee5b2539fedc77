import { describe, expect, it } from "vitest";
import { readSse, sseParser } from "./sse";

describe("sseParser", () => {
  it("reads whole events and keeps a split one until it ends", () => {
    const parse = sseParser();
    expect(parse('event: delta\ndata: {"text":"سل')).toEqual([]);
    expect(parse('ام"}\n\nevent: done\ndata: {}\n\n')).toEqual([
      { event: "delta", data: '{"text":"سلام"}' },
      { event: "done", data: "{}" },
    ]);
  });

  it("skips keep-alive comments and joins multi-line data", () => {
    const parse = sseParser();
    expect(parse(":\n\n: keep-alive\n\ndata: a\ndata: b\n\n")).toEqual([{ event: "message", data: "a\nb" }]);
  });

  it("accepts CRLF line ends, even split between chunks", () => {
    const parse = sseParser();
    expect(parse("event: x\r\ndata: 1\r")).toEqual([]);
    expect(parse("\n\r\n")).toEqual([{ event: "x", data: "1" }]);
  });
});

describe("readSse", () => {
  it("hands on events as the body streams, bytes split mid-character", async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"درود"}\n\nevent: done\ndata: {}');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 27));
        controller.enqueue(bytes.slice(27));
        controller.close();
      },
    });
    const seen: string[] = [];
    await readSse(body, (e) => seen.push(`${e.event}:${e.data}`));
    expect(seen).toEqual(['delta:{"text":"درود"}', "done:{}"]);
  });
});

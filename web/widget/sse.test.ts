import { describe, expect, it } from "vitest";
import { readSse, sseParser } from "./sse";

const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      chunks.forEach((c) => controller.enqueue(c));
      controller.close();
    },
  });

describe("sseParser", () => {
  it("keeps an event split mid-line until its blank line arrives", () => {
    const parse = sseParser();
    expect(parse('event: delta\ndata: {"text":"سل')).toEqual([]);
    expect(parse('ام"}\n')).toEqual([]);
    expect(parse('\nevent: done\ndata: {"status":"completed"}\n\n')).toEqual([
      { event: "delta", data: '{"text":"سلام"}' },
      { event: "done", data: '{"status":"completed"}' },
    ]);
  });

  it("reads CRLF, CR and LF line ends, a CRLF split between chunks included", () => {
    const parse = sseParser();
    expect(parse("event: delta\r")).toEqual([]);
    // Had the lone CR ended the line and the LF begun a blank one, the event name would be lost.
    expect(parse('\ndata: {"text":"a"}\r\n\r')).toEqual([]);
    expect(parse("\nevent: x\rdata: 1\r\r")).toEqual([{ event: "delta", data: '{"text":"a"}' }]);
    // The last CR may still be half of a CRLF: the event ends once the next chunk shows it is not.
    expect(parse("data: 2\n\n")).toEqual([
      { event: "x", data: "1" },
      { event: "message", data: "2" },
    ]);
  });

  it("skips keep-alive comments and joins multi-line data", () => {
    const parse = sseParser();
    expect(parse(": ping\n\n:\n\ndata: a\n: ping\ndata: b\n\n")).toEqual([{ event: "message", data: "a\nb" }]);
  });

  it("hands on a last event without its blank line when the body ends", () => {
    const parse = sseParser();
    expect(parse("event: done\ndata: {}")).toEqual([]);
    expect(parse("", true)).toEqual([{ event: "done", data: "{}" }]);
  });
});

describe("readSse", () => {
  it("decodes bytes split in the middle of a Persian character", async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"درود"}\r\n\r\n: ping\n\nevent: done\ndata: {}\n\n');
    // "د" is two bytes in UTF-8: cut between them.
    const cut = bytes.indexOf(0xd8) + 1;
    const seen: string[] = [];
    await readSse(streamOf(bytes.slice(0, cut), bytes.slice(cut)), (e) => seen.push(`${e.event}:${e.data}`));
    expect(seen).toEqual(['delta:{"text":"درود"}', "done:{}"]);
  });
});

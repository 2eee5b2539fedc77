// Server-sent events read from a fetch body as they arrive: the parser keeps
// what it has not yet seen the end of, so an event split across network
// chunks comes out whole, once.

export type SseEvent = { event: string; data: string };

/** A parser fed chunk by chunk; each call answers the events completed by that chunk. */
export function sseParser(): (chunk: string) => SseEvent[] {
  let pending = "";
  return (chunk) => {
    pending += chunk.replace(/\r\n?/g, "\n");
    const events: SseEvent[] = [];
    let end = pending.indexOf("\n\n");
    while (end >= 0) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const parsed = parseBlock(block);
      if (parsed) events.push(parsed);
      end = pending.indexOf("\n\n");
    }
    return events;
  };
}

/** One event's lines; comments (`:`, the keep-alives) and empty blocks are none. */
function parseBlock(block: string): SseEvent | null {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
  }
  return data.length === 0 ? null : { event, data: data.join("\n") };
}

/** Reads `body` to its end, handing on each event as it completes. */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parse = sseParser();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const event of parse(decoder.decode(value, { stream: true }))) onEvent(event);
  }
  for (const event of parse(decoder.decode() + "\n\n")) onEvent(event);
}

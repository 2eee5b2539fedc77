// Server-sent events read line by line as the body arrives. A chunk may end
// anywhere: mid-line, mid-character (the decoder keeps the bytes), or between
// the CR and LF of one line end (a trailing CR waits for the next chunk).

export type SseEvent = { event: string; data: string };

/** A parser fed chunk by chunk; `end` flushes what is left once the body is over. */
export function sseParser(): (chunk: string, end?: boolean) => SseEvent[] {
  let pending = "";
  let event = "";
  let data: string[] = [];
  return (chunk, end = false) => {
    pending += chunk;
    const out: SseEvent[] = [];
    const line = (text: string) => {
      if (text === "") {
        if (data.length) out.push({ event: event || "message", data: data.join("\n") });
        event = "";
        data = [];
        return;
      }
      if (text[0] === ":") return;
      const colon = text.indexOf(":");
      const field = colon < 0 ? text : text.slice(0, colon);
      let value = colon < 0 ? "" : text.slice(colon + 1);
      if (value[0] === " ") value = value.slice(1);
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    };
    let start = 0;
    const breaks = /\r\n|\r|\n/g;
    for (let m = breaks.exec(pending); m; m = breaks.exec(pending)) {
      // A CR at the very end may be the first half of a CRLF.
      if (m[0] === "\r" && m.index === pending.length - 1 && !end) break;
      line(pending.slice(start, m.index));
      start = m.index + m[0].length;
    }
    pending = pending.slice(start);
    if (end) {
      if (pending) line(pending);
      line("");
      pending = "";
    }
    return out;
  };
}

/** Reads `body` to its end, handing on each event as it completes. */
export async function readSse(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parse = sseParser();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parse(decoder.decode(value, { stream: true })).forEach(onEvent);
  }
  parse(decoder.decode(), true).forEach(onEvent);
}

// BENCH_PROFILE: a CPU profile and a trace of each measured interaction, and
// their summaries (the functions with the most self time, the main thread's time
// by rendering phase), printed after the tables.

import type { CDPSession } from "playwright-core";
import { fmt } from "./figures.js";

export type CpuProfile = {
  nodes: { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  startTime: number;
  endTime: number;
};

/** Profiles' summaries, printed after the table. */
export const profileSummaries: string[] = [];

/** The functions with the most self time in a CPU profile. */
export function summarise(label: string, profile: CpuProfile, top = 12): string {
  const hits = profile.nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const perHit = hits > 0 ? (profile.endTime - profile.startTime) / 1000 / hits : 0;
  const self = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\//, "")}:${lineNumber + 1}:${columnNumber + 1}` : "";
    const key = `${functionName || "(anonymous)"} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + (node.hitCount ?? 0) * perHit);
  }
  const total = (profile.endTime - profile.startTime) / 1000;
  const lines = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, millis]) => `  ${fmt(millis, 0).padStart(6)} ms  ${fmt((100 * millis) / total, 1).padStart(5)}%  ${key}`);
  return [`${label}: self time over ${fmt(total, 0)} ms`, ...lines].join("\n");
}

export type TraceEvent = { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { data?: { frame?: string } } };

/** Main-thread time by rendering phase in a trace (inclusive; RunTask is everything). */
export function summariseTrace(label: string, events: TraceEvent[]): string {
  // The renderer's main thread is the one that ran the most "FunctionCall"s.
  const calls = new Map<string, number>();
  for (const e of events) {
    if (e.name === "FunctionCall" || e.name === "EventDispatch") {
      const key = `${e.pid}:${e.tid}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
    }
  }
  const main = [...calls.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const phases = [
    "RunTask",
    "FunctionCall",
    "EventDispatch",
    "FireAnimationFrame",
    "v8.callFunction",
    "MajorGC",
    "MinorGC",
    "UpdateLayoutTree",
    "Layout",
    "HitTest",
    "PrePaint",
    "Paint",
    "Layerize",
    "UpdateLayer",
    "Commit",
    "RasterTask",
  ];
  const sums = new Map<string, { ms: number; count: number }>();
  for (const e of events) {
    if (e.ph !== "X" || e.dur === undefined || !phases.includes(e.name)) continue;
    const onMain = `${e.pid}:${e.tid}` === main;
    const name = onMain ? e.name : `${e.name} (other threads)`;
    const sum = sums.get(name) ?? { ms: 0, count: 0 };
    sum.ms += e.dur / 1000;
    sum.count++;
    sums.set(name, sum);
  }
  const lines = [...sums.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([name, { ms, count }]) => `  ${fmt(ms, 0).padStart(6)} ms  ${String(count).padStart(5)}x  ${name}`);
  return [`${label}: renderer main thread by phase (inclusive)`, ...lines].join("\n");
}

export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send("Tracing.start", {
    transferMode: "ReturnAsStream",
    traceConfig: {
      recordMode: "recordAsMuchAsPossible",
      includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink"],
    },
  } as never);
}

export async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<{ stream?: string }>((resolve) => cdp.once("Tracing.tracingComplete", resolve as never));
  await cdp.send("Tracing.end");
  const { stream } = await done;
  if (!stream) return [];
  let text = "";
  for (;;) {
    const chunk = (await cdp.send("IO.read", { handle: stream })) as { data: string; eof: boolean; base64Encoded?: boolean };
    text += chunk.base64Encoded ? Buffer.from(chunk.data, "base64").toString("utf8") : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send("IO.close", { handle: stream });
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}

export function fileName(label: string): string {
  return label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "").toLowerCase();
}

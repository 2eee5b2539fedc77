// The interactions the canvas benchmark measures, the same on Dastyar's canvas
// and on the bare React Flow page: fitting the view, zooming with the wheel,
// dragging a node and panning along a figure of eight, one pointer move per
// frame. Where to press comes from the nodes' known positions and the viewport's
// transform (`.react-flow__viewport`), never from how a page draws its nodes, so
// a canvas that draws a zoomed-out graph its own way is measured the same.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { CDPSession, Page } from "playwright-core";
import { quantile } from "./figures.js";
import type { BenchState, Renders } from "./instrument.js";
import { fileName, profileSummaries, startTrace, stopTrace, summarise, summariseTrace, type CpuProfile } from "./profiling.js";

const PROFILE = process.env.BENCH_PROFILE;
const SCREENSHOTS = process.env.BENCH_SCREENSHOTS;
/** How long each interaction is measured. */
export const SWEEP_MS = 2000;
/** One pointer move per frame, as a person's hand gives them. */
const MOVE_INTERVAL_MS = 16;

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** One of the two pages measured. */
export type Side = { name: "Dastyar" | "bare page"; page: Page; cdp: CDPSession };

export type Point = { x: number; y: number };
export type Box = { x: number; y: number; width: number; height: number };
/** The flow's box on screen and React Flow's viewport: a flow point p shows at pane + (x, y) + zoom * p. */
export type View = { pane: Box; x: number; y: number; zoom: number };

export type Row = {
  fps: number;
  frames: number;
  seconds: number;
  /** Every frame's length. */
  deltas: number[];
  p95: number;
  worst: number;
  longTasks: number;
  longTaskMs: number;
  commits: number;
  renders: Renders;
  moves: number[];
  viewChanges: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  nodesInDom: number;
  edgesInDom: number;
  /** A drag's node followed the pointer (judged from pixels, however the page draws it). */
  followed?: boolean;
};

export async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

export async function viewOf(page: Page): Promise<View> {
  const view = await page.evaluate(() => {
    const flow = document.querySelector(".react-flow")?.getBoundingClientRect();
    const transform = document.querySelector<HTMLElement>(".react-flow__viewport")?.style.transform ?? "";
    const number = "(-?[\\d.]+(?:e[-+]?\\d+)?)";
    const match = new RegExp(`translate\\(\\s*${number}px,\\s*${number}px\\)\\s*scale\\(${number}\\)`).exec(transform);
    if (!flow || !match) return null;
    return {
      pane: { x: flow.x, y: flow.y, width: flow.width, height: flow.height },
      x: Number(match[1]),
      y: Number(match[2]),
      zoom: Number(match[3]),
    };
  });
  if (!view) throw new Error("no React Flow viewport on the page");
  return view;
}

export const toScreen = (view: View, p: Point): Point => ({
  x: view.pane.x + view.x + view.zoom * p.x,
  y: view.pane.y + view.y + view.zoom * p.y,
});

export const toFlow = (view: View, p: Point): Point => ({
  x: (p.x - view.pane.x - view.x) / view.zoom,
  y: (p.y - view.pane.y - view.y) / view.zoom,
});

export const paneCentre = (view: View): Point => ({
  x: view.pane.x + view.pane.width / 2,
  y: view.pane.y + view.pane.height / 2,
});

export async function measure(
  side: Side,
  label: string,
  action: () => Promise<void>,
  countRenders = false,
): Promise<Row> {
  const { page, cdp } = side;
  const before = await metrics(cdp);
  const profileLabel = `${label} (${side.name})`;
  if (PROFILE) {
    await startTrace(cdp);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  await page.evaluate((count) => (window as unknown as { __bench: BenchState }).__bench.start(count), countRenders);
  await action();
  const recording = await page.evaluate(() => (window as unknown as { __bench: BenchState }).__bench.stop());
  if (PROFILE) {
    const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
    mkdirSync(PROFILE, { recursive: true });
    writeFileSync(join(PROFILE, `${fileName(profileLabel)}.cpuprofile`), JSON.stringify(profile));
    profileSummaries.push(summarise(profileLabel, profile));
    const events = await stopTrace(cdp);
    writeFileSync(join(PROFILE, `${fileName(profileLabel)}.trace.json`), JSON.stringify({ traceEvents: events }));
    profileSummaries.push(summariseTrace(profileLabel, events));
  }
  const after = await metrics(cdp);
  const counts = await page.evaluate(() => ({
    nodes: document.querySelectorAll(".react-flow__node").length,
    edges: document.querySelectorAll(".react-flow__edge").length,
  }));
  const deltas = recording.frames.slice(1).map((t, i) => t - recording.frames[i]!);
  const sorted = [...deltas].sort((a, b) => a - b);
  const seconds = recording.frames.length > 1 ? (recording.frames.at(-1)! - recording.frames[0]!) / 1000 : 0;
  const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return {
    fps: seconds > 0 ? deltas.length / seconds : 0,
    frames: recording.frames.length,
    seconds,
    deltas,
    p95: quantile(sorted, 0.95),
    worst: sorted.at(-1) ?? NaN,
    longTasks: recording.longTasks.length,
    longTaskMs: recording.longTasks.reduce((sum, d) => sum + d, 0),
    commits: recording.commits,
    renders: recording.renders,
    moves: recording.moves,
    viewChanges: recording.viewChanges,
    scriptMs: delta("ScriptDuration"),
    layoutMs: delta("LayoutDuration"),
    styleMs: delta("RecalcStyleDuration"),
    nodesInDom: counts.nodes,
    edgesInDom: counts.edges,
  };
}

/** Rounds of one interaction as one row: frames pooled, counts summed, the DOM as at the last round. */
export function pooled(rows: readonly Row[]): Row {
  const deltas = rows.flatMap((r) => r.deltas);
  const sorted = [...deltas].sort((a, b) => a - b);
  const seconds = rows.reduce((sum, r) => sum + r.seconds, 0);
  const sum = (pick: (r: Row) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const last = rows.at(-1)!;
  return {
    ...last,
    fps: seconds > 0 ? deltas.length / seconds : 0,
    frames: sum((r) => r.frames),
    seconds,
    deltas,
    p95: quantile(sorted, 0.95),
    worst: sorted.at(-1) ?? NaN,
    longTasks: sum((r) => r.longTasks),
    longTaskMs: sum((r) => r.longTaskMs),
    commits: sum((r) => r.commits),
    moves: rows.flatMap((r) => r.moves),
    viewChanges: sum((r) => r.viewChanges),
    scriptMs: sum((r) => r.scriptMs),
    layoutMs: sum((r) => r.layoutMs),
    styleMs: sum((r) => r.styleMs),
    followed: rows.some((r) => r.followed === undefined) ? undefined : rows.every((r) => r.followed),
  };
}

/** Moves the pointer along `path` (t from 0 to 1) for `duration` ms, one move per frame. */
export async function sweep(page: Page, path: (t: number) => Point, duration = SWEEP_MS): Promise<number> {
  const start = performance.now();
  let moves = 0;
  for (;;) {
    const tick = performance.now();
    const t = (tick - start) / duration;
    if (t >= 1) break;
    const p = path(t);
    await page.mouse.move(p.x, p.y);
    moves++;
    const spent = performance.now() - tick;
    if (spent < MOVE_INTERVAL_MS) await sleep(MOVE_INTERVAL_MS - spent);
  }
  return moves;
}

/** A figure of eight through `centre`, where it starts and ends. */
const eight = (centre: Point, rx: number, ry: number) => (t: number) => ({
  x: centre.x + rx * Math.sin(2 * Math.PI * t),
  y: centre.y + ry * Math.sin(4 * Math.PI * t),
});

/** Half-widths of a loop around `at` that stays 80 px inside `box` (React Flow auto-pans within 40 px of the edge). */
function reach(box: Box, at: Point, most: Point): Point {
  const margin = 80;
  return {
    x: Math.max(0, Math.min(most.x, at.x - box.x - margin, box.x + box.width - margin - at.x)),
    y: Math.max(0, Math.min(most.y, at.y - box.y - margin, box.y + box.height - margin - at.y)),
  };
}

/** Which way each page's next drag starts (see dragAt). */
const nudges = new WeakMap<Page, number>();

/**
 * Presses at flow point `at` (inside a node), drags along a figure of eight
 * across the pane while measuring, and drops the node where it was.
 */
export async function dragAt(side: Side, label: string, at: Point, countRenders = false, duration = SWEEP_MS): Promise<Row> {
  const { page } = side;
  const view = await viewOf(page);
  const press = toScreen(view, at);
  // React Flow starts a drag once the pointer has moved (nodeDragThreshold) and
  // holds the node to the pointer from there: the loop starts and ends at that
  // point, so the node is dropped exactly where it was. A page that holds it from
  // the press instead drops it 2 px off; the next drag on that page nudges the
  // other way, so it comes back.
  const nudge = 2 * (nudges.get(page) ?? 1);
  nudges.set(page, -nudge / 2);
  const start = { x: press.x + nudge, y: press.y };
  const loop = reach(view.pane, start, { x: 450, y: 250 });
  await page.mouse.move(press.x, press.y);
  await page.mouse.down();
  await page.mouse.move(start.x, start.y);
  const row = await measure(side, label, () => sweep(page, eight(start, loop.x, loop.y), duration).then(() => {}), countRenders);
  // Did the node follow the pointer? The spot it was pressed at, drawn with the
  // node on it and with the node carried a card's width away, must differ.
  const clip = { x: start.x - 10, y: start.y - 10, width: 20, height: 20 };
  await page.mouse.move(start.x, start.y);
  await settle(page, 50);
  const on = await page.screenshot({ clip });
  await page.mouse.move(start.x + view.zoom * 250 + 40, start.y);
  await settle(page, 50);
  const off = await page.screenshot({ clip });
  await page.mouse.move(start.x, start.y);
  await page.mouse.up();
  await sleep(300);
  return { ...row, followed: !on.equals(off) };
}

/**
 * Pans along a figure of eight from the pane's centre (back to where it began)
 * while measuring, with the middle button: React Flow pans with it over pane,
 * nodes and edges alike, so the gesture is the same whatever lies there.
 */
export async function pan(side: Side, label: string): Promise<Row> {
  const { page } = side;
  const view = await viewOf(page);
  const start = paneCentre(view);
  const loop = reach(view.pane, start, { x: 450, y: 250 });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down({ button: "middle" });
  await page.mouse.move(start.x + 4, start.y + 4);
  await page.mouse.move(start.x, start.y);
  const row = await measure(side, label, () => sweep(page, eight(start, loop.x, loop.y)).then(() => {}));
  await page.mouse.move(start.x, start.y);
  await page.mouse.up({ button: "middle" });
  await sleep(300);
  return row;
}

/** The whole graph in view: the Controls' fit view (the same button on both pages). */
export async function fitView(page: Page): Promise<void> {
  await page.locator(".react-flow__controls-fitview").click();
  await settle(page);
}

/** Zooms with the wheel around flow point `at` to zoom `target`; answers the zoom reached. */
export async function zoomTo(page: Page, at: Point, target: number): Promise<number> {
  const pointer = toScreen(await viewOf(page), at);
  await page.mouse.move(pointer.x, pointer.y);
  for (let i = 0; i < 60; i++) {
    const { zoom } = await viewOf(page);
    if (Math.abs(Math.log2(zoom / target)) < 0.005) return zoom;
    // React Flow zooms by 2^(-deltaY * 0.002) per wheel event.
    const deltaY = Math.max(-400, Math.min(400, -Math.log2(target / zoom) / 0.002));
    await page.mouse.wheel(0, deltaY);
    await sleep(60);
  }
  return (await viewOf(page)).zoom;
}

/** A screenshot of the stage, when BENCH_SCREENSHOTS names a folder. */
export async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) }).catch(() => {});
}

/** Idle until the page has had a few quiet frames. */
export async function settle(page: Page, millis = 500): Promise<void> {
  await sleep(millis);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

export async function heap(cdp: CDPSession): Promise<{ used: number; domNodes: number }> {
  await cdp.send("HeapProfiler.collectGarbage");
  const m = await metrics(cdp);
  return { used: m.JSHeapUsedSize ?? NaN, domNodes: m.Nodes ?? NaN };
}

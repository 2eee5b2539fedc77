// Canvas benchmark: the real `dastyar` binary and the built web app in Debian's
// Chromium beside a bare React Flow page of the same graph (bare/, built with
// Vite and served by the benchmark), measured in the same browser. For each size
// (1,000 nodes and about 1,800 edges, then 5,000 nodes and about 8,000 edges,
// seeded through the HTTP API) it prints one table: every figure beside its goal
// (issue #17), Dastyar's value, the bare page's and their ratio. Figures: seeding
// time, time to show the whole graph once the node and edge lists have arrived,
// frames per second and the worst frames while dragging a node, dragging the hub
// assistant and panning, with the whole graph in view and at zoom 1, React
// commits during a drag, the connection check (in Node and in the page), a
// connection drag, and the JavaScript heap. Interactions alternate between the
// pages (Dastyar, bare, Dastyar, bare), so a machine that slows down for a while
// slows both; the ratio is the figure to trust on a busy machine.
//
// A benchmark, not a test: it exits non-zero only when something cannot be set
// up or crashes, never for slowness.
//
// Run with `make bench-canvas` (or, after `make server web`:
// `npx tsc -p tests/bench && node tests/bench/dist/canvas.js`).
//
// Environment:
//   DASTYAR_BENCH_BINARY   the server binary (default target/release/dastyar, else target/debug/dastyar)
//   DASTYAR_BENCH_WEB_DIR  the built web app (default web/dist)
//   DASTYAR_E2E_CHROMIUM   the browser (default /usr/bin/chromium, as for the e2e specs)
//   BENCH_SIZES            node counts to measure, in order (default 1000,5000)
//   BENCH_ROUNDS           measurements of each figure on each page (default 2 up to 1,000 nodes, else 1)
//   BENCH_CONCURRENCY      requests in flight while seeding (default 8)
//   BENCH_KEEP=1           keep the data folder and the browser profile (their paths are printed)
//   BENCH_SCREENSHOTS=dir  save a screenshot of each stage there
//   BENCH_EXTRA_CSS=css    a style sheet added to Dastyar's page, to try a CSS change without rebuilding
//   BENCH_PROFILE=dir      record a CPU profile of each measured interaction there (.cpuprofile,
//                          opens in Chromium's DevTools) and print the functions with the most self time

import type { CanvasNode } from "@dastyar/rules";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { startBarePage, type BarePage } from "./barePage.js";
import { timeCheckConnection } from "./checkTiming.js";
import { measureCheckInPage, measureConnectionDrag } from "./connectionDrag.js";
import { fmt, median, Table } from "./figures.js";
import { instrument, type BenchState, type InstrumentArgs, type LoadTrace, type Marks } from "./instrument.js";
import {
  dragAt,
  fitView,
  heap,
  pan,
  paneCentre,
  pooled,
  settle,
  shot,
  sleep,
  toFlow,
  toScreen,
  viewOf,
  zoomTo,
  type Point,
  type Row,
  type Side,
  type View,
} from "./interactions.js";
import { fileName, profileSummaries } from "./profiling.js";
import { planFor, seed, type Plan, type Seeded } from "./seed.js";
import { Api, REPO, startServer, type Server } from "./server.js";

// ---------------------------------------------------------------- settings

const CHROMIUM = process.env.DASTYAR_E2E_CHROMIUM ?? "/usr/bin/chromium";
/** The flags of tests/e2e/fixtures.ts. */
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const VIEWPORT = { width: 1600, height: 1000 };
const SIZES = (process.env.BENCH_SIZES ?? "1000,5000").split(",").map((size) => Number(size.trim()));
/** Rounds of each measurement on each page; a bigger graph's are slow, so one by default. */
const roundsFor = (nodes: number) => Math.max(1, Number(process.env.BENCH_ROUNDS) || (nodes <= 1000 ? 2 : 1));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 8) || 8);
const KEEP = process.env.BENCH_KEEP === "1";
const PROFILE = process.env.BENCH_PROFILE;
const EXTRA_CSS = process.env.BENCH_EXTRA_CSS;
/** Where a drag presses, from a node's position: its middle (a card is 250 by at least 150 px; handles are on its sides). */
const CARD_MIDDLE = { x: 125, y: 75 };
/**
 * A load is done at the first frame after the lists arrived from which the
 * main thread stays free for QUIET_MS (no frame longer than LONG_FRAME_MS), the
 * viewport no longer moves and no React Flow node element is still hidden for
 * measuring: the graph is drawn and the page answers, however the page draws it.
 */
const QUIET_MS = 1000;
const LONG_FRAME_MS = 50;
const LOAD_TIMEOUT_MS = 180_000;

// ---------------------------------------------------------------- goals (issue #17)

type Goal = { text: string; meets: (dastyar: number, bare: number) => boolean };
/** "At least as fast as the bare page", with 3% for a noisy machine. */
const asFastAsBare: Goal = { text: "≥ bare page", meets: (dastyar, bare) => dastyar >= 0.97 * bare };
const atLeast = (fps: number): Goal => ({ text: `≥ ${fps} fps`, meets: (dastyar) => dastyar >= fps });
const under = (millis: number): Goal => ({ text: `< ${millis / 1000} s`, meets: (dastyar) => dastyar < millis });
const both = (a: Goal, b: Goal): Goal => ({ text: `${a.text}, ${b.text}`, meets: (d, x) => a.meets(d, x) && b.meets(d, x) });

/** Up to 1,000 nodes: shown in 1 s, 55 fps zoomed out; bigger graphs (5,000): interactive in 2 s, panning at 30 fps. */
function goalsFor(nodes: number) {
  const big = nodes > 1000;
  return {
    load: under(big ? 2000 : 1000),
    overviewDrag: big ? undefined : atLeast(55),
    overviewPan: atLeast(big ? 30 : 55),
    zoomDrag: asFastAsBare,
    zoomPan: big ? both(asFastAsBare, atLeast(30)) : asFastAsBare,
  };
}

// ---------------------------------------------------------------- loading a page

type Load = { listsEnd: number; shown: number; marks: Marks };

/**
 * The first frame from which the page stays quiet with the viewport settled and
 * no node element waiting to be measured (see QUIET_MS); null until seen.
 */
function shownAt(trace: LoadTrace, listsEnd: number, lastHidden = 0): number | null {
  const { frames, views } = trace;
  const from = Math.max(listsEnd, views.at(-1)?.t ?? 0, lastHidden);
  for (let k = 0; k < frames.length; k++) {
    if (frames[k]! < from) continue;
    let j = k + 1;
    while (j < frames.length && frames[j]! <= frames[k]! + QUIET_MS && frames[j]! - frames[j - 1]! < LONG_FRAME_MS) j++;
    if (j >= frames.length) return null; // not watched long enough yet
    if (frames[j]! > frames[k]! + QUIET_MS) return frames[k]!;
    k = j - 1; // a long frame ends at j: start again from it
  }
  return null;
}

/** In the page: when the lists finished, the frames since and the viewport's changes, the DOM milestones. */
function readLoad(lists: string[]): { listsEnd: number | null; trace: LoadTrace; marks: Marks } {
  const bench = (window as unknown as { __bench?: BenchState }).__bench;
  const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
  const ends = lists.map((list) => entries.find((e) => new RegExp(list).test(e.name))?.responseEnd);
  const listsEnd = ends.every((end) => end !== undefined) ? Math.max(...(ends as number[])) : null;
  return {
    listsEnd,
    trace: {
      frames: listsEnd === null || !bench ? [] : bench.load.frames.filter((t) => t >= listsEnd - 100),
      views: bench?.load.views ?? [],
    },
    marks: bench ? { ...bench.marks } : { nodesInDom: 0, edgesInDom: 0 },
  };
}

/**
 * Navigates `side` to `url` and waits until the graph is shown (shownAt),
 * timing from the moment the responses matching `lists` (each one at least
 * once; the first of each) have finished.
 */
async function load(side: Side, url: string, lists: string[]): Promise<Load> {
  const { page } = side;
  await page.bringToFront();
  await page.goto(url, { waitUntil: "commit" });
  const deadline = Date.now() + LOAD_TIMEOUT_MS;
  for (;;) {
    await sleep(250);
    const state = await page.evaluate(readLoad, lists).catch(() => null); // null: still navigating
    if (!state) {
      if (Date.now() > deadline) throw new Error(`${side.name}: ${url} did not load within ${LOAD_TIMEOUT_MS / 1000} s`);
      continue;
    }
    if (new URL(page.url()).pathname.startsWith("/signin")) throw new Error("the app asked to sign in: the token was refused");
    const shown = state.listsEnd === null ? null : shownAt(state.trace, state.listsEnd, state.marks.lastHidden);
    if (shown !== null || Date.now() > deadline) {
      await page.evaluate(() => {
        (window as unknown as { __bench: BenchState }).__bench.load.watching = false;
      });
      return { listsEnd: state.listsEnd ?? NaN, shown: shown ?? NaN, marks: state.marks };
    }
  }
}

// ---------------------------------------------------------------- one size

/** What a figure of one interaction needs to say beside its numbers. */
type Interaction = {
  label: string;
  view: "overview" | "zoom 1";
  /** The node dragged; none for a pan. */
  drag?: string;
  goal?: Goal;
  about?: string;
};

async function openSide(context: BrowserContext, name: Side["name"], args: InstrumentArgs, problems: string[]): Promise<Side> {
  const page = await context.newPage();
  page.on("pageerror", (error) => problems.push(`${name}: ${error.message}`));
  await page.addInitScript(instrument, args);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  return { name, page, cdp };
}

async function runSize(context: BrowserContext, server: Server, bare: BarePage, plan: Plan, table: Table): Promise<void> {
  const goals = goalsFor(plan.nodes);
  const rounds = roundsFor(plan.nodes);
  console.log(`seeding ${plan.nodes} nodes and their edges, ${CONCURRENCY} requests at a time...`);
  const seeded: Seeded = await seed(server.url, plan, CONCURRENCY);
  table.title =
    `Dastyar canvas benchmark: ${seeded.nodes} nodes, ${seeded.edges} edges ` +
    "(figures, not pass/fail; ratio = Dastyar ÷ bare page)";
  const mix = Object.entries(plan.counts)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(", ");
  table.add(
    "seed: nodes created",
    `${seeded.nodes}`,
    `${fmt(seeded.nodeSeconds)} s (${fmt(seeded.nodes / seeded.nodeSeconds, 0)} per s): ${mix}`,
  );
  table.add(
    "seed: edges created",
    `${seeded.edges}`,
    `${fmt(seeded.edgeSeconds)} s (${fmt(seeded.edges / seeded.edgeSeconds, 0)} per s) ` +
      `of ${seeded.edgesPlanned} planned; ${CONCURRENCY} requests at a time`,
  );
  for (const [key, { count, example }] of seeded.refusals) table.add("seed: refused", `${count}`, `${key} (${example})`);
  if (seeded.nodes !== plan.nodes) throw new Error(`created ${seeded.nodes} nodes, not ${plan.nodes}`);

  const api = new Api(server.url);
  api.token = seeded.token;
  const nodes = await api.call<CanvasNode[]>("GET", `/projects/${seeded.projectId}/nodes`);
  const edges = await api.call<{ id: string; source: string; target: string }[]>(
    "GET",
    `/projects/${seeded.projectId}/edges`,
  );
  bare.show({
    nodes: nodes.map((n) => ({ id: n.id, position: n.position })),
    edges: edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
  });

  console.log("timing checkConnection in Node...");
  const check = timeCheckConnection(seeded, nodes, edges);
  table.add(
    "checkConnection, whole graph (Node, same wasm)",
    `${fmt(check.whole.median, 2)} ms`,
    `median of 200 (p95 ${fmt(check.whole.p95, 2)} ms): what a check costs when it reads the graph; ` +
      `${seeded.probe.fn} → ${seeded.probe.assistant} ${check.whole.answer}`,
  );
  table.add(
    "checkConnection, only the ends' neighbourhood (hub)",
    `${fmt(check.hubPart.median, 2)} ms`,
    `median of 200; ${check.hubPart.nodes} nodes; ${check.hubPart.answer}`,
  );
  table.add(
    "checkConnection, only the ends' neighbourhood (plain)",
    `${fmt(check.plainPart.median, 3)} ms`,
    `median of 2000; ${check.plainPart.nodes} nodes; ${check.plainPart.proposal} ${check.plainPart.answer}`,
  );

  console.log(`measuring ${plan.nodes} nodes in Chromium, Dastyar beside the bare React Flow page...`);
  const problems: string[] = [];
  const args: InstrumentArgs = {
    appOrigin: server.url,
    token: seeded.token,
    nodes: seeded.nodes,
    edges: seeded.edges,
    css: EXTRA_CSS,
  };
  const dastyar = await openSide(context, "Dastyar", args, problems);
  const plain = await openSide(context, "bare page", args, problems);
  const sides = [dastyar, plain];
  const stage = (side: Side, name: string) => `${plan.nodes}-${fileName(name)}-${fileName(side.name)}`;
  try {
    // ---- Loads, alternating; the bare page's pane takes the size of Dastyar's.
    const loads = new Map<Side, Load[]>(sides.map((side) => [side, []]));
    let bareUrl = "";
    for (let round = 0; round < rounds; round++) {
      const id = seeded.projectId;
      loads.get(dastyar)!.push(
        await load(dastyar, `${server.url}/projects/${id}`, [`/api/projects/${id}/nodes$`, `/api/projects/${id}/edges$`]),
      );
      if (!bareUrl) {
        const { pane } = await viewOf(dastyar.page);
        bareUrl = `${bare.url}/?width=${Math.round(pane.width)}&height=${Math.round(pane.height)}`;
      }
      loads.get(plain)!.push(await load(plain, bareUrl, ["/graph\\.json$"]));
    }
    const loadFigure = (side: Side, pick: (l: Load) => number) => median(loads.get(side)!.map(pick));
    const each = (pick: (l: Load) => number) =>
      sides.map((side) => `${side.name} ${loads.get(side)!.map((l) => fmt(pick(l), 0)).join(", ")}`).join("; ");
    const afterLists = (mark: keyof Marks) => (l: Load) => (l.marks[mark] ?? NaN) - l.listsEnd;
    table.compare({
      figure: "load: node and edge lists answered",
      dastyar: loadFigure(dastyar, (l) => l.listsEnd),
      bare: loadFigure(plain, (l) => l.listsEnd),
      unit: "ms",
      ratio: false,
      notes: "from navigation start; Dastyar asks /nodes and /edges, the bare page one graph.json",
    });
    const shown = (l: Load) => l.shown - l.listsEnd;
    table.compare({
      figure: "load: whole graph shown and interactive, after the lists",
      goal: goals.load.text,
      meets: goals.load.meets,
      dastyar: loadFigure(dastyar, shown),
      bare: loadFigure(plain, shown),
      unit: "ms",
      notes:
        `median of ${rounds} loads (${each(shown)} ms): the first frame after which the main thread stays free ` +
        `for ${QUIET_MS / 1000} s (no frame over ${LONG_FRAME_MS} ms), the viewport stays put and no node waits to be measured`,
    });
    table.compare({
      figure: "load: all nodes measured in the DOM, after the lists",
      dastyar: loadFigure(dastyar, afterLists("allMeasured")),
      bare: loadFigure(plain, afterLists("allMeasured")),
      unit: "ms",
      notes:
        `React Flow's node elements, all visible (n/a: a page drew them otherwise); ` +
        `first node at ${each(afterLists("firstNode"))} ms`,
    });
    table.compare({
      figure: "load: all edges in the DOM, after the lists",
      dastyar: loadFigure(dastyar, afterLists("allEdges")),
      bare: loadFigure(plain, afterLists("allEdges")),
      unit: "ms",
      notes: `in the DOM at the end of the load: ${sides
        .map((side) => {
          const marks = loads.get(side)!.at(-1)!.marks;
          return `${side.name} ${marks.nodesInDom} nodes, ${marks.edgesInDom} edges`;
        })
        .join("; ")}`,
    });
    /** Both pages' JS heap after a garbage collection, and their DOM sizes, as one row. */
    const compareHeaps = async (figure: string) => {
      const [mine, theirs] = [await heap(dastyar.cdp), await heap(plain.cdp)];
      table.compare({
        figure,
        dastyar: mine.used,
        bare: theirs.used,
        unit: "MiB",
        notes: `DOM nodes: Dastyar ${mine.domNodes}, bare page ${theirs.domNodes}`,
      });
    };
    await compareHeaps("heap: JS heap used after load (after GC)");

    // ---- Which nodes to drag: from their positions and the viewport, the same on both pages.
    const seededAt = new Map(nodes.map((n) => [n.id, n.position]));
    /** Where each page holds a node after a drag (a page may not drop it exactly where it was). */
    const moved = new Map<Side, Map<string, Point>>(sides.map((side) => [side, new Map()]));
    const middleOf = (id: string, side: Side = dastyar): Point => {
      const p = moved.get(side)!.get(id) ?? seededAt.get(id)!;
      return { x: p.x + CARD_MIDDLE.x, y: p.y + CARD_MIDDLE.y };
    };
    /** Drags `id` on `side` and notes where the page then holds it: Dastyar saves it (read back through the API), the bare page shows it. */
    const drag = async (side: Side, label: string, id: string, countRenders = false, duration?: number) => {
      const row = await dragAt(side, label, middleOf(id, side), countRenders, duration);
      const at =
        side === dastyar
          ? (await api.call<CanvasNode[]>("GET", `/projects/${seeded.projectId}/nodes`)).find((n) => n.id === id)?.position
          : await side.page.evaluate((id) => {
              const transform = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`)?.style.transform;
              const match = /translate\(\s*(-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform ?? "");
              return match ? { x: Number(match[1]), y: Number(match[2]) } : undefined;
            }, id);
      if (at) moved.get(side)!.set(id, at);
      return row;
    };
    /** The node of one of `kinds` nearest the pane's centre in `view`, other than `skip`. */
    const nearest = (view: View, kinds: string[], skip: string[] = []) => {
      const centre = toFlow(view, paneCentre(view));
      let best: { id: string; d: number } | null = null;
      for (const id of seededAt.keys()) {
        if (skip.includes(id) || !kinds.some((k) => id.startsWith(`${k}-`))) continue;
        const m = middleOf(id);
        const d = (m.x - centre.x) ** 2 + (m.y - centre.y) ** 2;
        if (!best || d < best.d) best = { id, d };
      }
      if (!best) throw new Error(`no ${kinds.join(" or ")} node`);
      return best.id;
    };
    const hub = seeded.probe.assistant;
    const hubEdges = edges.filter((e) => e.source === hub || e.target === hub).length;
    await dastyar.page.bringToFront();
    await fitView(dastyar.page);
    const overview = await viewOf(dastyar.page);
    // Zoom 1 around the hub keeps the hub where it was on screen.
    const hubOnScreen = toScreen(overview, middleOf(hub));
    const zoomOne: View = {
      pane: overview.pane,
      zoom: 1,
      x: hubOnScreen.x - overview.pane.x - middleOf(hub).x,
      y: hubOnScreen.y - overview.pane.y - middleOf(hub).y,
    };
    const toView = async (side: Side, view: Interaction["view"]) => {
      await fitView(side.page);
      if (view === "zoom 1") {
        await zoomTo(side.page, middleOf(hub, side), 1);
        await settle(side.page, 800);
      }
    };

    const interactions: Interaction[] = [
      { label: "overview: drag a node", view: "overview", drag: nearest(overview, ["instruction"]), goal: goals.overviewDrag },
      { label: "overview: drag the hub", view: "overview", drag: hub, goal: goals.overviewDrag, about: `${hubEdges} edges follow it` },
      { label: "overview: pan", view: "overview", goal: goals.overviewPan },
      {
        label: "zoom 1: drag a node",
        view: "zoom 1",
        drag: nearest(zoomOne, ["instruction", "request", "filedb"], [seeded.probe.fn]),
        goal: goals.zoomDrag,
      },
      { label: "zoom 1: drag the hub", view: "zoom 1", drag: hub, goal: goals.zoomDrag, about: `${hubEdges} edges follow it` },
      { label: "zoom 1: pan", view: "zoom 1", goal: goals.zoomPan },
    ];
    for (const it of interactions) {
      console.log(`  ${it.label}`);
      const rows = new Map<Side, Row[]>(sides.map((side) => [side, []]));
      const views = new Map<Side, View>();
      for (let round = 0; round < rounds; round++) {
        for (const side of sides) {
          await side.page.bringToFront();
          await toView(side, it.view);
          if (round === 0) {
            views.set(side, await viewOf(side.page));
            await shot(side.page, stage(side, it.label));
          }
          rows.get(side)!.push(it.drag ? await drag(side, it.label, it.drag) : await pan(side, it.label));
        }
      }
      const [a, b] = sides.map((side) => pooled(rows.get(side)!)) as [Row, Row];
      const [viewA, viewB] = sides.map((side) => views.get(side)!) as [View, View];
      const warnings: string[] = [];
      for (const [side, row] of [
        [dastyar, a],
        [plain, b],
      ] as const) {
        if (it.drag && row.viewChanges > 0) warnings.push(`the view moved during the ${side.name}'s drag (missed the node?)`);
        if (it.drag && row.followed === false) warnings.push(`on the ${side.name} the node did not follow the pointer`);
        if (!it.drag && row.viewChanges === 0) warnings.push(`the ${side.name}'s view did not move`);
      }
      if (Math.abs(Math.log2(viewA.zoom / viewB.zoom)) > 0.01) {
        warnings.push(`zooms differ: ${fmt(viewA.zoom, 4)} and ${fmt(viewB.zoom, 4)}`);
      }
      table.compare({
        figure: `${it.label}: frames per second`,
        goal: it.goal?.text,
        meets: it.goal?.meets,
        dastyar: a.fps,
        bare: b.fps,
        unit: "fps",
        notes: [
          `zoom ${fmt(viewA.zoom, 3)}; ${rounds} x ${fmt(a.seconds / rounds)} s on each page`,
          it.about,
          `rendered: Dastyar ${a.nodesInDom} nodes / ${a.edgesInDom} edges, bare ${b.nodesInDom} / ${b.edgesInDom}`,
          ...warnings.map((w) => `WARNING: ${w}`),
        ]
          .filter(Boolean)
          .join("; "),
      });
      table.compare({
        figure: `${it.label}: p95 frame`,
        dastyar: a.p95,
        bare: b.p95,
        unit: "ms",
        notes:
          `worst ${fmt(a.worst, 0)} / ${fmt(b.worst, 0)} ms; long tasks ${a.longTasks} (${fmt(a.longTaskMs, 0)} ms) / ` +
          `${b.longTasks} (${fmt(b.longTaskMs, 0)} ms); Dastyar script ${fmt(a.scriptMs, 0)}, ` +
          `style ${fmt(a.styleMs, 0)}, layout ${fmt(a.layoutMs, 0)} ms`,
      });
    }

    // ---- React's work during a drag, instrumented (walking the fibers costs time).
    const counted = new Map<Side, Row>();
    const typical = interactions[0]!.drag!;
    for (const side of sides) {
      await side.page.bringToFront();
      await toView(side, "overview");
      counted.set(side, await drag(side, "node drag, counting renders", typical, true, 1000));
    }
    const commitsPerSecond = (row: Row) => row.commits / Math.max(row.seconds, 0.001);
    const perCommit = (row: Row, n: number) => (row.commits > 0 ? n / row.commits : NaN);
    const [ca, cb] = sides.map((side) => counted.get(side)!) as [Row, Row];
    table.compare({
      figure: "react, node drag (overview): commits per second",
      dastyar: commitsPerSecond(ca),
      bare: commitsPerSecond(cb),
      unit: "",
      notes:
        `${ca.commits} and ${cb.commits} commits in ${fmt(ca.seconds)} and ${fmt(cb.seconds)} s; the node followed the pointer: ` +
        sides.map((side) => `${side.name} ${counted.get(side)!.followed ? "yes" : "NO"}`).join(", "),
    });
    table.compare({
      figure: "react, node drag: components rendered per commit",
      dastyar: perCommit(ca, ca.renders.total),
      bare: perCommit(cb, cb.renders.total),
      unit: "",
      digits: 1,
      notes:
        `Dastyar: node wrappers ${fmt(perCommit(ca, ca.renders.nodeWrappers))}, ` +
        `node cards ${fmt(perCommit(ca, ca.renders.nodeCards))}, edges ${fmt(perCommit(ca, ca.renders.edgeWrappers))}, ` +
        `minimap nodes ${fmt(perCommit(ca, ca.renders.minimapNodes))}`,
    });

    // ---- Dastyar's connection checks (a node has just moved, so the first check reads the graph).
    await dastyar.page.bringToFront();
    const proposal = { source: seeded.probe.fn, target: hub };
    await measureCheckInPage(dastyar, proposal, table);
    await toView(dastyar, "zoom 1");
    await measureConnectionDrag(dastyar, proposal, table, stage(dastyar, "zoom 1")).catch((error: unknown) =>
      table.add("connection drag", "n/a", error instanceof Error ? error.message : String(error)),
    );

    await compareHeaps("heap: JS heap used at the end (after GC)");
    if (problems.length > 0) table.add("page errors", `${problems.length}`, problems.slice(0, 3).join(" | "));
  } finally {
    for (const side of sides) await side.page.close().catch(() => {});
  }
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}; run tools/ensure-chromium.sh`);
  if (SIZES.some((size) => !Number.isInteger(size) || size <= 0)) {
    throw new Error(`BENCH_SIZES must list node counts, like 1000,5000 (not ${process.env.BENCH_SIZES})`);
  }
  const plans = SIZES.map(planFor);
  const server = await startServer();
  console.log(`dastyar canvas benchmark: ${server.binary} at ${server.url} (data in ${server.dataDir})`);
  const tables: Table[] = [];
  const profile = await mkdtemp(join(tmpdir(), "dastyar-bench-chromium-"));
  let bare: BarePage | null = null;
  let context: BrowserContext | null = null;
  try {
    console.log("building the bare React Flow page (tests/bench/bare) with Vite...");
    bare = await startBarePage(join(REPO, "tests/bench/bare"), join(REPO, "tests/bench/dist/bare-site"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      locale: "fa-IR",
      timezoneId: "Asia/Tehran",
      viewport: VIEWPORT,
    });
    const blank = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(blank);
    const version = ((await cdp.send("Browser.getVersion")) as { product: string }).product;
    for (const plan of plans) {
      const table = new Table(`Dastyar canvas benchmark: ${plan.nodes} nodes`);
      tables.push(table);
      table.add("browser", version, `headless, --disable-gpu, ${VIEWPORT.width}x${VIEWPORT.height}`);
      if (EXTRA_CSS) table.add("extra CSS", "yes", EXTRA_CSS);
      await runSize(context, server, bare, plan, table);
      table.print();
    }
  } catch (error) {
    if (existsSync(server.log)) {
      const tail = readFileSync(server.log, "utf8").split("\n").slice(-20).join("\n");
      if (tail.trim()) console.error(`server log (last lines):\n${tail}`);
    }
    throw error;
  } finally {
    await context?.close().catch(() => {});
    if (!KEEP) await rm(profile, { recursive: true, force: true });
    else console.log(`browser profile kept in ${profile}`);
    await bare?.stop();
    await server.stop();
    // A size cut short still shows what it measured.
    for (const table of tables) if (!table.printed) table.print();
    if (tables.length > 0) {
      console.log(
        "\nratio: Dastyar's value over the bare page's (frames per second: above 1 is faster; times: below 1 is faster). " +
          "met: the goal of issue #17 (≥ bare page allows 3% for noise). Each interaction runs on one page, then " +
          "the other, for each round; the bare page is React Flow alone (default nodes and edges, Controls).",
      );
    }
    for (const summary of profileSummaries) console.log(`\n${summary}`);
    if (PROFILE && profileSummaries.length > 0) console.log(`\nCPU profiles in ${PROFILE}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench-canvas failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);

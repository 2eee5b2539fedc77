// Canvas benchmark: the real `dastyar` binary and the built web app in Debian's
// Chromium, with a project of 1,000 nodes and about 1,800 edges seeded through
// the HTTP API. Prints one table of figures: seeding time, time to show the
// canvas, frames per second and the worst frame while dragging a node, panning
// and dragging a connection, the cost of one connection check, React commits
// during a drag, and the JavaScript heap. A benchmark, not a test: it exits
// non-zero only when something cannot be set up or crashes, never for slowness.
//
// Run with `make bench-canvas` (or, after `make server web`:
// `npx tsc -p tests/bench && node tests/bench/dist/canvas.js`).
//
// Environment:
//   DASTYAR_BENCH_BINARY   the server binary (default target/release/dastyar, else target/debug/dastyar)
//   DASTYAR_BENCH_WEB_DIR  the built web app (default web/dist)
//   DASTYAR_E2E_CHROMIUM   the browser (default /usr/bin/chromium, as for the e2e specs)
//   BENCH_CONCURRENCY      requests in flight while seeding (default 8)
//   BENCH_KEEP=1           keep the data folder and the browser profile (their paths are printed)
//   BENCH_SCREENSHOTS=dir  save a screenshot of each stage there
//   BENCH_EXTRA_CSS=css    a style sheet added to the page, to try a CSS change without rebuilding
//   BENCH_PROFILE=dir      record a CPU profile of each measured interaction there (.cpuprofile,
//                          opens in Chromium's DevTools) and print the functions with the most self time

import { checkConnection, type CanvasNode, type Graph } from "@dastyar/rules";
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type CDPSession, type Page } from "playwright-core";

// ---------------------------------------------------------------- settings

/** The repository root (this file runs from tests/bench/dist/). */
const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
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
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 8) || 8);
const KEEP = process.env.BENCH_KEEP === "1";
const SCREENSHOTS = process.env.BENCH_SCREENSHOTS;
const PROFILE = process.env.BENCH_PROFILE;
const EXTRA_CSS = process.env.BENCH_EXTRA_CSS;
/** How long each interaction is measured. */
const SWEEP_MS = 2000;
/** One pointer move per frame, as a person's hand gives them. */
const MOVE_INTERVAL_MS = 16;

// The project: 1,000 nodes of kinds the free plan does not count (only 3
// assistants, 1 analyzer and 2 vector stores are allowed), laid out on a grid.
type Kind =
  | "assistant"
  | "vectorstore"
  | "function"
  | "instruction"
  | "apidefinition"
  | "request"
  | "scheduler"
  | "filedb"
  | "filerepository";

const PLAN: ReadonlyArray<readonly [Kind, number]> = [
  ["assistant", 3],
  ["vectorstore", 2],
  ["function", 200],
  ["instruction", 200],
  ["apidefinition", 50],
  ["request", 250],
  ["scheduler", 100],
  ["filedb", 150],
  ["filerepository", 45],
];
const NODE_COUNT = PLAN.reduce((sum, [, n]) => sum + n, 0);
const EDGE_MINIMUM = 1500;

const COLLECTION: Record<Kind, string> = {
  assistant: "/playground/assistants",
  vectorstore: "/vectorstores",
  function: "/functions",
  instruction: "/instructions",
  apidefinition: "/apidefinition",
  request: "/request",
  scheduler: "/scheduler",
  filedb: "/filedb",
  filerepository: "/filerepositories",
};

const PERSIAN_NAME: Record<Kind, string> = {
  assistant: "دستیار",
  vectorstore: "پایگاه برداری",
  function: "تابع",
  instruction: "دستورالعمل",
  apidefinition: "تعریف API",
  request: "درخواست",
  scheduler: "زمان‌بند",
  filedb: "پایگاه فایل",
  filerepository: "مخزن فایل",
};

/** A node card is 250 px wide and at least 150 px tall; the grid leaves 80 px between cards. */
const GRID = { columns: 40, cellWidth: 330, cellHeight: 230 };

// ---------------------------------------------------------------- small helpers

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** Runs `work` over `items` with at most `limit` in flight; answers the results in order. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

function median(values: readonly number[]): number {
  return quantile([...values].sort((a, b) => a - b), 0.5);
}

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");
const ms = (value: number, digits = 0) => `${fmt(value, digits)} ms`;
const mib = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MiB`;

// ---------------------------------------------------------------- the server

type Server = { url: string; dataDir: string; log: string; binary: string; stop: () => Promise<void> };

async function startServer(): Promise<Server> {
  const release = join(REPO, "target/release/dastyar");
  const debug = join(REPO, "target/debug/dastyar");
  const binary = process.env.DASTYAR_BENCH_BINARY ?? (existsSync(release) ? release : debug);
  const webDir = process.env.DASTYAR_BENCH_WEB_DIR ?? join(REPO, "web/dist");
  if (!existsSync(binary)) throw new Error(`no server binary at ${binary}; run \`make server\``);
  if (!existsSync(join(webDir, "index.html"))) throw new Error(`${webDir} is not built; run \`make web\``);

  const dataDir = await mkdtemp(join(tmpdir(), "dastyar-bench-data-"));
  const log = join(dataDir, "server.log");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DASTYAR_ADDR: `127.0.0.1:${port}`,
    DASTYAR_DATA_DIR: dataDir,
    DASTYAR_WEB_DIR: webDir,
    DASTYAR_JWT_SECRET: randomBytes(32).toString("hex"),
    RUST_LOG: process.env.RUST_LOG ?? "warn",
  };
  delete env.DATABASE_URL; // always the fresh SQLite file in dataDir

  const out = createWriteStream(log);
  const child: ChildProcess = spawn(binary, ["serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  let exited: string | null = null;
  child.once("exit", (code, signal) => {
    exited = `code ${code}, signal ${signal}`;
  });
  const kill = () => {
    if (exited === null) child.kill("SIGTERM");
  };
  process.once("exit", kill);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      kill();
      process.exit(130);
    });
  }

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited !== null) throw new Error(`the server stopped at start (${exited}); see ${log}`);
    try {
      if ((await fetch(`${url}/api/auth/me`)).status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      kill();
      throw new Error(`the server did not answer at ${url} within 30 s; see ${log}`);
    }
    await sleep(100);
  }

  const stop = async () => {
    if (exited === null) {
      const gone = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await gone;
      clearTimeout(timer);
    }
    out.end();
    if (!KEEP) await rm(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, log, binary, stop };
}

// ---------------------------------------------------------------- the HTTP API

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

class Api {
  token = "";
  constructor(readonly base: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const answer = await fetch(`${this.base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) {
      let code = `http_${answer.status}`;
      let message = text.slice(0, 300);
      try {
        const error = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
        if (error?.code) code = error.code;
        if (error?.message) message = error.message;
      } catch {
        // not JSON
      }
      throw new ApiError(answer.status, code, `${method} ${path}: ${answer.status} ${code}: ${message}`);
    }
    return JSON.parse(text) as T;
  }
}

// ---------------------------------------------------------------- seeding

type Seeded = {
  projectId: number;
  ids: Record<Kind, number[]>;
  /** The assistant the connection drag aims at, and the function it starts from. */
  probe: { assistant: string; fn: string };
  nodes: number;
  edges: number;
  edgesPlanned: number;
  refusals: Map<string, { count: number; example: string }>;
  nodeSeconds: number;
  edgeSeconds: number;
};

/** Grid cells: assistants in the middle row, the probe function right of the first one, the rest in reading order. */
function layout(): { kind: Kind; index: number; x: number; y: number }[] {
  const rows = Math.ceil(NODE_COUNT / GRID.columns);
  const middle = Math.floor(rows / 2);
  const centre = Math.floor(GRID.columns / 2);
  const reserved = new Map<string, { kind: Kind; index: number }>([
    [`${middle},${centre - 3}`, { kind: "assistant", index: 0 }],
    [`${middle},${centre - 2}`, { kind: "function", index: 0 }],
    [`${middle},${centre}`, { kind: "assistant", index: 1 }],
    [`${middle},${centre + 3}`, { kind: "assistant", index: 2 }],
  ]);
  const rest: { kind: Kind; index: number }[] = [];
  for (const kind of ["filerepository", "filedb", "vectorstore", "function", "instruction", "scheduler"] as Kind[]) {
    const count = PLAN.find(([k]) => k === kind)![1];
    for (let index = kind === "function" ? 1 : 0; index < count; index++) rest.push({ kind, index });
  }
  // Each API definition before its five requests.
  const requestsPerDefinition = 250 / 50;
  for (let d = 0; d < 50; d++) {
    rest.push({ kind: "apidefinition", index: d });
    for (let r = 0; r < requestsPerDefinition; r++) rest.push({ kind: "request", index: d * requestsPerDefinition + r });
  }
  const placed: { kind: Kind; index: number; x: number; y: number }[] = [];
  let next = 0;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < GRID.columns; column++) {
      const slot = reserved.get(`${row},${column}`) ?? rest[next++];
      if (!slot) continue;
      placed.push({ ...slot, x: column * GRID.cellWidth, y: row * GRID.cellHeight });
    }
  }
  return placed;
}

function nodeBody(kind: Kind, index: number): Record<string, unknown> {
  switch (kind) {
    case "assistant":
      return { instructions: "کوتاه و مودبانه پاسخ بده.", model: "gpt-4.1-nano" };
    case "function":
      return {
        name: `lookup_${index}`,
        description: "یک رکورد را پیدا می‌کند",
        parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      };
    case "instruction":
      return { content: "پاسخ‌ها را به فارسی و کوتاه بنویس." };
    case "apidefinition":
      return { base_url: `https://api${index}.example.ir` };
    case "request":
      return { method: "GET", endpoint: `/items/${index}` };
    default:
      return {};
  }
}

async function seed(api: Api): Promise<Seeded> {
  const id = randomBytes(6).toString("hex");
  const auth = await api.call<{ token: string }>("POST", "/auth/register", {
    name: "سنجش بوم",
    email: `bench-${id}@example.com`,
    password: `secret-${id}-9`,
  });
  api.token = auth.token;
  const project = await api.call<{ id: number }>("POST", "/playground/projects", { name: "بوم هزار گره" });

  const ids = Object.fromEntries(PLAN.map(([kind, n]) => [kind, new Array<number>(n).fill(0)])) as Record<Kind, number[]>;
  const cells = layout();
  if (cells.length !== NODE_COUNT) throw new Error(`layout placed ${cells.length} nodes, not ${NODE_COUNT}`);

  const nodesStart = performance.now();
  // Assistants first and one at a time (their creation talks to the provider).
  const assistants = cells.filter((c) => c.kind === "assistant");
  const others = cells.filter((c) => c.kind !== "assistant");
  const create = async (cell: (typeof cells)[number]) => {
    const body = {
      project_id: project.id,
      name: `${PERSIAN_NAME[cell.kind]} ${cell.index + 1}`,
      position_x: cell.x,
      position_y: cell.y,
      ...nodeBody(cell.kind, cell.index),
    };
    const node = await api.call<{ database_id: number }>("POST", COLLECTION[cell.kind], body);
    ids[cell.kind][cell.index] = node.database_id;
  };
  await pool(assistants, 1, create);
  await pool(others, CONCURRENCY, create);
  const nodeSeconds = (performance.now() - nodesStart) / 1000;

  type Link = [Kind, number, Kind, number];
  const A = ids.assistant;
  const first: Link[] = ids.request.map((r, j) => ["apidefinition", ids.apidefinition[Math.floor(j / 5)]!, "request", r]);
  const rest: Link[] = [
    // The probe function (index 0) joins the second assistant, so function 0 → assistant 0 stays allowed.
    ...ids.function.map((f, i): Link => ["function", f, "assistant", A[(i + 1) % 3]!]),
    // An instruction takes every assistant.
    ...ids.instruction.flatMap((ins) => A.map((a): Link => ["assistant", a, "instruction", ins])),
    ...ids.request.map((r, j): Link => ["request", r, "assistant", A[j % 3]!]),
    ...ids.scheduler.map((s, i): Link => ["scheduler", s, "request", ids.request[Math.floor(i * 2.5)]!]),
    ...ids.apidefinition.map((d, i): Link => ["apidefinition", d, "assistant", A[i % 3]!]),
    ...ids.filedb.map((f, i): Link => ["filedb", f, "vectorstore", ids.vectorstore[i % 2]!]),
    ...ids.filedb.map((f, i): Link => ["filedb", f, "assistant", A[i % 3]!]),
    ...ids.filerepository.map((f, i): Link => ["filerepository", f, "vectorstore", ids.vectorstore[i % 2]!]),
    ...ids.vectorstore.map((v, i): Link => ["vectorstore", v, "assistant", A[i]!]),
  ];

  const refusals = new Map<string, { count: number; example: string }>();
  let edges = 0;
  const connect = async ([sourceType, sourceId, targetType, targetId]: Link) => {
    try {
      await api.call("POST", "/edges", {
        project_id: project.id,
        source_type: sourceType,
        source_id: sourceId,
        target_type: targetType,
        target_id: targetId,
        edge_data: {},
      });
      edges++;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      const key = `${sourceType} → ${targetType}: ${error.code}`;
      const seen = refusals.get(key) ?? { count: 0, example: error.message };
      seen.count++;
      refusals.set(key, seen);
    }
  };
  const edgesStart = performance.now();
  await pool(first, CONCURRENCY, connect);
  await pool(rest, CONCURRENCY, connect);
  const edgeSeconds = (performance.now() - edgesStart) / 1000;

  return {
    projectId: project.id,
    ids,
    probe: { assistant: `assistant-${A[0]}`, fn: `function-${ids.function[0]}` },
    nodes: Object.values(ids).reduce((sum, list) => sum + list.filter((n) => n > 0).length, 0),
    edges,
    edgesPlanned: first.length + rest.length,
    refusals,
    nodeSeconds,
    edgeSeconds,
  };
}

// ---------------------------------------------------------------- the connection check in Node

type CheckTiming = {
  whole: { median: number; p95: number; answer: string };
  hubPart: { median: number; nodes: number; answer: string };
  plainPart: { median: number; nodes: number; answer: string; proposal: string };
};

/**
 * `checkConnection` on the graph the canvas hands it (every node with its
 * data, every edge: web/src/canvas/model.ts graphOf), timed in Node's V8 on the
 * same wasm build; and the same check on only the part of the graph the rules
 * read (the two ends, their edges, the nodes at the other end of those and a
 * container end's children), for the hub assistant and for an ordinary node.
 */
async function timeCheckConnection(api: Api, seeded: Seeded): Promise<CheckTiming> {
  const nodes = await api.call<CanvasNode[]>("GET", `/projects/${seeded.projectId}/nodes`);
  const edges = await api.call<{ id: string; source: string; target: string }[]>(
    "GET",
    `/projects/${seeded.projectId}/edges`,
  );
  // As React Flow holds them: `measured` (and more) beside the canvas fields.
  const flowNodes = nodes.map((n) => ({ ...n, measured: { width: 250, height: 150 }, selected: false }));
  const flowEdges = edges.map((e) => ({ ...e, data: {} }));
  const graphOf = (): Graph => ({
    nodes: flowNodes as unknown as CanvasNode[],
    edges: flowEdges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
  });
  const around = (proposal: { source: string; target: string }): Graph => {
    const ends = new Set([proposal.source, proposal.target]);
    const touching = flowEdges.filter((e) => ends.has(e.source) || ends.has(e.target));
    const near = new Set([...ends, ...touching.flatMap((e) => [e.source, e.target])]);
    return {
      nodes: flowNodes.filter((n) => near.has(n.id) || (n.parentId !== undefined && ends.has(n.parentId))) as unknown as CanvasNode[],
      edges: touching.map((e) => ({ id: e.id, source: e.source, target: e.target })),
    };
  };
  const run = (graph: () => Graph, proposal: { source: string; target: string }, times: number) => {
    for (let i = 0; i < Math.min(20, times); i++) checkConnection(graph(), proposal); // warm up
    const samples: number[] = [];
    let answer = "";
    for (let i = 0; i < times; i++) {
      const start = performance.now();
      const check = checkConnection(graph(), proposal);
      samples.push(performance.now() - start);
      answer = check.ok ? `allowed (${check.edgeKind})` : `refused (${check.code})`;
    }
    samples.sort((a, b) => a - b);
    return { median: quantile(samples, 0.5), p95: quantile(samples, 0.95), answer };
  };

  const hub = { source: seeded.probe.fn, target: seeded.probe.assistant };
  // Scheduler 1 is joined to request 1; request 2 is free of it.
  const plain = { source: `scheduler-${seeded.ids.scheduler[0]}`, target: `request-${seeded.ids.request[1]}` };
  const hubGraph = around(hub);
  const plainGraph = around(plain);
  return {
    whole: run(graphOf, hub, 200),
    hubPart: { ...run(() => hubGraph, hub, 200), nodes: hubGraph.nodes.length },
    plainPart: {
      ...run(() => plainGraph, plain, 2000),
      nodes: plainGraph.nodes.length,
      proposal: `${plain.source} → ${plain.target}`,
    },
  };
}

// ---------------------------------------------------------------- in-page instrumentation

type Renders = { total: number; nodeWrappers: number; nodeCards: number; edgeWrappers: number; minimapNodes: number };
type Recording = {
  frames: number[];
  moves: number[];
  commits: number;
  renders: Renders;
  longTasks: number[];
};
type Marks = {
  firstNode?: number;
  allNodes?: number;
  allMeasured?: number;
  allEdges?: number;
  nodesInDom: number;
  edgesInDom: number;
};
type BenchState = {
  recording: boolean;
  countRenders: boolean;
  frames: number[];
  moves: number[];
  moveStart: number;
  commits: number;
  renders: Renders;
  longTasks: { start: number; duration: number }[];
  recordStart: number;
  marks: Marks;
  start(countRenders: boolean): void;
  stop(): Recording;
};

/**
 * Installed before the app's scripts: the token, a requestAnimationFrame
 * recorder, timing of mousemove handling (window capture to window bubble,
 * which brackets React Flow's connection handler on document), long tasks,
 * load milestones, and a stand-in React DevTools hook counting commits (and,
 * when asked, which components rendered in each, the way DevTools tells).
 */
function instrument(args: { token: string; nodes: number; edges: number; css?: string }): void {
  localStorage.setItem("dastyar.token", args.token);
  if (args.css) {
    const css = args.css;
    document.addEventListener("DOMContentLoaded", () => {
      const style = document.createElement("style");
      style.textContent = css;
      document.head.append(style);
    });
  }
  const emptyRenders = (): Renders => ({ total: 0, nodeWrappers: 0, nodeCards: 0, edgeWrappers: 0, minimapNodes: 0 });
  const bench: BenchState = {
    recording: false,
    countRenders: false,
    frames: [],
    moves: [],
    moveStart: 0,
    commits: 0,
    renders: emptyRenders(),
    longTasks: [],
    recordStart: 0,
    marks: { nodesInDom: 0, edgesInDom: 0 },
    start(countRenders) {
      this.frames = [];
      this.moves = [];
      this.commits = 0;
      this.renders = emptyRenders();
      this.countRenders = countRenders;
      this.recordStart = performance.now();
      this.recording = true;
      // When each frame's callbacks actually ran (a late main thread shows as a long frame).
      const frame = () => {
        if (!this.recording) return;
        this.frames.push(performance.now());
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    stop() {
      this.recording = false;
      this.countRenders = false;
      const from = this.recordStart;
      return {
        frames: this.frames,
        moves: this.moves,
        commits: this.commits,
        renders: this.renders,
        longTasks: this.longTasks.filter((t) => t.start >= from).map((t) => t.duration),
      };
    },
  };
  (window as unknown as { __bench: BenchState }).__bench = bench;

  addEventListener("mousemove", () => (bench.moveStart = performance.now()), true);
  addEventListener("mousemove", () => {
    if (bench.recording) bench.moves.push(performance.now() - bench.moveStart);
  });

  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no long task timing
  }

  // Load milestones, checked once a frame until the whole graph is shown.
  const watch = () => {
    const marks = bench.marks;
    const now = performance.now();
    const nodes = document.querySelectorAll<HTMLElement>(".react-flow__node");
    marks.nodesInDom = nodes.length;
    marks.edgesInDom = document.querySelectorAll(".react-flow__edge").length;
    if (nodes.length > 0 && marks.firstNode === undefined) marks.firstNode = now;
    if (nodes.length >= args.nodes && marks.allNodes === undefined) marks.allNodes = now;
    if (marks.allNodes !== undefined && marks.allMeasured === undefined) {
      let measured = 0;
      nodes.forEach((n) => {
        if (n.style.visibility !== "hidden") measured++;
      });
      if (measured >= args.nodes) marks.allMeasured = now;
    }
    if (marks.edgesInDom >= args.edges && marks.allEdges === undefined) marks.allEdges = now;
    const done = marks.allMeasured !== undefined && marks.allEdges !== undefined;
    if (!done && now < 180_000) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);

  // React calls these on every commit (production builds too).
  const PERFORMED_WORK = 1;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]); // function, class, forwardRef, memo, simple memo
  const HOST_COMPONENT = 5;
  type Fiber = {
    tag: number;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    stateNode: unknown;
  };
  const classify = (fiber: Fiber) => {
    const renders = bench.renders;
    renders.total++;
    const child = fiber.child;
    if (!child || child.tag !== HOST_COMPONENT || !(child.stateNode instanceof Element)) return;
    const element = child.stateNode;
    if (element.classList.contains("react-flow__node")) renders.nodeWrappers++;
    else if (element.tagName === "ARTICLE" && element.hasAttribute("data-kind")) renders.nodeCards++;
    else if (element.classList.contains("react-flow__minimap-node")) renders.minimapNodes++;
    else if (element.tagName.toLowerCase() === "svg" && element.firstElementChild?.classList.contains("react-flow__edge"))
      renders.edgeWrappers++;
  };
  const walk = (root: Fiber) => {
    const stack: Fiber[] = [root];
    while (stack.length > 0) {
      const fiber = stack.pop()!;
      if (COMPONENT_TAGS.has(fiber.tag) && (fiber.alternate === null || (fiber.flags & PERFORMED_WORK) !== 0)) {
        classify(fiber);
      }
      // A subtree React bailed out of keeps its old children: nothing in it rendered.
      if (fiber.alternate !== null && fiber.child === fiber.alternate.child) continue;
      for (let child = fiber.child; child; child = child.sibling) stack.push(child);
    }
  };
  let renderers = 0;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => ++renderers,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      if (!bench.recording) return;
      bench.commits++;
      if (bench.countRenders) walk(root.current);
    },
  };
}

// ---------------------------------------------------------------- measuring interactions

type Point = { x: number; y: number };

type Row = {
  fps: number;
  frames: number;
  seconds: number;
  p95: number;
  worst: number;
  longTasks: number;
  longTaskMs: number;
  commits: number;
  renders: Renders;
  moves: number[];
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
  nodesInDom: number;
  edgesInDom: number;
};

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

type CpuProfile = {
  nodes: { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  startTime: number;
  endTime: number;
};

/** Profiles' summaries, printed after the table. */
const profileSummaries: string[] = [];

/** The functions with the most self time in a CPU profile. */
function summarise(label: string, profile: CpuProfile, top = 12): string {
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

type TraceEvent = { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { data?: { frame?: string } } };

/** Main-thread time by rendering phase in a trace (inclusive; RunTask is everything). */
function summariseTrace(label: string, events: TraceEvent[]): string {
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

async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send("Tracing.start", {
    transferMode: "ReturnAsStream",
    traceConfig: {
      recordMode: "recordAsMuchAsPossible",
      includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink"],
    },
  } as never);
}

async function stopTrace(cdp: CDPSession): Promise<TraceEvent[]> {
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

function fileName(label: string): string {
  return label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "").toLowerCase();
}

async function measure(
  page: Page,
  cdp: CDPSession,
  label: string,
  action: () => Promise<void>,
  countRenders = false,
): Promise<Row> {
  const before = await metrics(cdp);
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
    writeFileSync(join(PROFILE, `${fileName(label)}.cpuprofile`), JSON.stringify(profile));
    profileSummaries.push(summarise(label, profile));
    const events = await stopTrace(cdp);
    writeFileSync(join(PROFILE, `${fileName(label)}.trace.json`), JSON.stringify({ traceEvents: events }));
    profileSummaries.push(summariseTrace(label, events));
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
    p95: quantile(sorted, 0.95),
    worst: sorted.at(-1) ?? NaN,
    longTasks: recording.longTasks.length,
    longTaskMs: recording.longTasks.reduce((sum, d) => sum + d, 0),
    commits: recording.commits,
    renders: recording.renders,
    moves: recording.moves,
    scriptMs: delta("ScriptDuration"),
    layoutMs: delta("LayoutDuration"),
    styleMs: delta("RecalcStyleDuration"),
    nodesInDom: counts.nodes,
    edgesInDom: counts.edges,
  };
}

/** Moves the pointer along `path` (t from 0 to 1) for `duration` ms, one move per frame. */
async function sweep(page: Page, path: (t: number) => Point, duration = SWEEP_MS): Promise<number> {
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

type Box = { x: number; y: number; width: number; height: number };

/** Half-widths of a loop around `at` that stays 80 px inside `box` (React Flow auto-pans within 40 px of the edge). */
function reach(box: Box, at: Point, most: Point): Point {
  const margin = 80;
  return {
    x: Math.max(0, Math.min(most.x, at.x - box.x - margin, box.x + box.width - margin - at.x)),
    y: Math.max(0, Math.min(most.y, at.y - box.y - margin, box.y + box.height - margin - at.y)),
  };
}

async function centreOf(page: Page, selector: string): Promise<Point> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function paneBox(page: Page) {
  const box = await page.locator(".react-flow__pane").first().boundingBox();
  if (!box) throw new Error("the flow pane is not on screen");
  return box;
}

/** The zoom of React Flow's viewport. */
async function zoomOf(page: Page): Promise<number> {
  return page.evaluate(() => {
    const transform = document.querySelector<HTMLElement>(".react-flow__viewport")?.style.transform ?? "";
    const match = /scale\(([\d.]+)\)/.exec(transform);
    return match ? Number(match[1]) : NaN;
  });
}

/** A point of bare pane (no node, edge or panel under it), nearest `near`; null when edges cover it all. */
async function barePane(page: Page, near: Point): Promise<Point | null> {
  const box = await paneBox(page);
  return page.evaluate(
    ({ box, near }) => {
      let best: { x: number; y: number; d: number } | null = null;
      for (let y = box.y + 100; y < box.y + box.height - 100; y += 3) {
        for (let x = box.x + 100; x < box.x + box.width - 100; x += 3) {
          const d = (x - near.x) ** 2 + (y - near.y) ** 2;
          if (best && d >= best.d) continue;
          const hit = document.elementFromPoint(x, y);
          if (!hit?.classList.contains("react-flow__pane")) continue;
          // Room around it, so a small circle stays on bare pane.
          const clear = [
            [6, 0],
            [-6, 0],
            [0, 6],
            [0, -6],
          ].every(([dx, dy]) => document.elementFromPoint(x + dx!, y + dy!)?.classList.contains("react-flow__pane"));
          if (clear) best = { x, y, d };
        }
      }
      return best && { x: best.x, y: best.y };
    },
    { box, near },
  );
}

/**
 * Drags node `id` along a figure of eight across the pane while measuring,
 * and drops it where it was (the drop saves its unchanged position).
 */
async function dragNode(
  page: Page,
  cdp: CDPSession,
  label: string,
  id: string,
  countRenders = false,
  duration = SWEEP_MS,
): Promise<Row> {
  // Pressed on the card's header, clear of the handles.
  const card = await page.locator(`.react-flow__node[data-id="${id}"]`).boundingBox();
  if (!card) throw new Error(`node ${id} is not on screen`);
  const start = { x: card.x + card.width / 2, y: card.y + Math.min(card.height / 4, 20) };
  const loop = reach(await paneBox(page), start, { x: 450, y: 250 });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 4, start.y + 4);
  await page.mouse.move(start.x, start.y);
  const row = await measure(page, cdp, label, () => sweep(page, eight(start, loop.x, loop.y), duration).then(() => {}), countRenders);
  await page.mouse.move(start.x, start.y);
  await page.mouse.up();
  await sleep(300);
  return row;
}

/**
 * Pans the pane along a figure of eight (back to where it began) while
 * measuring: with the left button on bare pane, or, where edges cover the
 * pane, with the middle button (React Flow pans with it over nodes and edges).
 */
async function pan(page: Page, cdp: CDPSession, label: string): Promise<{ row: Row; how: string }> {
  const box = await paneBox(page);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const bare = await barePane(page, centre);
  const start = bare ?? centre;
  const button = bare ? "left" : "middle";
  const loop = reach(box, start, { x: 450, y: 250 });
  await page.mouse.move(start.x, start.y);
  await page.mouse.down({ button });
  await page.mouse.move(start.x + 4, start.y + 4);
  await page.mouse.move(start.x, start.y);
  const row = await measure(page, cdp, label, () => sweep(page, eight(start, loop.x, loop.y)).then(() => {}));
  await page.mouse.move(start.x, start.y);
  await page.mouse.up({ button });
  await sleep(300);
  return { row, how: bare ? "; left button on bare pane" : "; middle button (edges cover the bare pane)" };
}

/** Zooms with the wheel around `at` until the zoom is near `target`. */
async function zoomTo(page: Page, at: Point, target: number): Promise<number> {
  await page.mouse.move(at.x, at.y);
  for (let i = 0; i < 60; i++) {
    const zoom = await zoomOf(page);
    if (Math.abs(Math.log2(zoom / target)) < 0.12) return zoom;
    // React Flow zooms by 2^(-deltaY * 0.002) per wheel event.
    const deltaY = Math.max(-100, Math.min(100, -Math.log2(target / zoom) / 0.002));
    await page.mouse.wheel(0, deltaY);
    await sleep(60);
  }
  return zoomOf(page);
}

/** A screenshot of the stage, when BENCH_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string): Promise<void> {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) }).catch(() => {});
}

/** Idle until the page has had a few quiet frames. */
async function settle(page: Page, millis = 500): Promise<void> {
  await sleep(millis);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

async function heap(cdp: CDPSession): Promise<{ used: number; domNodes: number }> {
  await cdp.send("HeapProfiler.collectGarbage");
  const m = await metrics(cdp);
  return { used: m.JSHeapUsedSize ?? NaN, domNodes: m.Nodes ?? NaN };
}

// ---------------------------------------------------------------- the browser part

type Figures = { lines: [string, string, string][] };

async function browse(server: Server, seeded: Seeded, token: string, figures: Figures): Promise<void> {
  const add = (figure: string, value: string, note = "") => figures.lines.push([figure, value, note]);
  const profile = await mkdtemp(join(tmpdir(), "dastyar-bench-chromium-"));
  let context: BrowserContext | null = null;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_FLAGS,
      baseURL: server.url,
      locale: "fa-IR",
      timezoneId: "Asia/Tehran",
      viewport: VIEWPORT,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await context.addInitScript(instrument, { token, nodes: seeded.nodes, edges: seeded.edges, css: EXTRA_CSS });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const version = ((await cdp.send("Browser.getVersion")) as { product: string }).product;
    figures.lines.unshift(["browser", version, `headless, --disable-gpu, ${VIEWPORT.width}x${VIEWPORT.height}`]);
    if (EXTRA_CSS) figures.lines.splice(1, 0, ["extra CSS", "yes", EXTRA_CSS]);

    // ---- Load: navigation to the whole graph on screen.
    await page.goto(`/projects/${seeded.projectId}`, { waitUntil: "commit" });
    const loadDeadline = Date.now() + 180_000;
    let marks: Marks;
    for (;;) {
      marks = await page.evaluate(() => ({ ...(window as unknown as { __bench: BenchState }).__bench.marks }));
      if (marks.allMeasured !== undefined && marks.allEdges !== undefined) break;
      if (Date.now() > loadDeadline) break;
      if (new URL(page.url()).pathname.startsWith("/signin")) throw new Error("the app asked to sign in: the token was refused");
      await sleep(100);
    }
    if (marks.firstNode === undefined) {
      throw new Error(`no node appeared on the canvas within 180 s${problems.length ? `: ${problems.join("; ")}` : ""}`);
    }
    const api = await page.evaluate((projectId) => {
      const ends = performance
        .getEntriesByType("resource")
        .filter((e) => /\/api\/projects\/\d+\/(nodes|edges)$/.test(e.name) && e.name.includes(`/projects/${projectId}/`))
        .map((e) => (e as PerformanceResourceTiming).responseEnd);
      return ends.length === 2 ? Math.max(...ends) : NaN;
    }, seeded.projectId);
    const notReached = (count: number, of: number, what: string) => `not within 180 s (${count} of ${of} ${what})`;
    add("load: node and edge lists answered", ms(api), "from navigation start");
    add("load: first node in the DOM", ms(marks.firstNode), "from navigation start");
    add(
      `load: all ${seeded.nodes} nodes in the DOM`,
      marks.allNodes !== undefined ? ms(marks.allNodes) : notReached(marks.nodesInDom, seeded.nodes, "nodes"),
      "React Flow mounts every node once to measure it",
    );
    add(
      "load: all nodes measured (visible)",
      marks.allMeasured !== undefined ? ms(marks.allMeasured) : "not within 180 s",
      "every card measured, so React Flow shows it",
    );
    add(
      `load: all ${seeded.edges} edges in the DOM`,
      marks.allEdges !== undefined ? ms(marks.allEdges) : notReached(marks.edgesInDom, seeded.edges, "edges"),
      "the canvas is complete",
    );

    // The whole graph in view: the Controls' fit view.
    await settle(page, 1000);
    await page.locator(".react-flow__controls-fitview").click();
    await settle(page, 800);
    const overviewZoom = await zoomOf(page);
    await shot(page, "1-overview");
    const loaded = await heap(cdp);
    add("heap: JS heap used after load (after GC)", mib(loaded.used), `${loaded.domNodes} DOM nodes`);

    const describe = (label: string, zoom: number, row: Row, extra = "") => {
      add(
        `${label}: frames per second`,
        fmt(row.fps),
        `${row.frames} frames in ${fmt(row.seconds)} s; zoom ${fmt(zoom, 2)}, ${row.nodesInDom} nodes / ${row.edgesInDom} edges rendered`,
      );
      add(
        `${label}: worst / p95 frame`,
        `${fmt(row.worst, 0)} / ${fmt(row.p95, 0)} ms`,
        `long tasks ${row.longTasks} (${fmt(row.longTaskMs, 0)} ms); ` +
          `script ${fmt(row.scriptMs, 0)} ms, style ${fmt(row.styleMs, 0)} ms, layout ${fmt(row.layoutMs, 0)} ms${extra}`,
      );
    };

    // ---- Overview: every node and edge rendered.
    const fitView = async () => {
      await page.locator(".react-flow__controls-fitview").click();
      await settle(page);
    };
    const pane = await paneBox(page);
    const paneCentre = { x: pane.x + pane.width / 2, y: pane.y + pane.height / 2 };
    /** The node of one of `kinds` nearest the pane's centre, other than `skip`. */
    const nearest = async (kinds: string[], skip: string[] = []) => {
      const id = await page.evaluate(
        ({ centre, kinds, skip }) => {
          let best: { id: string; d: number } | null = null;
          for (const el of document.querySelectorAll<HTMLElement>(".react-flow__node")) {
            const id = el.dataset.id ?? "";
            if (skip.includes(id) || !kinds.some((k) => id.startsWith(`${k}-`))) continue;
            const r = el.getBoundingClientRect();
            const d = (r.x + r.width / 2 - centre.x) ** 2 + (r.y + r.height / 2 - centre.y) ** 2;
            if (!best || d < best.d) best = { id, d };
          }
          return (best as { id: string; d: number } | null)?.id ?? null;
        },
        { centre: paneCentre, kinds, skip },
      );
      if (!id) throw new Error(`no ${kinds.join(" or ")} node on screen`);
      return id;
    };
    const typical = await nearest(["instruction"]);
    const hubEdges = await hubDegree(server, token, seeded);

    let label = "drag a node, overview";
    describe(label, overviewZoom, await dragNode(page, cdp, label, typical), "; the node has 3 edges");
    await fitView();
    label = "drag the hub assistant, overview";
    describe(label, overviewZoom, await dragNode(page, cdp, label, seeded.probe.assistant), `; ${hubEdges} edges follow it`);
    await fitView();
    label = "pan, overview";
    const panned = await pan(page, cdp, label);
    describe(label, overviewZoom, panned.row, panned.how);
    await fitView();

    // React's work during a drag: a second drag, instrumented (walking the fibers costs time).
    label = "node drag, counting renders";
    const counted = await dragNode(page, cdp, label, typical, true, 1000);
    const perCommit = (n: number) => fmt(counted.commits > 0 ? n / counted.commits : NaN, 1);
    add(
      "react, node drag (overview): commits",
      `${counted.commits}`,
      `in ${fmt(counted.seconds)} s, ${fmt(counted.commits / Math.max(counted.seconds, 0.001))} per s`,
    );
    add(
      "react, node drag: components rendered per commit",
      perCommit(counted.renders.total),
      `node wrappers ${perCommit(counted.renders.nodeWrappers)}, node cards ${perCommit(counted.renders.nodeCards)}, ` +
        `edges ${perCommit(counted.renders.edgeWrappers)}, minimap nodes ${perCommit(counted.renders.minimapNodes)}`,
    );
    await fitView();

    // ---- Zoom 1 around the hub assistant: only what is on screen is rendered.
    const zoomIn = async () => {
      await fitView();
      const zoom = await zoomTo(page, await centreOf(page, `.react-flow__node[data-id="${seeded.probe.assistant}"]`), 1);
      await settle(page, 800);
      return zoom;
    };
    const zoom = await zoomIn();
    await shot(page, "2-zoom-1");
    label = "drag a node, zoom 1";
    describe(label, zoom, await dragNode(page, cdp, label, await nearest(["instruction", "request", "filedb"], [seeded.probe.fn])));
    label = "pan, zoom 1";
    const pannedNear = await pan(page, cdp, label);
    describe(label, zoom, pannedNear.row, pannedNear.how);

    // ---- Dragging a connection from the probe function to the hub assistant
    // (allowed): one rules check per pointer move over the target handle.
    await zoomIn();
    const from = await centreOf(page, `.react-flow__node[data-id="${seeded.probe.fn}"] .react-flow__handle.source`);
    const to = await centreOf(page, `.react-flow__node[data-id="${seeded.probe.assistant}"] .react-flow__handle.target`);
    // Somewhere off the handles to hover first (bare pane when there is some).
    const bare = (await barePane(page, { x: (from.x + to.x) / 2, y: Math.max(pane.y + 120, from.y - 200) })) ?? {
      x: (from.x + to.x) / 2,
      y: Math.max(pane.y + 120, from.y - 200),
    };
    const pressed = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.classList.contains("react-flow__handle") ?? false,
      from,
    );
    if (!pressed) throw new Error(`the source handle of ${seeded.probe.fn} is covered at ${from.x},${from.y}`);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, from.y + 10);
    await page.mouse.move(bare.x, bare.y);
    const circling = (p: Point, r: number) => (t: number) => ({
      x: p.x + r * Math.cos(2 * Math.PI * 30 * t),
      y: p.y + r * Math.sin(2 * Math.PI * 30 * t),
    });
    const overPane = await measure(page, cdp, "connection drag away from handles", () =>
      sweep(page, circling(bare, 3)).then(() => {}),
    );
    const lineOverPane = await connectionLine(page);
    await page.mouse.move(to.x, to.y);
    await settle(page, 100);
    label = "connection drag over the handle";
    const overHandle = await measure(page, cdp, label, () => sweep(page, circling(to, 2)).then(() => {}));
    await shot(page, "3-connection-drag");
    const lineOverHandle = await connectionLine(page);
    await page.mouse.move(bare.x, bare.y);
    await settle(page, 100);
    await page.mouse.up(); // on bare pane: nothing is connected
    await settle(page);
    const handleMove = median(overHandle.moves);
    const paneMove = median(overPane.moves);
    const sortedHandle = [...overHandle.moves].sort((a, b) => a - b);
    add(
      "connection drag: pointer move over the target handle",
      `${fmt(handleMove, 2)} ms`,
      `median of ${overHandle.moves.length} (p95 ${fmt(quantile(sortedHandle, 0.95), 2)} ms); ` +
        `React Flow calls isValidConnection; line ${lineOverHandle}`,
    );
    add(
      "connection drag: pointer move away from handles",
      `${fmt(paneMove, 2)} ms`,
      `median of ${overPane.moves.length}; no rules check (no handle within reach); line ${lineOverPane}`,
    );
    add(
      "connection drag: one connection check in the page",
      `${fmt(handleMove - paneMove, 2)} ms`,
      "the difference: isValidConnection → checkProposalAtom → RulesGraph.check (the graph read once per change)",
    );
    describe(label, await zoomOf(page), overHandle);

    const end = await heap(cdp);
    add("heap: JS heap used at the end (after GC)", mib(end.used), `${end.domNodes} DOM nodes`);
    if (problems.length > 0) add("page errors", `${problems.length}`, problems.slice(0, 3).join(" | "));
  } finally {
    await context?.close().catch(() => {});
    if (!KEEP) await rm(profile, { recursive: true, force: true });
    else console.log(`browser profile kept in ${profile}`);
  }
}

/** How the connection line looks: valid, invalid, or absent (no connection in progress). */
async function connectionLine(page: Page): Promise<string> {
  return page.evaluate(() => {
    const line = document.querySelector(".react-flow__connection");
    if (!line) return "absent";
    return line.classList.contains("valid") ? "valid" : line.classList.contains("invalid") ? "invalid" : "neutral";
  });
}

/** How many edges touch the hub assistant. */
async function hubDegree(server: Server, token: string, seeded: Seeded): Promise<number> {
  const api = new Api(server.url);
  api.token = token;
  const edges = await api.call<{ source: string; target: string }[]>("GET", `/projects/${seeded.projectId}/edges`);
  return edges.filter((e) => e.source === seeded.probe.assistant || e.target === seeded.probe.assistant).length;
}

// ---------------------------------------------------------------- main

function printTable(title: string, lines: [string, string, string][]): void {
  const width = [0, 1].map((i) => Math.max(...lines.map((l) => l[i]!.length), i === 0 ? 6 : 5));
  console.log("");
  console.log(title);
  console.log(`${"figure".padEnd(width[0]!)}  ${"value".padStart(width[1]!)}  notes`);
  console.log(`${"-".repeat(width[0]!)}  ${"-".repeat(width[1]!)}  ${"-".repeat(5)}`);
  for (const [figure, value, note] of lines) console.log(`${figure.padEnd(width[0]!)}  ${value.padStart(width[1]!)}  ${note}`);
}

async function main(): Promise<void> {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}; run tools/ensure-chromium.sh`);
  const server = await startServer();
  const figures: Figures = { lines: [] };
  const add = (figure: string, value: string, note = "") => figures.lines.push([figure, value, note]);
  console.log(`dastyar canvas benchmark: ${server.binary} at ${server.url} (data in ${server.dataDir})`);
  try {
    const api = new Api(server.url);
    console.log(`seeding ${NODE_COUNT} nodes and their edges, ${CONCURRENCY} requests at a time...`);
    const seeded = await seed(api);
    const mix = PLAN.map(([kind, n]) => `${n} ${kind}`).join(", ");
    const nodeRate = fmt(seeded.nodes / seeded.nodeSeconds, 0);
    add("seed: nodes created", `${seeded.nodes}`, `${fmt(seeded.nodeSeconds)} s (${nodeRate} per s): ${mix}`);
    add(
      "seed: edges created",
      `${seeded.edges}`,
      `${fmt(seeded.edgeSeconds)} s (${fmt(seeded.edges / seeded.edgeSeconds, 0)} per s) ` +
        `of ${seeded.edgesPlanned} planned; ${CONCURRENCY} requests at a time`,
    );
    for (const [key, { count, example }] of seeded.refusals) add("seed: refused", `${count}`, `${key} (${example})`);
    if (seeded.edges < EDGE_MINIMUM) {
      console.log(
        `note: only ${seeded.edges} allowed edges (wanted ${EDGE_MINIMUM}); ` +
          (seeded.refusals.size > 0
            ? `the rules refused: ${[...seeded.refusals.keys()].join("; ")}`
            : "no refusals were reported"),
      );
    }
    if (seeded.nodes !== NODE_COUNT) throw new Error(`created ${seeded.nodes} nodes, not ${NODE_COUNT}`);

    console.log("timing checkConnection in Node...");
    const check = await timeCheckConnection(api, seeded);
    add(
      "checkConnection, whole graph (Node, same wasm)",
      `${fmt(check.whole.median, 2)} ms`,
      `median of 200 (p95 ${fmt(check.whole.p95, 2)} ms): what each isValidConnection does; ` +
        `${seeded.probe.fn} → ${seeded.probe.assistant} ${check.whole.answer}`,
    );
    add(
      "checkConnection, only the ends' neighbourhood (hub)",
      `${fmt(check.hubPart.median, 2)} ms`,
      `median of 200; ${check.hubPart.nodes} nodes; ${check.hubPart.answer}`,
    );
    add(
      "checkConnection, only the ends' neighbourhood (plain)",
      `${fmt(check.plainPart.median, 3)} ms`,
      `median of 2000; ${check.plainPart.nodes} nodes; ${check.plainPart.proposal} ${check.plainPart.answer}`,
    );
    console.log("measuring the canvas in Chromium...");
    await browse(server, seeded, api.token, figures);
  } catch (error) {
    if (existsSync(server.log)) {
      const tail = readFileSync(server.log, "utf8").split("\n").slice(-20).join("\n");
      if (tail.trim()) console.error(`server log (last lines):\n${tail}`);
    }
    throw error;
  } finally {
    await server.stop();
    printTable(
      `Dastyar canvas benchmark: ${NODE_COUNT} nodes (figures, not pass/fail)`,
      figures.lines,
    );
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

// The benchmark's project, seeded through the HTTP API: a new account and
// project per size, nodes laid out on a grid and edges the connection rules
// allow. Kinds the free plan caps keep to their caps (3 assistants, 2 vector
// stores, no analyzer); everything else scales with the size.

import { randomBytes } from "node:crypto";
import { Api, ApiError } from "./server.js";

export type Kind =
  | "assistant"
  | "vectorstore"
  | "function"
  | "instruction"
  | "apidefinition"
  | "request"
  | "scheduler"
  | "filedb"
  | "filerepository";

export type Plan = {
  nodes: number;
  counts: Record<Kind, number>;
  /** How many assistants each instruction joins: 3 up to 1,000 nodes (about 1.8 edges a node), else 2 (1.6, issue #17's 8,000 edges at 5,000). */
  instructionFanOut: number;
  grid: { columns: number; cellWidth: number; cellHeight: number };
};

/** The 1,000-node mix the benchmark began with; `planFor` scales it. */
const BASE: Record<Exclude<Kind, "assistant" | "vectorstore">, number> = {
  function: 200,
  instruction: 200,
  apidefinition: 50,
  request: 250,
  scheduler: 100,
  filedb: 150,
  filerepository: 45,
};
const CAPPED = { assistant: 3, vectorstore: 2 } as const;
const REQUESTS_PER_DEFINITION = 5;

export function planFor(nodes: number): Plan {
  const free = nodes - CAPPED.assistant - CAPPED.vectorstore;
  const baseFree = Object.values(BASE).reduce((sum, n) => sum + n, 0);
  if (free < baseFree / 10) throw new Error(`${nodes} nodes are too few for the plan (at least ${Math.ceil(baseFree / 10) + 5})`);
  const scale = (n: number) => Math.max(1, Math.round((n * free) / baseFree));
  const apidefinition = scale(BASE.apidefinition);
  const counts: Record<Kind, number> = {
    ...CAPPED,
    instruction: scale(BASE.instruction),
    apidefinition,
    request: apidefinition * REQUESTS_PER_DEFINITION,
    scheduler: scale(BASE.scheduler),
    filedb: scale(BASE.filedb),
    filerepository: scale(BASE.filerepository),
    function: 0,
  };
  counts.function = nodes - Object.values(counts).reduce((sum, n) => sum + n, 0);
  // 1,000 nodes keep the first benchmark's grid; bigger graphs take the pane's
  // shape and 40 px gaps, so the whole graph fits above the canvas's smallest zoom (0.05).
  const grid =
    nodes <= 1000
      ? { columns: 40, cellWidth: 330, cellHeight: 230 }
      : { columns: Math.round(Math.sqrt((1.45 * 190 * nodes) / 290)), cellWidth: 290, cellHeight: 190 };
  return { nodes, counts, instructionFanOut: nodes <= 1000 ? 3 : 2, grid };
}

export type Cell = { kind: Kind; index: number; x: number; y: number };

export type Seeded = {
  projectId: number;
  token: string;
  ids: Record<Kind, number[]>;
  cells: Cell[];
  /** The assistant the connection drag aims at (the hub), and the function it starts from. */
  probe: { assistant: string; fn: string };
  nodes: number;
  edges: number;
  edgesPlanned: number;
  refusals: Map<string, { count: number; example: string }>;
  nodeSeconds: number;
  edgeSeconds: number;
};

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

/** Grid cells: assistants in the middle row, the probe function right of the first one, the rest in reading order. */
function layout(plan: Plan): Cell[] {
  const { columns, cellWidth, cellHeight } = plan.grid;
  const rows = Math.ceil(plan.nodes / columns);
  const middle = Math.floor(rows / 2);
  const centre = Math.floor(columns / 2);
  const reserved = new Map<string, { kind: Kind; index: number }>([
    [`${middle},${centre - 3}`, { kind: "assistant", index: 0 }],
    [`${middle},${centre - 2}`, { kind: "function", index: 0 }],
    [`${middle},${centre}`, { kind: "assistant", index: 1 }],
    [`${middle},${centre + 3}`, { kind: "assistant", index: 2 }],
  ]);
  const rest: { kind: Kind; index: number }[] = [];
  for (const kind of ["filerepository", "filedb", "vectorstore", "function", "instruction", "scheduler"] as Kind[]) {
    for (let index = kind === "function" ? 1 : 0; index < plan.counts[kind]; index++) rest.push({ kind, index });
  }
  // Each API definition before its requests.
  for (let d = 0; d < plan.counts.apidefinition; d++) {
    rest.push({ kind: "apidefinition", index: d });
    for (let r = 0; r < REQUESTS_PER_DEFINITION; r++) {
      rest.push({ kind: "request", index: d * REQUESTS_PER_DEFINITION + r });
    }
  }
  const placed: Cell[] = [];
  let next = 0;
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const slot = reserved.get(`${row},${column}`) ?? rest[next++];
      if (!slot) continue;
      placed.push({ ...slot, x: column * cellWidth, y: row * cellHeight });
    }
  }
  return placed;
}

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

/** A new account with one project of `plan`, `concurrency` requests at a time. */
export async function seed(base: string, plan: Plan, concurrency: number): Promise<Seeded> {
  const api = new Api(base);
  const id = randomBytes(6).toString("hex");
  const auth = await api.call<{ token: string }>("POST", "/auth/register", {
    name: "سنجش بوم",
    email: `bench-${id}@example.com`,
    password: `secret-${id}-9`,
  });
  api.token = auth.token;
  const project = await api.call<{ id: number }>("POST", "/playground/projects", {
    name: `بوم ${plan.nodes.toLocaleString("fa-IR")} گره`,
  });

  const ids = Object.fromEntries(
    Object.entries(plan.counts).map(([kind, n]) => [kind, new Array<number>(n).fill(0)]),
  ) as Record<Kind, number[]>;
  const cells = layout(plan);
  if (cells.length !== plan.nodes) throw new Error(`layout placed ${cells.length} nodes, not ${plan.nodes}`);

  const nodesStart = performance.now();
  // Assistants first and one at a time (their creation talks to the provider).
  const create = async (cell: Cell) => {
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
  await pool(
    cells.filter((c) => c.kind === "assistant"),
    1,
    create,
  );
  await pool(
    cells.filter((c) => c.kind !== "assistant"),
    concurrency,
    create,
  );
  const nodeSeconds = (performance.now() - nodesStart) / 1000;

  type Link = [Kind, number, Kind, number];
  const A = ids.assistant;
  const requestsPerScheduler = ids.request.length / Math.max(1, ids.scheduler.length);
  const first: Link[] = ids.request.map((r, j) => [
    "apidefinition",
    ids.apidefinition[Math.floor(j / REQUESTS_PER_DEFINITION)]!,
    "request",
    r,
  ]);
  const rest: Link[] = [
    // The probe function (index 0) joins the second assistant, so function 0 → assistant 0 stays allowed.
    ...ids.function.map((f, i): Link => ["function", f, "assistant", A[(i + 1) % 3]!]),
    ...ids.instruction.flatMap((ins) =>
      A.slice(0, plan.instructionFanOut).map((a): Link => ["assistant", a, "instruction", ins]),
    ),
    ...ids.request.map((r, j): Link => ["request", r, "assistant", A[j % 3]!]),
    ...ids.scheduler.map((s, i): Link => ["scheduler", s, "request", ids.request[Math.floor(i * requestsPerScheduler)]!]),
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
  await pool(first, concurrency, connect);
  await pool(rest, concurrency, connect);
  const edgeSeconds = (performance.now() - edgesStart) / 1000;

  return {
    projectId: project.id,
    token: auth.token,
    ids,
    cells,
    probe: { assistant: `assistant-${A[0]}`, fn: `function-${ids.function[0]}` },
    nodes: Object.values(ids).reduce((sum, list) => sum + list.filter((n) => n > 0).length, 0),
    edges,
    edgesPlanned: first.length + rest.length,
    refusals,
    nodeSeconds,
    edgeSeconds,
  };
}

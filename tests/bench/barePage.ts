// The bare React Flow page (bare/) the canvas benchmark measures beside Dastyar's
// canvas: built with Vite from the repository's node_modules when the benchmark
// starts, and served with the graph of the moment by a small static server.

import react from "@vitejs/plugin-react";
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type Server as HttpServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { build } from "vite";

export type BareGraph = {
  nodes: { id: string; position: { x: number; y: number } }[];
  edges: { id: string; source: string; target: string }[];
};

export type BarePage = {
  url: string;
  /** The graph the page draws from the next load on. */
  show(graph: BareGraph): void;
  stop(): Promise<void>;
};

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** Builds `source` (tests/bench/bare) into `outDir` and serves it on a free port of 127.0.0.1. */
export async function startBarePage(source: string, outDir: string): Promise<BarePage> {
  await build({
    root: source,
    base: "./",
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: "es2022" },
  });
  let graph = "";
  const server: HttpServer = createServer((request, answer) => {
    const path = new URL(request.url ?? "/", "http://bench").pathname;
    if (path === "/graph.json") {
      answer.writeHead(200, { "Content-Type": TYPES[".json"], "Cache-Control": "no-store" });
      answer.end(graph);
      return;
    }
    const file = join(outDir, normalize(path === "/" ? "/index.html" : path));
    if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) {
      answer.writeHead(404).end();
      return;
    }
    answer.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(answer);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    show: (next) => {
      graph = JSON.stringify(next);
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

// The benchmark's `dastyar`: the release binary (else the debug one) serving the
// built web app on a free port with a fresh SQLite data folder, and a small
// client of its HTTP API.

import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file runs from tests/bench/dist/). */
export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const KEEP = process.env.BENCH_KEEP === "1";

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

export type Server = { url: string; dataDir: string; log: string; binary: string; stop: () => Promise<void> };

export async function startServer(): Promise<Server> {
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

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class Api {
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

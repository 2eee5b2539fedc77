// Global setup: starts the fake outside services (tests/fakes: an
// OpenAI-compatible model the specs script over HTTP, the Telegram Bot API,
// Google's OAuth, Drive and Sheets, Kavenegar and a WordPress site), then the real server on
// a free port with a fresh data folder and the built web app, pointed at the
// fakes; waits until it answers, and stops both after the run.
//
// The binary is target/debug/dastyar, which `make e2e` builds with
// `cargo test --workspace --no-run` (the same cargo form as `make test`, so
// nothing is compiled twice); DASTYAR_E2E_BINARY names another.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARTIFACTS, REPO } from "./paths.ts";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `dastyar-fakes` and reads the JSON line naming where its fakes listen. */
async function startFakes(): Promise<{
  openai: string;
  telegram: string;
  google: string;
  googleSheets: string;
  kavenegar: string;
  wordpress: string;
  stop: () => void;
}> {
  const binary = process.env.DASTYAR_E2E_FAKES_BINARY ?? join(REPO, "target/debug/dastyar-fakes");
  if (!existsSync(binary)) throw new Error(`e2e: no fakes binary at ${binary}; run \`make e2e\``);
  // Words stream 30 ms apart, so a spec sees an answer arrive piece by piece.
  const fakes = spawn(binary, ["--word-delay-ms", "30"], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    let seen = "";
    fakes.stdout.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const end = seen.indexOf("\n");
      if (end >= 0) resolve(seen.slice(0, end));
    });
    fakes.once("exit", (code) => reject(new Error(`e2e: dastyar-fakes stopped at start (code ${code})`)));
  });
  const urls = JSON.parse(line) as {
    openai: string;
    telegram: string;
    google: string;
    google_sheets: string;
    kavenegar: string;
    wordpress: string;
  };
  const stop = () => {
    if (fakes.exitCode === null) fakes.kill("SIGTERM");
  };
  process.once("exit", stop);
  return {
    openai: urls.openai,
    telegram: urls.telegram,
    google: urls.google,
    googleSheets: urls.google_sheets,
    kavenegar: urls.kavenegar,
    wordpress: urls.wordpress,
    stop,
  };
}

export default async function startServer(): Promise<() => Promise<void>> {
  const binary = process.env.DASTYAR_E2E_BINARY ?? join(REPO, "target/debug/dastyar");
  const webDir = process.env.DASTYAR_E2E_WEB_DIR ?? join(REPO, "web/dist");
  if (!existsSync(binary)) throw new Error(`e2e: no server binary at ${binary}; run \`make e2e\``);
  if (!existsSync(join(webDir, "index.html"))) throw new Error(`e2e: ${webDir} is not built; run \`make e2e\``);

  mkdirSync(ARTIFACTS, { recursive: true });
  const dataDir = await mkdtemp(join(tmpdir(), "dastyar-e2e-data-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString("hex");

  const fakes = await startFakes();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DASTYAR_LLM_BASE_URL: fakes.openai,
    // Without an https DASTYAR_PUBLIC_URL, bots long-poll the fake.
    DASTYAR_TELEGRAM_API_URL: fakes.telegram,
    // SMS nodes send to the Kavenegar fake, never to Kavenegar.
    DASTYAR_KAVENEGAR_API_URL: fakes.kavenegar,
    // The fake's OAuth client (tests/fakes/src/google/mod.rs); Sheets is served apart, as at Google.
    DASTYAR_GOOGLE_CLIENT_ID: "dastyar-test.apps.googleusercontent.com",
    DASTYAR_GOOGLE_CLIENT_SECRET: "GOCSPX-fake-secret",
    DASTYAR_GOOGLE_AUTH_URL: `${fakes.google}/o/oauth2/v2/auth`,
    DASTYAR_GOOGLE_TOKEN_URL: `${fakes.google}/token`,
    DASTYAR_GOOGLE_API_URL: fakes.google,
    DASTYAR_GOOGLE_SHEETS_API_URL: fakes.googleSheets,
    // Request tools in the specs call the fakes on this machine.
    DASTYAR_ALLOW_PRIVATE_NETWORK: "true",
    DASTYAR_ADDR: `127.0.0.1:${port}`,
    DASTYAR_DATA_DIR: dataDir,
    DASTYAR_WEB_DIR: webDir,
    DASTYAR_JWT_SECRET: secret,
    // Every spec signs up and in from 127.0.0.1; the per-address limits are
    // tested in server/tests/rate_limits.rs.
    DASTYAR_REGISTRATIONS_PER_HOUR: "100000",
    DASTYAR_LOGINS_PER_MINUTE: "100000",
    RUST_LOG: process.env.RUST_LOG ?? "info",
  };
  delete env.DATABASE_URL; // always the fresh SQLite file in dataDir

  const log = createWriteStream(join(ARTIFACTS, "server.log"));
  const server = spawn(binary, ["serve"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  let exited: string | null = null;
  server.once("exit", (code, signal) => {
    exited = `code ${code}, signal ${signal}`;
  });
  const stop = () => {
    if (exited === null) server.kill("SIGTERM");
  };
  process.once("exit", stop);

  // Ready when the API answers (401 from /api/auth/me without a token).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited !== null) throw new Error(`e2e: the server stopped at start (${exited}); see ${join(ARTIFACTS, "server.log")}`);
    try {
      const answer = await fetch(`${url}/api/auth/me`);
      if (answer.status === 401) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`e2e: the server did not answer at ${url} within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`e2e: dastyar at ${url} (data in ${dataDir})`);

  // Workers inherit these.
  process.env.DASTYAR_E2E_URL = url;
  process.env.DASTYAR_E2E_JWT_SECRET = secret;
  process.env.DASTYAR_E2E_FAKE_OPENAI = fakes.openai;
  process.env.DASTYAR_E2E_FAKE_TELEGRAM = fakes.telegram;
  process.env.DASTYAR_E2E_FAKE_GOOGLE = fakes.google;
  process.env.DASTYAR_E2E_FAKE_KAVENEGAR = fakes.kavenegar;
  process.env.DASTYAR_E2E_FAKE_WORDPRESS = fakes.wordpress;

  return async () => {
    if (exited === null) {
      const gone = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      const timer = setTimeout(() => server.kill("SIGKILL"), 5_000);
      await gone;
      clearTimeout(timer);
    }
    fakes.stop();
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
}

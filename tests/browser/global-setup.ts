import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import { getPlatformProxy } from "wrangler";
import { saveStaffUser } from "~/server/entities/staff-accounts.server";
import { database } from "~/server/db/client.server";
import { localEnv, servingEnv, wranglerBin } from "../../scripts/wrangler.mjs";

const serveScript = fileURLToPath(new URL("../../scripts/serve.mjs", import.meta.url));
const seedScript = fileURLToPath(new URL("../../scripts/seed.ts", import.meta.url));
import { ACCOUNT_STAFF, STAFF } from "./staff";

declare module "vitest" {
  export interface ProvidedContext {
    /** One `wrangler dev` per test worker, each with its own database and bucket. */
    baseURLs: string[];
    /** The run's migrated state with the staff accounts, copied for each server. */
    stateTemplate: string;
    /** Where the first server that needs the demo content seeds it for the run (`demoState`). */
    demoStateFolder: string;
  }
}

/** Whether nothing listens on `port` now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Ports handed out in this run: two servers start at once and must never get the same one. */
const takenPorts = new Set<number>();

/**
 * A free port below Linux's ephemeral range (32768–60999). A port the system chose itself could be
 * handed to a socket some other process opens (another server's workerd opens several) in the
 * seconds before wrangler binds it: seen once as "Address already in use" in a full run.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (takenPorts.has(port) || !(await canListen(port))) continue;
    takenPorts.add(port);
    return port;
  }
}

async function waitUntilServing(url: string, server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer at ${url}`);
}

/** Runs `command` to its end without blocking the test worker's event loop; throws with its output when it fails. */
function run(command: string, args: string[], what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: localEnv, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (${code}):\n${output}`))));
  });
}

/** A migrated database with the staff accounts in `persistDir`, and with `demo` the demo content `npm start` seeds. */
async function prepareState(persistDir: string, { demo }: { demo: boolean }) {
  const migrate = spawnSync(
    process.execPath,
    [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir],
    { env: localEnv, encoding: "utf8" },
  );
  if (migrate.status !== 0) throw new Error(`Migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);
  const proxy = await getPlatformProxy<Env>({ persist: { path: join(persistDir, "v3") } });
  for (const account of [STAFF, ...Object.values(ACCOUNT_STAFF)]) await saveStaffUser(database(proxy.env.DB), account);
  await proxy.dispose();
  if (demo) await run("npx", ["tsx", seedScript, "--persist-to", persistDir], "Demo content");
}

/** How long a test worker waits for another one's demo state: seeding makes renditions of every demo picture. */
const DEMO_STATE_TIMEOUT_MS = 240_000;

/**
 * The demo state of this run, seeded once by the first server that asks for it (an atomic
 * `mkdir` decides which one) and copied by the others: seeding costs about 25 s of CPU.
 */
async function demoState(): Promise<string> {
  const folder = inject("demoStateFolder");
  const state = join(folder, "state");
  const ready = join(folder, "ready");
  try {
    mkdirSync(folder);
  } catch {
    const deadline = Date.now() + DEMO_STATE_TIMEOUT_MS;
    while (!existsSync(ready)) {
      if (existsSync(join(folder, "failed"))) throw new Error("Der Demo-Zustand ließ sich nicht anlegen (siehe die andere Testdatei).");
      if (Date.now() > deadline) throw new Error("Der Demo-Zustand wurde nicht fertig.");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return state;
  }
  try {
    await prepareState(state, { demo: true });
    writeFileSync(ready, "");
  } catch (error) {
    writeFileSync(join(folder, "failed"), String(error));
    throw error;
  }
  return state;
}

/**
 * A throwaway database with the staff accounts, served by the built worker: a copy of the run's
 * migrated state. With `demo`, it also holds the demo content `npm start` seeds
 * (scripts/seed.ts): for a test that measures the site as a newcomer first sees it, apart from
 * what other test files wrote.
 */
export async function startServer({ demo = false, template }: { demo?: boolean; template?: string } = {}) {
  const persistDir = mkdtempSync(join(tmpdir(), "autosattlerei-browser-"));
  cpSync(demo ? await demoState() : (template ?? inject("stateTemplate")), persistDir, { recursive: true });

  const port = await freePort();
  // wrangler's local runtime without its inspector (scripts/serve.mjs says why).
  const server = spawn(process.execPath, [serveScript, "--port", String(port), "--persist-to", persistDir], {
    env: servingEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    rmSync(persistDir, { recursive: true, force: true });
    // Kept for a look after a failure: what the server said while the tests ran, and the
    // requests it held for longer than any test waits (see vitest.browser.config.ts).
    const log = join(tmpdir(), `autosattlerei-browser-server-${port}.log`);
    writeFileSync(log, output);
    const stalled = output.split("\n").filter((line) => Number(/\((\d+)ms\)\s*$/.exec(line)?.[1] ?? 0) >= 30_000);
    console.log(`wrangler dev (${baseURL}): ${log}${stalled.length ? `\n  über 30 s:\n  ${stalled.join("\n  ")}` : ""}`);
  };
  try {
    await waitUntilServing(`${baseURL}/api/v1/opening/get`, server);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  // What the server said so far: its request lines and the worker's own logs.
  return { baseURL, stop, output: () => output };
}

/**
 * Test files run in parallel, and each test worker talks to its own server, so files that
 * run at the same time never see each other's data (files on one worker run one after
 * another and create their own, uniquely named data, as before).
 */
export default async function setup(project: TestProject) {
  // Migrated once and copied for every server of the run (the servers' own, and those files start).
  const run = mkdtempSync(join(tmpdir(), "autosattlerei-browser-run-"));
  const template = join(run, "state");
  await prepareState(template, { demo: false });
  project.provide("stateTemplate", template);
  project.provide("demoStateFolder", join(run, "demo"));
  const servers = await Promise.all(Array.from({ length: project.config.maxWorkers }, () => startServer({ template })));
  project.provide("baseURLs", servers.map((server) => server.baseURL));
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(run, { recursive: true, force: true });
  };
}

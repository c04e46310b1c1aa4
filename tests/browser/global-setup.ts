import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { getPlatformProxy } from "wrangler";
import { saveStaffUser } from "~/server/auth.server";
import { database } from "~/server/db/client.server";
import { localEnv, wranglerBin } from "../../scripts/wrangler.mjs";
import { ACCOUNT_STAFF, STAFF } from "./staff";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    persistDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

async function waitUntilServing(url: string, server: ChildProcess) {
  const deadline = Date.now() + 90_000;
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

export default async function setup(project: TestProject) {
  const persistDir = mkdtempSync(join(tmpdir(), "autosattlerei-browser-"));
  const migrate = spawnSync(
    process.execPath,
    [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir],
    { env: localEnv, encoding: "utf8" },
  );
  if (migrate.status !== 0) throw new Error(`Migrations failed:\n${migrate.stdout}\n${migrate.stderr}`);

  const proxy = await getPlatformProxy<Env>({ persist: { path: join(persistDir, "v3") } });
  for (const account of [STAFF, ...Object.values(ACCOUNT_STAFF)]) await saveStaffUser(database(proxy.env.DB), account);
  await proxy.dispose();

  const port = await freePort();
  const server = spawn(
    process.execPath,
    [wranglerBin, "dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", persistDir, "--show-interactive-dev-session=false"],
    { env: localEnv, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(`${baseURL}/api/v1/opening/get`, server);
  } catch (error) {
    server.kill();
    throw new Error(`${(error as Error).message}\n${output}`);
  }

  project.provide("baseURL", baseURL);
  project.provide("persistDir", persistDir);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(persistDir, { recursive: true, force: true });
  };
}

#!/usr/bin/env node
// Runs wrangler with the settings every local run needs: this machine and CI have no
// internet, so wrangler must neither send metrics nor fetch request.cf data.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
export const wranglerBin = require.resolve("wrangler/bin/wrangler.js");

export const localEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/**
 * `wrangler dev` serves the built worker as it is deployed: React's production build.
 * Wrangler (≥ 4.44) would otherwise bundle React's development build for `dev`, so local
 * behaviour and figures would not be production's. `npm run dev` (Vite) keeps development mode.
 */
export const servingEnv = { ...localEnv, NODE_ENV: "production" };

export function wrangler(args, options = {}) {
  return spawn(process.execPath, [wranglerBin, ...args], { stdio: "inherit", env: localEnv, ...options });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const child = wrangler(args, args[0] === "dev" ? { env: servingEnv } : {});
  child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}

#!/usr/bin/env node
// Serves the built worker in the same local Workers runtime as `wrangler dev` (workerd, the
// bindings of wrangler.toml, persisted local D1/R2), for the browser tests and the bench:
// `node scripts/serve.mjs --port N --persist-to DIR`. Unlike `wrangler dev` it starts no
// inspector: wrangler's inspector proxy passes every runtime event (each D1 query's response
// body among them) through a second workerd and Node, which cost more CPU per page than the page
// itself and would count in every figure. It does not watch files: a test server never rebuilds.
// `--inspector` opens the runtime's inspector all the same, for the bench's CPU profiles of the
// worker's isolate (scripts/worker-cpu.mjs), which it reaches without wrangler's proxy.
import { unstable_startWorker } from "wrangler";

const option = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};

const worker = await unstable_startWorker({
  config: "wrangler.toml",
  dev: {
    inspector: process.argv.includes("--inspector") ? { port: 0 } : false,
    watch: false,
    liveReload: false,
    server: { hostname: "127.0.0.1", port: Number(option("--port") ?? 8787) },
    persist: option("--persist-to"),
    // "log", as `wrangler dev`: the worker's console.log lines (the nightly run's among them) are
    // below "info" and would not show.
    logLevel: "log",
  },
});
await worker.ready;
console.log(`Bereit auf ${await worker.url}`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    await worker.dispose();
    process.exit(0);
  });
}

// CPU per request of the worker: the CPU time the kernel counts for the `workerd` process that runs
// the worker (user + system, /proc/<pid>/stat) around N sequential requests of each kind, with the
// worker served by scripts/serve.mjs, that is without an inspector. Wrangler's proxy in front of
// it (a second workerd) and its Node process are left out: production has neither.
//
// What it includes, so it is an upper bound of what Cloudflare bills: besides the worker's isolate
// the same process runs the local D1 (SQLite), the Cache API's storage, the asset server and the
// HTTP handling, which on Cloudflare run elsewhere; the static file's row shows that share for a
// request that never reaches the worker.
// Why not a CPU profile of the isolate: V8's sampler runs on wall time on workerd's one thread,
// so it also counts time the thread spent in the local D1 and the cache (and, on a busy machine,
// time it waited for a core), and profiling needs wrangler's inspector proxy, which passes every
// runtime event through a second workerd and Node. Measured side by side, a cache hit came out at
// 11 ms "isolate" against 2–3 ms of process time without the inspector (decision 013).
// The Images binding's emulation (sharp) runs in wrangler's Node process and counts in neither.
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 1000 / 100; // USER_HZ, 100 on Linux

function cpuMillis(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function descendants(pid) {
  const children = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      if (parent === pid) children.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

/**
 * The `workerd` process that runs the worker: wrangler starts two, and the one that listens on
 * the served port only proxies requests to the other (production has no such proxy).
 */
export function workerProcess(serverPid, port) {
  const candidates = descendants(serverPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd\0serve");
    } catch {
      return false;
    }
  });
  const proxy = candidates.find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(`entry=127.0.0.1:${port}`));
  return candidates.find((pid) => pid !== proxy) ?? proxy;
}

/**
 * Measures each kind: `request(n)` sends the n-th request and resolves when its answer was read.
 * A few warm-up requests first, then `count` measured ones; per kind the mean CPU of the worker's `workerd`.
 */
export async function cpuPerRequest({ serverPid, port, kinds }) {
  const workerd = workerProcess(serverPid, port);
  const rows = [];
  for (const { label, count, request, goal } of kinds) {
    for (let n = 0; n < 3; n++) await request(-1 - n);
    const before = cpuMillis(workerd);
    for (let n = 0; n < count; n++) await request(n);
    rows.push({ label, count, workerd: (cpuMillis(workerd) - before) / count, goal });
  }
  return rows;
}

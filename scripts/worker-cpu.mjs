// CPU per request of the worker, measured two ways around N sequential requests of each kind
// (decision 013 has how both were checked):
//
// - The isolate's own time, closest to what Cloudflare bills: a V8 CPU profile of the worker's
//   isolate, taken through workerd's own inspector (not wrangler's proxy in front of it). V8's
//   sampler ticks every ~0.19 ms and records a sample only while the worker's isolate runs on
//   workerd's thread — its JavaScript, the runtime's native work it calls, its garbage collection —
//   and none while the thread serves the local D1, the cache's storage, the asset server or waits.
//   So the samples that are not "(idle)", times the tick, are the isolate's time. Checked against a
//   loop of known cost (the process time below of a route that only computes square roots): 27.7
//   against 27.7 ms, 81.5 against 83.4 ms. The profiler slows the process by about a fifth, so it
//   runs only during a second round of requests.
// - The kernel's CPU time (user + system, /proc/<pid>/stat) of the `workerd` process that runs the
//   worker, an upper bound: besides the isolate it runs the local D1 (SQLite), the Cache API's
//   storage (including the put of a rendered page's copy), the asset server and the HTTP handling,
//   which on Cloudflare run elsewhere; the static file's row shows that share for a request that
//   never reaches the worker. Wrangler's proxy in front of it (a second workerd) and its Node
//   process are left out: production has neither.
//
// The Images binding's emulation (sharp) runs in wrangler's Node process and counts in neither.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import WebSocket from "ws";

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

/** The TCP ports `pid` listens on, from the kernel's socket table and the process's descriptors. */
function listeningPorts(pid) {
  const inodes = new Set();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (target.startsWith("socket:[")) inodes.add(target.slice(8, -1));
    } catch {
      // closed meanwhile
    }
  }
  const ports = [];
  for (const table of ["tcp", "tcp6"]) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // st 0A is LISTEN; field 9 is the socket's inode
      if (fields[3] === "0A" && inodes.has(fields[9])) ports.push(parseInt(fields[1].split(":")[1], 16));
    }
  }
  return ports;
}

/** The worker's entry in the runtime inspector's target list, asked of each port the worker's process listens on. */
async function inspectorTarget(workerd) {
  for (const port of listeningPorts(workerd)) {
    const abort = new AbortController();
    // A timer of our own rather than AbortSignal.timeout, whose timer would not keep Node running.
    const timer = setTimeout(() => abort.abort(), 2000);
    try {
      const targets = await (await fetch(`http://127.0.0.1:${port}/json`, { signal: abort.signal })).json();
      const worker = targets.find?.((target) => target.id.startsWith("core:user:"));
      if (worker) return worker;
    } catch {
      // not the inspector: another of the runtime's ports
    } finally {
      clearTimeout(timer);
    }
  }
  return null;
}

/**
 * A DevTools protocol session with the worker's isolate on workerd's own inspector (served with
 * `serve.mjs --inspector`), or null when the runtime has no inspector.
 */
async function isolateSession(workerd) {
  const worker = await inspectorTarget(workerd);
  if (!worker) return null;
  const socket = new WebSocket(worker.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  const pending = new Map();
  let lastId = 0;
  const session = {
    closed: false,
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        if (session.closed) return reject(new Error(`${method}: the inspector closed the session`));
        const id = ++lastId;
        pending.set(id, { method, resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
    else waiting.resolve(message.result);
  });
  socket.on("close", () => {
    session.closed = true;
    for (const { method, reject } of pending.values()) reject(new Error(`${method}: the inspector closed the session`));
    pending.clear();
  });
  return session;
}

const SAMPLING_INTERVAL_US = 100;

/**
 * Wrangler's inspector proxy attaches to the isolate once, some seconds after the runtime started,
 * and the runtime keeps only the newest session, so a session opened before is closed then: this
 * opens one again when that happened.
 */
async function openProfiler(workerd) {
  for (let attempt = 1; ; attempt++) {
    const session = await isolateSession(workerd);
    if (!session) return null;
    try {
      await session.send("Profiler.enable");
      await session.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
      return session;
    } catch (error) {
      if (!session.closed || attempt === 3) throw error;
    }
  }
}

/**
 * Measures each kind: `request(n)` sends the n-th request and resolves when its answer was read.
 * A few warm-up requests first, then `count` measured ones for the process's CPU, then (with an
 * inspector) `count` more under the profiler; per kind the mean of each.
 */
export async function cpuPerRequest({ serverPid, port, kinds }) {
  const workerd = workerProcess(serverPid, port);
  let profiler = await openProfiler(workerd);
  const rows = [];
  const ticks = [];
  for (const { label, count, request, goal } of kinds) {
    for (let n = 0; n < 3; n++) await request(-1 - n);
    const before = cpuMillis(workerd);
    for (let n = 0; n < count; n++) await request(n);
    const row = { label, count, workerd: (cpuMillis(workerd) - before) / count, goal, isolateSamples: null };
    for (let attempt = 1; profiler; attempt++) {
      try {
        await profiler.send("Profiler.start");
        for (let n = count; n < 2 * count; n++) await request(n);
        const { profile } = await profiler.send("Profiler.stop");
        const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id));
        row.isolateSamples = profile.samples.filter((node) => !idle.has(node)).length / count;
        ticks.push(...profile.timeDeltas.slice(1));
        break;
      } catch (error) {
        // The proxy took the session (openProfiler): take it back and measure the round again.
        if (!profiler.closed || attempt === 3) throw error;
        profiler = await openProfiler(workerd);
      }
    }
    rows.push(row);
  }
  profiler?.close();
  // The tick: the median time between two samples, which the kinds that keep the isolate busy set
  // (a sample after the isolate waited, or after the thread served D1, is farther from the last).
  ticks.sort((a, b) => a - b);
  const tickMs = ticks.length > 0 ? ticks[Math.floor(ticks.length / 2)] / 1000 : null;
  return {
    tickMs,
    rows: rows.map(({ isolateSamples, ...row }) => ({ ...row, isolate: tickMs === null ? null : isolateSamples * tickMs })),
  };
}

// CPU per request of the worker, measured two ways around N sequential requests of each kind:
//
// - "Isolat": the worker isolate's busy time from a CPU profile taken through `wrangler dev`'s
//   inspector (sampled every 100 µs; everything but "(idle)": JavaScript, garbage collection and
//   the runtime's own work inside the isolate). This is what Cloudflare bills and limits (10 ms a
//   request on the Free plan). The sampler runs on wall time, so on a busy machine it also counts
//   moments the isolate waited for a core: run the bench on a quiet machine.
// - "Prozess": the CPU time the kernel counts for the workerd process that runs the worker. An
//   upper bound, but exact under load: it also holds the local D1 (SQLite), the Cache API and the
//   asset server, which on Cloudflare run elsewhere.
// The Images binding's emulation (sharp) runs in wrangler's Node process and counts in neither.
import { readdirSync, readFileSync } from "node:fs";
import WebSocket from "ws";

/** Talks to the inspector of `wrangler dev --inspector-port`. */
async function openInspector(inspectorPort) {
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json();
  const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  let nextId = 1;
  const pending = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    const settle = pending.get(message.id);
    if (!settle) return;
    pending.delete(message.id);
    settle(message);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result)));
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: 1000 });
  return {
    /** Busy milliseconds of the isolate while `work` runs. */
    async busyDuring(work) {
      await send("Profiler.start");
      await work();
      const { profile } = await send("Profiler.stop");
      const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id));
      let micros = 0;
      profile.samples.forEach((node, index) => {
        if (!idle.has(node)) micros += profile.timeDeltas[index] ?? 0;
      });
      return micros / 1000;
    },
    close: () => socket.close(),
  };
}

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
 * The workerd process that runs the worker itself: `wrangler dev` starts two, and the one that
 * listens on the dev port only proxies requests to the other.
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
 * A few warm-up requests first, then `count` measured ones.
 */
export async function cpuPerRequest({ inspectorPort, workerPid, kinds }) {
  const inspector = await openInspector(inspectorPort);
  const rows = [];
  try {
    for (const { label, count, request, goal } of kinds) {
      for (let n = 0; n < 3; n++) await request(-1 - n);
      const before = cpuMillis(workerPid);
      const busy = await inspector.busyDuring(async () => {
        for (let n = 0; n < count; n++) await request(n);
      });
      const process = cpuMillis(workerPid) - before;
      rows.push({ label, count, isolate: busy / count, process: process / count, goal });
    }
  } finally {
    inspector.close();
  }
  return rows;
}

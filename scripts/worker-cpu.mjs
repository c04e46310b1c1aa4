// The worker isolate's own CPU time per request, from a CPU profile taken through `wrangler dev`'s
// inspector: the sampled time of everything but "(idle)" — JavaScript, garbage collection and the
// runtime's own work inside the isolate — divided by the number of requests. This is what
// Cloudflare bills and limits (10 ms on the Free plan); D1's SQLite, the asset server and the
// Images emulation run outside the isolate and are not counted, as in production.
import WebSocket from "ws";

/** Talks to the inspector of `wrangler dev --inspector-port`. */
export async function openInspector(inspectorPort) {
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
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)(message);
      pending.delete(message.id);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (message) => (message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result)));
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  // 100 µs: fine enough for requests of a few milliseconds, cheap enough not to change them much.
  await send("Profiler.setSamplingInterval", { interval: 100 });
  return {
    /** Busy milliseconds of the isolate while `work` runs. */
    async busyDuring(work) {
      await send("Profiler.start");
      await work();
      const { profile } = await send("Profiler.stop");
      const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === "(idle)").map((node) => node.id));
      let busyMicros = 0;
      profile.samples.forEach((node, index) => {
        if (!idle.has(node)) busyMicros += profile.timeDeltas[index] ?? 0;
      });
      return busyMicros / 1000;
    },
    close: () => socket.close(),
  };
}

import { cpuPerRequest, workerProcess } from "./worker-cpu.mjs";
const base = "http://127.0.0.1:8791";
const consent = `cookieConsent=${encodeURIComponent('{"essential":true,"external":false}')}`;
const get = (path, Cookie) => fetch(base + path, { headers: { Cookie } }).then((r) => r.arrayBuffer());
const first = await fetch(base + "/", { headers: { Cookie: consent } }); await first.arrayBuffer();
const returning = `${consent}; besucht=${/besucht=([^;]*)/.exec(first.headers.get("set-cookie") ?? "")?.[1] ?? ""}`;
const serverPid = Number(process.argv[2]);
const kinds = [];
for (let round = 0; round < 3; round++) {
  kinds.push({ label: `/ hit ${round}`, count: 50, request: () => get("/", returning) });
  kinds.push({ label: `/ miss ${round}`, count: 30, request: (n) => get("/", `${consent}; besucht=b-${Date.now()}-${n}`) });
}
const rows = await cpuPerRequest({ inspectorPort: 9231, workerPid: workerProcess(serverPid, 8791), kinds });
for (const r of rows) console.log(r.label.padEnd(12), r.isolate.toFixed(2), r.process.toFixed(2));

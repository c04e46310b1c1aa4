import { readFileSync } from "node:fs";
const pids = process.argv.slice(2).map(Number);
const ticks = (pid) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return Number(f[11]) + Number(f[12]); };
const base = "http://127.0.0.1:8791"; const consent = `cookieConsent=${encodeURIComponent('{"essential":true,"external":false}')}`;
async function measure(label, n, req) {
  for (let i = 0; i < 5; i++) await (await req(i)).arrayBuffer();
  const before = pids.map(ticks);
  for (let i = 0; i < n; i++) await (await req(i)).arrayBuffer();
  const after = pids.map(ticks);
  console.log(label.padEnd(18), pids.map((p, i) => `${p}:${(((after[i] - before[i]) * 10) / n).toFixed(2)}ms`).join("  "));
}
const first = await fetch(base + "/", { headers: { Cookie: consent } }); await first.arrayBuffer();
const seen = /besucht=[^;]*/.exec(first.headers.get("set-cookie") ?? "")?.[0];
const settled = seen ? `${consent}; ${seen}` : consent;
await measure("static", 300, () => fetch(base + "/favicon.svg"));
await measure("/ hit", 300, () => fetch(base + "/", { headers: { Cookie: settled } }));
await measure("/ miss", 300, (i) => fetch(base + "/", { headers: { Cookie: `${consent}; besucht=b-${Date.now()}-${i}` } }));
await measure("/referenz miss", 300, (i) => fetch(base + "/referenz", { headers: { Cookie: `${consent}; besucht=b-${Date.now()}-${i}` } }));
await measure("api news", 300, () => fetch(base + "/api/v1/news/get"));

#!/usr/bin/env node
// `npm run bench`: the weight of every public page, the worker's CPU per request and its throughput.
// Builds if needed, serves the built worker in the local Workers runtime (scripts/serve.mjs) on a throwaway database with demo news, then prints
// per page the gzip bytes of the HTML and of the CSS and JavaScript it loads, the worker's CPU per
// request of every kind (worker-cpu.mjs), and the requests per second of `/` from the edge cache
// (returning and first consenting visitor) and rendered, against a static asset of the same
// server, at 1 and 10 connections. With the seeded demo pictures it also
// prints the picture bytes a phone loads for the first view of `/` and `/referenz` and
// Lighthouse's four scores (mobile preset) with the total blocking time for every public page, the
// JavaScript of each page against its budget (decision 018), and both again after ten
// phone photos (4032 × 3024 JPEGs) were uploaded in one API request, as the old client does,
// with the heaviest first view of those two pages while the photos' renditions were being made.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { Buffer } from "node:buffer";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { CATEGORIES, lighthouseAvailable, lighthouseScores } from "./lighthouse.mjs";
import { localEnv, servingEnv, wranglerBin } from "./wrangler.mjs";
import { cpuPerRequest } from "./worker-cpu.mjs";

const PAGES = ["/", "/about", "/referenz", "/ledermuster", "/standort", "/anfrage", "/impressum"];
/**
 * An enquiry's private status page (`/anfrage/status/<token>`, decision 021), as its customer
 * lands on it after sending the form; none on a build without it (a `--baseline` from before).
 */
async function statusPages(baseURL) {
  const form = await (await fetch(new URL("/anfrage", baseURL))).text();
  const token = /name="zeitmarke"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="zeitmarke"/.exec(form)?.slice(1).find(Boolean);
  // A person needs more than three seconds for the form (decision 014).
  await new Promise((resolve) => setTimeout(resolve, 3500));
  const body = new FormData();
  for (const [name, value] of Object.entries({
    thema: "Autositze", fahrzeug: "VW Golf II", beschreibung: "Die Fahrersitzwange ist eingerissen.",
    name: "Erika Mustermann", email: "erika@beispiel.de", telefon: "0221 987654", zeitmarke: token ?? "",
  })) body.append(name, value);
  const sent = await fetch(new URL("/anfrage/senden", baseURL), {
    method: "POST",
    headers: { Origin: baseURL, "Sec-Fetch-Site": "same-origin", "CF-Connecting-IP": "203.0.113.77" },
    body,
  });
  const location = sent.ok ? (await sent.json()).location : null;
  return location?.startsWith("/anfrage/status/") ? [location] : [];
}

/**
 * JavaScript per page (gzip, decision 018): a public page with islands within `hydrated` (issue 41);
 * a document page ships no framework at all, at most a small enhancement of its own; the staff
 * area, an application that Remix runs, within `staff`.
 */
const JS_BUDGET = { hydrated: 60 * 1024, document: 5 * 1024, staff: 110 * 1024 };
/** `npm run bench -- --js [--baseline DIR]`: only JavaScript per page and Lighthouse with its blocking time, and the same for another checkout's build (built and with node_modules) served beside this one. */
const JS_ONLY = process.argv.includes("--js");
const BASELINE = process.argv.includes("--baseline") ? process.argv[process.argv.indexOf("--baseline") + 1] : null;
/** `npm run bench -- --throughput`: only the requests per second (about a minute instead of ten). */
const THROUGHPUT_ONLY = process.argv.includes("--throughput");
/** `npm run bench -- --writes`: only the staff writes under load (about a minute). */
const WRITES_ONLY = process.argv.includes("--writes");
/** `npm run bench -- --cpu`: only the worker's CPU per request (a few minutes). */
const CPU_ONLY = process.argv.includes("--cpu");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BUDGET = { html: 30 * 1024, css: 15 * 1024, js: JS_BUDGET.hydrated };

const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** A page's name in a table: a status page without its secret token. */
const pageLabel = (path) => path.replace(/^\/anfrage\/status\/.*/, "/anfrage/status/…");
const ms = (value) => (value === undefined ? "–" : `${Math.round(value)} ms`);
/** Whether a page's HTML carries the framework's entry (a module script): it hydrates. */
const hydrates = (html) => /<script\b[^>]*type="module"/.test(html);
const jsVerdict = (bytes, hydrated, path = "/") => {
  const [kind, budget] = path.startsWith("/intern")
    ? ["Team", JS_BUDGET.staff]
    : hydrated ? ["Inseln", JS_BUDGET.hydrated] : ["Dokument", JS_BUDGET.document];
  return `${kind} ≤ ${kb(budget)} ${bytes <= budget ? "✓" : "✗ ÜBER BUDGET"}`;
};
/** A staff page that opens without an account, for the staff area's budget in the weight table. */
const STAFF_PAGE = "/intern/login";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** `cwd`: the checkout whose wrangler, migrations and scripts run (this one, or `--baseline`'s). */
function runWrangler(args, cwd = process.cwd()) {
  const bin = cwd === process.cwd() ? wranglerBin : join(cwd, "node_modules/wrangler/bin/wrangler.js");
  const result = spawnSync(process.execPath, [bin, ...args], { env: localEnv, encoding: "utf8", cwd });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
}

/** Fifteen news items, so the home page carries its full first page of news. */
function demoNewsSql() {
  const now = Date.now();
  const rows = Array.from({ length: 15 }, (_, index) => {
    const title = `Neuigkeit ${index + 1}: Frisch bezogene Sitze aus der Werkstatt`;
    const text =
      "Wir haben die Vordersitze eines Klassikers in cognacfarbenem Nappaleder neu bezogen, mit Kedern und doppelter Ziernaht – ganz nach dem Original.";
    return `('bench-${index}', '${title}', '${text}', ${now - index * 86_400_000})`;
  });
  return `INSERT INTO news (id, title, text, created_at) VALUES ${rows.join(", ")};`;
}

async function waitUntilServing(url, server) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`wrangler dev exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`wrangler dev did not answer at ${url}`);
}

/** The built worker in the local Workers runtime of `wrangler dev` (scripts/serve.mjs), on the bench's database. */
async function serve(persistDir, { inspector = false, cwd = process.cwd() } = {}) {
  const port = await freePort();
  const args = ["scripts/serve.mjs", "--port", String(port), "--persist-to", persistDir, ...(inspector ? ["--inspector"] : [])];
  const child = spawn(process.execPath, args, { env: servingEnv, stdio: "ignore", cwd });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilServing(`${baseURL}/robots.txt`, child);
  return { process: child, port, baseURL };
}

async function stop(server) {
  if (server.process.exitCode !== null) return;
  server.process.kill("SIGTERM");
  await new Promise((resolve) => server.process.once("exit", resolve));
}

/** What the HTML asks the browser to load: stylesheets, module preloads and scripts, plus route imports. */
function assetsOf(html) {
  const css = new Set();
  const js = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    if (!href) continue;
    if (/rel="stylesheet"/.test(tag)) css.add(href);
    if (/rel="modulepreload"/.test(tag)) js.add(href);
  }
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) js.add(src);
  for (const [, src] of html.matchAll(/import\s+(?:\*\s+as\s+\w+\s+from\s+)?"(\/assets\/[^"]+\.js)"/g)) js.add(src);
  return { css: [...css], js: [...js] };
}

const cache = new Map();
async function gzipOf(baseURL, path) {
  const url = new URL(path, baseURL).href;
  if (!cache.has(url)) {
    const response = await fetch(url);
    cache.set(url, gzipBytes(Buffer.from(await response.arrayBuffer())));
  }
  return cache.get(url);
}

/** Everything a real browser fetches for the page, lazy chunks included (if Chromium is installed). */
async function loadedInBrowser(baseURL, paths) {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) return null;
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const result = new Map();
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const scripts = new Set();
      page.on("response", (response) => {
        if (response.request().resourceType() === "script" && response.url().startsWith(baseURL)) {
          scripts.add(new URL(response.url()).pathname);
        }
      });
      await page.goto(new URL(path, baseURL).href, { waitUntil: "networkidle" });
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState("networkidle");
      let total = 0;
      for (const script of scripts) total += await gzipOf(baseURL, script);
      result.set(path, total);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

async function launchBrowser() {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) return null;
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
}

/** What a phone (412 × 915, 2.625× density) downloads in pictures before it scrolls: every picture with its bytes. */
async function firstViewPictures(browser, baseURL, path) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const pictures = [];
    page.on("requestfinished", async (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith("/images/")) return;
      const sizes = await request.sizes();
      pictures.push({ path: url.pathname, bytes: sizes.responseBodySize });
    });
    await page.goto(new URL(path, baseURL).href, { waitUntil: "networkidle" });
    return pictures;
  } finally {
    await context.close();
  }
}

const sumBytes = (pictures) => pictures.reduce((sum, { bytes }) => sum + bytes, 0);

/** The picture bytes of the first view on a phone: the sum and the largest, per page. */
async function picturesInFirstView(baseURL, paths) {
  const browser = await launchBrowser();
  if (!browser) return null;
  const rows = [["Seite (Telefon, erste Ansicht)", "Bilder", "Bytes", "größtes"]];
  try {
    for (const path of paths) {
      const pictures = await firstViewPictures(browser, baseURL, path);
      const largest = pictures.reduce((max, picture) => (picture.bytes > (max?.bytes ?? -1) ? picture : max), null);
      rows.push([path, String(pictures.length), kb(sumBytes(pictures)), largest ? `${kb(largest.bytes)} ${largest.path.split("/").pop()}` : "–"]);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const PHOTO = { width: 4032, height: 3024 };
const BENCH_USER = { username: "bench", password: "Bench-Passwort-2026" };
const PHOTO_COUNT = 10;

/**
 * Ten photos as a phone takes them: 4032 × 3024 JPEGs at quality 90 of about 3 MB, with light
 * falling across a leather-coloured surface and sensor grain (a flat picture would compress
 * to nothing); three are portraits, stored turned with EXIF orientation 6 as phones do.
 */
async function phonePhotos(count = PHOTO_COUNT) {
  const grain = await sharp({
    create: { ...PHOTO, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: "gaussian", mean: 128, sigma: 18 } },
  })
    .raw()
    .toBuffer();
  const small = { width: 96, height: 72 };
  let state = 4711;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const photos = [];
  for (let index = 0; index < count; index++) {
    const tint = [120 + 80 * random(), 70 + 60 * random(), 40 + 40 * random()];
    const base = Buffer.alloc(small.width * small.height * 3);
    for (let y = 0; y < small.height; y++) {
      for (let x = 0; x < small.width; x++) {
        const light = 0.45 + 0.55 * Math.sin((x / small.width) * Math.PI) * (1 - y / small.height / 2) + 0.25 * (random() - 0.5);
        for (let channel = 0; channel < 3; channel++) base[(y * small.width + x) * 3 + channel] = Math.max(0, Math.min(255, tint[channel] * light));
      }
    }
    const photo = sharp(base, { raw: { ...small, channels: 3 } })
      .resize(PHOTO.width, PHOTO.height, { kernel: "cubic" })
      .composite([{ input: grain, raw: { ...PHOTO, channels: 3 }, blend: "soft-light" }])
      .jpeg({ quality: 90 });
    if (index % 3 === 2) photo.withMetadata({ orientation: 6 });
    photos.push({ name: `IMG_${4700 + index}.jpg`, bytes: await photo.toBuffer() });
  }
  return photos;
}

/** The most a phone's first view may load in pictures while new photos get their renditions (issue 17). */
const HEAVY_WINDOW_GOAL = { "/": 200 * 1024, "/referenz": 600 * 1024 };

/**
 * Uploads the photos in one `POST /api/v1/reference/save` (SPEC §7) and, from its answer until
 * the server has made every rendition, loads the first view of `/` and `/referenz` on a phone
 * again and again: the heaviest of those moments is what a visitor could get right after an upload.
 */
async function uploadPhonePhotos(baseURL) {
  const login = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(BENCH_USER),
  });
  const { token } = await login.json();
  const photos = await phonePhotos();
  const form = new FormData();
  for (const { name, bytes } of photos) form.append("images", new File([bytes], name, { type: "image/jpeg" }));
  form.append("metadata", JSON.stringify({ description: "Frisch bezogener Sitz, fotografiert mit dem Telefon", category: ["Autositze"] }));
  const started = Date.now();
  const response = await fetch(`${baseURL}/api/v1/reference/save`, { method: "POST", headers: { token }, body: form });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  const answered = Date.now() - started;
  const ids = new Set((await response.json()).reference.map(({ id }) => id));
  const megabytes = photos.reduce((sum, { bytes }) => sum + bytes.length, 0) / 1024 / 1024;
  const browser = await launchBrowser();
  const worst = Object.fromEntries(Object.keys(HEAVY_WINDOW_GOAL).map((path) => [path, 0]));
  let moments = 0;
  const deadline = Date.now() + 15 * 60_000;
  try {
    for (;;) {
      const listed = await (await fetch(`${baseURL}/api/v1/reference/get?limit=50`, { headers: { token } })).json();
      const pending = listed.reference.filter(({ id, preparing }) => ids.has(id) && preparing);
      if (browser) {
        moments += 1;
        for (const path of Object.keys(worst)) worst[path] = Math.max(worst[path], sumBytes(await firstViewPictures(browser, baseURL, path)));
      }
      if (pending.length === 0) break;
      if (Date.now() > deadline) throw new Error(`${pending.length} photos still have no renditions`);
      if (!browser) await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  } finally {
    await browser?.close();
  }
  console.log(
    `\n${PHOTO_COUNT} Telefonfotos (${megabytes.toFixed(1)} MB) in einer Anfrage hochgeladen: Antwort nach ${(answered / 1000).toFixed(1)} s, ` +
      `alle Fassungen nach ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  if (browser) {
    const rows = [["Seite (Telefon, erste Ansicht)", "schwerster Moment", "Ziel", ""]];
    for (const [path, bytes] of Object.entries(worst)) {
      rows.push([path, kb(bytes), `≤ ${kb(HEAVY_WINDOW_GOAL[path])}`, bytes <= HEAVY_WINDOW_GOAL[path] ? "✓" : "✗"]);
    }
    console.log(`\nBilder zwischen Antwort und fertigen Fassungen (${moments} Aufrufe je Seite)\n${table(rows)}`);
  }
}

/** The picture bytes of the first view on a phone, then Lighthouse's scores for every public page. */
async function picturesAndScores(baseURL, label, pages = PAGES) {
  const pictureRows = await picturesInFirstView(baseURL, ["/", "/referenz"]);
  if (pictureRows) console.log(`\nBilder in der ersten Ansicht (${label})\n${table(pictureRows)}`);
  if (!lighthouseAvailable()) return;
  const rows = [["Seite (Lighthouse, mobil)", ...CATEGORIES, "LCP", "TBT"]];
  for (const [path, { scores, failing, lcp, tbt }] of await lighthouseScores(baseURL, pages)) {
    rows.push([pageLabel(path), ...CATEGORIES.map((id) => String(scores[id])), lcp ?? "–", ms(tbt)]);
    for (const audit of failing) rows.push([`  ${audit}`, ...CATEGORIES.map(() => ""), "", ""]);
  }
  console.log(`\nLighthouse (${label})\n${table(rows)}`);
}

/** Page weights against the budget, then pictures and Lighthouse's scores with the demo content. */
async function weightsAndScores(baseURL) {
  const pages = [...PAGES, ...(await statusPages(baseURL))];
  const browserTotals = await loadedInBrowser(baseURL, [...pages, STAFF_PAGE]);
  const rows = [["Seite", "HTML gzip", "CSS gzip", "JS gzip (HTML)", "JS gzip (geladen)", "JS-Budget"]];
  let home;
  for (const path of [...pages, STAFF_PAGE]) {
    // A first visit: no cookies, so the consent dialog is part of the page.
    const response = await fetch(new URL(path, baseURL), { redirect: "manual" });
    const html = Buffer.from(await response.arrayBuffer());
    const { css, js } = assetsOf(html.toString("utf8"));
    let cssBytes = 0;
    for (const file of css) cssBytes += await gzipOf(baseURL, file);
    let jsBytes = 0;
    for (const file of js) jsBytes += await gzipOf(baseURL, file);
    const loaded = browserTotals?.get(path);
    const status = response.status === 200 ? "" : ` (${response.status})`;
    const verdict = jsVerdict(Math.max(jsBytes, loaded ?? 0), hydrates(html.toString("utf8")), path);
    rows.push([`${pageLabel(path)}${status}`, kb(gzipBytes(html)), kb(cssBytes), kb(jsBytes), loaded === undefined ? "–" : kb(loaded), verdict]);
    if (path === "/") home = { html: gzipBytes(html), css: cssBytes, js: Math.max(jsBytes, loaded ?? 0) };
  }
  console.log(`\nSeitengewicht (gzip, Stufe 9)\n${table(rows)}`);
  const verdict = (bytes, budget) => `${kb(bytes)} von ${kb(budget)} ${bytes <= budget ? "✓" : "✗ ÜBER BUDGET"}`;
  console.log(
    `\nBudget Startseite: HTML ${verdict(home.html, BUDGET.html)}, CSS ${verdict(home.css, BUDGET.css)}, JS ${verdict(home.js, BUDGET.js)}`,
  );

  await picturesAndScores(baseURL, "Demo-Inhalte", pages);
}

/** Requests per second against `target(n)` with `headers(n)` (a URL and headers per request) from `connections` parallel loops. */
async function requestsPerSecond(target, { connections, headers = () => ({}) }) {
  let sent = 0;
  const next = () => {
    const n = sent++;
    return fetch(target(n), { headers: headers(n), redirect: "manual" });
  };
  const warmUpEnd = Date.now() + 1000;
  while (Date.now() < warmUpEnd) await (await next()).arrayBuffer();
  let done = 0;
  let failed = 0;
  const end = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const response = await next();
      await response.arrayBuffer();
      if (response.ok) done += 1;
      else failed += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return { rps: done / ((Date.now() - started) / 1000), failed };
}

/** A returning visitor (consent given, alerts seen): the variant the edge cache serves most. */
async function settledVisitorCookie(baseURL) {
  const consent = `cookieConsent=${encodeURIComponent('{"essential":true,"external":false}')}`;
  const first = await fetch(`${baseURL}/`, { headers: { Cookie: consent } });
  await first.arrayBuffer();
  const seen = /besucht=[^;]*/.exec(first.headers.get("Set-Cookie") ?? "")?.[0];
  return seen ? `${consent}; ${seen}` : consent;
}

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) => String(cell)[column === 0 ? "padEnd" : "padStart"](widths[column])).join("  ");
      return index === 0 ? `${line}\n${widths.map((width) => "-".repeat(width)).join("  ")}` : line;
    })
    .join("\n");
}

const CONSENT = `cookieConsent=${encodeURIComponent('{"essential":true,"external":false}')}`;
/** A visitor whose seen-alerts marker no one had before: the page is rendered for them, never from the cache. */
const renderedFor = (n) => `${CONSENT}; besucht=bench-${process.pid}-${Date.now()}-${n}`;

/**
 * Requests per second of `/` for a returning visitor (from the cache), a first visitor right after
 * choosing in the consent dialog (from the cache too, the seen-alerts marker added on the way
 * out) and a rendered view, each against a static file of the same server, at 1 and 10 connections.
 */
async function throughputTable(baseURL) {
  const staticAsset = "/favicon.svg";
  const returning = await settledVisitorCookie(baseURL);
  // The first view of each variant renders and stores it; after that each is a hit.
  const statuses = [];
  for (const Cookie of [returning, CONSENT]) {
    for (let view = 0; view < 2; view++) {
      const response = await fetch(`${baseURL}/`, { headers: { Cookie } });
      await response.arrayBuffer();
      if (view === 1) statuses.push(response.headers.get("X-Edge-Cache"));
    }
  }
  const targets = [
    ["/ wiederkehrend (Cache)", () => ({ Cookie: returning })],
    ["/ erster Besuch nach Zustimmung (Cache)", () => ({ Cookie: CONSENT })],
    ["/ gerendert (SSR + D1)", (n) => ({ Cookie: renderedFor(n) })],
  ];
  const throughput = [["Anfrage", "Verbindungen", "Anfragen/s", "× statisch", "Fehler"]];
  for (const connections of [1, 10]) {
    const { rps: staticRps, failed: staticFailed } = await requestsPerSecond(() => `${baseURL}${staticAsset}`, { connections });
    for (const [label, headers] of targets) {
      const { rps, failed } = await requestsPerSecond(() => `${baseURL}/`, { connections, headers });
      throughput.push([label, String(connections), rps.toFixed(0), (rps / staticRps).toFixed(2), String(failed)]);
    }
    throughput.push([`${staticAsset} (statisch)`, String(connections), staticRps.toFixed(0), "1.00", String(staticFailed)]);
  }
  console.log(
    `\nDurchsatz (${SECONDS} s je Ziel, lokale Workers-Laufzeit ohne Inspector, Produktions-Build; zweiter Aufruf von / wiederkehrend/erstmals: ${statuses.join("/")})\n${table(throughput)}`,
  );
}

/** Saves and deletes through the API at once: 30 clients, each saving a news item and deleting it, ten times. */
const WRITES = { each: 300, concurrency: 30 };

/**
 * Staff writes under load (issue 41): `WRITES.each` news saved and as many deleted through the API,
 * `WRITES.concurrency` at a time, while `load` runs. A valid token must never answer 401; a write
 * the database cannot take answers 503 with Retry-After and is repeated (at once: the bench does not
 * wait the 30 s) until it is taken. Prints each kind's answers, the first try's and the repeats'.
 */
async function writesUnderLoad(baseURL, load) {
  const { token } = await (await fetch(`${baseURL}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(BENCH_USER),
  })).json();
  const counts = { save: new Map(), delete: new Map() };
  const count = (kind, label) => counts[kind].set(label, (counts[kind].get(label) ?? 0) + 1);
  let missingRetryAfter = 0;
  const write = async (kind, route, body) => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      const response = await fetch(`${baseURL}/api/v1/${route}`, {
        method: "POST",
        headers: { token, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      const answer = await response.json().catch(() => ({}));
      count(kind, `${response.status}${attempt > 1 ? " (wiederholt)" : ""}`);
      if (response.status !== 503) return answer;
      if (!response.headers.has("Retry-After")) missingRetryAfter += 1;
    }
    return {};
  };
  const rounds = WRITES.each / WRITES.concurrency;
  const client = async () => {
    for (let round = 0; round < rounds; round++) {
      const { id } = await write("save", "news/save", { title: `Unter Last ${round}`, text: "Gespeichert und wieder gelöscht." });
      if (id) await write("delete", "news/delete", { id });
    }
  };
  const started = Date.now();
  let writing = true;
  const writes = Promise.all(Array.from({ length: WRITES.concurrency }, client)).finally(() => (writing = false));
  const [, loaded] = await Promise.all([writes, load(() => writing)]);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const format = (map) => [...map].sort().map(([label, n]) => `${label}: ${n}`).join(", ");
  console.log(
    `\nSchreiben unter Last (API, je ${WRITES.each}, ${WRITES.concurrency} gleichzeitig, ${seconds} s, neben der Durchsatzmessung): ` +
      `speichern ${format(counts.save)}; löschen ${format(counts.delete)}; 503 ohne Retry-After: ${missingRetryAfter}`,
  );
  console.log(`Last daneben: ${loaded}`);
  if ([...counts.save, ...counts.delete].some(([label]) => label.startsWith("401"))) console.log("✗ Ein gültiges Token bekam 401.");
}

/** The bench's page load beside the writes: rendered views and views from the cache of every public page, 10 at a time, while `going()`. */
async function pageLoad(baseURL, going) {
  const returning = await settledVisitorCookie(baseURL);
  const statuses = new Map();
  let sent = 0;
  const connection = async () => {
    while (going()) {
      const n = sent++;
      const path = PAGES[n % PAGES.length];
      const response = await fetch(`${baseURL}${path}`, { headers: { Cookie: n % 2 ? returning : renderedFor(n) }, redirect: "manual" });
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: 10 }, connection));
  return `${sent} Seiten (gerendert und aus dem Cache, 10 gleichzeitig): ${[...statuses].map(([status, n]) => `${status}: ${n}`).join(", ")}`;
}

/** The staff session of the bench account, as the login page's form sets it. */
async function staffSession(baseURL) {
  const response = await fetch(`${baseURL}/intern/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    body: new URLSearchParams(BENCH_USER),
    redirect: "manual",
  });
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

/** A page's data alone, as Remix's client asks for it on navigation: its loaders, D1 and Remix's encoding, no React. */
const dataOf = (page) => (page === "/" ? "/_root.data" : `${page}.data`);

/**
 * Where each rendered page's isolate time goes, from the rows measured apart: the worker's pipeline
 * and Remix's routing without D1 or React (a resource route), the page's loaders with their D1
 * round trip and Remix's data encoding (its `.data` minus that), and React's render of the document
 * with the edge cache's key and put (the page minus its `.data`).
 */
function renderParts(rows) {
  const isolateOf = (label) => rows.find((row) => row.label === label)?.isolate;
  const pipeline = isolateOf("/robots.txt (ohne D1, ohne React)");
  const lines = [["Seite gerendert", "Isolat ms", "Pipeline + Remix", "Loader + D1 + Daten", "React + Dokument + Cache"]];
  for (const page of PAGES) {
    const whole = isolateOf(`${page} gerendert`);
    const data = isolateOf(`${dataOf(page)} (Loader von ${page}, ohne React)`);
    if (whole === undefined || data === undefined || pipeline === undefined) continue;
    lines.push([page, whole.toFixed(2), pipeline.toFixed(2), Math.max(0, data - pipeline).toFixed(2), Math.max(0, whole - data).toFixed(2)]);
  }
  return table(lines);
}

/** The worker's CPU per request of each kind (scripts/worker-cpu.mjs says how it is measured). */
async function cpuTable(baseURL, port, serverPid) {
  const read = async (response) => {
    await response.arrayBuffer();
    if (response.status >= 400) failures.push(`${response.status} ${response.url}`);
  };
  const failures = [];
  const get = (path, Cookie) => fetch(`${baseURL}${path}`, { headers: Cookie ? { Cookie } : {}, redirect: "manual" }).then(read);
  const returning = await settledVisitorCookie(baseURL);
  const session = await staffSession(baseURL);
  const { token } = await (await fetch(`${baseURL}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(BENCH_USER),
  })).json();
  const [photo] = await phonePhotos(1);
  const formToken = /name="zeitmarke"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="zeitmarke"/.exec(
    await (await fetch(`${baseURL}/anfrage`, { headers: { Cookie: returning } })).text(),
  )?.slice(1).find(Boolean);
  const pageKinds = PAGES.flatMap((path) => [
    { label: `${path} aus dem Cache`, count: 300, goal: 1, request: () => get(path, returning) },
    { label: `${path} gerendert`, count: 200, goal: 5, request: (n) => get(path, renderedFor(n)) },
  ]);
  const kinds = [
    { label: "/favicon.svg (statisch)", count: 300, request: () => get("/favicon.svg") },
    // Where a render's time goes: the worker's pipeline and Remix without D1 or React (a resource
    // route), then the public shell's and page's loaders with their D1 batch and Remix's data
    // encoding without React (the page's .data), then the whole page with React and the cache's put.
    { label: "/robots.txt (ohne D1, ohne React)", count: 300, request: () => get("/robots.txt") },
    // The home page's and the gallery's loaders read and send the most (pictures, news, categories).
    ...PAGES.map((page) => ({
      label: `${dataOf(page)} (Loader von ${page}, ohne React)`,
      count: 200,
      request: (n) => get(dataOf(page), renderedFor(n)),
    })),
    ...pageKinds,
    { label: "GET /api/v1/news/get", count: 300, goal: 10, request: () => get("/api/v1/news/get") },
    {
      label: "Formular (Neuigkeit speichern)",
      count: 30,
      goal: 10,
      request: (n) =>
        fetch(`${baseURL}/intern/news`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL, Cookie: session },
          body: new URLSearchParams({ intent: "create", title: `Bench ${n}`, text: "Gemessen." }),
          redirect: "manual",
        }).then(read),
    },
    {
      label: "Anfrage senden (ohne Fotos)",
      count: 30,
      goal: 10,
      request: (n) => {
        const form = new FormData();
        for (const [name, value] of Object.entries({
          thema: "Autositze", fahrzeug: "VW Golf II", beschreibung: "Die Fahrersitzwange ist eingerissen.",
          name: "Erika Mustermann", email: "erika@beispiel.de", telefon: "", zeitmarke: formToken ?? "",
        })) form.append(name, value);
        return fetch(`${baseURL}/anfrage`, {
          method: "POST",
          // Each from its own address: the form takes five an hour from one.
          headers: { Origin: baseURL, Cookie: returning, "CF-Connecting-IP": `198.51.100.${(n + 256) % 250}` },
          body: form,
          redirect: "manual",
        }).then(read);
      },
    },
    {
      label: "Foto hochladen (12 MP, API)",
      count: 3,
      request: () => {
        const form = new FormData();
        form.append("images", new File([photo.bytes], photo.name, { type: "image/jpeg" }));
        return fetch(`${baseURL}/api/v1/reference/save`, { method: "POST", headers: { token }, body: form }).then(read);
      },
    },
  ];
  const { tickMs, rows } = await cpuPerRequest({ serverPid, port, kinds });
  if (tickMs === null) throw new Error("Kein Inspector des Worker-Isolats gefunden: serve.mjs muss mit --inspector laufen.");
  const staticMs = rows[0].workerd;
  const lines = [["Anfrage", "Anzahl", "Isolat ms", "workerd ms", "ohne Sockel ms", "Ziel ms", ""]];
  for (const { label, count, isolate, workerd, goal } of rows) {
    // What the local runtime spends on any request (HTTP, routing to the asset server) is the static file's row.
    const own = Math.max(0, workerd - staticMs);
    lines.push([
      label,
      String(count),
      isolate.toFixed(2),
      workerd.toFixed(2),
      own.toFixed(2),
      goal ? `≤ ${goal}` : "–",
      goal ? (isolate <= goal ? "✓" : "✗") : "",
    ]);
  }
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(
    `\nCPU je Anfrage (worker-cpu.mjs): Isolat = die Zeit des Worker-Isolats aus V8-Profilen (Proben außer Leerlauf × Takt ${tickMs.toFixed(3)} ms), daran das Ziel; ` +
      `workerd = Kernel-Zeit des ganzen Prozesses mit lokalem D1, Cache und Assets (Obergrenze); ohne Sockel = minus die statische Datei; Last: ${load}\n${table(lines)}`,
  );
  console.log(`\nTeile eines gerenderten Seitenaufrufs (Isolat ms, aus den Zeilen oben: robots.txt, .data, Seite)\n${renderParts(rows)}`);
  if (failures.length > 0) console.log(`Fehlgeschlagen: ${failures.length}, z. B. ${failures.slice(0, 3).join(", ")}`);
}

if (!existsSync("build/server/index.js") || process.argv.includes("--build")) {
  console.log("Baue die Anwendung …");
  if (spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit", env: localEnv }).status !== 0) process.exit(1);
}

/** A throwaway database for the checkout in `cwd`: its migrations, the demo news, its demo pictures and the bench's account. */
function preparedDatabase(cwd = process.cwd()) {
  const persistDir = mkdtempSync(join(tmpdir(), "autosattlerei-bench-"));
  runWrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], cwd);
  runWrangler(["d1", "execute", "DB", "--local", "--persist-to", persistDir, "--command", demoNewsSql()], cwd);
  // The demo pictures and their renditions, made through the same module as any upload.
  const seeded = spawnSync("npx", ["tsx", "scripts/seed.ts", "--persist-to", persistDir], { env: localEnv, encoding: "utf8", cwd });
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stdout}\n${seeded.stderr}`);
  // The account that uploads the phone photos later, as the workshop's client would.
  const added = spawnSync("npx", ["tsx", "scripts/user-add.ts", BENCH_USER.username, BENCH_USER.password, "--persist-to", persistDir], {
    env: localEnv,
    encoding: "utf8",
    cwd,
  });
  if (added.status !== 0) throw new Error(`user:add failed:\n${added.stdout}\n${added.stderr}`);
  return persistDir;
}

/**
 * `--js`: per public page the JavaScript a browser loads and Lighthouse's performance with its
 * total blocking time; with `--baseline DIR`, the same for that checkout's build, page by page
 * in turn on the same machine, so both columns meet the same load.
 */
async function javaScriptAndBlocking(current, baseline) {
  const sites = baseline ? [["vorher", baseline], ["jetzt", current]] : [["jetzt", current]];
  const header = ["Seite", ...sites.flatMap(([label]) => [`JS ${label}`, `Perf. ${label}`, `TBT ${label}`]), "Budget (jetzt)"];
  const rows = [header];
  const [statusPage] = await statusPages(current.baseURL);
  for (const path of [...PAGES, ...(statusPage ? [statusPage] : [])]) {
    const row = [pageLabel(path)];
    let verdict = "";
    for (const [, site] of sites) {
      if (path === statusPage && site !== current) {
        row.push("–", "–", "–");
        continue;
      }
      const loaded = (await loadedInBrowser(site.baseURL, [path]))?.get(path) ?? 0;
      const html = await (await fetch(new URL(path, site.baseURL))).text();
      const measured = lighthouseAvailable() ? (await lighthouseScores(site.baseURL, [path])).get(path) : undefined;
      row.push(kb(loaded), String(measured?.scores.performance ?? "–"), ms(measured?.tbt));
      verdict = jsVerdict(loaded, hydrates(html), path);
    }
    rows.push([...row, verdict]);
  }
  console.log(`\nJavaScript je Seite (gzip, geladen) und Lighthouse mobil: Leistung und Total Blocking Time\n${table(rows)}`);
}

const persistDir = preparedDatabase();
const baselineDir = BASELINE ? preparedDatabase(BASELINE) : null;
let server;
let baselineServer;
try {
  server = await serve(persistDir);
  if (JS_ONLY) {
    if (BASELINE) baselineServer = await serve(baselineDir, { cwd: BASELINE });
    await javaScriptAndBlocking(server, baselineServer);
  }
  if (!THROUGHPUT_ONLY && !CPU_ONLY && !JS_ONLY && !WRITES_ONLY) await weightsAndScores(server.baseURL);
  if (!CPU_ONLY && !JS_ONLY && !WRITES_ONLY) await throughputTable(server.baseURL);
  if (!CPU_ONLY && !JS_ONLY) await writesUnderLoad(server.baseURL, (going) => pageLoad(server.baseURL, going));
  if (!THROUGHPUT_ONLY && !JS_ONLY && !WRITES_ONLY) {
    // The CPU table profiles the worker's isolate through the runtime's inspector; every other
    // figure is taken without one (scripts/serve.mjs says why).
    await stop(server);
    server = await serve(persistDir, { inspector: true });
    await cpuTable(server.baseURL, server.port, server.process.pid);
  }
  if (!THROUGHPUT_ONLY && !CPU_ONLY && !JS_ONLY && !WRITES_ONLY) {
    await stop(server);
    server = await serve(persistDir);
    await uploadPhonePhotos(server.baseURL);
    await picturesAndScores(server.baseURL, `nach ${PHOTO_COUNT} Telefonfotos`);
  }
  console.log("");
} finally {
  if (server) await stop(server);
  if (baselineServer) await stop(baselineServer);
  rmSync(persistDir, { recursive: true, force: true });
  if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
}

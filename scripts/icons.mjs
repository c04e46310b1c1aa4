#!/usr/bin/env node
// Renders the raster icons and the link-preview picture from public/logo.svg with Chromium:
// `node scripts/icons.mjs` after changing the logo. Writes public/favicon.ico (32 px PNG in an
// ICO container), public/apple-touch-icon.png (180 px) and public/og-image.jpg (1200×630).
import { Buffer } from "node:buffer";
import { readFileSync, writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
const logo = readFileSync("public/logo.svg", "utf8").replace(/width="256" height="256"/, 'width="100%" height="100%"');
const font = `data:font/woff2;base64,${readFileSync("node_modules/@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2").toString("base64")}`;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
async function render(html, width, height, path, type = "png") {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html, { waitUntil: "load" });
  await page.evaluate("document.fonts.ready");
  const buffer = await page.screenshot({ type, quality: type === "jpeg" ? 82 : undefined, omitBackground: type === "png" });
  await page.close();
  if (path) writeFileSync(path, buffer);
  return buffer;
}
const square = (size, pad, bg) => `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${bg}"><div style="width:${size - 2 * pad}px;height:${size - 2 * pad}px">${logo}</div></body></html>`;
await render(square(180, 18, "#1a1412"), 180, 180, "public/apple-touch-icon.png");
const png32 = await render(square(32, 0, "transparent"), 32, 32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6); header.writeUInt8(32, 7); header.writeUInt8(0, 8); header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10); header.writeUInt16LE(32, 12); header.writeUInt32LE(png32.length, 14); header.writeUInt32LE(22, 18);
writeFileSync("public/favicon.ico", Buffer.concat([header, png32]));
const og = `<html><head><style>@font-face{font-family:P;src:url(${font})}body{margin:0;width:1200px;height:630px;display:flex;align-items:center;gap:64px;padding:0 96px;box-sizing:border-box;color:#f4ede4;font-family:system-ui,sans-serif;
background:radial-gradient(circle at 80% 20%,rgba(220,163,107,.25),transparent 55%),repeating-linear-gradient(45deg,rgba(0,0,0,.18) 0 2px,transparent 2px 46px),repeating-linear-gradient(-45deg,rgba(0,0,0,.18) 0 2px,transparent 2px 46px),linear-gradient(135deg,#5b321a,#2a1a12 60%,#15110f)}
h1{font:600 88px/1.05 P;margin:0 0 18px}p{margin:0;font-size:30px;letter-spacing:.14em;text-transform:uppercase;color:#e8c9a3}.line{margin-top:30px;font-size:28px;letter-spacing:0;text-transform:none;color:#f4ede4}</style></head>
<body><div style="width:260px;height:260px;flex:none">${logo}</div><div><h1>Meisterbetrieb</h1><p>Autosattlerei in Köln</p><p class="line">Sitze · Lenkräder · Cabrioverdecke · Oldtimer</p></div></body></html>`;
await render(og, 1200, 630, "public/og-image.jpg", "jpeg");
await browser.close();

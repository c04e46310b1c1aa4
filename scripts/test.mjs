#!/usr/bin/env node
// The whole suite: builds the worker (the workerd tests run the real entry), runs the
// workerd suite and the browser suite, and ends with one plain summary line.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { localEnv } from "./wrangler.mjs";

const started = Date.now();
const reports = mkdtempSync(join(tmpdir(), "autosattlerei-tests-"));
const run = (command, args) =>
  spawnSync(command, args, { stdio: "inherit", env: localEnv }).status ?? 1;

if (run("npm", ["run", "build", "--silent"]) !== 0) {
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const suites = [
  { name: "workerd", config: "vitest.config.ts" },
  { name: "browser", config: "vitest.browser.config.ts" },
];

let passed = 0;
let failed = 0;
// CI keeps only the end of the output, so the failed tests are named again right above the summary.
const failedNames = [];
// Where the time goes: each file's wall time, the slowest printed before the summary (issue 41).
const fileTimes = [];
for (const suite of suites) {
  const outputFile = join(reports, `${suite.name}.json`);
  const status = run("npx", [
    "vitest", "run", "--config", suite.config,
    "--reporter=default", "--reporter=json", `--outputFile.json=${outputFile}`,
  ]);
  try {
    const report = JSON.parse(readFileSync(outputFile, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const file of report.testResults) {
      fileTimes.push({ name: `${suite.name}: ${file.name.replace(`${process.cwd()}/`, "")}`, ms: file.endTime - file.startTime });
      for (const test of file.assertionResults) {
        if (test.status !== "failed") continue;
        const reason = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300);
        failedNames.push(`${suite.name}: ${test.fullName} (${file.name}) — ${reason}`);
      }
    }
    if (status !== 0 && report.numFailedTests === 0) failed += 1;
  } catch {
    console.error(`Die ${suite.name}-Tests haben keinen Bericht geschrieben.`);
    failed += 1;
  }
}

const FILE_TIMES_SHOWN = 15;
console.log(`\nDie ${FILE_TIMES_SHOWN} langsamsten Testdateien (von ${fileTimes.length}):`);
for (const { name, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, FILE_TIMES_SHOWN)) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
console.log(`Die ganze Suite, mit dem Build: ${Math.round((Date.now() - started) / 1000)} s`);
for (const name of failedNames) console.log(`FAILED ${name}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

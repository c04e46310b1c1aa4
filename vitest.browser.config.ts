import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Browser tests: real headless Chromium against the real worker under `wrangler dev`
// with throwaway local D1 and R2 (one server per test worker, started in tests/browser/global-setup.ts).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/browser/**/*.test.ts"],
    globalSetup: ["./tests/browser/global-setup.ts"],
    // Three files at a time, each worker with its own server and database (global-setup.ts):
    // most of a browser test is waiting for the page (358 s with two, 331 s with three here, in
    // the headless shell; decision 026).
    maxWorkers: 3,
    // A worker's files share its modules and its one Chromium (browser.ts, workerChromium) instead
    // of importing Playwright and launching a browser per file: 373–403 → 304–314 s here. Each file still
    // makes its own contexts and data, and the helpers keep no state between files.
    isolate: false,
    testTimeout: 120_000,
    // Once more, and only after a browser wait ran out: on a busy machine `wrangler dev` now and
    // then holds a request until the client gives up (seen in its log as a stylesheet, a picture
    // or a page answered after 60 s), and a page that waits for it never loads. Any other failure,
    // and a timeout that happens again, fails the run (docs/decisions/012-browser-test-retry.md).
    retry: { count: 1, condition: /Timeout \d+ms exceeded/ },
    hookTimeout: 120_000,
    // A page's answer to a click includes a server round trip; 1 s (the default) is too
    // tight once the machine is busy. The polled condition itself is unchanged.
    expect: { poll: { timeout: 10_000 } },
  },
});

import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Browser tests: real headless Chromium against the real worker under `wrangler dev`
// with its own throwaway local D1 and R2 (started once in tests/browser/global-setup.ts).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/browser/**/*.test.ts"],
    globalSetup: ["./tests/browser/global-setup.ts"],
    // One server and its database are shared; files run one after another.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page's answer to a click includes a server round trip; 1 s (the default) is too
    // tight once the machine is busy. The polled condition itself is unchanged.
    expect: { poll: { timeout: 10_000 } },
  },
});

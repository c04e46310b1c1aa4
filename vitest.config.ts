import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Unit and integration tests run inside workerd against real local D1 and R2.
// `main` is the real worker entry, so it needs `npm run build` first (scripts/test.mjs does that).
export default defineConfig({
  plugins: [
    tsconfigPaths(),
    cloudflareTest(async () => ({
      main: "./server.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url))),
        },
      },
    })),
  ],
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["./tests/integration/setup.ts"],
    // A pool worker (one workerd process, with storage of its own) runs its files one after
    // another and keeps the modules it loaded, instead of starting anew and loading the whole
    // worker for every file. Safe here: every test starts from emptied, freshly migrated
    // storage (setup.ts), nothing is mocked or stubbed, the app keeps no state in module
    // scope, and two workers never share storage.
    isolate: false,
    // Password hashing is deliberately slow; parallel logins on a busy machine need more than 5 s.
    testTimeout: 30_000,
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          // The packages the worker and the tests import, pre-bundled once per run: a test
          // worker then loads about 60 modules instead of some 1,600 (date-fns alone is 800
          // files, react-day-picker brings another 500), each one a round trip into workerd.
          include: [
            "@radix-ui/react-dialog",
            "@remix-run/cloudflare",
            "@remix-run/react",
            "cookie",
            "date-fns-tz",
            "date-fns/locale/de",
            "drizzle-orm",
            "drizzle-orm/d1",
            "drizzle-orm/sqlite-core",
            "feiertagejs",
            "isbot",
            "js-cookie",
            "react",
            "react-day-picker",
            "react-day-picker/locale",
            "react-dom/server",
            "react/jsx-runtime",
            "zod",
          ],
        },
      },
    },
  },
});

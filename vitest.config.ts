import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { Validator } from "@seriousme/openapi-schema-validator";
import { readdir, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The messages the local `send_email` binding wrote since `?seit=<epoch ms>`: like `wrangler dev`,
 * the test pool's Miniflare writes each one as an .eml file under files/email in its temporary folder (and logs
 * the path, below the pool's log level). Runs in Node, which can read them; the tests parse them.
 */
async function sentMails(request: Request): Promise<Response> {
  const since = Number(new URL(request.url).searchParams.get("seit") ?? 0);
  const mails: string[] = [];
  for (const folder of (await readdir(tmpdir())).filter((name) => name.startsWith("miniflare-"))) {
    const dir = join(tmpdir(), folder, "files", "email");
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files.filter((name) => name.endsWith(".eml"))) {
      const path = join(dir, file);
      if ((await stat(path)).mtimeMs >= since) mails.push(await readFile(path, "utf8"));
    }
  }
  return Response.json(mails);
}
/**
 * Checks a posted OpenAPI document against the OpenAPI schema of its version (tests/integration/openapi.test.ts).
 * Runs in Node: the validator reads those schemas from its package's files.
 */
async function openApiCheck(request: Request): Promise<Response> {
  return Response.json(await new Validator().validate(await request.json()));
}
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
        serviceBindings: { SENT_MAILS: sentMails, OPENAPI_CHECK: openApiCheck },
      },
    })),
  ],
  test: {
    // The unit tests beside the code touch no binding, so they skip the integration set-up:
    // importing it loads the whole worker into each file's runtime, about 3 s a file.
    projects: [
      { extends: true, test: { name: "unit", include: ["app/**/*.test.ts"] } },
      {
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts"], setupFiles: ["./tests/integration/setup.ts"] },
      },
    ],
    // Two files at a time, each in its own workerd with its own storage: most of a file's time is
    // loading the worker into its runtime, which overlaps well on two cores (185 s → 120 s here).
    // Vitest's default on two cores is one. Tests that read the sent e-mails find theirs by a marker.
    maxWorkers: 2,
    // Password hashing is deliberately slow; parallel logins on a busy machine need more than 5 s.
    testTimeout: 30_000,
    // Work after the answer (an e-mail, renditions) is polled for; 1 s (the default) is too tight
    // once the machine is busy. The polled condition itself is unchanged.
    expect: { poll: { timeout: 10_000 } },
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          // The packages the worker and the tests import, pre-bundled once per run. Every test
          // file starts a workerd of its own and loads the whole worker into it; with these
          // that is about 60 modules instead of some 1,600 (date-fns alone is 800 files,
          // react-day-picker brings another 500), each one a round trip into workerd.
          // Files stay isolated: letting one workerd run many files (isolate: false) saved the
          // rest of the setup, but files after auth.test.ts and errors.test.ts then ran two to
          // five times slower in the same runtime, which cost more than it saved.
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

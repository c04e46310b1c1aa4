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
 * A calendar file as three programs other people wrote read it: Mozilla's ical.js, node-ical, and
 * libical's own restriction check (../shared/tools/ical-validate.c, built once per run where
 * libical-dev is installed; `.ci/run` installs it). Answers what each found, for the test to judge.
 */
async function checkCalendar(request: Request): Promise<Response> {
  const text = await request.text();
  const { default: ICAL } = await import("ical.js");
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!;
  const icaljs = {
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    status: event.getFirstPropertyValue("status"),
    start: (event.getFirstPropertyValue("dtstart") as { toJSDate(): Date }).toJSDate().toISOString(),
  };
  const { default: nodeIcal } = await import("node-ical");
  const parsed = Object.values(nodeIcal.sync.parseICS(text)).find((component) => component.type === "VEVENT") as Record<string, unknown>;
  const nodeIcalEvent = { uid: parsed.uid, sequence: Number(parsed.sequence), status: parsed.status, start: (parsed.start as Date).toISOString() };
  return Response.json({ icaljs, nodeIcal: nodeIcalEvent, libical: await libicalCheck(text) });
}

let libicalValidator: Promise<string | null> | undefined;
/** The path of the built validator, or null where libical's headers are not installed. */
function buildLibicalValidator(): Promise<string | null> {
  libicalValidator ??= (async () => {
    const { execFileSync } = await import("node:child_process");
    const source = fileURLToPath(new URL("../shared/tools/ical-validate.c", import.meta.url));
    const binary = join(tmpdir(), `ical-validate-${process.pid}`);
    try {
      const flags = execFileSync("pkg-config", ["--cflags", "--libs", "libical"], { encoding: "utf8" }).trim().split(/\s+/);
      execFileSync("cc", ["-o", binary, source, ...flags]);
      return binary;
    } catch {
      return null;
    }
  })();
  return libicalValidator;
}

async function libicalCheck(text: string): Promise<{ ran: boolean; ok: boolean; output: string }> {
  const binary = await buildLibicalValidator();
  if (!binary) return { ran: false, ok: true, output: "libical-dev ist nicht installiert" };
  const { spawnSync } = await import("node:child_process");
  const { writeFile } = await import("node:fs/promises");
  const file = join(tmpdir(), `termin-${process.pid}-${Date.now()}.ics`);
  await writeFile(file, text);
  const run = spawnSync(binary, [file], { encoding: "utf8" });
  return { ran: true, ok: run.status === 0, output: run.stdout + run.stderr };
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
        serviceBindings: { SENT_MAILS: sentMails, CALENDAR_CHECK: checkCalendar, OPENAPI_CHECK: openApiCheck },
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
    // Three files at a time, each in its own workerd with its own storage: a file's time is mostly
    // round trips between Node and its workerd, which overlap (two: 151 s, three: 134 s, four: 125 s
    // here, with more load for the tests' own timeouts). Tests that read the sent e-mails find theirs by a marker.
    maxWorkers: 3,
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

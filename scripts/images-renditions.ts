// Makes the missing AVIF/WebP/JPEG renditions of every stored reference (decision 011):
// `npm run images:renditions` for the local data, `-- --remote` for the deployed bucket and database.
// Idempotent: references that have them are skipped, so it can run again after any failure.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { database } from "~/server/db/client.server";
import { makeMissingRenditions } from "~/server/images/renditions.server";

const remote = process.argv.includes("--remote");

/**
 * The project's bindings, local or remote. For --remote they are marked `remote` in a
 * throwaway config, so the same module works through wrangler's proxy on the deployed data.
 */
async function openBindings() {
  if (!remote) return { proxy: await getPlatformProxy<Env>({ persist: true }), cleanUp: () => {} };
  const { name, compatibility_date, d1_databases, r2_buckets, images } = unstable_readConfig({ config: "wrangler.toml" });
  const dir = mkdtempSync(join(tmpdir(), "renditions-"));
  const configPath = join(dir, "wrangler.json");
  const asRemote = <T extends object>(binding: T) => ({ ...binding, remote: true });
  writeFileSync(
    configPath,
    JSON.stringify({
      name,
      compatibility_date,
      d1_databases: d1_databases.map(asRemote),
      r2_buckets: r2_buckets.map(asRemote),
      images: images && asRemote(images),
    }),
  );
  return {
    proxy: await getPlatformProxy<Env>({ configPath, persist: false }),
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const { proxy, cleanUp } = await openBindings();
try {
  const run = await makeMissingRenditions(database(proxy.env.DB), proxy.env.IMAGES, proxy.env.IMAGE_TRANSFORMS);
  console.log(
    `Verkleinerte Fassungen erstellt für ${run.made.length} Bild(er)${remote ? " (entfernt)" : ""}` +
      (run.failed.length > 0 ? `; fehlgeschlagen: ${run.failed.length} (${run.failed.join(", ")}), bitte später erneut ausführen.` : "."),
  );
  if (run.failed.length > 0) process.exitCode = 1;
} finally {
  await proxy.dispose();
  cleanUp();
}

// Creates a staff account (or sets a new password): `npm run user:add -- <username> <password> [--remote]`.
// Local D1 by default; --remote writes to the deployed database through wrangler's remote binding.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { newStaffUserInput, saveStaffUser } from "~/server/entities/staff-accounts.server";
import { database } from "~/server/db/client.server";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
// `--persist-to <dir>`: a throwaway local state, as `npm run bench` serves it.
const persistAt = args.indexOf("--persist-to");
const persistTo = persistAt === -1 ? null : args[persistAt + 1];
const persistArgs = persistAt === -1 ? [] : [persistAt, persistAt + 1];
const [username, password] = args.filter((arg, index) => arg !== "--remote" && !persistArgs.includes(index));

if (!username || !password) {
  console.error("Aufruf: npm run user:add -- <benutzername> <passwort> [--remote]");
  process.exit(2);
}

const parsed = newStaffUserInput.safeParse({ username, password });
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => issue.message).join("\n"));
  process.exit(2);
}

/**
 * The D1 binding, local or remote. For --remote the project's binding is marked `remote`
 * in a throwaway config, so the same entity module (saveStaffUser) writes through
 * wrangler's proxy to the deployed database instead of a hand-written SQL command.
 */
async function openDatabase() {
  if (!remote) {
    const persist = persistTo ? { path: join(persistTo, "v3") } : true;
    return { proxy: await getPlatformProxy<Env>({ persist }), cleanUp: () => {} };
  }
  const { name, compatibility_date, d1_databases } = unstable_readConfig({ config: "wrangler.toml" });
  const dir = mkdtempSync(join(tmpdir(), "user-add-"));
  const configPath = join(dir, "wrangler.json");
  const binding = d1_databases.find((entry: { binding: string }) => entry.binding === "DB");
  writeFileSync(configPath, JSON.stringify({ name, compatibility_date, d1_databases: [{ ...binding, remote: true }] }));
  return {
    proxy: await getPlatformProxy<Env>({ configPath, persist: false }),
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const { proxy, cleanUp } = await openDatabase();
try {
  await saveStaffUser(database(proxy.env.DB), parsed.data);
} finally {
  await proxy.dispose();
  cleanUp();
}
console.log(`Konto „${parsed.data.username}“ gespeichert${remote ? " (entfernte Datenbank)" : ""}.`);

// Creates a staff account (or sets a new password): `npm run user:add -- <username> <password> [--remote]`.
// Local D1 by default; --remote writes to the deployed database through wrangler.
import { execFileSync } from "node:child_process";
import { getPlatformProxy } from "wrangler";
import { newStaffUserInput, saveStaffUser } from "~/server/auth.server";
import { database } from "~/server/db/client.server";
import { hashPassword } from "~/server/password.server";
import { localEnv, wranglerBin } from "./wrangler.mjs";

const args = process.argv.slice(2);
const remote = args.includes("--remote");
const [username, password] = args.filter((arg) => arg !== "--remote");

if (!username || !password) {
  console.error("Aufruf: npm run user:add -- <benutzername> <passwort> [--remote]");
  process.exit(2);
}

const parsed = newStaffUserInput.safeParse({ username, password });
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => issue.message).join("\n"));
  process.exit(2);
}

if (remote) {
  const hash = await hashPassword(parsed.data.password);
  // Username and hash are limited to [a-z0-9._-] and base64/`$`, so they need no further quoting.
  const name = parsed.data.username;
  const sql = `INSERT INTO users (username, password_hash) VALUES ('${name}', '${hash}') ON CONFLICT(username) DO UPDATE SET password_hash = excluded.password_hash; DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = '${name}');`;
  execFileSync(process.execPath, [wranglerBin, "d1", "execute", "DB", "--remote", "--command", sql], {
    stdio: "inherit",
    env: localEnv,
  });
} else {
  const proxy = await getPlatformProxy<Env>({ persist: true });
  try {
    await saveStaffUser(database(proxy.env.DB), parsed.data);
  } finally {
    await proxy.dispose();
  }
}
console.log(`Konto „${parsed.data.username}“ gespeichert${remote ? " (entfernte Datenbank)" : ""}.`);

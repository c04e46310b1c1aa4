import { eq } from "drizzle-orm";
import { fromBase64Url, randomBytes, toBase64Url } from "~/server/base/encoding.server";
import type { Database } from "~/server/db/client.server";
import { siteKeys } from "~/server/db/schema";

/*
 * The key that signs the site's own cookies (toasts, known devices) and form tokens: made on
 * first use and kept in D1, so no one has to set up a secret, and every isolate that asks gets
 * the same one (the first stored wins). Kept per isolate once read.
 */

const SIGNING_KEY = "signing";

let signingKey: Promise<CryptoKey> | null = null;

async function loadSigningKey(db: Database): Promise<CryptoKey> {
  await db.insert(siteKeys).values({ name: SIGNING_KEY, value: toBase64Url(randomBytes(32)) }).onConflictDoNothing();
  const row = await db.select({ value: siteKeys.value }).from(siteKeys).where(eq(siteKeys.name, SIGNING_KEY)).get();
  if (!row) throw new Error("Der Signaturschlüssel fehlt.");
  return crypto.subtle.importKey("raw", fromBase64Url(row.value), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

function key(db: Database): Promise<CryptoKey> {
  signingKey ??= loadSigningKey(db).catch((error: unknown) => {
    signingKey = null;
    throw error;
  });
  return signingKey;
}

const encoder = new TextEncoder();

/** `value` with its signature appended: `<value>.<signature>`. */
export async function signed(db: Database, value: string): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await key(db), encoder.encode(value)));
  return `${value}.${toBase64Url(signature)}`;
}

/** The value of a `signed` text whose signature holds, or null (tampered, forged or not signed at all). */
export async function verified(db: Database, text: string | null | undefined): Promise<string | null> {
  if (!text) return null;
  const dot = text.lastIndexOf(".");
  if (dot < 1) return null;
  const value = text.slice(0, dot);
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = fromBase64Url(text.slice(dot + 1));
  } catch {
    return null;
  }
  return (await crypto.subtle.verify("HMAC", await key(db), signature, encoder.encode(value))) ? value : null;
}

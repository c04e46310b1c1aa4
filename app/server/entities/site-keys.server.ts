import { eq } from "drizzle-orm";
import { fromBase64Url, randomBytes, toBase64Url } from "~/server/base/encoding.server";
import type { Database } from "~/server/db/client.server";
import { siteKeys } from "~/server/db/schema";

/*
 * The key that signs the site's own cookies (toasts, known devices), invitation links and form
 * tokens: made on first use and kept in D1, so no one has to set up a secret, and every isolate
 * that asks gets the same one (the first stored wins). Kept per isolate once read.
 *
 * Each signature covers `purpose|value` while the text carries only the value: a value signed
 * for one purpose never verifies for another (a form token is no device cookie), so one key is
 * as good as a key per purpose (decision 007).
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

/** What a signed value is for; a signature made for one never holds for another. */
export type SignaturePurpose = "device" | "invitation" | "toast" | "enquiry-form";

const signedBytes = (purpose: SignaturePurpose, value: string) => encoder.encode(`${purpose}|${value}`);

/** `value` with its signature for `purpose` appended: `<value>.<signature>`. */
export async function signed(db: Database, purpose: SignaturePurpose, value: string): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await key(db), signedBytes(purpose, value)));
  return `${value}.${toBase64Url(signature)}`;
}

/**
 * The value of a `signed` text whose signature holds for `purpose`, or null (tampered, forged,
 * signed for another purpose or not signed at all).
 */
export async function verified(db: Database, purpose: SignaturePurpose, text: string | null | undefined): Promise<string | null> {
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
  return (await crypto.subtle.verify("HMAC", await key(db), signature, signedBytes(purpose, value))) ? value : null;
}

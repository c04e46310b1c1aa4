import { env, SELF } from "cloudflare:test";
import { expect, vi } from "vitest";
import { saveStaffUser } from "~/server/entities/staff-accounts.server";
import { database } from "~/server/db/client.server";
import { commitSessionCookie } from "~/server/web/staff-session.server";

export const BASE = "https://werkstatt.test";
export const db = () => database(env.DB);

/**
 * What the entity modules store pictures with, from the real bindings unless given; work
 * meant for after the answer (the renditions) is dropped, for tests that make it themselves.
 */
export const pictureStorage = (bindings: { bucket?: R2Bucket; transforms?: ImagesBinding } = {}) => ({
  bucket: bindings.bucket ?? env.IMAGES,
  transforms: bindings.transforms ?? env.IMAGE_TRANSFORMS,
  afterAnswer: () => {},
});

export function api(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const { token, json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set("token", token);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  return SELF.fetch(`${BASE}/api/v1/${path}`, {
    ...rest,
    method: rest.method ?? (json !== undefined ? "POST" : "GET"),
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

export const STAFF = { username: "meister", password: "Leder-und-Naht-2026" };

/** Whom the Verlauf names when a test calls an entity module's write directly. */
export const ACTOR = { username: STAFF.username };

/** Creates the staff account and returns a fresh session token from the real login call. */
export async function staffToken(): Promise<string> {
  await saveStaffUser(db(), STAFF);
  const response = await api("auth/login", { json: STAFF });
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** Reads a JSON answer, failing with the body's text when it is not JSON. */
export async function body<T = unknown>(response: Response): Promise<T> {
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`Keine JSON-Antwort (${response.status}): ${text.slice(0, 200)}`);
  }
}

/** Asserts an error answer: the status and `{error}` with exactly that German message, nothing else. */
export async function expectError(response: Response, status: number, message?: string | RegExp) {
  const json = await body<{ error: unknown }>(response);
  expect({ status: response.status, keys: Object.keys(json as object) }).toEqual({ status, keys: ["error"] });
  expect(typeof json.error).toBe("string");
  if (typeof message === "string") expect(json.error).toBe(message);
  else if (message) expect(json.error).toMatch(message);
  return json.error as string;
}

export interface UploadFile {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  type?: string;
}

const toFile = ({ name, bytes, type = "application/octet-stream" }: UploadFile) => new File([bytes], name, { type });

/** The multipart form of POST /reference/save: repeated `images`, `metadata` JSON, optional renditions. */
export function uploadForm(
  files: UploadFile[],
  metadata?: unknown,
  renditions: { display?: UploadFile; thumbnail?: UploadFile } = {},
): FormData {
  const form = new FormData();
  for (const file of files) form.append("images", toFile(file));
  if (metadata !== undefined) form.append("metadata", typeof metadata === "string" ? metadata : JSON.stringify(metadata));
  if (renditions.display) form.append("display", toFile(renditions.display));
  if (renditions.thumbnail) form.append("thumbnail", toFile(renditions.thumbnail));
  return form;
}

export function upload(token: string, form: FormData) {
  return api("reference/save", { method: "POST", token, body: form });
}

/** Every stored object's key, the server's renditions included. */
export async function allBucketKeys(): Promise<string[]> {
  const listed = await env.IMAGES.list();
  return listed.objects.map((object) => object.key).sort();
}

/**
 * The stored originals (and a client's own renditions), without the server's renditions:
 * those are written after the upload has answered, and renditions.test.ts checks them.
 */
export async function bucketKeys(): Promise<string[]> {
  return (await allBucketKeys()).filter((key) => !/-w\d+\.\w+$/.test(key));
}

export async function rowCount(table: string): Promise<number> {
  const row = await env.DB.prepare(`select count(*) as n from "${table}"`).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Fetches a path of the site (pages, images) through the real worker. */
export function site(path: string, init?: RequestInit) {
  return SELF.fetch(`${BASE}${path}`, init);
}

/** What a browser sends with a form posted from a page of this site. */
export const SAME_ORIGIN = { Origin: BASE, Host: new URL(BASE).host, "Sec-Fetch-Site": "same-origin" };

/**
 * The `Cookie` header of the staff pages' session for a token (by default a fresh login;
 * a new login ends the account's other sessions, so pass the token when both are needed).
 */
export async function staffCookie(token?: string): Promise<string> {
  token ??= await staffToken();
  return (await commitSessionCookie(new Request(BASE), token)).split(";")[0];
}

/** Posts to a page of the site as a browser would, without following the redirect. */
export function postPage(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, { method: "POST", headers, body, redirect: "manual" });
}

/** Waits until a picture's renditions exist: only then do the public pages offer it (decision 011). */
export function renditionsMade(token: string, id: string) {
  return vi.waitFor(
    async () => {
      const listed = await body<{ reference: { id: string; preparing: boolean }[] }>(await api("reference/get?limit=50", { token }));
      if (listed.reference.find((reference) => reference.id === id)?.preparing !== false) throw new Error(`${id}: noch in Arbeit`);
    },
    { timeout: 20_000, interval: 100 },
  );
}

import { env, SELF } from "cloudflare:test";
import { saveStaffUser } from "~/server/auth.server";
import { database } from "~/server/db/client.server";

export const BASE = "https://werkstatt.test";
export const db = () => database(env.DB);

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

/** Creates the staff account and returns a fresh session token from the real login call. */
export async function staffToken(): Promise<string> {
  await saveStaffUser(db(), STAFF);
  const response = await api("auth/login", { json: STAFF });
  const { token } = (await response.json()) as { token: string };
  return token;
}

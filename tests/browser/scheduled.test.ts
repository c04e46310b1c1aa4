import { afterAll, beforeAll, expect, it } from "vitest";
import { TRASH_KEEP_DAYS } from "~/lib/activity";
import { startServer } from "./global-setup";
import { STAFF } from "./staff";

/*
 * The nightly clean-up as wrangler runs it: its cron trigger is a request to
 * `/cdn-cgi/handler/scheduled`, which the local runtime hands to the worker's scheduled handler.
 * With static assets it answered "500 exception" and never reached the handler (issue 37), while
 * the workerd test that calls `scheduled()` directly passed. A server of its own, to read its log.
 */

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

async function api(path: string, token: string, json?: unknown) {
  const response = await fetch(`${server.baseURL}/api/v1/${path}`, {
    method: json === undefined ? "GET" : "POST",
    headers: { token, "Content-Type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return response.json() as Promise<unknown>;
}

const runLines = () => server.output().split("\n").filter((line) => line.includes('"message":"Wartung erledigt"'));

it("runs the clean-up through wrangler's own trigger, answers 200 and logs one line of counts", async () => {
  const login = await fetch(`${server.baseURL}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(STAFF),
  });
  const { token } = (await login.json()) as { token: string };
  const { id } = (await api("news/save", token, { title: "Betriebsferien", text: "Im August geschlossen." })) as { id: string };
  await api("news/delete", token, { id });
  expect(await api("trash/get", token)).toHaveLength(1);

  // The night after the Papierkorb's days ran out.
  const night = Date.now() + (TRASH_KEEP_DAYS + 1) * 24 * 60 * 60 * 1000;
  const trigger = await fetch(`${server.baseURL}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("17 2 * * *")}&time=${night}`);
  expect({ status: trigger.status, body: await trigger.text() }).toEqual({ status: 200, body: "ok" });

  expect(await api("trash/get", token)).toEqual([]);
  // The log reaches the server's output a moment after the answer.
  await expect.poll(runLines).toHaveLength(1);
  const [line] = runLines();
  const logged = JSON.parse(line.slice(line.indexOf("{"))) as Record<string, unknown>;
  expect(logged).toMatchObject({ message: "Wartung erledigt", trashEmptied: 1, enquiriesDeleted: 0 });
  // Counts only: no reference, key or address of what it removed.
  expect(Object.values(logged).every((value) => typeof value === "number" || value === "Wartung erledigt")).toBe(true);
  expect(line).not.toContain(id);
});

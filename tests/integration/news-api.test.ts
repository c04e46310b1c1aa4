import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createNews } from "~/server/entities/news.server";
import { ACTOR, api, BASE, body, db, expectError, staffToken } from "./helpers";

interface News {
  id: string;
  _id: string;
  title: string;
  text: string;
  date: string;
}

describe("/api/v1/news", () => {
  it("creates, lists newest first, updates and deletes", async () => {
    const token = await staffToken();
    for (const title of ["Erste", "Zweite", "Dritte"]) {
      const saved = await api("news/save", { token, json: { title, text: `${title} Nachricht` } });
      expect(saved.status).toBe(200);
    }
    const list = (await (await api("news/get")).json()) as News[];
    expect(list.map((item) => item.title)).toEqual(["Dritte", "Zweite", "Erste"]);
    expect(list[0]._id).toBe(list[0].id);
    expect(new Date(list[0].date).toISOString()).toBe(list[0].date);

    const update = await api("news/update", {
      token,
      json: { id: list[0].id, newTitle: "Geändert", newText: "Neuer Text" },
    });
    expect(update.status).toBe(200);
    expect(await update.json()).toMatchObject({ title: "Geändert", text: "Neuer Text" });

    expect((await api("news/delete", { token, json: { id: list[1].id } })).status).toBe(200);
    const after = (await (await api("news/get")).json()) as News[];
    expect(after.map((item) => item.title)).toEqual(["Geändert", "Erste"]);
  });

  it("pages with startAt and limit and refuses paging values that are not numbers", async () => {
    const token = await staffToken();
    for (let i = 1; i <= 5; i++) {
      await api("news/save", { token, json: { title: `Nr. ${i}`, text: "Text" } });
    }
    const page = (await (await api("news/get?startAt=1&limit=2")).json()) as News[];
    expect(page.map((item) => item.title)).toEqual(["Nr. 4", "Nr. 3"]);
    const clamped = (await (await api("news/get?limit=1000&startAt=-5")).json()) as News[];
    expect(clamped).toHaveLength(5);
    const bad = await api("news/get?limit=zehn");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "limit muss eine ganze Zahl sein." });
  });

  it("refuses writes without a valid token and explains invalid input in German", async () => {
    const anonymous = await api("news/save", { json: { title: "x", text: "y" } });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()) as object).toHaveProperty("error");
    const forged = await api("news/save", { token: "ausgedacht", json: { title: "x", text: "y" } });
    expect(forged.status).toBe(401);

    const token = await staffToken();
    const empty = await api("news/save", { token, json: { title: "  ", text: "y" } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Titel darf nicht leer sein." });
    const malformed = await api("news/save", {
      token,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{kaputt",
    });
    expect(malformed.status).toBe(400);
    const unknown = await api("news/delete", { token, json: { id: "gibt-es-nicht" } });
    expect(unknown.status).toBe(404);
  });
});

describe("/api/v1/news paging limits and refusals", () => {
  async function storeNews(count: number) {
    for (let i = 1; i <= count; i++) await createNews(db(), ACTOR, { title: `Meldung ${i}`, text: "Text" });
  }

  it("answers 15 items by default, at most 50, and nothing past the end", async () => {
    await storeNews(52);
    expect(await body<News[]>(await api("news/get"))).toHaveLength(15);
    expect(await body<News[]>(await api("news/get?limit=50"))).toHaveLength(50);
    expect(await body<News[]>(await api("news/get?limit=51"))).toHaveLength(50);
    expect(await body<News[]>(await api("news/get?startAt=50"))).toHaveLength(2);
    expect(await body(await api("news/get?startAt=52"))).toEqual([]);
    expect(await body(await api("news/get?startAt=1000&limit=5"))).toEqual([]);
  });

  it("pages without skipping or repeating an item", async () => {
    await storeNews(20);
    const seen: string[] = [];
    for (let startAt = 0; startAt < 20; startAt += 6) {
      seen.push(...(await body<News[]>(await api(`news/get?startAt=${startAt}&limit=6`))).map((item) => item.id));
    }
    expect(seen).toHaveLength(20);
    expect(new Set(seen).size).toBe(20);
  });

  it("answers a wrong method with 405 and Allow", async () => {
    for (const [path, method, allow] of [
      ["news/get", "POST", "GET"],
      ["news/save", "GET", "POST"],
      ["news/save", "HEAD", "POST"],
      ["news/update", "PUT", "POST"],
      ["news/delete", "DELETE", "POST"],
    ]) {
      const response = await SELF.fetch(`${BASE}/api/v1/${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow")).toBe(allow);
    }
  });

  it("answers 404 when updating an unknown id", async () => {
    const token = await staffToken();
    await expectError(
      await api("news/update", { token, json: { id: "gibt-es-nicht", newTitle: "T", newText: "T" } }),
      404,
      "Diese Neuigkeit gibt es nicht (mehr).",
    );
    await expectError(await api("news/update", { token, json: { newTitle: "T", newText: "T" } }), 400, "Die ID fehlt.");
  });
});

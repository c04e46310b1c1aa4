import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PUBLIC_PICTURE_MAX_AGE_SECONDS } from "~/server/images/keys.server";
import { api, BASE, body, bucketKeys, expectError, rowCount, site, staffToken, upload, uploadForm } from "./helpers";
import { bytes, HTML, png, pngChunk, PNG_SIGNATURE, SVG, TEXT, u32 } from "../fixtures/images";

interface Reference {
  id: string;
  url: string;
  displayUrl: string;
  thumbnailUrl: string;
  name: string;
  filename: string;
  description: string;
  category: string[];
}

interface Listing {
  reference: Reference[];
  total: number;
}

const pngFile = (name: string, rgb = [10, 120, 200]) => ({ name, bytes: png({ rgb }), type: "image/png" });

async function saveAll(token: string, form: FormData): Promise<Reference[]> {
  const response = await upload(token, form);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await body<{ reference: Reference[] }>(response)).reference;
}

/** The list as staff see it, file names included. */
const list = async (query = "", token?: string) => body<Listing>(await api(`reference/get${query}`, { token }));

describe("POST /api/v1/reference/save", () => {
  it("matches an array of metadata to the files by filename", async () => {
    const token = await staffToken();
    const saved = await saveAll(
      token,
      uploadForm(
        [pngFile("sitz.png"), pngFile("lenkrad.png", [0, 0, 0])],
        [
          { filename: "lenkrad.png", description: "Lenkrad in Nappa", category: ["Lenkräder"] },
          { filename: "sitz.png", description: "Fahrersitz neu bezogen", category: ["Autositze", "Oldtimer"] },
        ],
      ),
    );
    expect(saved).toHaveLength(2);

    const { reference, total } = await list("", token);
    expect(total).toBe(2);
    const byName = Object.fromEntries(reference.map((item) => [item.filename, item]));
    expect(byName["sitz.png"]).toMatchObject({ description: "Fahrersitz neu bezogen", category: ["Autositze", "Oldtimer"] });
    expect(byName["lenkrad.png"]).toMatchObject({ description: "Lenkrad in Nappa", category: ["Lenkräder"] });
    for (const item of reference) {
      // The key is the server's choice; the uploader's file name is only data.
      expect(item.url).toMatch(/^\/images\/references\/[0-9a-f-]{36}\.png$/);
      expect(item.url).not.toContain(item.filename);
      expect(item.url.endsWith(`/${item.name}`)).toBe(true);
      expect(item.displayUrl).toBe(item.url);
      expect(item.thumbnailUrl).toBe(item.url);
    }
    expect(await bucketKeys()).toEqual(reference.map((item) => item.url.slice("/images/".length)).sort());
  });

  it("applies one metadata object to every file and accepts a single category name", async () => {
    const token = await staffToken();
    await saveAll(
      token,
      uploadForm([pngFile("a.png"), pngFile("b.png"), pngFile("c.png")], {
        description: "Cabrioverdeck Mercedes",
        category: "Cabrioverdecke",
      }),
    );
    const { reference } = await list();
    expect(reference.map((item) => [item.description, item.category])).toEqual([
      ["Cabrioverdeck Mercedes", ["Cabrioverdecke"]],
      ["Cabrioverdeck Mercedes", ["Cabrioverdecke"]],
      ["Cabrioverdeck Mercedes", ["Cabrioverdecke"]],
    ]);
  });

  it("stores files without metadata with an empty description", async () => {
    const token = await staffToken();
    const [saved] = await saveAll(token, uploadForm([pngFile("ohne.png")]));
    expect(saved).toMatchObject({ filename: "ohne.png", description: "", category: [] });
  });

  it("refuses a file that has no entry in a metadata array", async () => {
    const token = await staffToken();
    const response = await upload(
      token,
      uploadForm([pngFile("a.png"), pngFile("c.png")], [{ filename: "a.png", description: "A" }]),
    );
    await expectError(response, 400, "Für „c.png“ fehlen die Angaben in metadata.");
    expect(await bucketKeys()).toEqual([]);
  });

  it("answers 400 for malformed metadata JSON and stores nothing", async () => {
    const token = await staffToken();
    await expectError(await upload(token, uploadForm([pngFile("a.png")], "{kaputt")), 400, "metadata ist kein gültiges JSON.");
    await expectError(await upload(token, uploadForm([pngFile("a.png")], "42")), 400);
    await expectError(
      await upload(token, uploadForm([pngFile("a.png")], { description: "x", category: [""] })),
      400,
      "Eine Kategorie darf nicht leer sein.",
    );
    expect(await bucketKeys()).toEqual([]);
    expect(await rowCount("references")).toBe(0);
  });

  it("answers 400 when no image is sent, or the body is not multipart", async () => {
    const token = await staffToken();
    await expectError(await upload(token, uploadForm([], { description: "x" })), 400, "Bitte mindestens ein Bild auswählen.");
    await expectError(
      await api("reference/save", { token, json: { images: [] } }),
      400,
      "Bilder müssen als multipart/form-data gesendet werden.",
    );
  });

  it("needs a token", async () => {
    await expectError(await api("reference/save", { method: "POST", body: uploadForm([pngFile("a.png")]) }), 401);
    expect(await bucketKeys()).toEqual([]);
  });

  it("ignores the display and thumbnail files an older client still sends: the server makes every rendition", async () => {
    const token = await staffToken();
    const [saved] = await saveAll(
      token,
      uploadForm([pngFile("gross.png")], { description: "Mit Fassungen" }, {
        display: { name: "display.png", bytes: png({ width: 4, height: 4 }), type: "image/png" },
        thumbnail: { name: "thumb.png", bytes: png({ width: 1, height: 1 }), type: "image/png" },
      }),
    );
    expect(saved).toMatchObject({ displayUrl: saved.url, thumbnailUrl: saved.url });
    expect(await bucketKeys()).toEqual([saved.url.slice("/images/".length)]);
  });

  it("ignores them when several images are sent at once too", async () => {
    const token = await staffToken();
    const saved = await saveAll(token, uploadForm([pngFile("a.png"), pngFile("b.png")], {}, { display: pngFile("d.png") }));
    expect(saved).toHaveLength(2);
    expect(await bucketKeys()).toHaveLength(2);
  });
});

describe("refusal by bytes", () => {
  it.each([
    ["an SVG", { name: "logo.svg", bytes: SVG, type: "image/svg+xml" }],
    ["an SVG named .png", { name: "logo.png", bytes: SVG, type: "image/png" }],
    ["an HTML page", { name: "seite.html", bytes: HTML, type: "text/html" }],
    ["an HTML page named .gif", { name: "seite.gif", bytes: HTML, type: "image/gif" }],
    ["a text file named .jpg", { name: "foto.jpg", bytes: TEXT, type: "image/jpeg" }],
  ])("answers 415 for %s, also next to a real photo, and stores nothing", async (_, file) => {
    const token = await staffToken();
    const alone = await upload(token, uploadForm([file]));
    await expectError(alone, 415, `„${file.name}“ ist kein unterstütztes Bild (JPEG, PNG, WebP, AVIF oder GIF).`);
    const mixed = await upload(token, uploadForm([pngFile("echt.png"), file]));
    await expectError(mixed, 415);
    expect(await bucketKeys()).toEqual([]);
    expect(await rowCount("references")).toBe(0);
  });

  it("never stores what an older client sends as a thumbnail, whatever its bytes", async () => {
    const token = await staffToken();
    const [saved] = await saveAll(
      token,
      uploadForm([pngFile("echt.png")], {}, { thumbnail: { name: "thumb.png", bytes: SVG, type: "image/png" } }),
    );
    expect(await bucketKeys()).toEqual([saved.url.slice("/images/".length)]);
    expect(await rowCount("references")).toBe(1);
  });

  it("stores a PNG sent with a wrong name and type under its real type", async () => {
    const token = await staffToken();
    const [saved] = await saveAll(token, uploadForm([{ name: "bild.gif", bytes: png(), type: "text/plain" }]));
    expect(saved.url).toMatch(/\.png$/);
    expect((await site(saved.url)).headers.get("Content-Type")).toBe("image/png");
  });

  it("answers 400 for a truncated image", async () => {
    const token = await staffToken();
    const broken = png().subarray(0, 40);
    await expectError(await upload(token, uploadForm([{ name: "kaputt.png", bytes: broken }])), 400, /beschädigt/);
    expect(await bucketKeys()).toEqual([]);
  });
});

describe("size limits", () => {
  it("answers 413 for a file over 15 MB", async () => {
    const token = await staffToken();
    const huge = new Uint8Array(15 * 1024 * 1024 + 1);
    huge.set(PNG_SIGNATURE);
    const response = await upload(token, uploadForm([{ name: "riesig.png", bytes: huge, type: "image/png" }]));
    await expectError(response, 413, "„riesig.png“ ist größer als 15 MB.");
    expect(await bucketKeys()).toEqual([]);
  });

  // A few hundred bytes whose header declares the canvas: nothing may decode it, so the
  // (deliberately unmatched) pixel data is never looked at.
  const declaring = (width: number, height: number) =>
    bytes(PNG_SIGNATURE, pngChunk("IHDR", u32(width), u32(height), [8, 2, 0, 0, 0]), pngChunk("IDAT", [0]), pngChunk("IEND"));

  it.each([
    ["30000 × 30000", 30000, 30000],
    ["13000 × 100 (edge)", 13000, 100],
    ["7200 × 7200 (51.8 megapixels)", 7200, 7200],
  ])("refuses a picture declaring %s before decoding it, and stores nothing", async (_, width, height) => {
    const token = await staffToken();
    const response = await upload(token, uploadForm([pngFile("gut.png"), { name: "bombe.png", bytes: declaring(width, height) }]));
    await expectError(response, 413, new RegExp(`^„bombe\\.png“ ist mit ${width} × ${height} Pixeln zu groß`));
    expect(await bucketKeys()).toEqual([]);
    expect(await rowCount("references")).toBe(0);
  });

  it("takes up to 100 files in one request and answers 413 for more", async () => {
    const token = await staffToken();
    const many = (count: number) => Array.from({ length: count }, (_, index) => pngFile(`serie-${index}.png`));
    await expectError(await upload(token, uploadForm(many(101), { description: "Zu viele" })), 413, "Höchstens 100 Bilder je Anfrage.");
    expect(await bucketKeys()).toEqual([]);
    expect(await rowCount("references")).toBe(0);

    const saved = await saveAll(token, uploadForm(many(100), { description: "Serie", category: ["Oldtimer"] }));
    expect(saved).toHaveLength(100);
    expect(saved.every((item) => item.category[0] === "Oldtimer")).toBe(true);
    expect((await list()).total).toBe(100);
  });

  it("answers 413 from the declared Content-Length before reading the body", async () => {
    const token = await staffToken();
    // The body itself is tiny and not even a valid form: only the header can cause the 413.
    const response = await SELF.fetch(`${BASE}/api/v1/reference/save`, {
      method: "POST",
      headers: {
        token,
        "Content-Type": "multipart/form-data; boundary=grenze",
        "Content-Length": String(100 * 1024 * 1024),
      },
      body: "--grenze--",
    });
    await expectError(response, 413, /zu groß/);
  });

  it("answers 413 for a streamed body without length once it passes the limit", async () => {
    const token = await staffToken();
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Far more than the limit; the server has to stop reading on its own.
        if (sent++ < 200) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await SELF.fetch(`${BASE}/api/v1/reference/save`, {
      method: "POST",
      headers: { token, "Content-Type": "multipart/form-data; boundary=grenze" },
      body: stream,
    });
    await expectError(response, 413, /zu groß/);
    expect(sent).toBeLessThan(200);
  });
});

describe("GET /api/v1/reference/get", () => {
  it("lists newest first with total, default limit 10, paging and a maximum of 50", async () => {
    const token = await staffToken();
    // One request keeps the upload order: every later file counts as newer.
    const files = Array.from({ length: 52 }, (_, index) => pngFile(`bild-${String(index).padStart(2, "0")}.png`));
    await saveAll(token, uploadForm(files, { description: "Serie" }));

    const first = await list("", token);
    expect(first.total).toBe(52);
    expect(first.reference.map((item) => item.filename)).toEqual(
      Array.from({ length: 10 }, (_, index) => `bild-${51 - index}.png`),
    );
    const page = await list("?startAt=10&limit=3", token);
    expect(page.reference.map((item) => item.filename)).toEqual(["bild-41.png", "bild-40.png", "bild-39.png"]);
    expect(page.total).toBe(52);
    expect((await list("?limit=1000")).reference).toHaveLength(50);
    expect((await list("?limit=0")).reference).toHaveLength(1);
    expect((await list("?startAt=52")).reference).toEqual([]);
    await expectError(await api("reference/get?startAt=abc"), 400, "startAt muss eine ganze Zahl sein.");
  });

  it("filters by category regardless of case and lists the categories", async () => {
    const token = await staffToken();
    await saveAll(
      token,
      uploadForm(
        [pngFile("a.png"), pngFile("b.png"), pngFile("c.png")],
        [
          { filename: "a.png", description: "A", category: ["Autositze"] },
          { filename: "b.png", description: "B", category: ["Lenkräder", "autositze"] },
          { filename: "c.png", description: "C", category: ["Motorradsitze"] },
        ],
      ),
    );
    const seats = await list("?category=AUTOSITZE", token);
    expect(seats.total).toBe(2);
    expect(seats.reference.map((item) => item.filename)).toEqual(["b.png", "a.png"]);
    // The same name in another case is one category, kept as first typed.
    expect(seats.reference[0].category).toEqual(["Autositze", "Lenkräder"]);
    expect(await list("?category=Oldtimer")).toEqual({ reference: [], total: 0 });
    expect((await list("?category=")).total).toBe(3);

    const categories = await body(await api("reference/categories"));
    expect(categories).toEqual({ categories: ["Autositze", "Lenkräder", "Motorradsitze"] });
  });

  it("matches umlauts regardless of case, which SQLite's lower() cannot", async () => {
    const token = await staffToken();
    await saveAll(token, uploadForm([pngFile("a.png")], { description: "A", category: ["Lenkräder"] }));
    await saveAll(token, uploadForm([pngFile("b.png")], { description: "B", category: ["LENKRÄDER"] }));
    const [first] = (await list()).reference;
    const update = await api("reference/update", { token, json: { id: first.id, description: "B", category: ["lenkräder", "ÖLTANKS"] } });
    expect(update.status).toBe(200);
    await saveAll(token, uploadForm([pngFile("c.png")], { description: "C", category: ["öltanks"] }));

    expect(await body(await api("reference/categories"))).toEqual({ categories: ["Lenkräder", "ÖLTANKS"] });
    const wheels = await list(`?category=${encodeURIComponent("LENKRÄDER")}`, token);
    expect(wheels.reference.map((item) => item.filename)).toEqual(["b.png", "a.png"]);
    expect(wheels.reference.every((item) => item.category.includes("Lenkräder"))).toBe(true);
    expect((await list(`?category=${encodeURIComponent("öltanks")}`)).total).toBe(2);
  });

  it("answers an empty list and no categories when nothing is stored", async () => {
    expect(await list()).toEqual({ reference: [], total: 0 });
    expect(await body(await api("reference/categories"))).toEqual({ categories: [] });
  });
});

describe("POST /api/v1/reference/update and /delete", () => {
  it("changes description and categories", async () => {
    const token = await staffToken();
    const [saved] = await saveAll(token, uploadForm([pngFile("a.png")], { description: "Alt", category: ["Oldtimer"] }));
    const response = await api("reference/update", {
      token,
      json: { id: saved.id, description: "Neu bezogen", category: ["Innenausstattung", "Autositze"] },
    });
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({
      id: saved.id,
      url: saved.url,
      description: "Neu bezogen",
      category: ["Autositze", "Innenausstattung"],
    });
    const [listed] = (await list()).reference;
    expect(listed).toMatchObject({ description: "Neu bezogen", category: ["Autositze", "Innenausstattung"] });
    expect((await list("?category=oldtimer")).total).toBe(0);
  });

  it("requires a description and a known id", async () => {
    const token = await staffToken();
    const [saved] = await saveAll(token, uploadForm([pngFile("a.png")], { description: "Alt" }));
    await expectError(
      await api("reference/update", { token, json: { id: saved.id, description: " ", category: [] } }),
      400,
      "Beschreibung darf nicht leer sein.",
    );
    await expectError(
      await api("reference/update", { token, json: { id: "unbekannt", description: "x", category: [] } }),
      404,
      "Dieses Bild gibt es nicht (mehr).",
    );
    await expectError(await api("reference/update", { json: { id: saved.id, description: "x" } }), 401);
    expect((await list()).reference[0].description).toBe("Alt");
  });

  it("deletes the record and its categories links into the Papierkorb, and every stored object once deleted there for good", async () => {
    const token = await staffToken();
    const [kept] = await saveAll(token, uploadForm([pngFile("bleibt.png")], { description: "bleibt" }));
    const [gone] = await saveAll(
      token,
      uploadForm([pngFile("weg.png")], { description: "weg", category: ["Oldtimer"] }),
    );
    expect(await bucketKeys()).toHaveLength(2);

    const response = await api("reference/delete", { token, json: { id: gone.id } });
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ id: gone.id });

    expect(await list()).toMatchObject({ total: 1, reference: [{ id: kept.id }] });
    expect(await rowCount("reference_categories")).toBe(0);
    await expectError(await api("reference/delete", { token, json: { id: gone.id } }), 404);
    // Its files stay while it can be restored (decision 016).
    expect(await bucketKeys()).toHaveLength(2);

    expect((await api("trash/delete", { token, json: { id: gone.id } })).status).toBe(200);
    expect(await bucketKeys()).toEqual([kept.url.slice("/images/".length)]);
    expect((await site(gone.url)).status).toBe(404);
  });
});

describe("GET /images/<key>", () => {
  it("serves the stored bytes with their type, short caching revalidated by an ETag, and nosniff", async () => {
    const token = await staffToken();
    const original = png({ rgb: [1, 2, 3] });
    const [saved] = await saveAll(token, uploadForm([{ name: "a.png", bytes: original, type: "image/png" }]));

    const response = await site(saved.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe(`public, max-age=${PUBLIC_PICTURE_MAX_AGE_SECONDS}`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // What R2 holds (the server's re-encoded original, decision 011), byte for byte.
    const stored = await env.IMAGES.get(saved.url.slice("/images/".length));
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(await stored!.arrayBuffer()));

    const etag = response.headers.get("ETag");
    expect(etag).toBeTruthy();
    const again = await site(saved.url, { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
  });

  it("answers 404 for unknown keys and for keys outside the image folder", async () => {
    await env.IMAGES.put("geheim.txt", "nicht öffentlich");
    for (const path of [
      "/images/references/00000000-0000-0000-0000-000000000000.png",
      "/images/geheim.txt",
      "/images/references/../geheim.txt",
      "/images/references%2F..%2Fgeheim.txt",
    ]) {
      const response = await site(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("nicht öffentlich");
    }
  });
});

import { describe, expect, it } from "vitest";
import { MAX_FILENAME_LENGTH } from "~/server/entities/reference-uploads.server";
import { api, body, postPage, SAME_ORIGIN, site, staffCookie, staffToken, upload, uploadForm } from "./helpers";
import { png } from "../fixtures/images";

interface Listed {
  reference: Record<string, unknown>[];
  total: number;
}

describe("file names from uploaders' devices", () => {
  it("cuts a stored name to 255 characters, from the multipart name and from metadata alike", async () => {
    const token = await staffToken();
    const longName = `${"Kundin-Erika-Mustermann-".repeat(12_500)}.png`;
    expect(longName.length).toBeGreaterThan(300_000);
    const fromMultipart = await upload(token, uploadForm([{ name: longName, bytes: png(), type: "image/png" }], { description: "Lang" }));
    expect(fromMultipart.status).toBe(200);
    const fromMetadata = await upload(
      token,
      uploadForm([{ name: "kurz.png", bytes: png({ rgb: [1, 2, 3] }), type: "image/png" }], { filename: `${"ä".repeat(300)}😀`, description: "Lang" }),
    );
    expect(fromMetadata.status).toBe(200);

    const listing = await api("reference/get", { token });
    const text = await listing.text();
    expect(text.length).toBeLessThan(5_000);
    const names = (JSON.parse(text) as Listed).reference.map((item) => item.filename as string);
    expect(names.map((name) => Array.from(name).length)).toEqual([MAX_FILENAME_LENGTH, MAX_FILENAME_LENGTH]);
    expect(names).toContain("ä".repeat(MAX_FILENAME_LENGTH));
    expect(names).toContain(longName.slice(0, MAX_FILENAME_LENGTH));
  });

  it("keeps a refusal's answer short however long the file name", async () => {
    const token = await staffToken();
    const response = await upload(token, uploadForm([{ name: "x".repeat(300_000), bytes: new TextEncoder().encode("kein Bild"), type: "image/png" }]));
    expect(response.status).toBe(415);
    expect((await response.text()).length).toBeLessThan(1_000);
  });

  it("never shows them to anonymous callers of reference/get or on public pages", async () => {
    const token = await staffToken();
    const secretName = "Rechnung-Familie-Mustermann-Koeln.png";
    const saved = await upload(token, uploadForm([{ name: secretName, bytes: png(), type: "image/png" }], { description: "Sitzbank", category: ["Oldtimer"] }));
    const [{ id }] = (await body<{ reference: { id: string }[] }>(saved)).reference;

    const anonymous = await body<Listed>(await api("reference/get"));
    expect(anonymous.total).toBe(1);
    expect(anonymous.reference[0]).not.toHaveProperty("filename");
    expect(anonymous.reference[0]).toMatchObject({ id, description: "Sitzbank", category: ["Oldtimer"] });
    expect(typeof anonymous.reference[0].url).toBe("string");
    const withBadToken = await body<Listed>(await api("reference/get", { token: "abgelaufen" }));
    expect(withBadToken.reference[0]).not.toHaveProperty("filename");

    for (const path of ["/", "/referenz", `/referenz?bild=${id}`, "/referenz?kategorie=Oldtimer"]) {
      const page = await site(path);
      expect(page.status, path).toBe(200);
      // Not "Mustermann" alone: the demo's owner, Max Mustermann, stands on the home page (decision 020).
      expect(await page.text(), path).not.toContain("Familie-Mustermann");
    }
    // Staff still see the name, in the API and on their page.
    expect((await body<Listed>(await api("reference/get", { token }))).reference[0].filename).toBe(secretName);
    const staffPage = await site("/intern/uploadReference", { headers: { Cookie: await staffCookie(token) } });
    expect(staffPage.status).toBe(200);
    await staffPage.arrayBuffer();
  });

  it("cuts the name of an upload through the staff page's plain form too", async () => {
    const token = await staffToken();
    const form = new FormData();
    form.append("intent", "upload");
    form.append("description", "Ohne JavaScript");
    form.append("images", new File([png()], `${"y".repeat(1_000)}.png`, { type: "image/png" }));
    const response = await postPage("/intern/uploadReference", form, { ...SAME_ORIGIN, Cookie: await staffCookie(token) });
    expect(response.status).toBe(302);
    const [stored] = (await body<Listed>(await api("reference/get", { token }))).reference;
    expect(stored.filename).toBe("y".repeat(MAX_FILENAME_LENGTH));
  });
});

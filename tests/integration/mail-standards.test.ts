import { env } from "cloudflare:test";
import PostalMime from "postal-mime";
import { describe, expect, it } from "vitest";
import { ENQUIRY_FIELDS as F } from "~/lib/enquiry";
import { DEMO_BUSINESS as DEMO } from "~/lib/site-config";
import { CUSTOMER, enquiryForm, expectStoredWithLink, sendEnhanced } from "./enquiry-helpers";
import { api, staffToken } from "./helpers";
import { mailsSince } from "./mail";

/*
 * What mail filters judge the workshop's domain by (issue 38): header lines within RFC 5322's 78
 * characters, encoded words of at most 75 characters cut between characters (RFC 2047), ASCII
 * display names as plain text (SpamAssassin's FROM_EXCESS_BASE64), and `Auto-Submitted`
 * (RFC 3834) on every message, so vacation replies stay out of the workshop's inbox.
 */

const ENCODED_WORD = /=\?[^?\s]+\?[BQ]\?[^?\s]*\?=/gi;

/** The header block of an .eml, line by line, as sent (folded). */
const headerLines = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).split("\r\n");

describe("the e-mails' headers", () => {
  it("stay within RFC 5322 and RFC 2047 for a long name of umlauts and emoji, carry Auto-Submitted, and decode to the exact text", async () => {
    const since = Date.now();
    // 120 characters (the form's limit) of two-byte and four-byte characters, unique for this run.
    const marker = Date.now().toString(36);
    const name = `Jürgen Größe-Ümläut 🚗 ${marker} `.padEnd(118, "äöü🚗").slice(0, 118);
    const { reference } = await expectStoredWithLink(await sendEnhanced(await enquiryForm({ ...CUSTOMER, [F.name]: name })));
    const id = (await env.DB.prepare("select id from enquiries where name = ?").bind(name).first<{ id: string }>())!.id;
    // A price: the customer's second message, after the one with the status link.
    await api("enquiry/quote", {
      token: await staffToken(),
      json: { id, kind: "richtpreis", items: [{ text: "Sitz neu beziehen", quantity: 1, unitPriceGross: 35400 }], validUntil: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10) },
    });

    let mails: Awaited<ReturnType<typeof mailsSince>> = [];
    await expect
      .poll(async () => {
        mails = (await mailsSince(since)).filter((mail) => mail.subject.includes(reference));
        return mails.length;
      })
      .toBeGreaterThanOrEqual(3);

    const workshop = mails.find((mail) => mail.subject.startsWith("Neue Anfrage"))!;
    expect(workshop.subject).toBe(`Neue Anfrage ${reference}: ${CUSTOMER[F.topic]} – ${name}`);
    const parsedWorkshop = await PostalMime.parse(workshop.raw);
    expect(parsedWorkshop.replyTo?.[0]).toMatchObject({ name, address: CUSTOMER[F.email] });

    for (const mail of mails) {
      for (const line of headerLines(mail.raw)) {
        expect(line.length, line).toBeLessThanOrEqual(78);
        for (const word of line.match(ENCODED_WORD) ?? []) expect(word.length, word).toBeLessThanOrEqual(75);
      }
      expect(mail.headers["auto-submitted"]).toBe("auto-generated");
      // The workshop's ASCII name as a plain quoted string, never base64.
      const from = headerLines(mail.raw).find((line) => line.startsWith("From:"))!;
      expect(from).not.toMatch(ENCODED_WORD);
      expect(from).toContain(`"`);
      expect((await PostalMime.parse(mail.raw)).from?.name).toMatch(new RegExp(`${DEMO.name}$`));
    }
  });
});

import { describe, expect, it } from "vitest";
import { replyHref, whatsAppNumber } from "./reply-links";

describe("whatsAppNumber", () => {
  it.each([
    ["0171 2345678", "491712345678"],
    ["+49 (0)151/23456789", "4915123456789"],
    ["+49 151 23456789", "4915123456789"],
    ["0049-160-1234567", "491601234567"],
    ["0221 123456", null],
    ["+43 664 1234567", null],
    [null, null],
  ])("reads %s as %s", (phone, number) => {
    expect(whatsAppNumber(phone)).toBe(number);
  });
});

describe("replyHref", () => {
  const recipient = { reference: "A-2026-0042", phone: "0171 2345678", email: "kunde@beispiel.de" };
  it("carries the whole text, encoded, to WhatsApp and into the e-mail with its subject", () => {
    expect(replyHref("whatsapp", recipient, "Preis: 380 € & mehr?\nJa")).toBe(
      `https://wa.me/491712345678?text=${encodeURIComponent("Preis: 380 € & mehr?\nJa")}`,
    );
    expect(replyHref("email", recipient, "Hallo")).toBe("mailto:kunde@beispiel.de?subject=Ihre%20Anfrage%20A-2026-0042&body=Hallo");
  });

  it("is null where the customer cannot be reached that way", () => {
    expect(replyHref("whatsapp", { ...recipient, phone: "0221 123456" }, "Hallo")).toBeNull();
    expect(replyHref("email", { ...recipient, email: null }, "Hallo")).toBeNull();
  });
});

describe("replyHref's line breaks", () => {
  it("are the same whether the text came from a posted form (CRLF) or the page", () => {
    const recipient = { reference: "A-2026-0042", phone: "0171 2345678", email: null };
    expect(replyHref("whatsapp", recipient, "Hallo\r\nTschüss")).toBe(replyHref("whatsapp", recipient, "Hallo\nTschüss"));
  });
});

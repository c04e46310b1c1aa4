import { env } from "cloudflare:test";
import { vi } from "vitest";

/** A message the local `send_email` binding wrote, with its headers and its text decoded. */
export interface SentMail {
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
}

const decodeBase64 = (text: string) => new TextDecoder().decode(Uint8Array.from(atob(text.replace(/\s+/g, "")), (char) => char.charCodeAt(0)));

/** RFC 2047 words ("=?utf-8?B?…?=") back to text. */
const decodeWords = (value: string) => value.replace(/=\?utf-8\?B\?([^?]*)\?=/gi, (_, encoded: string) => decodeBase64(encoded));

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Reads an .eml as mimetext writes it for one plain-text part (see enquiry-mail.server.ts). */
export function readMail(raw: string): SentMail {
  const [head, ...rest] = raw.split("\r\n\r\n");
  const headers = headersOf(head);
  let body = rest.join("\r\n\r\n");
  let encoding = headers["content-transfer-encoding"];
  if (!encoding) {
    // The part's own headers come first in the body.
    const [partHead, ...partBody] = body.split("\r\n\r\n");
    encoding = headersOf(partHead)["content-transfer-encoding"];
    body = partBody.join("\r\n\r\n");
  }
  return { raw, headers, subject: decodeWords(headers.subject ?? ""), text: encoding === "base64" ? decodeBase64(body) : body };
}

const sentMails = (env as unknown as { SENT_MAILS: Fetcher }).SENT_MAILS;

/** Every message the binding wrote since `since` (epoch ms), read from the .eml files. */
export async function mailsSince(since: number): Promise<SentMail[]> {
  const response = await sentMails.fetch(`http://mails/?seit=${since - 1000}`);
  return ((await response.json()) as string[]).map(readMail);
}

/**
 * Waits for the message whose text contains `marker` (other runs on this machine write theirs
 * beside it), and with `subject` when given (one customer gets a message per step).
 */
export function sentMail(marker: string, since: number, subject?: string): Promise<SentMail> {
  return vi.waitFor(
    async () => {
      const mail = (await mailsSince(since)).find((candidate) => candidate.text.includes(marker) && (subject === undefined || candidate.subject === subject));
      if (!mail) throw new Error(`Keine E-Mail mit ${marker}${subject ? ` und „${subject}“` : ""}`);
      return mail;
    },
    { timeout: 10_000, interval: 100 },
  );
}

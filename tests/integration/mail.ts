import { env } from "cloudflare:test";
import PostalMime from "postal-mime";
import { vi } from "vitest";

/** A message the local `send_email` binding wrote, with its headers and its text decoded. */
export interface SentMail {
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
}

/** Reads an .eml as a mail program would, with postal-mime (the parser Cloudflare's Email Workers use). */
export async function readMail(raw: string): Promise<SentMail> {
  const parsed = await PostalMime.parse(raw);
  const headers: Record<string, string> = {};
  for (const { key, value } of parsed.headers) headers[key] ??= value;
  return { raw, headers, subject: parsed.subject ?? "", text: parsed.text ?? "" };
}

const sentMails = (env as unknown as { SENT_MAILS: Fetcher }).SENT_MAILS;

/** Every message the binding wrote since `since` (epoch ms), read from the .eml files. */
export async function mailsSince(since: number): Promise<SentMail[]> {
  const response = await sentMails.fetch(`http://mails/?seit=${since - 1000}`);
  return Promise.all(((await response.json()) as string[]).map(readMail));
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

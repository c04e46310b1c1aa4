/*
 * One plain-text e-mail as RFC 5322 text, for both `send_email` bindings: the workshop's
 * (ENQUIRY_MAIL) and the customers' (CUSTOMER_MAIL). Written here rather than by a MIME library
 * because the header rules are what mail filters judge a sender by: every encoded word at most
 * 75 characters and cut between characters (RFC 2047 §2, §5), ASCII display names as plain quoted
 * strings (SpamAssassin's FROM_EXCESS_BASE64 scores base64-encoded ASCII), header lines folded
 * at 78, and `Auto-Submitted: auto-generated` (RFC 3834), so that vacation replies and other
 * robots do not answer. The body is base64 in lines of 76; nothing is ever attached.
 */

export interface PlainMail {
  from: { name: string; addr: string };
  to: string;
  subject: string;
  text: string;
  replyTo?: { name: string; addr: string };
}

const CRLF = "\r\n";
/** RFC 5322 §2.1.1: lines SHOULD stay within 78 characters. */
const LINE_LIMIT = 78;
/** RFC 2047 §2: an encoded word is at most 75 characters, 12 of them `=?UTF-8?B?` and `?=`. */
const ENCODED_WORD_LIMIT = 75;
const WORD_START = "=?UTF-8?B?";
/**
 * The most UTF-8 bytes one encoded word carries (base64: 3 bytes → 4 characters): short enough that
 * the word also fits beside the longest field name used ("Reply-To: ") within 78 characters.
 */
const BYTES_PER_WORD = (Math.floor((Math.min(ENCODED_WORD_LIMIT, LINE_LIMIT - "Reply-To: ".length) - WORD_START.length - 2) / 4) * 3);

const encoder = new TextEncoder();

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Header values never carry a line break of their own (no header injection). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, " ").trim();

const isPrintableAscii = (value: string) => /^[\x20-\x7e]*$/.test(value);

/** RFC 2047 encoded words for `value`, each cut at a character boundary, never inside a UTF-8 sequence. */
export function encodedWords(value: string): string[] {
  const words: string[] = [];
  let chunk = "";
  for (const character of value) {
    if (chunk && encoder.encode(chunk + character).length > BYTES_PER_WORD) {
      words.push(chunk);
      chunk = "";
    }
    chunk += character;
  }
  if (chunk) words.push(chunk);
  return words.map((word) => `${WORD_START}${base64(encoder.encode(word))}?=`);
}

/**
 * A header field folded at whitespace so no line passes 78 characters where the tokens allow it.
 * Between two encoded words the fold's whitespace is dropped by readers (RFC 2047 §6.2).
 */
function field(name: string, tokens: string[]): string {
  const lines: string[] = [];
  let line = `${name}:`;
  for (const token of tokens) {
    if (line.length + 1 + token.length > LINE_LIMIT && line.length > name.length + 1) {
      lines.push(line);
      line = "";
    }
    line += ` ${token}`;
  }
  lines.push(line);
  return lines.join(CRLF);
}

/** An unstructured value (Subject): plain words when ASCII, else encoded words. */
const textTokens = (value: string) => (isPrintableAscii(value) ? value.split(/ +/).filter(Boolean) : encodedWords(value));

/** `"Name" <addr>` with an ASCII name as a quoted string, any other as encoded words. */
function mailboxTokens({ name, addr }: { name: string; addr: string }): string[] {
  const display = oneLine(name);
  const address = `<${oneLine(addr)}>`;
  if (!display) return [address];
  if (isPrintableAscii(display)) return [`"${display.replace(/["\\]/g, "\\$&")}"`, address];
  return [...encodedWords(display), address];
}

/** RFC 5322 date in UTC: `Sat, 28 Nov 2026 01:43:00 +0000`. */
const mailDate = (now: Date) => now.toUTCString().replace(/GMT$/, "+0000");

/** The message's text, CRLF-separated, as the binding sends it. */
export function mailText({ from, to, subject, text, replyTo }: PlainMail, now = new Date()): string {
  const domain = from.addr.slice(from.addr.indexOf("@") + 1);
  const headers = [
    field("Date", [mailDate(now)]),
    field("From", mailboxTokens(from)),
    field("To", [`<${oneLine(to)}>`]),
    ...(replyTo ? [field("Reply-To", mailboxTokens(replyTo))] : []),
    field("Message-ID", [`<${crypto.randomUUID()}@${domain}>`]),
    field("Subject", textTokens(oneLine(subject))),
    "Auto-Submitted: auto-generated",
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
  ];
  const body = base64(encoder.encode(text)).replace(/.{76}/g, `$&${CRLF}`);
  return `${headers.join(CRLF)}${CRLF}${CRLF}${body}`;
}

export async function plainMail(mail: PlainMail): Promise<EmailMessage> {
  // Loaded when sending: the module exists only in the Workers runtime, not in `npm run dev`'s Node.
  const { EmailMessage } = await import("cloudflare:email");
  return new EmailMessage(mail.from.addr, mail.to, mailText(mail));
}

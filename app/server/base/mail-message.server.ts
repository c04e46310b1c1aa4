import { createMimeMessage, Mailbox } from "mimetext/browser";

/*
 * One plain-text e-mail as RFC 5322 text, built by mimetext, for both `send_email` bindings: the
 * workshop's (ENQUIRY_MAIL) and the customers' (CUSTOMER_MAIL). The body is base64 in lines of 76,
 * as any mail server takes it; nothing is ever attached.
 */

export interface PlainMail {
  from: { name: string; addr: string };
  to: string;
  subject: string;
  text: string;
  replyTo?: { name: string; addr: string };
}

export async function plainMail({ from, to, subject, text, replyTo }: PlainMail): Promise<EmailMessage> {
  // Loaded when sending: the module exists only in the Workers runtime, not in `npm run dev`'s Node.
  const { EmailMessage } = await import("cloudflare:email");
  const message = createMimeMessage();
  message.setSender(from);
  message.setRecipient(to);
  message.setSubject(subject);
  if (replyTo) message.setHeader("Reply-To", new Mailbox(replyTo));
  message.addMessage({
    contentType: "text/plain",
    encoding: "base64",
    data: message.toBase64(text).replace(/.{76}/g, "$&\r\n"),
  });
  return new EmailMessage(from.addr, to, message.asRaw());
}

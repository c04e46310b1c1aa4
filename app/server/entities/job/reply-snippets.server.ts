import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { REPLY_SNIPPET_TEXT_MAX_LENGTH, REPLY_SNIPPET_TITLE_MAX_LENGTH } from "~/lib/limits";
import { notFound } from "~/server/base/errors.server";
import { isOneLine, newId, oneLineMessage, requiredText } from "~/server/base/validation.server";
import type { Database } from "~/server/db/client.server";
import { replySnippets } from "~/server/db/schema";
import { type Actor, logStatement, rowExists } from "../activity-log.server";
import { getBusiness } from "../business.server";
import { moveToTrash, restoreRows, type TrashRules } from "../trash-rows.server";

/*
 * Reply snippets ("Antwortvorlagen"): short texts staff start an answer to an enquiry with,
 * filled with the customer's name, the reference number and the workshop's name. The
 * workshop's own few are built in and always offered first; staff add, change and delete
 * their own (deleted ones go to the Papierkorb, decision 016). The answer itself is sent from
 * the staff member's own WhatsApp or mail program (decision 014).
 */

export const REPLY_SNIPPET_NOT_FOUND = "Diese Antwortvorlage gibt es nicht (mehr).";

export interface SnippetValues {
  name: string;
  reference: string;
  workshop: string;
}

/**
 * The snippet's text with its placeholders filled, in one pass: a customer's name that itself
 * reads "{nummer}" stays as typed. The result is plain text; the page and the links escape it
 * (React, `encodeURIComponent`), never this function.
 */
export function fillSnippet(text: string, { name, reference, workshop }: SnippetValues): string {
  const values: Record<string, string> = { "{name}": name, "{nummer}": reference, "{werkstatt}": workshop };
  return text.replace(/\{(?:name|nummer|werkstatt)\}/g, (placeholder) => values[placeholder]);
}

const signed = (line: string) => `Guten Tag {name},\n\n${line}\n\nMit freundlichen Grüßen\n{werkstatt}`;

/** The built-in snippets: ids of their own ("werkstatt-…") that never clash with a stored one. */
export const BUILT_IN_SNIPPETS: ReplySnippet[] = [
  {
    id: "werkstatt-dank",
    title: "Vielen Dank für Ihre Anfrage",
    text: signed("vielen Dank für Ihre Anfrage {nummer}. Wir sehen uns Ihre Angaben an und melden uns in Kürze bei Ihnen."),
  },
  {
    id: "werkstatt-foto",
    title: "Foto vom ganzen Sitz",
    text: signed("vielen Dank für Ihre Anfrage {nummer}. Bitte senden Sie uns noch ein Foto vom ganzen Sitz."),
  },
  {
    id: "werkstatt-preis",
    title: "Richtpreis nach den Fotos",
    text: signed("vielen Dank für Ihre Anfrage {nummer}. Nach den Fotos schätzen wir ca. … € (Richtpreis, inkl. MwSt.)."),
  },
  {
    id: "werkstatt-termin",
    title: "Termin zum Vorbeibringen",
    text: signed("zu Ihrer Anfrage {nummer}: Wann passt es Ihnen, das Fahrzeug vorbeizubringen?"),
  },
].map((snippet) => ({ ...snippet, own: false }));

export const replySnippetInput = z.object({
  // What staff pick it by: one line, as every title.
  title: requiredText("Titel", REPLY_SNIPPET_TITLE_MAX_LENGTH).refine(isOneLine, oneLineMessage("Titel")),
  text: requiredText("Text", REPLY_SNIPPET_TEXT_MAX_LENGTH),
});
export type ReplySnippetInput = z.infer<typeof replySnippetInput>;

export interface ReplySnippet {
  id: string;
  title: string;
  /** With its placeholders, as written. */
  text: string;
  /** Kept by staff (changeable, deletable); false for the built-in ones. */
  own: boolean;
}

type SnippetRow = typeof replySnippets.$inferSelect;
const toSnippet = (row: SnippetRow): ReplySnippet => ({ id: row.id, title: row.title, text: row.text, own: true });

/** The staff's own snippets, oldest first, so a list keeps its order as it grows. */
export async function listOwnReplySnippets(db: Database): Promise<ReplySnippet[]> {
  const rows = await db.select().from(replySnippets).orderBy(asc(replySnippets.createdAt), asc(replySnippets.id));
  return rows.map(toSnippet);
}

export async function getReplySnippet(db: Database, id: string): Promise<ReplySnippet | null> {
  const row = await db.select().from(replySnippets).where(eq(replySnippets.id, id)).get();
  return row ? toSnippet(row) : null;
}

/** Every snippet to choose from when answering, filled for one enquiry: the built-in ones first, then the staff's own. */
export async function snippetsFor(db: Database, values: Omit<SnippetValues, "workshop">): Promise<ReplySnippet[]> {
  // Signed with the business record's name (decision 020).
  const [own, { name: workshop }] = await Promise.all([listOwnReplySnippets(db), getBusiness(db)]);
  const filled = { ...values, workshop };
  return [...BUILT_IN_SNIPPETS, ...own].map((snippet) => ({ ...snippet, text: fillSnippet(snippet.text, filled) }));
}

export async function createReplySnippet(db: Database, actor: Actor, input: ReplySnippetInput, now = new Date()): Promise<ReplySnippet> {
  const id = newId();
  const [[row]] = await db.batch([
    db.insert(replySnippets).values({ id, ...input, createdAt: now }).returning(),
    logStatement(db, actor, { action: "angelegt", kind: "reply-snippet", itemId: id, title: input.title }, { at: now }),
  ]);
  return toSnippet(row);
}

export async function updateReplySnippet(db: Database, actor: Actor, id: string, input: ReplySnippetInput): Promise<ReplySnippet> {
  const own = eq(replySnippets.id, id);
  const [[row]] = await db.batch([
    db.update(replySnippets).set(input).where(own).returning(),
    logStatement(db, actor, { action: "geändert", kind: "reply-snippet", itemId: id, title: input.title }, { when: rowExists(replySnippets, own) }),
  ]);
  if (!row) throw notFound(REPLY_SNIPPET_NOT_FOUND);
  return toSnippet(row);
}

/** Into the Papierkorb (decision 016), restored by `REPLY_SNIPPET_TRASH`. */
export async function deleteReplySnippet(db: Database, actor: Actor, id: string): Promise<void> {
  const row = await getReplySnippet(db, id);
  if (!row) throw notFound(REPLY_SNIPPET_NOT_FOUND);
  const own = eq(replySnippets.id, id);
  await moveToTrash(
    db,
    actor,
    { kind: "reply-snippet", id, title: row.title, rows: [{ table: replySnippets, where: own }], notFound: REPLY_SNIPPET_NOT_FOUND },
    [db.delete(replySnippets).where(own).returning({ id: replySnippets.id })],
  );
}

/** Staff see a snippet only inside the staff area, so restoring one changes no public page. */
export const REPLY_SNIPPET_TRASH: TrashRules = {
  restore: (db, entryId) => [restoreRows(db, replySnippets, entryId)],
  onPages: false,
};

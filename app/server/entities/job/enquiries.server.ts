import { and, asc, count, desc, eq, inArray, isNull, lt, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { workshopDate } from "~/lib/dates";
import {
  CONTACT_CHANNELS,
  type ContactChannel,
  DAMAGE_KINDS,
  damageKindsOf,
  ENQUIRY_DESCRIPTION_MAX_LENGTH,
  ENQUIRY_EMAIL_MAX_LENGTH,
  ENQUIRY_FIELDS as F,
  ENQUIRY_NAME_MAX_LENGTH,
  ENQUIRY_NOTE_MAX_LENGTH,
  ENQUIRY_PHONE_MAX_LENGTH,
  ENQUIRY_PHONE_PATTERN,
  ENQUIRY_REACHABLE_MAX_LENGTH,
  ENQUIRY_STATUSES,
  ENQUIRY_TOPICS,
  ENQUIRY_VEHICLE_MAX_LENGTH,
  type EnquiryStatus,
  formatReference,
  MAX_ENQUIRY_PHOTOS,
  type MailStatus,
  PREFERRED_TIMES,
  REPLY_CHANNEL_LABELS,
  REPLY_CHANNELS,
} from "~/lib/enquiry";
import { replyHref } from "~/lib/reply-links";
import { REPLY_SNIPPET_TEXT_MAX_LENGTH } from "~/lib/limits";
import { badRequest, HttpError, notFound } from "~/server/base/errors.server";
import {
  type FieldErrors,
  isOneLine,
  newId,
  oneLineMessage,
  type Paging,
  requiredText as requiredFormText,
  validate,
} from "~/server/base/validation.server";
import type { Database } from "~/server/db/client.server";
import {
  appointmentSlots,
  customerConsents,
  customerMessages,
  customerNotices,
  enquiries,
  enquiryPhotos,
  enquiryQuotes,
  enquiryStatusLinks,
  projects,
  references,
  trash,
} from "~/server/db/schema";
import { projectPath } from "~/lib/projects";
import { imageUrl } from "~/server/images/keys.server";
import { type ImageFile, type PictureStorage, STORE_FAILED, storePictures } from "~/server/images/pictures.server";
import { parseRenditionWidths, type PictureSource, renditionSources, smallestRenditionKey } from "~/server/images/renditions.server";
import { noteDeletions, removeFiles, storedKeys } from "~/server/images/storage.server";
import { type Actor, logStatement, rowExists } from "../activity-log.server";
import { claimPhotoEnquirySlot, spamReason } from "./enquiry-spam.server";
import { newStatusLink } from "./enquiry-status-links.server";
import { onPublicPages } from "../reference-visibility.server";
import { type LinkedPicture, linkedPicture } from "../references.server";
import { moveToTrash, restoreRows, storedColumn, type TrashRules } from "../trash-rows.server";

/*
 * Customers' enquiries ("Anfrage & Kostenvoranschlag"): the form's rules, storing an enquiry
 * with its private photos all or nothing, the staff inbox's reads and writes, and deleting
 * what is kept no longer. The public form, the staff page, the API and the scheduled handler
 * all come here. Nothing of an enquiry is ever on a public page, so no write here marks one
 * as changed.
 */

/**
 * Kept this long after the last change by staff (or its arrival, or the customer's acceptance of a
 * price or choice of a date: steps of the job), then deleted with its photos.
 */
export const ENQUIRY_RETENTION_MONTHS = 6;
/** What the spam checks filed, and staff left there, goes sooner. */
export const SPAM_RETENTION_DAYS = 30;

export const ENQUIRY_PAGE_SIZE = 20;
export const ENQUIRY_MAX_PAGE_SIZE = 50;
export const ENQUIRY_NOT_FOUND = "Diese Anfrage gibt es nicht (mehr).";
export const ENQUIRY_STORE_FAILED =
  "Ihre Anfrage konnte gerade nicht gespeichert werden. Bitte versuchen Sie es in einigen Minuten erneut oder rufen Sie uns an.";

const optionalText = (label: string, max: number) =>
  z
    .string({ invalid_type_error: `${label} muss ein Text sein.` })
    .trim()
    .max(max, `${label} darf höchstens ${max} Zeichen lang sein.`)
    .optional()
    .default("");

const requiredText = (missing: string, label: string, max: number) =>
  z
    .string({ required_error: missing, invalid_type_error: `${label} muss ein Text sein.` })
    .trim()
    .min(1, missing)
    .max(max, `${label} darf höchstens ${max.toLocaleString("de-DE")} Zeichen lang sein.`);

/** At least six digits, and only what people write in phone numbers (the field's `pattern` too). */
const PHONE = new RegExp(`^(?:${ENQUIRY_PHONE_PATTERN})$`, "u");

/** What the chosen way of answering needs, at the field that gives it. */
const CHANNEL_NEEDS: Record<ContactChannel, { field: typeof F.phone | typeof F.email; message: string }> = {
  anruf: { field: F.phone, message: "Für einen Rückruf brauchen wir Ihre Telefonnummer." },
  whatsapp: { field: F.phone, message: "Für eine Antwort per WhatsApp brauchen wir Ihre Handynummer." },
  email: { field: F.email, message: "Für eine Antwort per E-Mail brauchen wir Ihre E-Mail-Adresse." },
};

/** The form's fields as posted (named as in `ENQUIRY_FIELDS`), checked with German messages for the customer. */
function enquiryInput() {
  return z
    .object({
      [F.topic]: z.enum(ENQUIRY_TOPICS, { errorMap: () => ({ message: "Bitte wählen Sie aus, worum es geht." }) }),
      [F.vehicle]: optionalText("Fahrzeug", ENQUIRY_VEHICLE_MAX_LENGTH).refine(isOneLine, oneLineMessage("Fahrzeug")),
      [F.description]: requiredText("Bitte beschreiben Sie kurz, worum es geht.", "Beschreibung", ENQUIRY_DESCRIPTION_MAX_LENGTH),
      [F.preferredDate]: z
        .union([z.literal(""), z.enum(PREFERRED_TIMES)], { errorMap: () => ({ message: "Bitte wählen Sie, wann es Ihnen passen würde." }) })
        .optional()
        .default(""),
      [F.name]: requiredText("Bitte geben Sie Ihren Namen an.", "Name", ENQUIRY_NAME_MAX_LENGTH).refine(isOneLine, oneLineMessage("Name")),
      [F.email]: optionalText("E-Mail", ENQUIRY_EMAIL_MAX_LENGTH).refine(
        (value) => value === "" || z.string().email().safeParse(value).success,
        "Bitte eine gültige E-Mail-Adresse angeben, z. B. name@beispiel.de.",
      ),
      [F.phone]: optionalText("Telefon", ENQUIRY_PHONE_MAX_LENGTH)
        .refine(isOneLine, oneLineMessage("Telefon"))
        .refine(
          (value) => !isOneLine(value) || value === "" || PHONE.test(value),
          "Bitte eine gültige Telefonnummer angeben, z. B. 0221 123456.",
        ),
      // Checkboxes of one name, joined by the form's reader (DAMAGE_SEPARATOR); only the offered kinds.
      [F.damage]: optionalText("Schaden", 200)
        .transform(damageKindsOf)
        .refine((kinds) => kinds.every((kind) => (DAMAGE_KINDS as readonly string[]).includes(kind)), "Bitte nur die angebotenen Schäden wählen."),
      [F.contactBy]: z
        .union([z.literal(""), z.enum(CONTACT_CHANNELS)], { errorMap: () => ({ message: "Bitte Anruf, WhatsApp oder E-Mail wählen." }) })
        .optional()
        .default(""),
      [F.reachable]: optionalText("Erreichbarkeit", ENQUIRY_REACHABLE_MAX_LENGTH).refine(isOneLine, oneLineMessage("Erreichbarkeit")),
      // A picture's id from the gallery; whether it is one (and public) is decided when storing, and
      // anything else is ignored: the link may be old, the enquiry counts.
      [F.referencePicture]: z.string().trim().max(100).optional().catch(undefined),
      // A project page's address ("Ähnliches Projekt anfragen"), treated like the picture.
      [F.project]: z.string().trim().max(100).optional().catch(undefined),
    })
    .superRefine((input, context) => {
      if (!input[F.email] && !input[F.phone]) {
        const message = "Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an, damit wir antworten können.";
        context.addIssue({ code: z.ZodIssueCode.custom, message, path: [F.email] });
        context.addIssue({ code: z.ZodIssueCode.custom, message, path: [F.phone] });
        return;
      }
      const channel = input[F.contactBy];
      if (channel && !input[CHANNEL_NEEDS[channel].field]) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: CHANNEL_NEEDS[channel].message, path: [CHANNEL_NEEDS[channel].field] });
      }
    })
    .transform((input) => ({
      topic: input[F.topic],
      vehicle: input[F.vehicle],
      description: input[F.description],
      preferredDate: input[F.preferredDate] || null,
      name: input[F.name],
      email: input[F.email] || null,
      phone: input[F.phone] || null,
      damage: input[F.damage].length > 0 ? input[F.damage] : null,
      contactBy: input[F.contactBy] || null,
      reachable: input[F.reachable] || null,
      referencePictureId: input[F.referencePicture] || null,
      projectSlug: input[F.project] || null,
    }));
}

export interface EnquiryPhoto {
  id: string;
  /** Answers only to a staff session or the API token (app/routes/images.$.ts). */
  url: string;
  width: number | null;
  height: number | null;
  /** The server's renditions, for thumbnails; empty while they are being made. */
  sources: PictureSource[];
  /** Where its smallest rendition is stored (its original while there is none): the status page's thumbnail. */
  thumbnailKey: string;
}

/** The project page an enquiry came from ("Ähnliches Projekt anfragen"), as the job card names it. */
export interface EnquiryProject {
  slug: string;
  title: string;
  vehicle: string;
  url: string;
}

/** The gallery picture an enquiry is about, as the job card shows it beside the customer's photos. */
export interface EnquiryReferencePicture extends LinkedPicture {
  description: string;
}

export interface Enquiry {
  id: string;
  /** The workshop's client style: `_id` beside `id`. */
  _id: string;
  /** "A-2026-0042". */
  reference: string;
  status: EnquiryStatus;
  /** Why the spam checks filed it under "Spam"; null when they did not. */
  spamReason: string | null;
  topic: string;
  vehicle: string;
  description: string;
  preferredDate: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  /** The damage chips marked (DAMAGE_KINDS), in the form's order. */
  damage: string[];
  /** How the customer wants an answer, or null. */
  contactBy: ContactChannel | null;
  /** When the customer is best reached, as written; "" when not said. */
  reachable: string;
  /** The gallery picture it is about; null without one, or once that picture is in the Papierkorb or gone. */
  referencePicture: EnquiryReferencePicture | null;
  /** The project page it came from; null without one, or while that project is unpublished or in the Papierkorb. */
  project: EnquiryProject | null;
  note: string;
  mailStatus: MailStatus;
  createdAt: string;
  updatedAt: string;
  /** When staff took it up (the status page's "In Bearbeitung"); null while nobody has. */
  startedAt: string | null;
  /** "Fahrzeug fertig – kann abgeholt werden"; null until then. */
  finishedAt: string | null;
  /** "Fahrzeug ist da", "Abgeholt", and a customer's answer staff have not seen (app/lib/job.ts). */
  arrivedAt: string | null;
  collectedAt: string | null;
  customerAnsweredAt: string | null;
  /** When staff closed the job ("Erledigt"); null while it is open. Its status links end some weeks later. */
  closedAt: string | null;
  /** When staff last replaced its status links ("Neuen Link senden"); null if never. */
  linksRenewedAt: string | null;
  photos: EnquiryPhoto[];
}

type EnquiryRow = typeof enquiries.$inferSelect;
type PhotoRow = typeof enquiryPhotos.$inferSelect;
type ReferenceRow = typeof references.$inferSelect;
type ProjectRow = Pick<typeof projects.$inferSelect, "id" | "slug" | "title" | "vehicle">;

function toPhoto(row: PhotoRow): EnquiryPhoto {
  const widths = parseRenditionWidths(row.renditionWidths);
  return {
    id: row.id,
    url: imageUrl(row.imageKey),
    width: row.width,
    height: row.height,
    sources: renditionSources("enquiry", row.id, widths),
    thumbnailKey: smallestRenditionKey("enquiry", row.id, widths) ?? row.imageKey,
  };
}

function toReferencePicture(row: ReferenceRow): EnquiryReferencePicture {
  return { ...linkedPicture(row), description: row.description };
}

function toEnquiry(row: EnquiryRow, photos: PhotoRow[], picture: ReferenceRow | undefined, project: ProjectRow | undefined): Enquiry {
  return {
    id: row.id,
    _id: row.id,
    reference: formatReference(row.year, row.number),
    status: row.status as EnquiryStatus,
    spamReason: row.spamReason,
    topic: row.topic,
    vehicle: row.vehicle,
    description: row.description,
    preferredDate: row.preferredDate,
    name: row.name,
    email: row.email,
    phone: row.phone,
    damage: row.damage ?? [],
    contactBy: (CONTACT_CHANNELS as readonly string[]).includes(row.contactBy ?? "") ? (row.contactBy as ContactChannel) : null,
    reachable: row.reachable ?? "",
    referencePicture: picture ? toReferencePicture(picture) : null,
    project: project ? { slug: project.slug, title: project.title, vehicle: project.vehicle, url: projectPath(project.slug) } : null,
    note: row.note,
    mailStatus: row.mailStatus as MailStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    arrivedAt: row.arrivedAt?.toISOString() ?? null,
    collectedAt: row.collectedAt?.toISOString() ?? null,
    customerAnsweredAt: row.customerAnsweredAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    linksRenewedAt: row.linksRenewedAt?.toISOString() ?? null,
    photos: photos.map(toPhoto),
  };
}

/** The enquiries of `rows` with their photos and the gallery pictures they are about, in the rows' order. */
async function withPhotos(db: Database, rows: EnquiryRow[]): Promise<Enquiry[]> {
  if (rows.length === 0) return [];
  const pictureIds = rows.flatMap((row) => (row.referencePictureId ? [row.referencePictureId] : []));
  const projectIds = rows.flatMap((row) => (row.projectId ? [row.projectId] : []));
  const [photos, pictures, projectRows] = await db.batch([
    db
      .select()
      .from(enquiryPhotos)
      .where(inArray(enquiryPhotos.enquiryId, rows.map((row) => row.id)))
      .orderBy(asc(enquiryPhotos.position)),
    db.select().from(references).where(inArray(references.id, pictureIds)),
    db
      .select({ id: projects.id, slug: projects.slug, title: projects.title, vehicle: projects.vehicle })
      .from(projects)
      .where(and(inArray(projects.id, projectIds), eq(projects.published, true))),
  ]);
  return rows.map((row) =>
    toEnquiry(
      row,
      photos.filter((photo) => photo.enquiryId === row.id),
      pictures.find((picture) => picture.id === row.referencePictureId),
      projectRows.find((project) => project.id === row.projectId),
    ),
  );
}

export type EnquiryForm =
  /** `statusToken`: the customer's link to the status page, which the confirmation shows. */
  | { ok: true; enquiry: Enquiry; statusToken: string }
  | { ok: false; status: number; message: string; fieldErrors: FieldErrors; headers?: HeadersInit };

/**
 * A customer's enquiry from the form: the posted fields (`values`) and photos. Invalid
 * fields, too many photos or a photo that is no readable picture come back with German
 * messages per field and nothing stored; otherwise the enquiry and its photos are stored
 * together (all or nothing), filed under "Spam" (without its photos) when the spam checks say
 * so. Photos beyond the site-wide ceiling are refused at their field (429), text alone never is.
 * Every one gets its status link in the same batch (decision 021) — one filed under Spam too, so
 * a robot cannot tell from the answer — and every other is due for the e-mail to the workshop
 * (`mailStatus` "ausstehend"); the caller sends it.
 */
export async function receiveEnquiry(
  db: Database,
  storage: PictureStorage,
  { values, photos }: { values: Record<string, string>; photos: ImageFile[] },
  now = new Date(),
): Promise<EnquiryForm> {
  const input = validate(enquiryInput(), values);
  const fieldErrors = input.ok ? {} : { ...input.fieldErrors };
  if (photos.length > MAX_ENQUIRY_PHOTOS) {
    fieldErrors[F.photos] = `Bitte höchstens ${MAX_ENQUIRY_PHOTOS} Fotos auswählen (Sie haben ${photos.length} gewählt).`;
  }
  if (!input.ok || fieldErrors[F.photos]) {
    return { ok: false, status: 400, message: Object.values(fieldErrors)[0], fieldErrors };
  }
  const enquiry = input.value;
  const { projectSlug, ...enquiryFields } = enquiry;
  const suspicion = await spamReason(db, values, [enquiry.description, enquiry.vehicle, enquiry.name, enquiry.reachable ?? ""], now.getTime());
  // Spam keeps no photos: decoding them costs the worker seconds, and staff never need them.
  const kept = suspicion ? [] : photos;
  const spam = suspicion && photos.length > 0 ? `${suspicion} (${photos.length === 1 ? "1 Foto" : `${photos.length} Fotos`} nicht gespeichert)` : suspicion;
  if (kept.length > 0) {
    try {
      await claimPhotoEnquirySlot(db, now);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { ok: false, status: error.status, message: error.message, fieldErrors: { [F.photos]: error.message }, headers: error.headers };
    }
  }
  const year = Number(workshopDate(now).slice(0, 4));
  const id = newId();
  const statusLink = await newStatusLink(db, id, now);

  try {
    await storePictures(db, storage, "enquiry", kept, (stored) => [
      db.insert(enquiries).values({
        id,
        year,
        // The next number of the year, counted inside the insert: D1 runs statements one after
        // another, so two enquiries arriving together never get the same one (unique index too).
        // One in the Papierkorb keeps its number, so it can come back.
        number: sql`(select coalesce(max(taken), 0) + 1 from (
          select ${enquiries.number} as taken from ${enquiries} where ${enquiries.year} = ${year}
          union all
          select ${storedColumn(sql`${trash.id}`, enquiries, "number")} from ${trash}
          where ${trash.kind} = 'enquiry' and ${storedColumn(sql`${trash.id}`, enquiries, "year")} = ${year}
        ))`,
        status: spam ? "spam" : "neu",
        spamReason: spam,
        ...enquiryFields,
        // Only a published project: an address from an old link is left out.
        projectId: projectSlug
          ? sql`(${db
              .select({ id: projects.id })
              .from(projects)
              .where(and(eq(projects.slug, projectSlug), eq(projects.published, true)))})`
          : null,
        // Only a picture a public page shows: an id from an old link, or of one in the Papierkorb, is left out.
        referencePictureId: enquiry.referencePictureId
          ? sql`(${db
              .select({ id: references.id })
              .from(references)
              .where(and(eq(references.id, enquiry.referencePictureId), onPublicPages))})`
          : null,
        mailStatus: spam ? "keine" : "ausstehend",
        createdAt: now,
        updatedAt: now,
      }),
      ...stored.map((picture, position) => db.insert(enquiryPhotos).values({ ...picture, enquiryId: id, position })),
      statusLink.insert,
    ]);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    // A photo that is no readable picture is the customer's to fix; a failed write is ours.
    if (error.message === STORE_FAILED) throw new HttpError(503, ENQUIRY_STORE_FAILED);
    return { ok: false, status: error.status, message: error.message, fieldErrors: { [F.photos]: error.message } };
  }
  return { ok: true, enquiry: (await getEnquiry(db, id))!, statusToken: statusLink.token };
}

export async function getEnquiry(db: Database, id: string): Promise<Enquiry | null> {
  const row = await db.select().from(enquiries).where(eq(enquiries.id, id)).get();
  return row ? (await withPhotos(db, [row]))[0] : null;
}

/** "Alle" in the inbox (no status) means every enquiry but spam, as a mail program keeps spam apart. */
const statusFilter = (status: EnquiryStatus | null): SQL => (status ? eq(enquiries.status, status) : ne(enquiries.status, "spam"));

/** Newest first; the id breaks ties so paging never skips or repeats one. */
export async function listEnquiries(
  db: Database,
  { status = null, startAt, limit }: Paging & { status?: EnquiryStatus | null },
): Promise<Enquiry[]> {
  const rows = await db
    .select()
    .from(enquiries)
    .where(statusFilter(status))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(limit)
    .offset(startAt);
  return withPhotos(db, rows);
}

/** The jobs still open (not Spam, not Erledigt, not collected), newest first: what "Wartet auf uns / auf Kunde" sorts. */
export async function listOpenEnquiries(db: Database, limit: number): Promise<Enquiry[]> {
  const rows = await db
    .select()
    .from(enquiries)
    .where(and(notInArray(enquiries.status, ["spam", "erledigt"]), isNull(enquiries.collectedAt)))
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(limit);
  return withPhotos(db, rows);
}

/** How many enquiries each status has, for the inbox's filter and the navigation's badge. */
export async function countEnquiries(db: Database): Promise<Record<EnquiryStatus, number>> {
  const rows = await db.select({ status: enquiries.status, count: count() }).from(enquiries).groupBy(enquiries.status);
  const counts = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status, 0])) as Record<EnquiryStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status as EnquiryStatus] = row.count;
  return counts;
}

/** The number the staff navigation shows beside "Anfragen". */
export async function countNewEnquiries(db: Database): Promise<number> {
  return (await newEnquiries(db)).count;
}

/** How many enquiries are "Neu", and the one waiting longest (the staff banner's link), in one query. */
export async function newEnquiries(db: Database): Promise<{ count: number; oldestId: string | null }> {
  const row = await db
    .select({ id: enquiries.id, count: sql<number>`count(*) over ()` })
    .from(enquiries)
    .where(eq(enquiries.status, "neu"))
    .orderBy(asc(enquiries.createdAt), asc(enquiries.id))
    .limit(1)
    .get();
  return { count: row?.count ?? 0, oldestId: row?.id ?? null };
}

export const enquiryStatus = z.enum(ENQUIRY_STATUSES, {
  errorMap: () => ({ message: `Der Status muss einer von ${ENQUIRY_STATUSES.join(", ")} sein.` }),
});

const enquiryNote = z
  .string({ invalid_type_error: "Die Notiz muss ein Text sein." })
  .trim()
  .max(ENQUIRY_NOTE_MAX_LENGTH, `Die Notiz darf höchstens ${ENQUIRY_NOTE_MAX_LENGTH.toLocaleString("de-DE")} Zeichen lang sein.`);

/** What staff change through the API: the status and the internal note (left as it is when not given). */
export const enquiryUpdate = z.object({ status: enquiryStatus, note: enquiryNote.optional() });
/** The job card's status buttons: the status alone, so a note typed meanwhile by someone else stays. */
export const enquiryStatusChange = z.object({ status: enquiryStatus });
/** The job card's note form: the note alone, so a status set meanwhile stays. */
export const enquiryNoteChange = z.object({ note: enquiryNote });
export type EnquiryUpdate = { status?: EnquiryStatus; note?: string };

/** Its reference number, or 404: what the Verlauf names an enquiry by. */
async function referenceOf(db: Database, id: string): Promise<string> {
  const row = await db.select({ year: enquiries.year, number: enquiries.number }).from(enquiries).where(eq(enquiries.id, id)).get();
  if (!row) throw notFound(ENQUIRY_NOT_FOUND);
  return formatReference(row.year, row.number);
}

async function changedEnquiry(db: Database, id: string): Promise<Enquiry> {
  const enquiry = await getEnquiry(db, id);
  if (!enquiry) throw notFound(ENQUIRY_NOT_FOUND);
  return enquiry;
}

/** The statuses at which staff have taken an enquiry up. */
const TAKEN_UP: EnquiryStatus[] = ["in-bearbeitung", "beantwortet", "erledigt"];

/**
 * What every staff step after the arrival writes to the enquiry (a reply opened, a price, dates,
 * "fertig"; never the customer's answers, decision 007): it counts as taken up from then (a "Neu" one is "In Bearbeitung", and the
 * status page's step gets its date), and its retention period starts again.
 */
export function progressed(now: Date) {
  return {
    status: sql`case when ${enquiries.status} = 'neu' then 'in-bearbeitung' else ${enquiries.status} end`,
    startedAt: takenUpAt(now),
    updatedAt: now,
  };
}

/** When the enquiry was first taken up: kept once set, else `now`. */
const takenUpAt = (now: Date) => sql`coalesce(${enquiries.startedAt}, ${now.getTime()})`;

/** The statuses that close a job when staff set them; "Abgeholt" (job-flow.server.ts) closes it too. */
const CLOSING: EnquiryStatus[] = ["erledigt"];

/**
 * When the job was closed, for a status staff set: the time it first closed while it stays
 * closed, none once it is open again. The one place a closing time is decided; the status
 * links end some weeks after it (enquiry-status-links.server.ts).
 */
function closedAt(status: EnquiryStatus, now: Date) {
  if (!CLOSING.includes(status)) return null;
  const closing = sql.join(CLOSING.map((name) => sql`${name}`), sql`, `);
  return sql`coalesce(case when ${enquiries.status} in (${closing}) then ${enquiries.closedAt} end, ${now.getTime()})`;
}

/** A change by staff (status, note or both); it restarts the retention period. */
export async function updateEnquiry(
  db: Database,
  actor: Actor,
  id: string,
  { status, note }: EnquiryUpdate,
  now = new Date(),
): Promise<Enquiry> {
  const reference = await referenceOf(db, id);
  const own = eq(enquiries.id, id);
  await db.batch([
    db
      .update(enquiries)
      .set({
        ...(status === undefined ? {} : { status, closedAt: closedAt(status, now) }),
        ...(note === undefined ? {} : { note }),
        ...(status && TAKEN_UP.includes(status) ? { startedAt: takenUpAt(now) } : {}),
        // Staff who file or note it have seen the customer's latest answer (decision 024).
        customerAnsweredAt: null,
        updatedAt: now,
      })
      .where(own),
    logStatement(db, actor, { action: "geändert", kind: "enquiry", itemId: id, title: reference }, {
      at: now,
      when: rowExists(enquiries, own),
    }),
  ]);
  return changedEnquiry(db, id);
}

/** A reply as staff open it from the job card: where, and the text (a snippet, edited or not). */
export const enquiryReply = z.object({
  kanal: z.enum(REPLY_CHANNELS, { errorMap: () => ({ message: "Bitte WhatsApp oder E-Mail wählen." }) }),
  text: requiredFormText("Der Antworttext", REPLY_SNIPPET_TEXT_MAX_LENGTH),
});

export type EnquiryReply = z.output<typeof enquiryReply>;

/**
 * Staff open a reply in their own WhatsApp or mail program (the site sends nothing itself,
 * decision 014): the Verlauf records it, and a "Neu" enquiry is "In Bearbeitung" from then on
 * (any other status stays, so one set back by hand is not changed again). A change by staff.
 * Returns the link that opens the reply; refused (nothing written) when the customer cannot
 * be reached there (no mobile number, no e-mail address).
 */
export async function openReply(db: Database, actor: Actor, id: string, { kanal, text }: EnquiryReply, now = new Date()): Promise<string> {
  const enquiry = await getEnquiry(db, id);
  if (!enquiry) throw notFound(ENQUIRY_NOT_FOUND);
  const href = replyHref(kanal, enquiry, text);
  if (!href) throw badRequest(kanal === "whatsapp" ? "Für WhatsApp fehlt eine Handynummer." : "Für eine E-Mail fehlt die Adresse.");
  const own = eq(enquiries.id, id);
  await db.batch([
    db
      .update(enquiries)
      .set(progressed(now))
      .where(own),
    logStatement(db, actor, { action: "Antwort geöffnet", kind: "enquiry", itemId: id, title: `${enquiry.reference} per ${REPLY_CHANNEL_LABELS[kanal]}` }, {
      at: now,
      when: rowExists(enquiries, own),
    }),
  ]);
  return href;
}

/**
 * What an enquiry has besides its photos (decision 021): its status links, prices, proposed
 * dates, the customer's messages, notices and consent. They move into the Papierkorb and back with it, so
 * a restored enquiry is whole again; while it is there its status page answers 404.
 */
const PROGRESS_TABLES = [
  { table: enquiryStatusLinks, enquiryId: enquiryStatusLinks.enquiryId },
  { table: enquiryQuotes, enquiryId: enquiryQuotes.enquiryId },
  { table: appointmentSlots, enquiryId: appointmentSlots.enquiryId },
  { table: customerMessages, enquiryId: customerMessages.enquiryId },
  { table: customerNotices, enquiryId: customerNotices.enquiryId },
  { table: customerConsents, enquiryId: customerConsents.enquiryId },
];

/**
 * Into the Papierkorb (decision 016), with its photos' rows; the photos' files stay in R2 until
 * the entry is deleted for good. The Papierkorb and the Verlauf name it by its reference number
 * and topic, never by the customer's name.
 */
export async function deleteEnquiry(db: Database, actor: Actor, id: string, now = new Date()): Promise<void> {
  const row = await db.select().from(enquiries).where(eq(enquiries.id, id)).get();
  if (!row) throw notFound(ENQUIRY_NOT_FOUND);
  const own = eq(enquiries.id, id);
  const photos = eq(enquiryPhotos.enquiryId, id);
  await moveToTrash(
    db,
    actor,
    {
      kind: "enquiry",
      id,
      title: `${formatReference(row.year, row.number)} · ${row.topic}`,
      rows: [
        { table: enquiries, where: own },
        { table: enquiryPhotos, where: photos },
        ...PROGRESS_TABLES.map(({ table, enquiryId }) => ({ table, where: eq(enquiryId, id) })),
      ],
      pictures: { kind: "enquiry", where: photos },
      notFound: ENQUIRY_NOT_FOUND,
    },
    [
      db.delete(enquiryPhotos).where(photos),
      ...PROGRESS_TABLES.map(({ table, enquiryId }) => db.delete(table).where(eq(enquiryId, id))),
      db.delete(enquiries).where(own).returning({ id: enquiries.id }),
    ],
    now,
  );
}

/** A restored enquiry comes back with its photos, its status, note and dates as they were. */
export const ENQUIRY_TRASH: TrashRules = {
  restore: (db, entryId) => [
    restoreRows(db, enquiries, entryId),
    restoreRows(db, enquiryPhotos, entryId),
    ...PROGRESS_TABLES.map(({ table }) => restoreRows(db, table, entryId)),
  ],
  onPages: false,
  // The retention period runs on in the Papierkorb: an enquiry is kept no longer there than in the inbox.
  dueEarly: (now) => {
    const { kept, spam } = retentionCutoffs(now);
    const updatedAt = storedColumn(sql`${trash.id}`, enquiries, "updated_at");
    return sql`(${updatedAt} < ${kept.getTime()} or (${storedColumn(sql`${trash.id}`, enquiries, "status")} = 'spam' and ${updatedAt} < ${spam.getTime()}))`;
  },
};

/**
 * The retention period's delete, final: the record and its photo rows go first (one batch, with
 * the files noted), so a failure afterwards never leaves a record without its photos; the files
 * follow, and a delete cut short is finished by the scheduled clean-up.
 */
async function deleteForGood(db: Database, bucket: R2Bucket, id: string, now: Date): Promise<void> {
  const photos = await db.select({ id: enquiryPhotos.id }).from(enquiryPhotos).where(eq(enquiryPhotos.enquiryId, id));
  // Listed, not derived from the rows: renditions still being made are not recorded yet.
  const keys = (await Promise.all(photos.map((photo) => storedKeys(bucket, "enquiry", photo.id)))).flat();
  await db.batch([
    db.delete(enquiryPhotos).where(eq(enquiryPhotos.enquiryId, id)),
    ...PROGRESS_TABLES.map(({ table, enquiryId }) => db.delete(table).where(eq(enquiryId, id))),
    db.delete(enquiries).where(eq(enquiries.id, id)),
    ...(keys.length ? [noteDeletions(db, keys, now)] : []),
  ]);
  await removeFiles(db, bucket, keys);
}

/** The last change before which an enquiry is kept no longer: months are calendar months, in UTC. */
function retentionCutoffs(now: Date): { kept: Date; spam: Date } {
  const kept = new Date(now);
  kept.setUTCMonth(kept.getUTCMonth() - ENQUIRY_RETENTION_MONTHS);
  return { kept, spam: new Date(now.getTime() - SPAM_RETENTION_DAYS * 24 * 60 * 60 * 1000) };
}

/** Whether an enquiry last changed at `updatedAt` is still kept at `now` (the scheduled handler deletes it otherwise). */
export const isKept = (enquiry: Pick<Enquiry, "status" | "updatedAt">, now: Date) => {
  const { kept, spam } = retentionCutoffs(now);
  return new Date(enquiry.updatedAt) >= (enquiry.status === "spam" ? spam : kept);
};

/**
 * For the scheduled handler: deletes, with their photos, the enquiries whose last change is
 * longer ago than the retention period (spam: `SPAM_RETENTION_DAYS`). Returns their ids.
 */
export async function deleteExpiredEnquiries(db: Database, bucket: R2Bucket, now = new Date()): Promise<string[]> {
  const { kept, spam } = retentionCutoffs(now);
  const due = await db
    .select({ id: enquiries.id })
    .from(enquiries)
    .where(or(lt(enquiries.updatedAt, kept), and(eq(enquiries.status, "spam"), lt(enquiries.updatedAt, spam))));
  for (const { id } of due) await deleteForGood(db, bucket, id, now);
  return due.map(({ id }) => id);
}

/**
 * What the API answers for an enquiry: its photos as `{id, url, width, height}`, the gallery
 * picture it is about as `{id, url, description}` or null, no staff-page extras.
 */
export function apiEnquiry({ spamReason: _shownOnThePage, closedAt: _forTheLinks, linksRenewedAt: _forTheNotices, photos, referencePicture, project, ...enquiry }: Enquiry) {
  return {
    ...enquiry,
    project: project && { slug: project.slug, url: project.url, title: project.title },
    photos: photos.map(({ id, url, width, height }) => ({ id, url, width, height })),
    referencePicture: referencePicture && { id: referencePicture.id, url: referencePicture.url, description: referencePicture.description },
  };
}

/** Records the outcome of sending the e-mail about an enquiry (not a change by staff: the retention period runs on). */
export async function setMailStatus(db: Database, id: string, mailStatus: MailStatus): Promise<void> {
  await db.update(enquiries).set({ mailStatus }).where(eq(enquiries.id, id));
}

/** Enquiries whose e-mail failed, or is still due after `dueBefore` (a worker stopped before sending). */
export async function enquiriesAwaitingMail(db: Database, dueBefore: Date): Promise<Enquiry[]> {
  const rows = await db
    .select()
    .from(enquiries)
    .where(
      or(eq(enquiries.mailStatus, "fehlgeschlagen"), and(eq(enquiries.mailStatus, "ausstehend"), lt(enquiries.createdAt, dueBefore))),
    )
    .orderBy(asc(enquiries.createdAt));
  return withPhotos(db, rows);
}
